/**
 * Drafts can be removed by their owner and are capped per citizen
 * (MAX_OPEN_DRAFTS), also under parallel creates; the list names each draft
 * by its company name when it has one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { SANDBOX_JCE_CITIZENS } from '../src/agencies/sandbox/sandboxData';
import { buildTestApp, type TestApp } from './buildTestApp';
import { DEMO, SAMPLE_FILES, bearer, login, multipart, register } from './helpers';
import { submittableSrl } from './applicationData';

const MAX = 3;
const PASSWORD = 'Clave-de-Prueba-Segura-7';
let t: TestApp;

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

const create = (token: string, data: unknown = {}) => call(token, 'POST', '/v1/portals/formalizaciones', { data });

async function citizen(index: number): Promise<string> {
  const person = SANDBOX_JCE_CITIZENS[index];
  await register(t.app, person.cedula, PASSWORD);
  return login(t.app, person.cedula, PASSWORD);
}

async function openDrafts(token: string): Promise<number[]> {
  const list = (await call(token, 'GET', '/v1/portals/formalizaciones')).json().data as { id: number; status: string }[];
  return list.filter((a) => a.status === 'borrador').map((a) => a.id);
}

beforeAll(async () => {
  t = await buildTestApp({ maxOpenDrafts: MAX });
});
afterAll(async () => t.close());

describe('MAX_OPEN_DRAFTS', () => {
  it('defaults to 10 and refuses values that are not a positive integer, naming the variable', () => {
    expect(loadConfig({}).maxOpenDrafts).toBe(10);
    expect(loadConfig({ MAX_OPEN_DRAFTS: '25' }).maxOpenDrafts).toBe(25);
    for (const bad of ['0', '-1', 'diez', '1.5']) {
      expect(() => loadConfig({ MAX_OPEN_DRAFTS: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ MAX_OPEN_DRAFTS: bad })).toThrow(/MAX_OPEN_DRAFTS/);
    }
  });

  it('holds under parallel creates: exactly the cap is created, the rest get 429 in Spanish', async () => {
    const token = await citizen(8);
    const results = await Promise.all(Array.from({ length: 12 }, () => create(token)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(MAX);
    expect(codes.filter((c) => c === 429)).toHaveLength(12 - MAX);
    const refused = results.find((r) => r.statusCode === 429);
    expect(refused?.json().message).toBe(`Tiene demasiados borradores abiertos (${MAX}); elimine alguno antes de crear otro`);
    expect(await openDrafts(token)).toHaveLength(MAX);

    // Deleting one makes room for exactly one more.
    const [first] = await openDrafts(token);
    expect((await call(token, 'DELETE', `/v1/portals/formalizaciones/${first}`)).statusCode).toBe(204);
    const again = await Promise.all([create(token), create(token)]);
    expect(again.map((r) => r.statusCode).sort()).toEqual([201, 429]);
  });
});

describe('DELETE /v1/portals/formalizaciones/:id', () => {
  it('removes the owner\'s draft; another citizen, a missing id or no session change nothing', async () => {
    const owner = await citizen(9);
    const stranger = await citizen(10);
    const id = (await create(owner, { datos_solicitud: { tipo_societario: 'SRL' } })).json().data.id as number;

    const theirs = await call(stranger, 'DELETE', `/v1/portals/formalizaciones/${id}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('Solicitud no encontrada');
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/portals/formalizaciones/${id}` })).statusCode).toBe(401);
    expect((await call(owner, 'DELETE', '/v1/portals/formalizaciones/abc')).statusCode).toBe(400);
    expect((await call(owner, 'GET', `/v1/portals/formalizaciones/${id}`)).statusCode).toBe(200);

    const res = await call(owner, 'DELETE', `/v1/portals/formalizaciones/${id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await call(owner, 'GET', `/v1/portals/formalizaciones/${id}`)).statusCode).toBe(404);
    expect(await openDrafts(owner)).not.toContain(id);
    // Gone: a second delete and a late autosave answer 404.
    expect((await call(owner, 'DELETE', `/v1/portals/formalizaciones/${id}`)).statusCode).toBe(404);
    expect((await call(owner, 'PUT', `/v1/portals/formalizaciones/${id}`, { data: {} })).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', '/v1/portals/formalizaciones/2147483647')).statusCode).toBe(404);
  });

  it('keeps a submitted application (409), which no longer counts as an open draft', async () => {
    const token = await login(t.app, DEMO.cedula, DEMO.password);
    const me = (await call(token, 'GET', '/v1/portals/auth/citizens/me')).json().data.id;
    const body = multipart([
      { name: 'citizen_profile_id', value: String(me) },
      { name: 'file', value: SAMPLE_FILES.pdf, filename: 'Estatutos.pdf', contentType: 'application/pdf' },
    ]);
    const doc = (await t.app.inject({ method: 'POST', url: '/v1/portals/documents', payload: body.payload, headers: { ...body.headers, ...bearer(token) } })).json().data.id;
    const id = (await create(token, submittableSrl(doc))).json().data.id as number;
    expect((await call(token, 'POST', `/v1/portals/formalizaciones/${id}/submit`)).statusCode).toBe(200);

    const res = await call(token, 'DELETE', `/v1/portals/formalizaciones/${id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('La solicitud ya fue enviada y no se puede eliminar');
    expect((await call(token, 'GET', `/v1/portals/formalizaciones/${id}`)).json().data.status).toBe('enviada');
    const created = await Promise.all(Array.from({ length: MAX }, () => create(token)));
    expect(created.every((r) => r.statusCode === 201)).toBe(true);
  });

  it('is documented in the OpenAPI description with its answers', () => {
    const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    const path = Object.keys(doc.paths).find((p) => /^\/v1\/portals\/formalizaciones\/\{id\}$/.test(p)) as string;
    expect(Object.keys(doc.paths[path].delete.responses)).toEqual(expect.arrayContaining(['204', '401', '404', '409']));
  });
});

describe('the list names drafts by their company', () => {
  it('gives the proposed name, else the establishment\'s, else null', async () => {
    const token = await citizen(11);
    const named = (await create(token, { datos_solicitud: { tienes_nombre_comercial: false, 'nombre_de_la_empresa_o_razón_social': ' Dulces Doña Ana ' } })).json().data;
    expect(named.company_name).toBe('Dulces Doña Ana');
    const establishment = (await create(token, { datos_empresa: { nombre_del_establecimiento_razon_social: 'Colmado La Esquina' } })).json().data;
    expect(establishment.company_name).toBe('Colmado La Esquina');
    const unnamed = (await create(token, { datos_solicitud: { tienes_nombre_comercial: true, 'nombre_de_la_empresa_o_razón_social': 'Oculto' } })).json().data;
    expect(unnamed.company_name).toBeNull();
    const list = (await call(token, 'GET', '/v1/portals/formalizaciones')).json().data as { id: number; company_name: string | null }[];
    expect(list.map((a) => [a.id, a.company_name])).toEqual([[unnamed.id, null], [establishment.id, 'Colmado La Esquina'], [named.id, 'Dulces Doña Ana']]);
  });
});
