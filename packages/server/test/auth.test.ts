import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_JCE_CITIZENS } from '../src/agencies/sandbox/sandboxData';
import { hashToken } from '../src/services/sessionStore';
import { buildTestApp, type TestApp } from './buildTestApp';
import { bearer, DEMO, login, register } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const REGISTER = '/v1/portals/auth/citizens/register';
const LOGIN = '/v1/portals/auth/citizens/login';
const ME = '/v1/portals/auth/citizens/me';
const LOGOUT = '/v1/portals/auth/citizens/logout';
const UNAUTHENTICATED = '{"message":"Unauthenticated."}';

describe('register', () => {
  const person = SANDBOX_JCE_CITIZENS[0];

  it('creates an account with the JCE names and an argon2id hash', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: REGISTER,
      payload: { cedula: '001-0457823-2', email: 'Maria@Example.com', password: 'Clave-segura-1', password_confirmation: 'Clave-segura-1' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ cedula: person.cedula, nombres: person.nombres, apellidos: person.apellidos, email: 'maria@example.com' });
    const { rows } = await t.app.db.query<{ password_hash: string }>('SELECT password_hash FROM citizens WHERE cedula = $1', [person.cedula]);
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0].password_hash).not.toContain('Clave-segura-1');
  });

  it('refuses a second account for the same cédula with 409', async () => {
    const res = await t.app.inject({ method: 'POST', url: REGISTER, payload: { cedula: person.cedula, email: 'x@example.com', password: 'Otra-clave-larga' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Ya existe una cuenta con esta cédula' });
  });

  it('refuses cédulas that are malformed or not in the JCE registry', async () => {
    for (const cedula of ['00113918205', '12345', '40229183642']) {
      const res = await t.app.inject({ method: 'POST', url: REGISTER, payload: { cedula, email: 'x@example.com', password: 'Clave-segura-1' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Cédula inválida', errors: [{ path: 'cedula', message: 'Cédula inválida' }] });
    }
  });

  it.each([
    [{ password: 'corta' }, 'password', 'La contraseña debe tener al menos 10 caracteres'],
    [{ password: 'x03105672194x' }, 'password', 'La contraseña no puede contener la cédula'],
    [{ password: 'x031-0567219-4x' }, 'password', 'La contraseña no puede contener la cédula'],
    [{ password: 'Clave-segura-1', password_confirmation: 'Otra-clave-1' }, 'password_confirmation', 'Las contraseñas no coinciden'],
  ])('checks the password rules: %j', async (fields, path, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: REGISTER,
      payload: { cedula: SANDBOX_JCE_CITIZENS[2].cedula, email: 'ana@example.com', ...fields },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Datos inválidos', errors: [{ path, message }] });
  });

  it('validates the body shape with Spanish messages', async () => {
    const res = await t.app.inject({ method: 'POST', url: REGISTER, payload: { cedula: SANDBOX_JCE_CITIZENS[2].cedula, email: 'no-es-correo' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Datos inválidos',
      errors: expect.arrayContaining([
        { path: 'password', message: 'Requerido' },
        { path: 'email', message: 'Insertar un correo electrónico válido' },
      ]),
    });
  });
});

describe('login, me, logout', () => {
  it('logs in the demo citizen, sets a strict HttpOnly cookie and stores only the token hash', async () => {
    const res = await t.app.inject({ method: 'POST', url: LOGIN, payload: { cedula: DEMO.cedula, password: DEMO.password } });
    expect(res.statusCode).toBe(200);
    const { token, citizen } = res.json();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(citizen).toEqual({ id: expect.any(Number), cedula: DEMO.cedula, nombres: 'Juan Carlos', apellidos: 'Peña Núñez', email: 'demo.ciudadano@example.com' });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain(`token=${token}`);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).not.toContain('Secure');
    const { rows } = await t.app.db.query<{ token_hash: string }>('SELECT token_hash FROM sessions');
    expect(rows.map((r) => r.token_hash)).toContain(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('marks the cookie Secure when the request came over HTTPS (behind a trusted proxy)', async () => {
    const proxied = await buildTestApp({ trustProxy: true }, { db: t.app.db });
    try {
      const res = await proxied.app.inject({
        method: 'POST',
        url: LOGIN,
        headers: { 'x-forwarded-proto': 'https' },
        payload: { cedula: DEMO.cedula, password: DEMO.password },
      });
      expect(String(res.headers['set-cookie'])).toContain('Secure');
    } finally {
      await proxied.close();
    }
  });

  it('me answers the session citizen by bearer token or cookie (raw or JSON)', async () => {
    const token = await login(t.app, DEMO.cedula, DEMO.password);
    for (const headers of [bearer(token), { cookie: `token=${token}` }, { cookie: `token=${encodeURIComponent(JSON.stringify({ token }))}` }]) {
      const res = await t.app.inject({ method: 'GET', url: ME, headers });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.cedula).toBe(DEMO.cedula);
    }
  });

  it.each([
    {},
    { authorization: 'Bearer ' },
    { authorization: 'Bearer no-existe-este-token-en-la-base' },
    { authorization: 'Basic dXNlcjpwYXNz' },
    { cookie: 'token=%7Bmalformed' },
  ])('answers exactly {"message":"Unauthenticated."} with 401 for %j', async (headers) => {
    const res = await t.app.inject({ method: 'GET', url: ME, headers });
    expect(res.statusCode).toBe(401);
    expect(res.body).toBe(UNAUTHENTICATED);
  });

  it('answers 401 to an anonymous caller before reading its body (bad JSON, a wrong shape, an upload)', async () => {
    const calls = [
      { method: 'PUT' as const, url: '/v1/portals/formalizaciones/1', headers: { 'content-type': 'application/json' }, payload: '{no es json' },
      { method: 'PUT' as const, url: '/v1/portals/formalizaciones/no-es-id', headers: { 'content-type': 'application/json' }, payload: '{"otro":1}' },
      { method: 'POST' as const, url: '/v1/portals/auth/citizens/changepassword', headers: { 'content-type': 'application/json' }, payload: '[]' },
      { method: 'POST' as const, url: '/v1/portals/documents', headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x\r\nbasura' },
    ];
    for (const call of calls) {
      const res = await t.app.inject(call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(res.body).toBe(UNAUTHENTICATED);
    }
  });

  it('logout revokes the token and clears the cookie', async () => {
    const token = await login(t.app, DEMO.cedula, DEMO.password);
    const out = await t.app.inject({ method: 'POST', url: LOGOUT, headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/token=;/);
    const me = await t.app.inject({ method: 'GET', url: ME, headers: bearer(token) });
    expect(me.statusCode).toBe(401);
    expect(me.body).toBe(UNAUTHENTICATED);
    const again = await t.app.inject({ method: 'POST', url: LOGOUT, headers: bearer(token) });
    expect(again.statusCode).toBe(401);
  });

  it('expired sessions are refused', async () => {
    const token = await login(t.app, DEMO.cedula, DEMO.password);
    await t.app.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [hashToken(token)]);
    const me = await t.app.inject({ method: 'GET', url: ME, headers: bearer(token) });
    expect(me.statusCode).toBe(401);
  });

  it('sessions expire after SESSION_TTL_HOURS', async () => {
    const token = await login(t.app, DEMO.cedula, DEMO.password);
    const { rows } = await t.app.db.query<{ hours: number }>(
      'SELECT extract(epoch FROM (expires_at - created_at))::float8 / 3600 AS hours FROM sessions WHERE token_hash = $1',
      [hashToken(token)],
    );
    expect(rows[0].hours).toBeCloseTo(t.config.sessionTtlHours, 3);
  });

  it('wrong password and unknown cédula both give 401 "Cédula o contraseña incorrecta"', async () => {
    for (const payload of [
      { cedula: DEMO.cedula, password: 'equivocada-123' },
      { cedula: SANDBOX_JCE_CITIZENS[5].cedula, password: 'sin-cuenta-123' },
      { cedula: 'basura', password: 'x' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: LOGIN, payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Cédula o contraseña incorrecta' });
    }
  });
});

describe('login throttling', () => {
  it('locks a cédula after 5 failures in 15 minutes, even for the right password', async () => {
    const cedula = SANDBOX_JCE_CITIZENS[3].cedula;
    await register(t.app, cedula, 'Clave-correcta-3');
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ method: 'POST', url: LOGIN, payload: { cedula, password: `mala-${i}-xxxxx` }, remoteAddress: `10.0.0.${i + 1}` });
      expect(res.statusCode).toBe(401);
    }
    const locked = await t.app.inject({ method: 'POST', url: LOGIN, payload: { cedula, password: 'Clave-correcta-3' }, remoteAddress: '10.0.1.1' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ message: 'Demasiados intentos, intente más tarde' });
    // Once the failures are older than the window the account opens again.
    await t.app.db.query(`UPDATE login_attempts SET created_at = now() - interval '16 minutes' WHERE cedula = $1`, [cedula]);
    const open = await t.app.inject({ method: 'POST', url: LOGIN, payload: { cedula, password: 'Clave-correcta-3' }, remoteAddress: '10.0.1.1' });
    expect(open.statusCode).toBe(200);
  });

  it('locks an address after 20 failures across cédulas', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 20; i++) {
      const res = await t.app.inject({ method: 'POST', url: LOGIN, payload: { cedula: `9${String(i).padStart(10, '0')}`, password: 'nada-nada-nada' }, remoteAddress: ip });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await t.app.inject({ method: 'POST', url: LOGIN, payload: { cedula: DEMO.cedula, password: DEMO.password }, remoteAddress: ip });
    expect(blocked.statusCode).toBe(429);
    const elsewhere = await t.app.inject({ method: 'POST', url: LOGIN, payload: { cedula: DEMO.cedula, password: DEMO.password }, remoteAddress: '192.0.2.78' });
    expect(elsewhere.statusCode).toBe(200);
  });
});
