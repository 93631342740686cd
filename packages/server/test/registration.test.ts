/**
 * Registration with e-mail confirmation: an account exists only once the code
 * sent to its e-mail is confirmed; the JCE date of birth is asked; answers
 * never reveal whether a cédula has an account; an unconfirmed registration
 * never blocks the owner and a confirmed account is never replaced.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_JCE_CITIZENS } from '../src/agencies/sandbox/sandboxData';
import { buildTestApp, type TestApp } from './buildTestApp';
import { birthDateOf, DEMO, login, register, startRegistration } from './helpers';
import type { MailSink } from './mailSink';

let t: TestApp;
let mail: MailSink;
beforeAll(async () => {
  // The steps of many registrations come from 127.0.0.1 here; the limit tests use other addresses.
  t = await buildTestApp({ rateLimitAllowList: ['127.0.0.1'] });
  mail = t.mail!;
});
afterAll(() => t.close());

const REGISTER = '/v1/portals/auth/citizens/register';
const CONFIRM = '/v1/portals/auth/citizens/confirm';
const RESEND = '/v1/portals/auth/citizens/resend';
const LOGIN = '/v1/portals/auth/citizens/login';
const PASSWORD = 'Clave-de-Prueba-Segura-7';

const post = (url: string, payload: object, remoteAddress?: string) => t.app.inject({ method: 'POST', url, payload, remoteAddress });
const confirm = (token: string, code: string) => post(CONFIRM, { registration_token: token, code });
const canLogin = async (cedula: string, password: string) => (await post(LOGIN, { cedula, password })).statusCode === 200;
const citizensWith = async (cedula: string) =>
  (await t.app.db.query<{ email: string }>('SELECT email FROM citizens WHERE cedula = $1', [cedula])).rows;

describe('register → confirm', () => {
  const person = SANDBOX_JCE_CITIZENS[0];

  it('creates the account only after the e-mailed code is confirmed, with the JCE names', async () => {
    const since = mail.received.length;
    const res = await post(REGISTER, {
      cedula: '001-0457823-2', fecha_nacimiento: person.fechaNacimiento, email: 'Maria@Example.com', password: PASSWORD, password_confirmation: PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(202);
    const { registration_token: token, message } = res.json();
    expect(message).toBe('Le enviamos un código de confirmación a su correo. Escríbalo para activar su cuenta.');
    expect(await citizensWith(person.cedula)).toEqual([]);
    expect(await canLogin(person.cedula, PASSWORD)).toBe(false);

    const code = await mail.codeFor('maria@example.com', { since });
    // The code is stored only as a keyed HMAC.
    const stored = await t.app.db.query<{ code_hmac: string }>('SELECT code_hmac FROM pending_registrations WHERE cedula = $1', [person.cedula]);
    expect(JSON.stringify(stored.rows)).not.toContain(code);

    const wrong = await confirm(token, code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Código inválido o vencido');
    const ok = await confirm(token, code);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data).toMatchObject({ cedula: person.cedula, nombres: person.nombres, apellidos: person.apellidos, email: 'maria@example.com' });
    expect(await canLogin(person.cedula, PASSWORD)).toBe(true);
    // A code works once.
    expect((await confirm(token, code)).statusCode).toBe(400);
  });

  it('asks for the date of birth of the JCE record, which the public lookup does not return', async () => {
    const other = SANDBOX_JCE_CITIZENS[1];
    for (const fecha of ['1990-01-01', person.fechaNacimiento]) {
      const res = await post(REGISTER, { cedula: other.cedula, fecha_nacimiento: fecha, email: 'x@example.com', password: PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ path: 'fecha_nacimiento', message: 'La cédula y la fecha de nacimiento no coinciden con el registro de la JCE' }]);
    }
    const noDate = await post(REGISTER, { cedula: other.cedula, email: 'x@example.com', password: PASSWORD });
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json().errors).toContainEqual({ path: 'fecha_nacimiento', message: 'Requerido' });
  });

  it('gives each registration five code attempts, even in parallel', async () => {
    const p = SANDBOX_JCE_CITIZENS[7];
    const since = mail.received.length;
    const token = await startRegistration(t.app, p.cedula, PASSWORD, 'intentos@example.com');
    const code = await mail.codeFor('intentos@example.com', { since });
    const wrongCodes = Array.from({ length: 30 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    await Promise.all(wrongCodes.map((c, i) => post(CONFIRM, { registration_token: token, code: c }, `203.0.113.${i}`)));
    // The right code after the attempts are used up no longer works.
    expect((await confirm(token, code)).statusCode).toBe(400);
    const { rows } = await t.app.db.query<{ attempts: number }>('SELECT attempts FROM pending_registrations WHERE cedula = $1', [p.cedula]);
    expect(rows[0].attempts).toBeGreaterThan(5);
    expect(await citizensWith(p.cedula)).toEqual([]);
  });
});

describe('nobody is blocked, nothing is revealed', () => {
  it('an unconfirmed registration by someone else never blocks the owner', async () => {
    const owner = SANDBOX_JCE_CITIZENS[2];
    // Someone who knows the cédula and the date registers with their own e-mail and never confirms…
    await startRegistration(t.app, owner.cedula, 'Clave-del-Intruso-99', 'intruso@example.com');
    // …the owner registers and confirms with theirs.
    await register(t.app, owner.cedula, PASSWORD, 'ana.owner@example.com');
    expect(await citizensWith(owner.cedula)).toEqual([{ email: 'ana.owner@example.com' }]);
    // The intruder's pending registration is gone with the owner's confirmation.
    const { rows } = await t.app.db.query('SELECT 1 FROM pending_registrations WHERE cedula = $1', [owner.cedula]);
    expect(rows).toEqual([]);
  });

  it('a confirmed account is never replaced; registering again answers the same and warns the owner', async () => {
    const since = mail.received.length;
    const res = await post(REGISTER, {
      cedula: DEMO.cedula, fecha_nacimiento: birthDateOf(DEMO.cedula), email: 'atacante@example.com', password: 'Otra-Clave-Del-Atacante-1',
    });
    expect(res.statusCode).toBe(202);
    const fresh = SANDBOX_JCE_CITIZENS[8];
    const control = await post(REGISTER, { cedula: fresh.cedula, fecha_nacimiento: fresh.fechaNacimiento, email: 'nuevo@example.com', password: PASSWORD });
    // Same status, same keys, same message, same kind of token: nothing tells the two apart.
    expect(Object.keys(res.json()).sort()).toEqual(Object.keys(control.json()).sort());
    expect(res.json().message).toBe(control.json().message);
    expect(res.json().registration_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The owner is told by mail; the would-be attacker receives nothing.
    const warning = await mail.waitFor('demo.ciudadano@example.com', { since });
    expect(warning.raw).toContain('Alguien intentó crear una cuenta nueva con su cédula');
    expect(mail.received.slice(since).some((m) => m.to.includes('atacante@example.com'))).toBe(false);
    // Whatever code is tried, nothing changes.
    for (const code of ['000000', '123456']) expect((await confirm(res.json().registration_token, code)).statusCode).toBe(400);
    expect(await citizensWith(DEMO.cedula)).toEqual([{ email: 'demo.ciudadano@example.com' }]);
    expect(await canLogin(DEMO.cedula, DEMO.password)).toBe(true);
  });

  it('resend: a new code after the one-minute cool-down, the same answer for any token', async () => {
    const p = SANDBOX_JCE_CITIZENS[9];
    const since = mail.received.length;
    const token = await startRegistration(t.app, p.cedula, PASSWORD, 'reenvio@example.com');
    const first = await mail.codeFor('reenvio@example.com', { since });
    const early = await post(RESEND, { registration_token: token });
    expect(early.statusCode).toBe(202);
    expect(early.json().resend_after_seconds).toBe(60);
    const bogus = await post(RESEND, { registration_token: 'x'.repeat(43) });
    expect(bogus.json()).toEqual({ ...early.json(), registration_token: 'x'.repeat(43) });
    await t.app.db.query(`UPDATE pending_registrations SET sent_at = now() - interval '61 seconds' WHERE cedula = $1`, [p.cedula]);
    const after = mail.received.length;
    expect((await post(RESEND, { registration_token: token })).statusCode).toBe(202);
    const second = await mail.codeFor('reenvio@example.com', { since: after });
    if (second !== first) expect((await confirm(token, first)).statusCode).toBe(400);
    expect((await confirm(token, second)).statusCode).toBe(201);
  });

  it('an expired registration cannot be confirmed', async () => {
    const p = SANDBOX_JCE_CITIZENS[10];
    const since = mail.received.length;
    const token = await startRegistration(t.app, p.cedula, PASSWORD, 'vencido@example.com');
    const code = await mail.codeFor('vencido@example.com', { since });
    await t.app.db.query(`UPDATE pending_registrations SET expires_at = now() - interval '1 second' WHERE cedula = $1`, [p.cedula]);
    expect((await confirm(token, code)).statusCode).toBe(400);
  });
});

describe('registration input', () => {
  const base = { cedula: SANDBOX_JCE_CITIZENS[11].cedula, fecha_nacimiento: SANDBOX_JCE_CITIZENS[11].fechaNacimiento, email: 'francisco@example.com' };

  it.each([
    [{ password: 'corta' }, 'password', /al menos 10 caracteres/],
    [{ password: 'x00118463025x' }, 'password', /no puede contener la cédula/],
    [{ password: 'aaaaaaaaaa' }, 'password', /fácil de adivinar/],
    [{ password: '1234567890' }, 'password', /fácil de adivinar/],
    [{ password: 'password12' }, 'password', /fácil de adivinar/],
    [{ password: 'franciscoabreu' }, 'password', /fácil de adivinar/],
    [{ password: PASSWORD, password_confirmation: 'Otra-clave-1' }, 'password_confirmation', /no coinciden/],
  ])('refuses %j with a Spanish reason', async (fields, path, message) => {
    const res = await post(REGISTER, { ...base, ...fields });
    expect(res.statusCode).toBe(400);
    const error = (res.json().errors as { path: string; message: string }[]).find((e) => e.path === path);
    expect(error?.message).toMatch(message);
  });

  it('refuses malformed cédulas and validates the body shape in Spanish', async () => {
    for (const cedula of ['00113918205', '12345', '40229183642']) {
      const res = await post(REGISTER, { ...base, cedula, password: PASSWORD });
      expect(res.statusCode).toBe(400);
    }
    const res = await post(REGISTER, { cedula: base.cedula, email: 'no-es-correo', fecha_nacimiento: '31/12/1990' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(expect.arrayContaining([
      { path: 'password', message: 'Requerido' },
      { path: 'email', message: 'Insertar un correo electrónico válido' },
      { path: 'fecha_nacimiento', message: 'Formato inválido' },
    ]));
  });

  it('bounds date-of-birth guesses per cédula, whatever the address', async () => {
    const target = SANDBOX_JCE_CITIZENS[3];
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await post(REGISTER, { cedula: target.cedula, fecha_nacimiento: `19${50 + i}-01-01`, email: 'g@example.com', password: PASSWORD }, `198.51.100.${i}`);
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

describe('login after registration', () => {
  it('logs in with the confirmed account', async () => {
    const p = SANDBOX_JCE_CITIZENS[4];
    await register(t.app, p.cedula, PASSWORD);
    expect(await login(t.app, p.cedula, PASSWORD)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
