/** Staff sign in apart from citizens (issue 12 §4): neither token opens the other's routes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_STAFF } from '../src/agencies/sandbox/sandboxData';
import { buildTestApp, type TestApp } from './buildTestApp';
import { bearer, DEMO, login } from './helpers';

let t: TestApp;
const officer = SANDBOX_STAFF[1];

async function staffLogin(email: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/v1/backoffice/auth/login', payload: { email, password } });
}

beforeAll(async () => { t = await buildTestApp(); });
afterAll(() => t.close());

describe('staff sign-in', () => {
  it('an officer of the sandbox signs in with the documented credentials and reads who they are', async () => {
    const res = await staffLogin(officer.email.toUpperCase(), officer.password);
    expect(res.statusCode, res.body).toBe(200);
    const { token, staff } = res.json<{ token: string; staff: Record<string, unknown> }>();
    expect(staff).toEqual({ id: expect.any(Number), email: officer.email, name: officer.name, role: 'oficial', institution: 'PGR' });
    expect(String(res.headers['set-cookie'])).toMatch(/staff_token=.*Path=\/v1\/backoffice.*HttpOnly.*SameSite=Strict/);
    const me = await t.app.inject({ method: 'GET', url: '/v1/backoffice/auth/me', headers: bearer(token) });
    expect(me.json()).toEqual({ data: staff });
    // Signed out: the token no longer opens anything.
    expect((await t.app.inject({ method: 'POST', url: '/v1/backoffice/auth/logout', headers: bearer(token) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/v1/backoffice/auth/me', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('a wrong password and an unknown e-mail get the same Spanish 401', async () => {
    const wrong = await staffLogin(officer.email, 'otra-cosa-2026');
    const unknown = await staffLogin('nadie@sandbox.gob.do', officer.password);
    expect([wrong.statusCode, unknown.statusCode]).toEqual([401, 401]);
    expect(wrong.json()).toEqual({ message: 'Correo o contraseña incorrecta' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('a citizen token never opens a staff route, a staff token never a citizen route, and staff cannot use the citizen login', async () => {
    const citizenToken = await login(t.app, DEMO.cedula, DEMO.password);
    const staffRes = await staffLogin(officer.email, officer.password);
    const staffToken = staffRes.json<{ token: string }>().token;
    const asStaff = await t.app.inject({ method: 'GET', url: '/v1/backoffice/auth/me', headers: bearer(citizenToken) });
    expect(asStaff.statusCode).toBe(401);
    expect(asStaff.json()).toEqual({ message: 'Inicie sesión con su cuenta de la institución' });
    const citizenCookie = await t.app.inject({ method: 'GET', url: '/v1/backoffice/auth/me', cookies: { token: citizenToken } });
    expect(citizenCookie.statusCode).toBe(401);
    for (const url of ['/v1/portals/auth/citizens/me', '/v1/portals/requests/citizen-profile/getRequestsByCitizenProfile']) {
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(staffToken) })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url, cookies: { staff_token: staffToken } })).statusCode).toBe(401);
    }
    const viaCitizenLogin = await t.app.inject({ method: 'POST', url: '/v1/portals/auth/citizens/login', payload: { cedula: officer.email, password: officer.password } });
    expect(viaCitizenLogin.statusCode).toBeGreaterThanOrEqual(400);
    expect(viaCitizenLogin.statusCode).toBeLessThan(500);
  });
});
