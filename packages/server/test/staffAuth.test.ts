/**
 * Staff sign in apart from citizens (issue 12 §4): neither token opens the
 * other's routes. And with a second factor every time (issue 25 §2): the
 * password alone opens no session; the authenticator app's code (each used
 * once) or a recovery code (each used once) does; a member without a factor
 * enrols; an administrator resets another member's factor (audited).
 */
import { SANDBOX_STAFF_TOTP_SECRET } from '@portal/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_STAFF } from '../src/agencies/sandbox/sandboxData';
import { createStaffAccount } from '../src/cli/createStaff';
import { buildTestApp, type TestApp } from './buildTestApp';
import { bearer, DEMO, login, staffLogin as signIn, staffScopeOf } from './helpers';
import { nextStaffCode, totpCodeAt } from './staffCodes';

let t: TestApp;
const officer = SANDBOX_STAFF[1];

const admin = SANDBOX_STAFF.find((s) => s.role === 'administrador')!;

/** The password step alone. */
async function staffLogin(email: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/v1/backoffice/auth/login', payload: { email, password } });
}

/** The password step's pending token (fails the test otherwise). */
async function pendingOf(email: string, password: string): Promise<{ pending_token: string; step: string; totp_secret: string | null; totp_uri: string | null }> {
  const res = await staffLogin(email, password);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const secondFactor = (payload: object, cookies?: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/v1/backoffice/auth/second-factor', payload, ...(cookies ? { cookies } : {}) });
const currentStep = () => Math.floor(Date.now() / 30_000);

beforeAll(async () => { t = await buildTestApp(); });
afterAll(() => t.close());

describe('staff sign-in', () => {
  it('an officer of the sandbox signs in with the documented credentials and reads who they are', async () => {
    const pending = await pendingOf(officer.email.toUpperCase(), officer.password);
    expect(pending.step).toBe('codigo');
    const res = await secondFactor({ pending_token: pending.pending_token, code: (await nextStaffCode(staffScopeOf(t.app), officer.email)).code });
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
    const staffToken = await signIn(t.app, officer);
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

describe('staff second factor (issue 25 §2)', () => {
  it('the password alone opens no session: the pending token opens no staff route and is not a staff cookie', async () => {
    const sessions = async () => (await t.app.db.query('SELECT 1 FROM staff_sessions s JOIN staff m ON m.id = s.staff_id WHERE m.email = $1', [officer.email])).rows.length;
    const before = await sessions();
    const res = await staffLogin(officer.email, officer.password);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Record<string, unknown>>();
    expect(body).toEqual({ step: 'codigo', pending_token: expect.any(String), expires_in: 300, totp_secret: null, totp_uri: null, factors: ['aplicacion'] });
    expect(body).not.toHaveProperty('token');
    const cookies = String(res.headers['set-cookie']);
    expect(cookies).not.toMatch(/staff_token=/);
    expect(cookies).toMatch(/staff_pending=.*Path=\/v1\/backoffice\/auth.*HttpOnly.*SameSite=Strict/);
    expect(res.headers['cache-control']).toBe('no-store');
    const pending = body.pending_token as string;
    for (const url of ['/v1/backoffice/auth/me', '/v1/backoffice/requests']) {
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(pending) })).statusCode, url).toBe(401);
      expect((await t.app.inject({ method: 'GET', url, cookies: { staff_token: pending } })).statusCode, url).toBe(401);
    }
    expect(await sessions()).toBe(before);
  });

  it('a code opens one session: wrong code 401, the cookie works as the body token, a reused or stale code is refused, a spent challenge too', async () => {
    const account = SANDBOX_STAFF.find((s) => s.institution === 'INTRANT')!;
    const scope = staffScopeOf(t.app);
    const first = await pendingOf(account.email, account.password);
    const wrong = await secondFactor({ pending_token: first.pending_token, code: totpCodeAt(SANDBOX_STAFF_TOTP_SECRET, currentStep()) === '000000' ? '111111' : '000000' });
    expect([wrong.statusCode, wrong.json()]).toEqual([401, { message: 'Código incorrecto' }]);
    const { code } = await nextStaffCode(scope, account.email);
    // The browser's way: the HttpOnly cookie of the password step, no token in the body.
    const ok = await secondFactor({ code }, { staff_pending: first.pending_token });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ token: expect.any(String), staff: { email: account.email }, recovery_codes_left: 0 });
    expect(String(ok.headers['set-cookie'])).toMatch(/staff_token=.*HttpOnly/);
    // The challenge is spent.
    expect((await secondFactor({ pending_token: first.pending_token, code: (await nextStaffCode(scope, account.email)).code })).json()).toEqual({ message: 'El ingreso venció: escriba de nuevo su correo y su contraseña' });
    // The same code again, on a new sign-in: refused (each code opens one sign-in).
    const second = await pendingOf(account.email, account.password);
    const reused = await secondFactor({ pending_token: second.pending_token, code });
    expect([reused.statusCode, reused.json().message]).toEqual([401, expect.stringMatching(/^Ese código ya se usó/)]);
    // A code of two steps ago is outside the window.
    const stale = await secondFactor({ pending_token: second.pending_token, code: totpCodeAt(SANDBOX_STAFF_TOTP_SECRET, currentStep() - 3) });
    expect(stale.statusCode).toBe(401);
    // No session came of any of these.
    expect((await t.app.inject({ method: 'GET', url: '/v1/backoffice/auth/me', headers: bearer(second.pending_token) })).statusCode).toBe(401);
  });

  it('two sign-ins racing with one code: exactly one session opens', async () => {
    const account = SANDBOX_STAFF.find((s) => s.institution === 'VUF')!;
    const [a, b] = [await pendingOf(account.email, account.password), await pendingOf(account.email, account.password)];
    const { code } = await nextStaffCode(staffScopeOf(t.app), account.email);
    const answers = await Promise.all([secondFactor({ pending_token: a.pending_token, code }), secondFactor({ pending_token: b.pending_token, code })]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('five wrong codes in 15 minutes: the sixth attempt is refused even with the right code', async () => {
    const account = SANDBOX_STAFF.find((s) => s.institution === 'INAPA')!;
    const { pending_token: pending } = await pendingOf(account.email, account.password);
    const right = totpCodeAt(SANDBOX_STAFF_TOTP_SECRET, currentStep());
    const wrongCode = right === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i += 1) expect((await secondFactor({ pending_token: pending, code: wrongCode })).statusCode).toBe(401);
    const blocked = await secondFactor({ pending_token: pending, code: (await nextStaffCode(staffScopeOf(t.app), account.email)).code });
    expect([blocked.statusCode, blocked.json()]).toEqual([429, { message: 'Demasiados intentos, intente más tarde' }]);
  });

  it('a member created without a factor enrols at the first sign-in, gets ten recovery codes, each usable once; then the code is asked', async () => {
    const member = { email: 'rosa.diaz@inapa.gob.do', password: 'Cocos-De-Samana-Al-Sol-4' };
    expect(await createStaffAccount(t.app.db, t.app.passwords, { email: member.email, name: 'Rosa Díaz', role: 'oficial', institution: 'INAPA' }, member.password)).toMatchObject({ email: member.email });
    const alta = await pendingOf(member.email, member.password);
    expect(alta.step).toBe('alta');
    expect(alta.totp_secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(alta.totp_uri).toBe(`otpauth://totp/Portal%20ciudadano%20(oficina):rosa.diaz%40inapa.gob.do?issuer=Portal%20ciudadano%20(oficina)&secret=${alta.totp_secret}&algorithm=SHA1&digits=6&period=30`);
    // The enrolment's token is not the code step's.
    expect((await secondFactor({ pending_token: alta.pending_token, code: totpCodeAt(alta.totp_secret!, currentStep()) })).statusCode).toBe(401);
    const enrol = (code: string) => t.app.inject({ method: 'POST', url: '/v1/backoffice/auth/enrolment', payload: { pending_token: alta.pending_token, code } });
    const right = totpCodeAt(alta.totp_secret!, currentStep());
    expect((await enrol(right === '123456' ? '654321' : '123456')).statusCode).toBe(401);
    const enrolled = await enrol(right);
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    const { token, recovery_codes: codes } = enrolled.json<{ token: string; recovery_codes: string[] }>();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect((await t.app.inject({ method: 'GET', url: '/v1/backoffice/auth/me', headers: bearer(token) })).json().data.email).toBe(member.email);
    // Only hashes are stored.
    const stored = await t.app.db.query<{ code_hash: string }>('SELECT code_hash FROM staff_recovery_codes r JOIN staff s ON s.id = r.staff_id WHERE s.email = $1', [member.email]);
    expect(stored.rows).toHaveLength(10);
    expect(JSON.stringify(stored.rows)).not.toContain(codes[0].slice(0, 4) + codes[0].slice(5, 9));

    // The next sign-in asks for the code; a recovery code stands in for it once (any case, with or without dashes).
    const next = await pendingOf(member.email, member.password);
    expect(next.step).toBe('codigo');
    const recovered = await secondFactor({ pending_token: next.pending_token, recovery_code: codes[3].toUpperCase().replace(/-/g, ' ') });
    expect(recovered.statusCode, recovered.body).toBe(200);
    expect(recovered.json().recovery_codes_left).toBe(9);
    const again = await pendingOf(member.email, member.password);
    const reused = await secondFactor({ pending_token: again.pending_token, recovery_code: codes[3] });
    expect([reused.statusCode, reused.json()]).toEqual([401, { message: 'Código de recuperación incorrecto o ya usado' }]);
    // The enrolled key's next code works.
    const withCode = await secondFactor({ pending_token: again.pending_token, code: totpCodeAt(alta.totp_secret!, currentStep() + 1) });
    expect(withCode.statusCode, withCode.body).toBe(200);
  });

  it('the sandbox accounts come enrolled with the documented key; staff created by the command come without', async () => {
    const { rows } = await t.app.db.query<{ email: string; totp_secret: string | null }>('SELECT email, totp_secret FROM staff WHERE email = ANY($1::text[])', [SANDBOX_STAFF.map((s) => s.email)]);
    expect(rows).toHaveLength(SANDBOX_STAFF.length);
    for (const row of rows) expect(row.totp_secret, row.email).toBe(SANDBOX_STAFF_TOTP_SECRET);
  });

  it('an administrator resets another member\'s factor: audited, their sessions end, they enrol again; an officer cannot, nor can one reset their own', async () => {
    const target = SANDBOX_STAFF.find((s) => s.institution === 'DGII')!;
    const adminToken = await signIn(t.app, admin);
    const targetToken = await signIn(t.app, target);
    const officerToken = await signIn(t.app, SANDBOX_STAFF.find((s) => s.institution === 'VUF')!);
    const list = await t.app.inject({ method: 'GET', url: '/v1/backoffice/staff', headers: bearer(adminToken) });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const members = list.json<{ data: Array<{ id: number; email: string; second_factor: boolean }> }>().data;
    const targetRow = members.find((m) => m.email === target.email)!;
    const adminRow = members.find((m) => m.email === admin.email)!;
    expect(targetRow).toMatchObject({ role: 'oficial', institution: 'DGII', active: true, second_factor: true, recovery_codes_left: 0 });
    const reset = (id: number, token: string) => t.app.inject({ method: 'POST', url: `/v1/backoffice/staff/${id}/second-factor/reset`, headers: bearer(token) });

    expect((await t.app.inject({ method: 'GET', url: '/v1/backoffice/staff', headers: bearer(officerToken) })).statusCode).toBe(403);
    expect((await reset(targetRow.id, officerToken)).statusCode).toBe(403);
    expect((await reset(adminRow.id, adminToken)).statusCode).toBe(409);
    expect((await reset(999999, adminToken)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/v1/backoffice/auth/me', headers: bearer(targetToken) })).statusCode).toBe(200);

    const done = await reset(targetRow.id, adminToken);
    expect([done.statusCode, done.json()]).toEqual([200, { message: 'Segundo factor restablecido: Oficial de la DGII lo configurará en su próximo ingreso' }]);
    expect((await t.app.inject({ method: 'GET', url: '/v1/backoffice/auth/me', headers: bearer(targetToken) })).statusCode).toBe(401);
    const audit = await t.app.inject({ method: 'GET', url: '/v1/backoffice/audit?action=restablecer_segundo_factor', headers: bearer(adminToken) });
    expect(audit.json().data).toEqual([expect.objectContaining({ staff_id: adminRow.id, action: 'restablecer_segundo_factor', detail: { staffId: targetRow.id, staffName: 'Oficial de la DGII', staffEmail: target.email } })]);
    // The old key no longer opens anything: the next sign-in enrols a new one.
    const after = await pendingOf(target.email, target.password);
    expect(after.step).toBe('alta');
    expect(after.totp_secret).not.toBe(SANDBOX_STAFF_TOTP_SECRET);
    expect((await secondFactor({ pending_token: after.pending_token, code: totpCodeAt(SANDBOX_STAFF_TOTP_SECRET, currentStep()) })).statusCode).toBe(401);
  });
});
