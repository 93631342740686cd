/**
 * POST /v2/service-suggested (SERVICE_RECOMENDED): anonymous and signed-in
 * suggestions stored, the engine's messages (schemas/sugerencia-servicio) as a
 * 422 on their fields, bodies of the wrong shape refused with a Spanish 400,
 * nothing stored on any refusal, the per-address limit, and the OpenAPI entry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUGGESTIONS_PER_WINDOW } from '../src/routes/suggestions/suggestionRoutes';
import { buildTestApp, type TestApp } from './buildTestApp';
import { bearer, DEMO, login } from './helpers';

const URL_ = '/v2/service-suggested';

/** A suggestion the engine accepts (the schema's valid fixture). */
const VALID = {
  service_title: 'Renovación de licencia de conducir en línea',
  institution_name: 'Instituto Nacional de Tránsito y Transporte Terrestre (INTRANT)',
  person_name: 'María José',
  person_last_name: 'Núñez Peña',
  person_email: 'mjnunez@example.com',
  person_phone: '8095550142',
};

let t: TestApp;
let nextAddress = 1;
/** Each request comes from an address of its own, so the per-address limit is only met where a test means to. */
const freshAddress = () => `10.88.0.${nextAddress++}`;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

function suggest(payload: unknown, headers: Record<string, string> = {}, remoteAddress = freshAddress()) {
  return t.app.inject({ method: 'POST', url: URL_, payload: payload as object, headers, remoteAddress });
}

async function storedRow(id: number) {
  const { rows } = await t.app.db.query<Record<string, unknown>>('SELECT * FROM service_suggestions WHERE id = $1', [id]);
  return rows[0];
}

async function storedCount(): Promise<number> {
  return (await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM service_suggestions')).rows[0].n;
}

describe('POST /v2/service-suggested', () => {
  it('stores an anonymous suggestion: 201 with its id, the six fields, no citizen and no address', async () => {
    const before = await storedCount();
    const res = await suggest(VALID);
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<{ data: { id: number } }>().data;
    expect(Number.isInteger(id)).toBe(true);
    const row = await storedRow(id);
    expect(row).toMatchObject({ ...VALID, citizen_id: null });
    expect(Object.keys(row).sort()).toEqual(['citizen_id', 'created_at', 'id', ...Object.keys(VALID)].sort());
    expect(await storedCount()).toBe(before + 1);
  });

  it('ties the suggestion to the citizen when a live session comes with it (bearer or cookie), never requires one', async () => {
    const token = await login(t.app, DEMO.cedula, DEMO.password);
    const me = (await t.app.inject({ method: 'GET', url: '/v1/portals/auth/citizens/me', headers: bearer(token) })).json().data.id as number;
    for (const headers of [bearer(token), { cookie: `token=${token}` }]) {
      const res = await suggest(VALID, headers);
      expect(res.statusCode, res.body).toBe(201);
      expect((await storedRow(res.json().data.id)).citizen_id).toBe(me);
    }
    // An unknown session is not a 401: the suggestion is stored as anonymous.
    const res = await suggest(VALID, bearer('x'.repeat(43)));
    expect(res.statusCode, res.body).toBe(201);
    expect((await storedRow(res.json().data.id)).citizen_id).toBeNull();
  });

  it('trims the texts and keeps only the phone digits of the masked input', async () => {
    const res = await suggest({ ...VALID, service_title: `  ${VALID.service_title}  `, person_phone: '(809) 555-0142' });
    expect(res.statusCode, res.body).toBe(201);
    expect(await storedRow(res.json().data.id)).toMatchObject({ service_title: VALID.service_title, person_phone: '8095550142' });
  });

  it.each([
    ['a missing field', { ...VALID, service_title: undefined }, [{ path: 'service_title', message: 'Este campo es requerido' }]],
    ['an empty field', { ...VALID, institution_name: '' }, [{ path: 'institution_name', message: 'Este campo es requerido' }]],
    ['a field of spaces', { ...VALID, person_name: '   ' }, [{ path: 'person_name', message: 'Este campo es requerido' }]],
    ['a bad e-mail', { ...VALID, person_email: 'mjnunez@' }, [{ path: 'person_email', message: 'Favor digitar un email válido' }]],
    ['a short phone', { ...VALID, person_phone: '809555014' }, [{ path: 'person_phone', message: 'Teléfono inválido, use el formato (###) ###-####' }]],
    ['a phone with letters', { ...VALID, person_phone: '809-555-ABCD' }, [{ path: 'person_phone', message: 'Teléfono inválido, use el formato (###) ###-####' }]],
    ['a last name with digits', { ...VALID, person_last_name: 'Núñez 2' }, [{ path: 'person_last_name', message: 'El nombre solo puede contener letras y espacios' }]],
    ['a title over 150 characters', { ...VALID, service_title: 'a'.repeat(151) }, [{ path: 'service_title', message: expect.stringContaining('150') }]],
    [
      'an empty body',
      {},
      ['service_title', 'institution_name', 'person_name', 'person_last_name', 'person_email', 'person_phone'].map((path) => ({ path, message: 'Este campo es requerido' })),
    ],
  ])('answers %s with the engine’s message on its field (422) and stores nothing', async (_label, payload, errors) => {
    const before = await storedCount();
    const res = await suggest(payload);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({ message: 'Datos inválidos', errors });
    expect(await storedCount()).toBe(before);
  });

  it.each([
    ['an array', [VALID], [{ path: 'body', message: 'Se esperaba un objeto con los campos de la sugerencia' }]],
    ['a number in a text field', { ...VALID, person_phone: 8095550142 }, [{ path: 'person_phone', message: 'Tipo de dato inválido' }]],
    ['a list in a text field', { ...VALID, service_title: ['Licencia'] }, [{ path: 'service_title', message: 'Tipo de dato inválido' }]],
    ['an object in a text field', { ...VALID, person_email: { correo: 'a@b.do' } }, [{ path: 'person_email', message: 'Tipo de dato inválido' }]],
    ['null in a text field', { ...VALID, person_name: null }, [{ path: 'person_name', message: 'Tipo de dato inválido' }]],
    ['a field that is not in the form', { ...VALID, ip: '1.2.3.4' }, [{ path: 'ip', message: 'Campo no permitido' }]],
    ['a huge text', { ...VALID, institution_name: 'x'.repeat(200_000) }, [{ path: 'institution_name', message: 'Debe tener como máximo 1000 caracteres' }]],
  ])('refuses %s with a Spanish 400 and stores nothing', async (_label, payload, errors) => {
    const before = await storedCount();
    const res = await suggest(payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ message: 'Datos inválidos', errors });
    expect(await storedCount()).toBe(before);
  });

  it('refuses a body that is not JSON, a bare string and U+0000 in a text with a Spanish 400', async () => {
    const before = await storedCount();
    const notJson = await t.app.inject({ method: 'POST', url: URL_, payload: '{"service_title":', headers: { 'content-type': 'application/json' }, remoteAddress: freshAddress() });
    expect([notJson.statusCode, notJson.json().message]).toEqual([400, 'El cuerpo de la solicitud no es un JSON válido']);
    const bare = await t.app.inject({ method: 'POST', url: URL_, payload: '"Licencia"', headers: { 'content-type': 'application/json' }, remoteAddress: freshAddress() });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toMatch(/inválid/);
    const nul = await suggest({ ...VALID, service_title: 'Licencia\u0000' });
    expect([nul.statusCode, nul.json().message]).toEqual([400, 'El texto contiene caracteres no permitidos']);
    expect(await storedCount()).toBe(before);
  });

  it(`accepts ${SUGGESTIONS_PER_WINDOW} suggestions from one address, then answers the Spanish 429 and stores nothing more`, async () => {
    const address = freshAddress();
    for (let i = 0; i < SUGGESTIONS_PER_WINDOW; i++) expect((await suggest(VALID, {}, address)).statusCode).toBe(201);
    const before = await storedCount();
    const refused = await suggest(VALID, {}, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'Demasiados intentos, intente más tarde' });
    expect(await storedCount()).toBe(before);
    // Refused bodies count too, and another address is not affected.
    expect((await suggest(VALID, {}, freshAddress())).statusCode).toBe(201);
  });

  it('has no HTTP route that reads suggestions back, and is described in the OpenAPI document as public', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL_ })).statusCode).toBe(404);
    const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, { summary: string; security: unknown[]; requestBody?: unknown; responses: Record<string, unknown> }>> };
    const op = doc.paths[URL_].post;
    expect(op.summary).toBe('Sugerir un servicio (con o sin sesión)');
    expect(op.security).toEqual([{}, { bearer: [] }, { cookie: [] }]);
    expect(JSON.stringify(op.requestBody)).toContain('person_phone');
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['201', '400', '422', '429']));
  });
});
