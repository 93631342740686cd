import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { check } from '@portal/form-engine';
import { buildTestApp, type TestApp } from './buildTestApp';
import { DEMO, SAMPLE_FILES, bearer, login, multipart, register } from './helpers';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fixtureData, setFiles, submittableSrl } from './applicationData';
import { SANDBOX_JCE_CITIZENS, SANDBOX_ONAPI_NAMES } from '../src/agencies/sandbox/sandboxData';
import { loadForm } from '@portal/form-engine/node';
import { todayInDominicanRepublic } from '@portal/form-engine';

const formalizacionSchema = () => loadForm('formalizacion');

let t: TestApp;
let demo: { token: string; id: number; doc: number };
let other: { token: string; id: number; doc: number };

async function upload(token: string, citizenId: number): Promise<number> {
  const body = multipart([
    { name: 'citizen_profile_id', value: String(citizenId) },
    { name: 'file', value: SAMPLE_FILES.pdf, filename: 'Estatutos firmados.pdf', contentType: 'application/pdf' },
  ]);
  const res = await t.app.inject({ method: 'POST', url: '/v1/portals/documents', payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

async function me(token: string): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/v1/portals/auth/citizens/me', headers: bearer(token) });
  return res.json().data.id;
}

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

async function draft(token: string, data: unknown = {}): Promise<{ id: number; version: number }> {
  const res = await call('POST', '/v1/portals/formalizaciones', token, { data });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

beforeAll(async () => {
  t = await buildTestApp();
  const token = await login(t.app, DEMO.cedula, DEMO.password);
  const id = await me(token);
  demo = { token, id, doc: await upload(token, id) };
  const person = SANDBOX_JCE_CITIZENS[5];
  await register(t.app, person.cedula, 'Otra-Clave-Segura-1');
  const otherToken = await login(t.app, person.cedula, 'Otra-Clave-Segura-1');
  const otherId = await me(otherToken);
  other = { token: otherToken, id: otherId, doc: await upload(otherToken, otherId) };
});
afterAll(async () => t.close());

describe('drafts', () => {
  it('creates, autosaves with versions, reads and lists', async () => {
    const d = await draft(demo.token, { datos_solicitud: { tipo_societario: 'SRL' } });
    const saved = await call('PUT', `/v1/portals/formalizaciones/${d.id}`, demo.token, { data: { datos_solicitud: { tipo_societario: 'EIRL' } }, version: d.version });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ status: 'borrador', version: d.version + 1, request_code: null });
    const stale = await call('PUT', `/v1/portals/formalizaciones/${d.id}`, demo.token, { data: { x: 1 }, version: d.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/otro dispositivo/);
    const read = await call('GET', `/v1/portals/formalizaciones/${d.id}`, demo.token);
    expect(read.json().data.data).toEqual({ datos_solicitud: { tipo_societario: 'EIRL' } });
    const list = await call('GET', '/v1/portals/formalizaciones', demo.token);
    expect(list.json().data.map((a: { id: number }) => a.id)).toContain(d.id);
  });

  it('refuses bad bodies with 400 and Spanish messages, changing nothing', async () => {
    const d = await draft(demo.token, { a: 1 });
    for (const payload of [{}, { data: 'x' }, { data: [] }, { data: { t: 'a\u0000b' } }]) {
      const res = await call('PUT', `/v1/portals/formalizaciones/${d.id}`, demo.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(/\S/);
    }
    expect((await call('GET', `/v1/portals/formalizaciones/${d.id}`, demo.token)).json().data.data).toEqual({ a: 1 });
    expect((await call('GET', '/v1/portals/formalizaciones/abc', demo.token)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/v1/portals/formalizaciones' })).json()).toEqual({ message: 'Unauthenticated.' });
  });
});

describe('submit', () => {
  it('answers 422 with the engine errors, in the engine format, for an incomplete application', async () => {
    const d = await draft(demo.token, { datos_solicitud: { tipo_societario: 'SRL' } });
    const res = await call('POST', `/v1/portals/formalizaciones/${d.id}/submit`, demo.token);
    expect(res.statusCode).toBe(422);
    const expected = check(formalizacionSchema(), { datos_solicitud: { tipo_societario: 'SRL' } }, { today: todayInDominicanRepublic() }).errors;
    expect(res.json().errors).toEqual(expected);
    expect(res.json().errors).toContainEqual({ path: 'datos_solicitud.cámara_de_comercio', message: 'Este campo es requerido' });
    expect((await call('GET', `/v1/portals/formalizaciones/${d.id}`, demo.token)).json().data.status).toBe('borrador');
  });

  it('accepts a valid SRL: prunes hidden values, gives a request code and the pending payments', async () => {
    const data = submittableSrl(demo.doc);
    data.datos_solicitud['nombre_de_la_empresa_o_razón_social'] = 'Valor oculto que se descarta';
    data.campo_desconocido = 'x';
    const d = await draft(demo.token, data);
    const res = await call('POST', `/v1/portals/formalizaciones/${d.id}/submit`, demo.token);
    expect(res.statusCode, res.body).toBe(200);
    const sent = res.json().data;
    expect(sent.status).toBe('enviada');
    expect(sent.request_code).toMatch(/^VUF-\d{4}-\d{6}$/);
    expect(sent.data.datos_solicitud).not.toHaveProperty('nombre_de_la_empresa_o_razón_social');
    expect(sent.data).not.toHaveProperty('campo_desconocido');
    expect(sent.data.datos_solicitud.a_nombre_de_quién_se_hizo_el_registro).toBe('María Altagracia Rosario Méndez');

    const requests = (await call('GET', '/v1/portals/requests/citizen-profile/getRequestsByCitizenProfile', demo.token)).json().data;
    const mine = requests.find((r: { id: number }) => r.id === d.id);
    expect(mine).toMatchObject({ code: sent.request_code, service: 'Formalización de empresas', status: 'enviada', tipo_societario: 'SRL' });
    const capital = data.datos_financieros.capital_aportado_capital_social;
    expect(mine.items.map((i: { agency: string; amount: number }) => [i.agency, i.amount])).toEqual([['DGII', capital / 100], ['CCPSD', 5000]]);
    expect(mine.total_pending).toBe(capital / 100 + 5000);
    expect((await call('GET', `/v1/portals/requests/${d.id}`, demo.token)).json().data.code).toBe(sent.request_code);

    // A second submit and a late autosave change nothing.
    expect((await call('POST', `/v1/portals/formalizaciones/${d.id}/submit`, demo.token)).statusCode).toBe(409);
    expect((await call('PUT', `/v1/portals/formalizaciones/${d.id}`, demo.token, { data: {} })).statusCode).toBe(409);
    const after = (await call('GET', `/v1/portals/formalizaciones/${d.id}`, demo.token)).json().data;
    expect(after.request_code).toBe(sent.request_code);
    expect(after.data).toEqual(sent.data);
  });

  it('repeats the remote checks: unknown cédula, taken company name, someone else\'s document', async () => {
    const data = submittableSrl(demo.doc);
    data.datos_representante.cedula = '40212345678'; // passes the check digit, unknown to the JCE
    data.datos_solicitud.tienes_nombre_comercial = false;
    data.datos_solicitud['nombre_de_la_empresa_o_razón_social'] = SANDBOX_ONAPI_NAMES[0].toUpperCase();
    delete data.documentos_requeridos.certificado_de_nombre_comercial;
    data.documentos_requeridos.estatutos = other.doc;
    const d = await draft(demo.token, data);
    const res = await call('POST', `/v1/portals/formalizaciones/${d.id}/submit`, demo.token);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual(expect.arrayContaining([
      { path: 'datos_representante.cedula', message: 'Cédula inválida' },
      { path: 'datos_solicitud.nombre_de_la_empresa_o_razón_social', message: 'Nombre no está disponible' },
      { path: 'documentos_requeridos.estatutos', message: 'Documento no encontrado entre sus documentos' },
    ]));
  });

  it('refuses values missing from their lists: a municipio of another province, a sector of another municipio, an unknown bank or CIIU code', async () => {
    const data = submittableSrl(demo.doc);
    data.datos_solicitante.municipio = 2501; // Santiago de los Caballeros, while the province is the Distrito Nacional
    const sectorOfSantiago = (await call('GET', '/v1/region/sectores?limit=500&page=1&municipioId=2501', demo.token)).json().data[0].id;
    data.datos_empresa.sector = sectorOfSantiago;
    data.referencias_bancarias[1].nombre_del_banco = 9999;
    data.actividades_empresariales.actividad_principal = '620100';
    const d = await draft(demo.token, data);
    const res = await call('POST', `/v1/portals/formalizaciones/${d.id}/submit`, demo.token);
    expect(res.statusCode, res.body).toBe(422);
    const message = 'Seleccione una opción de la lista';
    expect(res.json().errors).toEqual(expect.arrayContaining([
      { path: 'datos_solicitante.municipio', message },
      { path: 'datos_empresa.sector', message },
      { path: 'referencias_bancarias.1.nombre_del_banco', message },
      { path: 'actividades_empresariales.actividad_principal', message },
    ]));
    expect(res.json().errors).not.toContainEqual({ path: 'referencias_bancarias.0.nombre_del_banco', message });
    expect((await call('GET', `/v1/portals/formalizaciones/${d.id}`, demo.token)).json().data.status).toBe('borrador');
  });

  it('the README walkthrough\'s example application (docs/examples) is accepted', async () => {
    const example = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../docs/examples/solicitud-srl-sandbox.json'), 'utf8')) as { data: Record<string, any> };
    // The walkthrough's first upload gets id 1; here the demo's document stands in for it.
    setFiles(example.data, demo.doc);
    const d = await draft(demo.token, example.data);
    const res = await call('POST', `/v1/portals/formalizaciones/${d.id}/submit`, demo.token);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('validate gives the engine verdict without saving anything', async () => {
    for (const data of [fixtureData('valid/eirl-completa.json'), fixtureData('invalid/srl-suma-empleados-permanentes.json'), {}, 'x', [1]]) {
      const res = await call('POST', '/v1/portals/formalizaciones/validate', demo.token, { data });
      expect(res.statusCode).toBe(200);
      const engine = check(formalizacionSchema(), data, { today: todayInDominicanRepublic() });
      expect(res.json()).toEqual({ valid: engine.valid, errors: engine.errors });
    }
  });
});

describe('ownership', () => {
  it('citizen B cannot read, save, submit or list citizen A\'s application; nothing changes', async () => {
    const d = await draft(demo.token, submittableSrl(demo.doc));
    const before = (await call('GET', `/v1/portals/formalizaciones/${d.id}`, demo.token)).json().data;
    for (const [method, url, payload] of [
      ['GET', `/v1/portals/formalizaciones/${d.id}`, undefined],
      ['PUT', `/v1/portals/formalizaciones/${d.id}`, { data: { robado: true } }],
      ['POST', `/v1/portals/formalizaciones/${d.id}/submit`, undefined],
      ['GET', `/v1/portals/requests/${d.id}`, undefined],
    ] as const) {
      const res = await call(method, url, other.token, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call('GET', '/v1/portals/formalizaciones', other.token)).json().data.map((a: { id: number }) => a.id)).not.toContain(d.id);
    expect((await call('GET', `/v1/portals/formalizaciones/${d.id}`, demo.token)).json().data).toEqual(before);
  });
});
