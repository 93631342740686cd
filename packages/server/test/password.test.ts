import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SANDBOX_JCE_CITIZENS } from '../src/agencies/sandbox/sandboxData';
import { buildTestApp, type TestApp } from './buildTestApp';
import { bearer, login, register } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
// Each test asks for its own codes; the per-account caps are tested on their own.
beforeEach(async () => {
  await t.app.db.query(`DELETE FROM attempt_counters WHERE key LIKE 'forgot:%' OR key LIKE 'reset:%'`);
});

const FORGOT_MESSAGE =
  'Si la cédula tiene una cuenta, enviamos un código a su correo. Si ya lo pidió en los últimos 30 minutos, es el mismo código: búsquelo en su correo (también en «No deseado»).';
const RESET = '/v1/portals/auth/citizens/reset';
const CHANGE = '/v1/portals/auth/citizens/changepassword';

/** Asks for a reset code as the citizen would and reads it from the mail delivered to the test SMTP server. */
async function forgotCode(cedula: string, email: string): Promise<string> {
  const since = t.mail!.received.length;
  const res = await t.app.inject({ method: 'GET', url: `/v1/portals/forgot?dni=${cedula}` });
  expect(res.json()).toEqual({ message: FORGOT_MESSAGE });
  return t.mail!.codeFor(email, { since });
}

let address = 0;
/** Reset and forgot are rate-limited per address (10 / 15 min): each call block gets its own. */
const nextAddress = () => `203.0.113.${++address}`;

const outboxCount = async () => (await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox')).rows[0].n;

describe('forgot and reset', () => {
  const person = SANDBOX_JCE_CITIZENS[4];
  const email = 'rosa@example.com';

  beforeAll(async () => {
    await register(t.app, person.cedula, 'Clave-original-1', email);
  });

  it('always answers the same message; writes a hashed code only for an existing account', async () => {
    const before = await outboxCount();
    for (const dni of ['00113918205', 'no-es-cedula', SANDBOX_JCE_CITIZENS[6].cedula]) {
      const res = await t.app.inject({ method: 'GET', url: `/v1/portals/forgot?dni=${dni}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: FORGOT_MESSAGE });
    }
    expect(await outboxCount()).toBe(before);

    const code = await forgotCode(person.cedula, email);
    const { rows } = await t.app.db.query<{ code_hmac: string; minutes: number }>(
      `SELECT code_hmac, round(extract(epoch FROM (expires_at - created_at)) / 60)::int AS minutes FROM password_resets ORDER BY id DESC LIMIT 1`,
    );
    // Keyed: neither the code nor its plain SHA-256 (reversible by trying a million values) is stored.
    expect(rows[0].code_hmac).not.toContain(code);
    for (const subject of ['', `${person.cedula}:`]) {
      expect(rows[0].code_hmac).not.toBe(createHash('sha256').update(`${subject}${code}`).digest('hex'));
    }
    expect(rows[0].minutes).toBe(30);
  });

  it('resets the password with the code once, and revokes open sessions', async () => {
    const ip = nextAddress();
    const oldToken = await login(t.app, person.cedula, 'Clave-original-1');
    const code = await forgotCode(person.cedula, email);
    const wrong = await t.app.inject({ method: 'POST', url: RESET, remoteAddress: ip, payload: { dni: person.cedula, code: code === '000000' ? '000001' : '000000', password: 'Clave-nueva-22' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'Código inválido o vencido' });

    const weak = await t.app.inject({ method: 'POST', url: RESET, remoteAddress: ip, payload: { dni: person.cedula, code, password: 'corta' } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors).toEqual([{ path: 'password', message: 'La contraseña debe tener al menos 10 caracteres' }]);

    const ok = await t.app.inject({ method: 'POST', url: RESET, remoteAddress: ip, payload: { dni: person.cedula, code, password: 'Clave-nueva-22' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Contraseña actualizada' });
    expect((await t.app.inject({ method: 'GET', url: '/v1/portals/auth/citizens/me', headers: bearer(oldToken) })).statusCode).toBe(401);
    await login(t.app, person.cedula, 'Clave-nueva-22');

    const replay = await t.app.inject({ method: 'POST', url: RESET, remoteAddress: ip, payload: { dni: person.cedula, code, password: 'Clave-otra-333' } });
    expect(replay.statusCode).toBe(400);
  });

  it('burns a code after 5 wrong guesses', async () => {
    const ip = nextAddress();
    const code = await forgotCode(person.cedula, email);
    const wrongCode = code === '999999' ? '999998' : '999999';
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ method: 'POST', url: RESET, remoteAddress: ip, payload: { dni: person.cedula, code: wrongCode, password: 'Clave-nueva-33' } });
      expect(res.statusCode).toBe(400);
    }
    const late = await t.app.inject({ method: 'POST', url: RESET, remoteAddress: ip, payload: { dni: person.cedula, code, password: 'Clave-nueva-33' } });
    expect(late.statusCode).toBe(400);
  });

  it('refuses an expired code', async () => {
    const ip = nextAddress();
    const code = await forgotCode(person.cedula, email);
    await t.app.db.query(`UPDATE password_resets SET expires_at = now() - interval '1 minute' WHERE used_at IS NULL`);
    const res = await t.app.inject({ method: 'POST', url: RESET, remoteAddress: ip, payload: { dni: person.cedula, code, password: 'Clave-nueva-44' } });
    expect(res.statusCode).toBe(400);
  });

  it('validates the reset body', async () => {
    const ip = nextAddress();
    const res = await t.app.inject({ method: 'POST', url: RESET, remoteAddress: ip, payload: { dni: person.cedula, code: '12ab', password: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Datos inválidos', errors: [{ path: 'code', message: 'Formato inválido' }] });
  });

  it('rate-limits forgot per address', async () => {
    const statuses: number[] = [];
    let last = '';
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/v1/portals/forgot?dni=00113918205', remoteAddress: '198.51.100.9' });
      statuses.push(res.statusCode);
      last = res.body;
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect(JSON.parse(last)).toEqual({ message: 'Demasiados intentos, intente más tarde' });
  });
});

describe('reset answers and limits per account', () => {
  const person = SANDBOX_JCE_CITIZENS[5];
  const email = 'luis@example.com';
  beforeAll(async () => {
    await register(t.app, person.cedula, 'Clave-original-1', email);
  });

  it('answers a wrong code the same way whether or not the cédula has an account', async () => {
    const answers = [];
    for (const dni of [person.cedula, SANDBOX_JCE_CITIZENS[6].cedula, '00113918205']) {
      const res = await t.app.inject({ method: 'POST', url: RESET, remoteAddress: nextAddress(), payload: { dni, code: '123456', password: 'Clave-nueva-22' } });
      answers.push([res.statusCode, res.body]);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual([400, JSON.stringify({ message: 'Código inválido o vencido' })]);
  });

  it('sends the SAME live code again, whoever asks and from wherever: one code, at most six mails an hour', async () => {
    const since = t.mail!.received.length;
    for (let i = 0; i < 8; i++) {
      const res = await t.app.inject({ method: 'GET', url: `/v1/portals/forgot?dni=${person.cedula}`, remoteAddress: nextAddress() });
      expect(res.json()).toEqual({ message: FORGOT_MESSAGE });
    }
    // The codes are issued after the answers and delivered after that: wait until six arrived (or 10 s
    // passed), then give a seventh the time to show up if the cap let it through.
    const arrived = () => t.mail!.received.slice(since).filter((m) => m.to.includes(email));
    for (let waited = 0; arrived().length < 6 && waited < 10_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(arrived()).toHaveLength(6);
    const codes = new Set(arrived().map((m) => /es (\d{6})\./.exec(m.raw)?.[1]));
    expect(codes.size).toBe(1);
    const { rows } = await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM password_resets p JOIN citizens c ON c.id = p.citizen_id WHERE c.cedula = $1', [person.cedula]);
    expect(rows[0].n).toBe(1);
  });

  it('limits reset attempts per cédula and address (10 an hour): guesses from other addresses never refuse the owner\'s', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({ method: 'POST', url: RESET, remoteAddress: nextAddress(), payload: { dni: person.cedula, code: String(100000 + i), password: 'Clave-nueva-22' } });
      statuses.push(res.statusCode);
    }
    expect(statuses.every((s) => s === 400)).toBe(true);
    const ip = nextAddress();
    const one: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await t.app.inject({ method: 'POST', url: RESET, remoteAddress: ip, payload: { dni: person.cedula, code: String(200000 + i), password: 'Clave-nueva-22' } });
      one.push(res.statusCode);
    }
    // 10 per 15 minutes per address on the route, and 10 an hour per cédula and address: the 11th from one address is refused.
    expect(one.every((s) => s === 400)).toBe(true);
    for (let i = 0; i < 2; i++) await t.app.inject({ method: 'POST', url: RESET, remoteAddress: ip, payload: { dni: person.cedula, code: '300000', password: 'Clave-nueva-22' } });
    expect((await t.app.inject({ method: 'POST', url: RESET, remoteAddress: ip, payload: { dni: person.cedula, code: '300001', password: 'Clave-nueva-22' } })).statusCode).toBe(429);
  });
});

describe('changepassword', () => {
  const person = SANDBOX_JCE_CITIZENS[7];

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: CHANGE, payload: { current_password: 'a', new_password: 'b' } });
    expect(res.statusCode).toBe(401);
    expect(res.body).toBe('{"message":"Unauthenticated."}');
  });

  it('checks the current password and the rules, then revokes the other sessions only', async () => {
    await register(t.app, person.cedula, 'Clave-inicial-7');
    const mine = await login(t.app, person.cedula, 'Clave-inicial-7');
    const other = await login(t.app, person.cedula, 'Clave-inicial-7');

    const wrong = await t.app.inject({ method: 'POST', url: CHANGE, headers: bearer(mine), payload: { current_password: 'no-es-esta-1', new_password: 'Clave-final-77' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('La contraseña actual no es correcta');

    const same = await t.app.inject({ method: 'POST', url: CHANGE, headers: bearer(mine), payload: { current_password: 'Clave-inicial-7', new_password: 'Clave-inicial-7' } });
    expect(same.statusCode).toBe(400);

    const withCedula = await t.app.inject({
      method: 'POST',
      url: CHANGE,
      headers: bearer(mine),
      payload: { current_password: 'Clave-inicial-7', new_password: `x${person.cedula}` },
    });
    expect(withCedula.json()).toEqual({ message: 'Datos inválidos', errors: [{ path: 'new_password', message: 'La contraseña no puede contener la cédula' }] });

    const ok = await t.app.inject({ method: 'POST', url: CHANGE, headers: bearer(mine), payload: { current_password: 'Clave-inicial-7', new_password: 'Clave-final-77' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Contraseña actualizada' });

    expect((await t.app.inject({ method: 'GET', url: '/v1/portals/auth/citizens/me', headers: bearer(mine) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/v1/portals/auth/citizens/me', headers: bearer(other) })).statusCode).toBe(401);
    await login(t.app, person.cedula, 'Clave-final-77');
  });
});

describe('no HTTP view of the mail', () => {
  it('GET /v1/sandbox/outbox does not exist: nobody reads other people\'s codes', async () => {
    await t.app.inject({ method: 'GET', url: `/v1/portals/forgot?dni=${SANDBOX_JCE_CITIZENS[4].cedula}` });
    for (const url of ['/v1/sandbox/outbox', '/v1/sandbox/outbox?to=rosa@example.com']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toMatch(/\d{6}/);
    }
  });
});
