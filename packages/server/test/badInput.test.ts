/**
 * The bad input found by hand (security issue, section 3), each answered with
 * a 4xx and a Spanish message instead of a 500: U+0000 and lone surrogates,
 * non-finite and non-integer numbers in integer parameters, document ids that
 * no row can have, and a share capital whose tax would overflow the amount column.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../src/http/HttpError';
import { FORBIDDEN_TEXT, TOO_DEEP } from '../src/http/unstorableInput';
import { CAPITAL_TOO_LARGE, FEES, feesFor, MAX_AMOUNT } from '../src/services/applications/feeSchedule';
import { loadForm } from '@portal/form-engine/node';
import { submittableSrl } from './applicationData';
import { buildTestApp, type TestApp } from './buildTestApp';
import { bearer, DEMO, login, multipart, SAMPLE_FILES } from './helpers';

const formalizacionSchema = () => loadForm('formalizacion');

let t: TestApp;
let token: string;
let citizenId: number;
let documentId: number;
let draftId: number;
const json = { 'content-type': 'application/json' };

beforeAll(async () => {
  t = await buildTestApp();
  token = await login(t.app, DEMO.cedula, DEMO.password);
  citizenId = (await t.app.inject({ method: 'GET', url: '/v1/portals/auth/citizens/me', headers: bearer(token) })).json().data.id;
  const form = multipart([
    { name: 'citizen_profile_id', value: String(citizenId) },
    { name: 'file', value: SAMPLE_FILES.pdf, filename: 'Estatutos.pdf', contentType: 'application/pdf' },
  ]);
  const upload = await t.app.inject({ method: 'POST', url: '/v1/portals/documents', payload: form.payload, headers: { ...form.headers, ...bearer(token) } });
  expect(upload.statusCode, upload.body).toBe(201);
  documentId = upload.json().data.id;
  draftId = await newDraft();
});
afterAll(() => t.close());

const newDraft = async (): Promise<number> => {
  const res = await t.app.inject({ method: 'POST', url: '/v1/portals/formalizaciones', headers: bearer(token), payload: { data: {} } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
};

let submitDraft: number | null = null;

/** Saves `data` (JSON text) in a draft and submits it; a refused draft is reused (a citizen may keep only a few open). */
async function submit(data: string): Promise<{ statusCode: number; body: string; json: () => any }> {
  submitDraft ??= await newDraft();
  const url = `/v1/portals/formalizaciones/${submitDraft}`;
  const saved = await t.app.inject({ method: 'PUT', url, headers: { ...bearer(token), ...json }, payload: `{"data":${data}}` });
  expect(saved.statusCode, saved.body).toBe(200);
  const res = await t.app.inject({ method: 'POST', url: `${url}/submit`, headers: bearer(token) });
  if (res.statusCode === 200) submitDraft = null;
  return res;
}

describe('text the database cannot store', () => {
  it.each([
    ['a lone high surrogate in a draft', 'POST', '/v1/portals/formalizaciones', '{"data":{"datos_empresa":{"nombre":"Caf\\ud800"}}}', 'data.datos_empresa.nombre'],
    ['a lone low surrogate in an autosave', 'PUT', '/v1/portals/formalizaciones/:draft', '{"data":{"a":"\\udc00x"}}', 'data.a'],
    ['U+0000 in a draft key', 'POST', '/v1/portals/formalizaciones', '{"data":{"a\\u0000":1}}', 'data.a\u0000'],
    ['U+0000 in the login cédula', 'POST', '/v1/portals/auth/citizens/login', '{"cedula":"4022918364\\u0000","password":"Clave-de-Prueba-Segura-7"}', 'cedula'],
    ['U+0000 in a validated draft', 'POST', '/v1/portals/formalizaciones/validate', '{"data":{"x":["\\u0000"]}}', 'data.x.0'],
  ])('%s -> 400', async (_label, method, url, payload, path) => {
    const res = await t.app.inject({ method: method as 'POST', url: url.replace(':draft', String(draftId)), headers: { ...bearer(token), ...json }, payload });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ message: FORBIDDEN_TEXT, errors: [{ path, message: FORBIDDEN_TEXT }] });
  });

  it.each([
    ['/v1/institution-onapi/verify/a%00', 'name'],
    ['/v1/jce/%00', 'cedula'],
    ['/v1/region/actividades-ciiu?q=caf%00', 'q'],
    ['/v1/portals/forgot?dni=%00', 'dni'],
  ])('U+0000 in %s -> 400', async (url, path) => {
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ message: FORBIDDEN_TEXT, errors: [{ path, message: FORBIDDEN_TEXT }] });
  });

  it('a draft nested deeper than the limit -> 400 (it made the database run out of stack)', async () => {
    const payload = `{"data":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`;
    const res = await t.app.inject({ method: 'POST', url: '/v1/portals/formalizaciones', headers: { ...bearer(token), ...json }, payload });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(TOO_DEEP);
  });

  it('an anonymous caller still gets 401 first', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/portals/formalizaciones', headers: json, payload: '{"data":{"a":"\\u0000"}}' });
    expect(res.statusCode).toBe(401);
  });

  it('U+0000 in an upload description -> 400, nothing stored', async () => {
    const form = multipart([
      { name: 'citizen_profile_id', value: String(citizenId) },
      { name: 'description', value: 'Estatutos\u0000' },
      { name: 'file', value: SAMPLE_FILES.pdf, filename: 'Estatutos.pdf', contentType: 'application/pdf' },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/v1/portals/documents', payload: form.payload, headers: { ...form.headers, ...bearer(token) } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(FORBIDDEN_TEXT);
    const list = await t.app.inject({ method: 'GET', url: '/v1/portals/documents', headers: bearer(token) });
    expect(list.json().data.map((d: { id: number }) => d.id)).toEqual([documentId]);
  });
});

describe('numbers', () => {
  const notInteger = { message: 'Datos inválidos', errors: [{ path: 'id', message: 'Debe ser un número entero' }] };

  it.each([
    ['GET', '/v1/portals/formalizaciones/1e309'],
    ['GET', '/v1/portals/formalizaciones/-1e309'],
    ['GET', '/v1/portals/formalizaciones/Infinity'],
    ['PUT', '/v1/portals/formalizaciones/1e309'],
    ['POST', '/v1/portals/formalizaciones/1e309/submit'],
    ['GET', '/v1/portals/requests/1e309'],
    ['GET', '/v1/portals/requests/1.5'],
    ['GET', '/v1/portals/requests/0x10'],
  ])('%s %s -> 400 naming the id', async (method, url) => {
    const res = await t.app.inject({ method: method as 'GET', url, headers: bearer(token), ...(method === 'PUT' ? { payload: { data: {} } } : {}) });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual(notInteger);
  });

  it.each([
    ['limit=1e309', 'limit'],
    ['page=1e309', 'page'],
    ['page=-1e309', 'page'],
    ['limit=Infinity', 'limit'],
    ['paisId=1e309', 'paisId'],
    ['paisId=9007199254740993', 'paisId'],
    ['limit=5&limit=1e309', 'limit'],
  ])('region/provincias?%s -> 400 naming %s', async (query, path) => {
    const res = await t.app.inject({ method: 'GET', url: `/v1/region/provincias?${query}` });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ message: 'Datos inválidos', errors: [{ path, message: 'Debe ser un número entero' }] });
  });

  it('out of range but finite is still the schema\'s answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/region/provincias?limit=3000000000' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'limit', message: 'El valor maximo no es válido' }]);
    expect((await t.app.inject({ method: 'GET', url: '/v1/region/provincias?limit=2&page=1' })).statusCode).toBe(200);
  });

  it.each(['"1e309"', '"Infinity"', '"2.5"'])('a lone %s where a list of ids is wanted -> 400 naming its item', async (id) => {
    // Ajv wraps a lone value into a list ("1e309" → [Infinity]) and skips the item's bounds: it reached the database as Infinity.
    const res = await t.app.inject({
      method: 'POST', url: '/v1/portals/request-variation-select', headers: { ...bearer(token), ...json },
      payload: `{"quantity":1,"payment_amount":0,"request_id":${id},"variation_id":[]}`,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ message: 'Datos inválidos', errors: [{ path: 'request_id.0', message: 'Debe ser un número entero' }] });
  });

  it.each(['"1e309"', '"Infinity"', '"-1e309"', '1e309', '"2.5"'])('"version": %s -> 400', async (version) => {
    const res = await t.app.inject({ method: 'PUT', url: `/v1/portals/formalizaciones/${draftId}`, headers: { ...bearer(token), ...json }, payload: `{"data":{},"version":${version}}` });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors[0].path).toBe('version');
  });
});

describe('submit', () => {
  it('the sandbox application is accepted as is (the cases below change one value of it)', async () => {
    expect((await submit(JSON.stringify(submittableSrl(documentId)))).statusCode).toBe(200);
  });

  const NOT_OWN = 'Documento no encontrado entre sus documentos';
  it.each([
    // The engine reports a non-integer first; the document check still runs and must not fail.
    ['1.5', 'Tipo de dato inválido'],
    ['3e9', NOT_OWN],
    ['9007199254740992', NOT_OWN],
    ['1e308', NOT_OWN],
    ['2147483648', NOT_OWN],
    ['-1', NOT_OWN],
    ['0', NOT_OWN],
  ])('a document id of %s -> 422 on that field, never a query', async (id, message) => {
    const data = JSON.stringify(submittableSrl(documentId)).replace(`"estatutos":${documentId}`, `"estatutos":${id}`);
    expect(data).toContain(`"estatutos":${id}`);
    const res = await submit(data);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual([{ path: 'documentos_requeridos.estatutos', message }]);
  });

  it('the server refuses a capital whose tax overflows the amount column even without the form\'s maximum', () => {
    const data = { datos_solicitud: { tipo_societario: 'EIRL' }, datos_financieros: { capital_aportado_capital_social: 1e14 } };
    let thrown: unknown;
    try {
      feesFor(data);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(HttpError);
    expect(thrown).toMatchObject({ statusCode: 422, errors: [{ path: 'datos_financieros.capital_aportado_capital_social', message: CAPITAL_TOO_LARGE }] });
    expect(feesFor({ ...data, datos_financieros: { capital_aportado_capital_social: 99_999_999_999_999 } })).toContainEqual(expect.objectContaining({ agency: 'DGII', amount: MAX_AMOUNT }));
  });

  it('the form\'s maximum and message are the ones the fee guard uses', () => {
    const capital = formalizacionSchema().properties?.datos_financieros?.properties?.capital_aportado_capital_social as { maximum: number; 'x-messages': Record<string, string> };
    expect(capital['x-messages'].maximum).toBe(CAPITAL_TOO_LARGE);
    expect(Math.round(capital.maximum * FEES.dgiiCapitalRate * 100) / 100).toBe(MAX_AMOUNT);
  });

  it.each([1e14, 2 ** 53, 1e308])('a share capital of %d -> 422 with the form\'s message', async (capital) => {
    const data = submittableSrl(documentId);
    data.datos_financieros.capital_aportado_capital_social = capital;
    const res = await submit(JSON.stringify(data));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual([{ path: 'datos_financieros.capital_aportado_capital_social', message: 'El capital social máximo es RD$ 99,999,999,999,999' }]);
  });

  it('the largest share capital is accepted and its 1 % fits the amount column', async () => {
    const data = submittableSrl(documentId);
    data.datos_financieros.capital_aportado_capital_social = 99_999_999_999_999;
    const res = await submit(JSON.stringify(data));
    expect(res.statusCode, res.body).toBe(200);
    const requests = await t.app.inject({ method: 'GET', url: `/v1/portals/requests/${res.json().data.id}`, headers: bearer(token) });
    expect(requests.json().data.items).toContainEqual(expect.objectContaining({ agency: 'DGII', amount: 999_999_999_999.99 }));
  });
});
