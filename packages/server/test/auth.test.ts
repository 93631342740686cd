import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_JCE_CITIZENS } from '../src/agencies/sandbox/sandboxData';
import { SESSION_CACHE_TTL_MS } from '../src/services/sessionCache';
import { hashToken } from '../src/services/sessionStore';
import { buildTestApp, type TestApp } from './buildTestApp';
import { bearer, DEMO, login } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const LOGIN = '/v1/portals/auth/citizens/login';
const ME = '/v1/portals/auth/citizens/me';
const LOGOUT = '/v1/portals/auth/citizens/logout';
const UNAUTHENTICATED = '{"message":"Unauthenticated."}';

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
    // inject() comes from 127.0.0.1: that is the proxy here.
    const proxied = await buildTestApp({ trustProxy: ['127.0.0.1'] }, { db: t.app.db });
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

  it('login and me answers are never cached (Cache-Control: no-store)', async () => {
    const res = await t.app.inject({ method: 'POST', url: LOGIN, payload: { cedula: DEMO.cedula, password: DEMO.password } });
    expect(res.headers['cache-control']).toBe('no-store');
    const me = await t.app.inject({ method: 'GET', url: ME, headers: bearer(res.json().token) });
    expect(me.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ method: 'POST', url: LOGIN, payload: { cedula: DEMO.cedula, password: 'equivocada-del-todo' } });
    expect(refused.headers['cache-control']).toBe('no-store');
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

  it('a session ended on another server sharing the database is refused within the session cache\'s few seconds', async () => {
    const other = await buildTestApp({}, { db: t.app.db });
    try {
      const token = await login(t.app, DEMO.cedula, DEMO.password);
      expect((await other.app.inject({ method: 'GET', url: ME, headers: bearer(token) })).statusCode).toBe(200);
      // Logged out through the first server: that server forgets it at once…
      await t.app.inject({ method: 'POST', url: LOGOUT, headers: bearer(token) });
      expect((await t.app.inject({ method: 'GET', url: ME, headers: bearer(token) })).statusCode).toBe(401);
      // …the other one once its cached entry is older than SESSION_CACHE_TTL_MS.
      await new Promise((resolve) => setTimeout(resolve, SESSION_CACHE_TTL_MS + 100));
      expect((await other.app.inject({ method: 'GET', url: ME, headers: bearer(token) })).statusCode).toBe(401);
    } finally {
      await other.close();
    }
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
