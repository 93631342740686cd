/**
 * The citizen's profile: GET /v1/portals/citizen-profile/profile, POST /:id/update
 * (multipart, the engine with schemas/perfil) and POST /email/confirm, on a real
 * database with mail delivered to a real SMTP sink.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_JCE_CITIZENS } from '../src/agencies/sandbox/sandboxData';
import { buildTestApp, mailboxOf, type TestApp } from './buildTestApp';
import { EDGE_STRINGS, EXTRA_KEYS, NUMERIC_TEXTS } from './fuzz/edgeValues';
import { bearer, login, multipart, register, SAMPLE_FILES } from './helpers';

const PASSWORD = 'Clave-de-Prueba-Segura-7';
const OWNER = SANDBOX_JCE_CITIZENS[8];
const OTHER = SANDBOX_JCE_CITIZENS[9];

let t: TestApp;
const owner = { id: 0, token: '' };
const other = { id: 0, token: '' };

beforeAll(async () => {
  t = await buildTestApp();
  owner.id = await register(t.app, OWNER.cedula, PASSWORD, 'dueno@example.com');
  owner.token = await login(t.app, OWNER.cedula, PASSWORD);
  other.id = await register(t.app, OTHER.cedula, PASSWORD, 'otra@example.com');
  other.token = await login(t.app, OTHER.cedula, PASSWORD);
});
afterAll(() => t.close());

type Fields = Record<string, string>;

const FULL: Fields = {
  correo_electronico: 'dueno@example.com',
  telefono: '(809) 555-0142',
  celular: '8295550143',
  provincia: '1',
  municipio: '101',
  sector: '1',
  calle: 'Calle El Conde',
  numero_de_casa_o_apartamento: '52',
};

function update(id: number, fields: Fields, token: string | null = owner.token) {
  const body = multipart(Object.entries(fields).map(([name, value]) => ({ name, value })));
  return t.app.inject({ method: 'POST', url: `/v1/portals/citizen-profile/${id}/update`, payload: body.payload, headers: { ...body.headers, ...(token ? bearer(token) : {}) } });
}

const read = async (token = owner.token) => {
  const res = await t.app.inject({ method: 'GET', url: '/v1/portals/citizen-profile/profile', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

const confirm = (code: string, token = owner.token) =>
  t.app.inject({ method: 'POST', url: '/v1/portals/citizen-profile/email/confirm', payload: { code }, headers: bearer(token) });

const profileRow = async (id: number) => (await t.app.db.query('SELECT * FROM citizen_profiles WHERE citizen_id = $1', [id])).rows[0];

describe('GET /v1/portals/citizen-profile/profile', () => {
  it('answers the signed-in citizen\'s profile: identity from the JCE, the account e-mail, nothing else yet', async () => {
    expect(await read()).toEqual({
      id: owner.id, cedula: OWNER.cedula, nombres: OWNER.nombres, apellidos: OWNER.apellidos, correo_electronico: 'dueno@example.com',
      telefono: null, celular: null, provincia: null, municipio: null, sector: null, calle: null, numero_de_casa_o_apartamento: null,
      provincia_nombre: null, municipio_nombre: null, sector_nombre: null, correo_pendiente: null,
    });
  });

  it('answers 401 to an anonymous caller', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/portals/citizen-profile/profile' });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /v1/portals/citizen-profile/:id/update', () => {
  it('saves contact and address (mask characters dropped) and answers the profile with the places\' names', async () => {
    const res = await update(owner.id, FULL);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Sus datos se guardaron.', email_change_pending: false });
    expect(await read()).toMatchObject({
      telefono: '8095550142', celular: '8295550143', provincia: 1, municipio: 101, sector: 1, calle: 'Calle El Conde', numero_de_casa_o_apartamento: '52',
      provincia_nombre: 'Distrito Nacional', municipio_nombre: 'Santo Domingo de Guzmán', sector_nombre: 'Ciudad Colonial', correo_pendiente: null,
    });
  });

  it('takes empty strings as null values (the spec\'s multipart), and ignores the read-only identity sent back', async () => {
    const res = await update(owner.id, { ...FULL, celular: '', numero_de_casa_o_apartamento: '', nombres: 'Otro Nombre', cedula: '00000000000' });
    expect(res.statusCode, res.body).toBe(200);
    const profile = await read();
    expect(profile).toMatchObject({ celular: null, numero_de_casa_o_apartamento: null, telefono: '8095550142', nombres: OWNER.nombres, cedula: OWNER.cedula });
    expect(await profileRow(owner.id)).toMatchObject({ celular: null, numero_de_casa_o_apartamento: null });
  });

  it('refuses what the schema refuses with its Spanish messages, and changes nothing', async () => {
    const before = await profileRow(owner.id);
    const res = await update(owner.id, { ...FULL, correo_electronico: 'dueno@', telefono: '809555014', calle: '', provincia: '1', municipio: '', sector: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Datos inválidos',
      errors: expect.arrayContaining([
        { path: 'correo_electronico', message: 'Favor digitar un email válido' },
        { path: 'telefono', message: 'Teléfono inválido, use el formato (###) ###-####' },
        { path: 'municipio', message: 'Este campo es requerido' },
        { path: 'calle', message: 'Este campo es requerido' },
      ]),
    });
    expect(res.json().errors).toHaveLength(4);
    expect(await profileRow(owner.id)).toEqual(before);
  });

  it('takes back the profile exactly as GET answered it: the read-only fields it returned are ignored, not refused', async () => {
    const before = (await read()) as Record<string, unknown>;
    for (const key of ['provincia_nombre', 'municipio_nombre', 'sector_nombre', 'correo_pendiente', 'cedula', 'nombres']) expect(before).toHaveProperty(key);
    const asRead = Object.fromEntries(Object.entries(before).map(([key, value]) => [key, value === null ? '' : String(value)]));
    const res = await update(owner.id, { ...asRead, provincia_nombre: 'Otra provincia', nombres: 'Otro nombre' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await read()).toEqual(before);
  });

  it('refuses a municipio of another provincia, a made-up sector, unknown fields, a file and a non-multipart body', async () => {
    const before = await profileRow(owner.id);
    let res = await update(owner.id, { ...FULL, provincia: '2' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'municipio', message: 'Seleccione una opción de la lista' }]);
    res = await update(owner.id, { ...FULL, sector: '999999' });
    expect(res.json().errors).toEqual([{ path: 'sector', message: 'Seleccione una opción de la lista' }]);
    res = await update(owner.id, { ...FULL, provincia: 'uno' });
    expect(res.json().errors).toEqual([{ path: 'provincia', message: 'Seleccione una opción de la lista' }]);
    res = await update(owner.id, { ...FULL, es_admin: '1' });
    expect(res.json()).toEqual({ message: 'Datos inválidos', errors: [{ path: 'es_admin', message: 'Campo desconocido' }] });
    const withFile = multipart([{ name: 'calle', value: 'X' }, { name: 'foto', value: SAMPLE_FILES.pdf, filename: 'a.pdf', contentType: 'application/pdf' }]);
    res = await t.app.inject({ method: 'POST', url: `/v1/portals/citizen-profile/${owner.id}/update`, payload: withFile.payload, headers: { ...withFile.headers, ...bearer(owner.token) } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'foto', message: 'Este formulario no admite archivos' }]);
    res = await t.app.inject({ method: 'POST', url: `/v1/portals/citizen-profile/${owner.id}/update`, payload: FULL, headers: bearer(owner.token) });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Se esperaba un formulario multipart');
    expect(await profileRow(owner.id)).toEqual(before);
  });

  it('answers 404 for another citizen\'s id and changes neither profile', async () => {
    const mine = await profileRow(owner.id);
    const theirs = await read(other.token);
    const res = await update(other.id, { ...FULL, correo_electronico: 'intruso@example.com', calle: 'Intrusa' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Recurso no encontrado' });
    expect(await read(other.token)).toEqual(theirs);
    expect(await profileRow(other.id)).toBeUndefined();
    expect(await profileRow(owner.id)).toEqual(mine);
    expect((await t.app.db.query('SELECT 1 FROM email_changes')).rows).toEqual([]);
  });

  it('answers 401 to an anonymous caller', async () => {
    expect((await update(owner.id, FULL, null)).statusCode).toBe(401);
  });
});

describe('changing the e-mail', () => {
  it('keeps the old address until the code sent to the new one is confirmed; the old one is told', async () => {
    const mailbox = mailboxOf(t.app);
    const since = mailbox.received.length;
    const res = await update(owner.id, { ...FULL, correo_electronico: 'Nuevo.Dueno@example.com', calle: 'Calle Las Damas', current_password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email_change_pending: true, data: { correo_electronico: 'dueno@example.com', correo_pendiente: 'nuevo.dueno@example.com', calle: 'Calle Las Damas' } });
    const code = await mailbox.codeFor('nuevo.dueno@example.com', { since });
    const me = await t.app.inject({ method: 'GET', url: '/v1/portals/auth/citizens/me', headers: bearer(owner.token) });
    expect(me.json().data.email).toBe('dueno@example.com');
    // The code is never stored as it is.
    const stored = (await t.app.db.query<{ code_hmac: string }>('SELECT code_hmac FROM email_changes WHERE citizen_id = $1', [owner.id])).rows[0];
    expect(stored.code_hmac).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.code_hmac).not.toContain(code);

    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await confirm(wrong);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'Código inválido o vencido', errors: [{ path: 'code', message: 'Código inválido o vencido' }] });
    expect((await read()).correo_electronico).toBe('dueno@example.com');
    // Another citizen cannot use the owner's code.
    expect((await confirm(code, other.token)).statusCode).toBe(400);

    const before = mailbox.received.length;
    const ok = await confirm(code);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ correo_electronico: 'nuevo.dueno@example.com', correo_pendiente: null });
    const notice = await mailbox.waitFor('dueno@example.com', { since: before });
    expect(notice.raw).toContain('nuevo.dueno@example.com');
    const meAfter = await t.app.inject({ method: 'GET', url: '/v1/portals/auth/citizens/me', headers: bearer(owner.token) });
    expect(meAfter.json().data.email).toBe('nuevo.dueno@example.com');
    expect((await confirm(code)).statusCode).toBe(400);
  });

  it('gives a code five attempts, then refuses even the right one', async () => {
    const mailbox = mailboxOf(t.app);
    const since = mailbox.received.length;
    expect((await update(owner.id, { ...FULL, correo_electronico: 'tercero@example.com', current_password: PASSWORD })).statusCode).toBe(200);
    const code = await mailbox.codeFor('tercero@example.com', { since });
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await confirm(wrong)).statusCode).toBe(400);
    expect((await confirm(code)).statusCode).toBe(400);
    expect((await read()).correo_electronico).toBe('nuevo.dueno@example.com');
  });

  it('drops a pending change when the citizen saves their current address again', async () => {
    const mailbox = mailboxOf(t.app);
    const since = mailbox.received.length;
    await update(owner.id, { ...FULL, correo_electronico: 'cuarto@example.com', current_password: PASSWORD });
    const code = await mailbox.codeFor('cuarto@example.com', { since });
    const res = await update(owner.id, { ...FULL, correo_electronico: 'nuevo.dueno@example.com' });
    expect(res.json()).toMatchObject({ email_change_pending: false, data: { correo_pendiente: null } });
    expect((await confirm(code)).statusCode).toBe(400);
  });

  it('mails at most five codes an hour per account (a resend to the same address counts); the sixth save is a 429 and changes nothing', async () => {
    for (let i = 0; i < 5; i++) expect((await update(other.id, { ...FULL, correo_electronico: 'otra.nueva@example.com', current_password: PASSWORD }, other.token)).statusCode).toBe(200);
    const before = await profileRow(other.id);
    const res = await update(other.id, { ...FULL, correo_electronico: 'otra.nueva@example.com', calle: 'Otra calle', current_password: PASSWORD }, other.token);
    expect(res.statusCode).toBe(429);
    expect(await profileRow(other.id)).toEqual(before);
  });

  it('refuses a malformed code with 400', async () => {
    for (const code of ['12345', 'abcdef', '1234567']) expect((await confirm(code)).statusCode).toBe(400);
  });
});

describe('update: generated multipart bodies', () => {
  it('any field names and values give 200 or a Spanish 4xx, never a 5xx', async () => {
    const names = fc.constantFrom(...Object.keys(FULL), 'cedula', 'nombres', ...EXTRA_KEYS.filter((k) => k !== '' && !k.includes('\u0000') && !k.includes('\ud800')));
    const values = fc.oneof(fc.constantFrom(...EDGE_STRINGS, ...NUMERIC_TEXTS, '', 'null'), fc.string({ maxLength: 40 }), fc.string({ minLength: 1000, maxLength: 1100 }));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(names, values), { maxLength: 14 }), async (pairs) => {
        const body = multipart(pairs.map(([name, value]) => ({ name, value })));
        const res = await t.app.inject({ method: 'POST', url: `/v1/portals/citizen-profile/${owner.id}/update`, payload: body.payload, headers: { ...body.headers, ...bearer(owner.token) } });
        expect(res.statusCode, res.body).toBeLessThan(500);
        if (res.statusCode !== 200) expect(typeof res.json().message).toBe('string');
      }),
      { numRuns: 150 },
    );
  });
});
