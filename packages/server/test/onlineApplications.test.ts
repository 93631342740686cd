/**
 * Online services are schema forms: the application routes run any form a
 * catalogue service names, with no server code per form. A test form
 * (tests/support/forms/permiso-de-prueba) is added the way an analyst adds
 * one: a schema folder beside the others and a catalogue entry imported.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemasWith, TEST_FORMS } from '../../../tests/support/schemasWith';
import { replaceReferenceTable } from '../src/db/replaceReferenceTable';
import { SANDBOX_INAPA_CONTRACTS } from '../src/agencies/sandbox/sandboxData';
import { buildTestApp, type TestApp } from './buildTestApp';
import { DEMO, SAMPLE_FILES, bearer, login, multipart, register } from './helpers';

const FORM = 'permiso-de-prueba';
const BASE = `/v1/portals/solicitudes-en-linea/${FORM}`;
let t: TestApp;
let demo: string;
let other: string;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

async function upload(token: string, kind: 'pdf' | 'png' = 'pdf'): Promise<number> {
  const me = (await call('GET', '/v1/portals/auth/citizens/me', token)).json().data.id as number;
  const body = multipart([
    { name: 'citizen_profile_id', value: String(me) },
    { name: 'file', value: SAMPLE_FILES[kind], filename: `Plano del local.${kind}`, contentType: kind === 'pdf' ? 'application/pdf' : 'image/png' },
  ]);
  const res = await t.app.inject({ method: 'POST', url: '/v1/portals/documents', payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

const valid = (plano: number) => ({
  negocio: { nombre_del_negocio: 'Colmado La Bendición', contrato_inapa: SANDBOX_INAPA_CONTRACTS[0], tiene_local: true },
  local: { direccion: 'Calle Duarte 12, Moca', plano },
});

beforeAll(async () => {
  process.env.FORM_SCHEMAS_DIR = schemasWith(join(TEST_FORMS, FORM));
  t = await buildTestApp();
  // The analyst's catalogue entry, through the import path (the whole table replaced, as the import command does).
  const services = JSON.parse(readFileSync(new URL('../src/db/reference/catalogo/servicios.json', import.meta.url), 'utf8')) as Record<string, unknown>[];
  await replaceReferenceTable(t.app.db, 'catalogo_servicios', [
    ...services,
    {
      id: 9001, slug: 'permiso-de-prueba', nombre: 'Permiso de prueba para un negocio', descripcion: 'Servicio de prueba.', institucionId: 8, areaId: 1,
      tipo: 'en_linea', canales: ['en_linea'], costo: 1500, tiempoEstimado: '3 días', requisitos: ['Contrato de agua'], pasos: ['Complete la solicitud'], formulario: FORM,
    },
  ]);
  demo = await login(t.app, DEMO.cedula, DEMO.password);
  await register(t.app, '00104578232', 'Otra-Clave-2026');
  other = await login(t.app, '00104578232', 'Otra-Clave-2026');
});
afterAll(async () => {
  await t?.close();
  delete process.env.FORM_SCHEMAS_DIR;
});

describe('the application routes of any online service', () => {
  it('answer 404 for a form no catalogue service runs, or that schemas/ does not have', async () => {
    for (const form of ['perfil', 'sugerencia-servicio', 'no-existe', 'formalizacion-x']) {
      const res = await call('POST', `/v1/portals/solicitudes-en-linea/${form}`, demo, { data: {} });
      expect(res.statusCode, form).toBe(404);
      expect(res.json().message).toBe('Servicio en línea no encontrado');
    }
    expect((await call('POST', '/v1/portals/solicitudes-en-linea/..%2Fpackages', demo, { data: {} })).statusCode).toBe(400);
  });

  it('create, autosave, read, list and submit a draft of the new form; the code is SOL-, the fee is the catalogue cost of its institution', async () => {
    const created = await call('POST', BASE, demo, { data: {} });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json().data;
    expect(created.json().data).toMatchObject({ form: FORM, service_name: 'Permiso de prueba para un negocio', status: 'borrador', label: null });

    const plano = await upload(demo);
    const saved = await call('PUT', `${BASE}/${id}`, demo, { data: valid(plano), version: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.label).toBe('Colmado La Bendición');

    // Scoped by form: the formalization's address and another form's do not see it.
    expect((await call('GET', `/v1/portals/formalizaciones/${id}`, demo)).statusCode).toBe(404);
    expect((await call('GET', `/v1/portals/solicitudes-en-linea/formalizacion/${id}`, demo)).statusCode).toBe(404);
    // Nor another citizen.
    expect((await call('GET', `${BASE}/${id}`, other)).statusCode).toBe(404);
    expect((await call('PUT', `${BASE}/${id}`, other, { data: {} })).statusCode).toBe(404);
    expect((await call('POST', `${BASE}/${id}/submit`, other)).statusCode).toBe(404);

    const all = (await call('GET', '/v1/portals/solicitudes-en-linea', demo)).json().data as { id: number; form: string }[];
    expect(all.find((a) => a.id === id)).toMatchObject({ form: FORM, service_name: 'Permiso de prueba para un negocio' });
    expect(((await call('GET', BASE, demo)).json().data as { form: string }[]).every((a) => a.form === FORM)).toBe(true);

    const submitted = await call('POST', `${BASE}/${id}/submit`, demo);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().data.request_code).toMatch(/^SOL-\d{4}-\d{6}$/);
    const request = (await call('GET', `/v1/portals/requests/${id}`, demo)).json().data;
    expect(request).toMatchObject({ form: FORM, service: 'Permiso de prueba para un negocio', company_name: 'Colmado La Bendición', total_pending: 1500 });
    expect(request.items).toEqual([expect.objectContaining({ agency: 'INAPA', concept: 'Permiso de prueba para un negocio', amount: 1500, status: 'pendiente' })]);
    const notes = (await call('GET', '/v1/portals/citizen-profile/notifications', demo)).json();
    expect(JSON.stringify(notes)).toContain(`/en-linea/${FORM}/${id}/confirmacion`);
    expect((await call('DELETE', `${BASE}/${id}`, demo)).statusCode).toBe(409);
  });

  it('the server re-runs the lookups the schema declares: an unknown INAPA contract is refused with «Entrada inválida», nothing stored', async () => {
    const { id } = (await call('POST', BASE, demo, { data: {} })).json().data;
    const plano = await upload(demo);
    await call('PUT', `${BASE}/${id}`, demo, { data: { ...valid(plano), negocio: { ...valid(plano).negocio, contrato_inapa: '99999999' } } });
    const res = await call('POST', `${BASE}/${id}/submit`, demo);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toContainEqual({ path: 'negocio.contrato_inapa', message: 'Entrada inválida' });
    expect((await call('GET', `${BASE}/${id}`, demo)).json().data.status).toBe('borrador');
  });

  it('the same engine decides: a required field, a hidden section pruned, another citizen\'s document refused', async () => {
    const { id } = (await call('POST', BASE, demo, { data: {} })).json().data;
    const theirs = await upload(other);
    await call('PUT', `${BASE}/${id}`, demo, { data: { ...valid(theirs), negocio: { ...valid(theirs).negocio, nombre_del_negocio: '' } } });
    const res = await call('POST', `${BASE}/${id}/submit`, demo);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(expect.arrayContaining([
      { path: 'negocio.nombre_del_negocio', message: 'Este campo es requerido' },
      { path: 'local.plano', message: 'Documento no encontrado entre sus documentos' },
    ]));
    // Without a local the hidden section is dropped on submit, document and all.
    await call('PUT', `${BASE}/${id}`, demo, { data: { ...valid(theirs), negocio: { ...valid(theirs).negocio, tiene_local: false } } });
    const ok = await call('POST', `${BASE}/${id}/submit`, demo);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.data.local).toBeUndefined();
    const validated = await call('POST', `${BASE}/validate`, demo, { data: { negocio: {} } });
    expect(validated.json()).toMatchObject({ valid: false });
  });

  it('a document of a type its field does not accept is refused on submit, even the citizen\'s own', async () => {
    const { id } = (await call('POST', BASE, demo, { data: {} })).json().data;
    const png = await upload(demo, 'png');
    await call('PUT', `${BASE}/${id}`, demo, { data: valid(png) });
    const res = await call('POST', `${BASE}/${id}/submit`, demo);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toContainEqual({ path: 'local.plano', message: 'Tipo de archivo no permitido' });
    expect((await call('GET', `${BASE}/${id}`, demo)).json().data.status).toBe('borrador');
  });

  it('the formalization keeps its own address and its VUF- codes, and lists only its own form there', async () => {
    const res = await call('POST', '/v1/portals/formalizaciones', demo, { data: {} });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ form: 'formalizacion', service_name: 'Formalización de empresas' });
    const list = (await call('GET', '/v1/portals/formalizaciones', demo)).json().data as { form: string }[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((a) => a.form === 'formalizacion')).toBe(true);
  });
});

describe('PREVIEW: a service\'s form read before starting it', () => {
  it('is the engine\'s outline of the form: parts in order, kinds, required, and when a conditional part shows', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/portals/previewformulary/9001/show' });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ service: { id: 9001, slug: 'permiso-de-prueba' }, form: FORM, title: 'Permiso de prueba para un negocio' });
    expect(data.parts.map((p: { title: string }) => p.title)).toEqual(['Datos del negocio', 'Local']);
    expect(data.parts[0].when).toBeNull();
    expect(data.parts[1].when).toContain('¿El negocio tiene local propio?');
    expect(data.parts[0].fields).toContainEqual({ title: '¿El negocio tiene local propio?', kind: 'Sí o No', required: 'Sí', when: null, description: null });
    expect(data.parts[1].fields).toContainEqual(expect.objectContaining({ title: 'Plano del local', kind: 'Archivo (pdf)', required: 'Sí' }));
    // Nothing a citizen should not read: no URLs of the lookups, no keys.
    expect(res.body).not.toContain('/v1/portals/exists');
    expect(res.body).not.toContain('contrato_inapa');
  });

  it('answers 404 for a service without an online form and for an unknown id, 400 for a bad id', async () => {
    const services = (await t.app.inject({ method: 'GET', url: '/v1/portals/services?per_page=100' })).json();
    const offline = (services.data as { id: number; online_form: string | null }[]).find((s) => s.online_form === null);
    for (const id of [offline?.id ?? 2, 999999]) {
      const res = await t.app.inject({ method: 'GET', url: `/v1/portals/previewformulary/${id}/show` });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Este servicio no tiene formulario en línea');
    }
    expect((await t.app.inject({ method: 'GET', url: '/v1/portals/previewformulary/abc/show' })).statusCode).toBe(400);
  });
});
