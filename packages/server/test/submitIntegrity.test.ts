/**
 * What a submit stores is the registries' word: names from the JCE, the
 * certificate's holder and expiry from ONAPI (the schema's x-lookup, run by
 * the engine); an expired certificate is refused with its field's message; a
 * registry that does not answer stops the submit and changes nothing.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpAgencies } from '../src/agencies/http/createHttpAgencies';
import { buildTestApp, type TestApp } from './buildTestApp';
import { DEMO, SAMPLE_FILES, bearer, login, multipart } from './helpers';
import { setFiles, submittableSrl } from './applicationData';

let t: TestApp;
let token: string;
let doc: number;

const call = (app: TestApp, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  app.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

async function draft(data: unknown): Promise<number> {
  const res = await call(t, 'POST', '/v1/portals/formalizaciones', { data });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

function readmeExample(): Record<string, any> {
  const example = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../docs/examples/solicitud-srl-sandbox.json'), 'utf8')) as { data: Record<string, any> };
  setFiles(example.data, doc);
  return example.data;
}

beforeAll(async () => {
  t = await buildTestApp();
  token = await login(t.app, DEMO.cedula, DEMO.password);
  const me = (await call(t, 'GET', '/v1/portals/auth/citizens/me')).json().data.id;
  const body = multipart([
    { name: 'citizen_profile_id', value: String(me) },
    { name: 'file', value: SAMPLE_FILES.pdf, filename: 'Estatutos.pdf', contentType: 'application/pdf' },
  ]);
  const up = await t.app.inject({ method: 'POST', url: '/v1/portals/documents', payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
  expect(up.statusCode, up.body).toBe(201);
  doc = up.json().data.id;
});
afterAll(async () => t.close());

describe('submit stores what the registries say', () => {
  it('the README example with made-up names, holder and expiry is stored with the JCE\'s names and ONAPI\'s holder and expiry', async () => {
    const data = readmeExample();
    data.datos_representante.nombre = 'Pedro Antonio';
    data.datos_representante.apellido = 'Ramírez Soto';
    data.propietario_socios[0].nombres = 'Luisa Fernanda';
    data.propietario_socios[0].apellidos = 'Peña Gómez';
    data.datos_solicitud.fecha_de_vencimiento = '2036-03-14';
    data.datos_solicitud['a_nombre_de_quién_se_hizo_el_registro'] = 'Inversiones Quisqueya Digital SRL';
    const id = await draft(data);
    const res = await call(t, 'POST', `/v1/portals/formalizaciones/${id}/submit`);
    expect(res.statusCode, res.body).toBe(200);
    const stored = (await call(t, 'GET', `/v1/portals/formalizaciones/${id}`)).json().data.data;
    expect(stored.datos_representante).toMatchObject({ cedula: '00104578232', nombre: 'María Altagracia', apellido: 'Rosario Méndez' });
    expect(stored.propietario_socios[0]).toMatchObject({ numero_de_cedula: '40229183641', nombres: 'Juan Carlos', apellidos: 'Peña Núñez' });
    // The minor has no cédula: nothing is looked up, their names stay as written.
    expect(stored.propietario_socios[1]).toMatchObject({ nombres: 'Andrés', apellidos: 'Ramírez Peña' });
    expect(stored.datos_solicitud).toMatchObject({ fecha_de_vencimiento: '2031-03-15', 'a_nombre_de_quién_se_hizo_el_registro': 'María Altagracia Rosario Méndez' });
  });

  it('refuses an expired certificate on its field, even when the browser sent a future expiry', async () => {
    const data = submittableSrl(doc);
    data.datos_solicitud.numero_del_certificado_de_nombre_comercial = '123987';
    data.datos_solicitud.fecha_de_vencimiento = '2036-01-01';
    const id = await draft(data);
    const res = await call(t, 'POST', `/v1/portals/formalizaciones/${id}/submit`);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toContainEqual({
      path: 'datos_solicitud.numero_del_certificado_de_nombre_comercial',
      message: 'El certificado de nombre comercial está vencido (venció el 31/01/2021)',
    });
    const after = (await call(t, 'GET', `/v1/portals/formalizaciones/${id}`)).json().data;
    expect(after.status).toBe('borrador');
    expect(after.data.datos_solicitud.fecha_de_vencimiento).toBe('2036-01-01');
  });

  it('refuses an unknown certificate and an unregistered cédula with their fields\' messages', async () => {
    const data = submittableSrl(doc);
    data.datos_solicitud.numero_del_certificado_de_nombre_comercial = '999999';
    data.propietario_socios[0].numero_de_cedula = '40212345678';
    const id = await draft(data);
    const res = await call(t, 'POST', `/v1/portals/formalizaciones/${id}/submit`);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual(expect.arrayContaining([
      { path: 'datos_solicitud.numero_del_certificado_de_nombre_comercial', message: 'Número de certificado inválido' },
      { path: 'propietario_socios.0.numero_de_cedula', message: 'Cédula inválida' },
    ]));
  });

  it('a registry that does not answer stops the submit with 502 and nothing is stored', async () => {
    // The same database, served by an app whose agencies are an address where nothing listens.
    const down = await buildTestApp({}, { db: t.app.db, agencies: createHttpAgencies({ baseUrl: 'http://127.0.0.1:9', apiKey: 'x', timeoutMs: 500 }) });
    try {
      const id = await draft(submittableSrl(doc));
      const res = await call(down, 'POST', `/v1/portals/formalizaciones/${id}/submit`);
      expect(res.statusCode, res.body).toBe(502);
      expect(res.json().message).toBe('Servicio externo no disponible, intente más tarde');
      expect((await call(t, 'GET', `/v1/portals/formalizaciones/${id}`)).json().data.status).toBe('borrador');
    } finally {
      await down.close();
    }
  });
});
