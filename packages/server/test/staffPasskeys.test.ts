/**
 * A passkey as the staff's second factor (issue 25 §2), over the real app and database, with the
 * real software authenticator (softAuthenticator.ts: ES256 keys of node:crypto, answers built per
 * the WebAuthn spec) and @simplewebauthn/server's real checks, through the same ceremonies as the
 * citizens' (services/passkeys/webauthn.ts): a member enrols one at the first sign-in (and sees the
 * recovery codes once), then signs in with password + passkey; a replayed answer, another member's
 * passkey, a citizen's passkey (and a staff passkey on the citizens' sign-in), an answer without
 * user verification and a challenge of another pending sign-in are refused; five refusals block the
 * sixth attempt; the administrator's reset removes the member's passkeys.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_STAFF } from '../src/agencies/sandbox/sandboxData';
import { createStaffAccount } from '../src/cli/createStaff';
import { buildTestApp, type TestApp } from './buildTestApp';
import { bearer, DEMO, login, staffLogin as staffSignIn } from './helpers';
import { SoftAuthenticator, type SoftCredential } from './softAuthenticator';
import { totpCodeAt } from './staffCodes';

let t: TestApp;
type Json = Record<string, any>;
const AUTH = '/v1/backoffice/auth';
const REFUSED = 'No se pudo verificar su llave de acceso. Intente de nuevo, o use un código de recuperación.';
const EXPIRED = 'El ingreso venció: escriba de nuevo su correo y su contraseña';
let address = 0;
/** A fresh client address per test, so the per-address limits of one test never reach another. */
const nextAddress = () => `10.28.0.${++address}`;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

async function call(url: string, payload: object | undefined, ip: string, headers: Record<string, string> = {}, cookies?: Record<string, string>) {
  const res = await t.app.inject({ method: 'POST', url, remoteAddress: ip, headers, ...(payload === undefined ? {} : { payload }), ...(cookies ? { cookies } : {}) });
  return { status: res.statusCode, body: (res.body === '' ? {} : res.json()) as Json, headers: res.headers };
}

let members = 0;
/** A staff member created as `npm run staff:create` does: no second factor yet. */
async function newMember(institution = 'PGR'): Promise<{ id: number; email: string; password: string; name: string }> {
  members += 1;
  const account = { email: `oficial.llave${members}@pgr.gob.do`, password: 'Guayaba-De-Azua-2026', name: `Oficial con llave ${members}` };
  const created = await createStaffAccount(t.app.db, t.app.passwords, { email: account.email, name: account.name, role: 'oficial', institution }, account.password);
  if (!('id' in created)) throw new Error(created.error);
  return { id: created.id, ...account };
}

/** The password step: the pending sign-in. */
async function password(member: { email: string; password: string }, ip: string) {
  const res = await call(`${AUTH}/login`, { email: member.email, password: member.password }, ip);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { step: 'alta' | 'codigo'; pending_token: string; factors: string[]; totp_secret: string | null };
}

/** Enrols a passkey of `auth` for the member at the first sign-in: the answer of auth/enrolment. */
async function enrolPasskey(member: { email: string; password: string }, auth: SoftAuthenticator, ip: string) {
  const pending = await password(member, ip);
  expect(pending.step).toBe('alta');
  const options = await call(`${AUTH}/enrolment/passkey-options`, { pending_token: pending.pending_token }, ip);
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  const response = auth.create(options.body.options);
  return call(`${AUTH}/enrolment`, { pending_token: pending.pending_token, passkey: { challenge_id: options.body.challenge_id, response } }, ip);
}

/** Password, then the second step answered by `auth` (a credential of its choosing, an alteration): the answer of auth/second-factor. */
async function signInWithPasskey(
  member: { email: string; password: string },
  auth: SoftAuthenticator,
  ip: string,
  { credential, userVerified }: { credential?: SoftCredential; userVerified?: boolean } = {},
) {
  const pending = await password(member, ip);
  const options = await call(`${AUTH}/second-factor/passkey-options`, { pending_token: pending.pending_token }, ip);
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  const answer = auth.get(options.body.options, { credential, userVerified });
  const res = await call(`${AUTH}/second-factor`, { pending_token: pending.pending_token, passkey: { challenge_id: options.body.challenge_id, response: answer } }, ip);
  return { ...res, pending: pending.pending_token, challengeId: options.body.challenge_id as string, answer, options: options.body.options as Json };
}

const staffPasskeyRows = async (staffId: number) => (await t.app.db.query('SELECT 1 FROM staff_passkeys WHERE staff_id = $1', [staffId])).rows.length;

describe('enrolment at the first sign-in', () => {
  it('offers both factors; the passkey path registers a credential of the member (user verification required) and answers the ten recovery codes once', async () => {
    const ip = nextAddress();
    const member = await newMember();
    const pending = await password(member, ip);
    expect(pending).toMatchObject({ step: 'alta', factors: ['llave_de_acceso', 'aplicacion'], totp_secret: expect.stringMatching(/^[A-Z2-7]{32}$/) });
    // No session yet, and the code step's options are not the enrolment's.
    expect((await call(`${AUTH}/second-factor/passkey-options`, { pending_token: pending.pending_token }, ip)).status).toBe(401);
    const options = await call(`${AUTH}/enrolment/passkey-options`, {}, ip, {}, { staff_pending: pending.pending_token });
    expect(options.status, JSON.stringify(options.body)).toBe(200);
    expect(options.headers['cache-control']).toBe('no-store');
    const creation = options.body.options;
    expect(creation).toMatchObject({
      rp: { id: 'localhost' },
      user: { name: member.email, displayName: `${member.name} (oficina)` },
      authenticatorSelection: { userVerification: 'required', residentKey: 'discouraged' },
      attestation: 'none',
    });
    // The user handle is random bytes, never the e-mail.
    expect(Buffer.from(creation.user.id, 'base64url')).toHaveLength(32);

    const auth = new SoftAuthenticator();
    const response = auth.create(creation);
    const enrolled = await call(`${AUTH}/enrolment`, { passkey: { challenge_id: options.body.challenge_id, response } }, ip, {}, { staff_pending: pending.pending_token });
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
    expect(enrolled.body).toMatchObject({ token: expect.any(String), staff: { email: member.email }, recovery_codes_left: 10 });
    expect(enrolled.body.recovery_codes).toHaveLength(10);
    const me = await t.app.inject({ method: 'GET', url: `${AUTH}/me`, headers: bearer(enrolled.body.token) });
    expect(me.json().data.email).toBe(member.email);
    // The credential is stored for the member (only its public key); the authenticator app was not enrolled.
    const { rows } = await t.app.db.query<{ credential_id: string; totp_secret: string | null }>(
      'SELECT p.credential_id, s.totp_secret FROM staff_passkeys p JOIN staff s ON s.id = p.staff_id WHERE p.staff_id = $1',
      [member.id],
    );
    expect(rows).toEqual([{ credential_id: response.id, totp_secret: null }]);
    // Never in the citizens' table.
    expect((await t.app.db.query('SELECT 1 FROM citizen_passkeys WHERE credential_id = $1', [response.id])).rows).toEqual([]);

    // The administrator's «Personal» shows it.
    const admin = await staffSignIn(t.app, SANDBOX_STAFF.find((s) => s.role === 'administrador')!);
    const list = await t.app.inject({ method: 'GET', url: '/v1/backoffice/staff', headers: bearer(admin) });
    expect(list.json().data.find((m: Json) => m.email === member.email)).toMatchObject({ second_factor: true, factors: ['llave_de_acceso'], recovery_codes_left: 10 });
  });

  it('refuses a registration without user verification, from another origin, or with the challenge of another pending sign-in; nothing is stored', async () => {
    const ip = nextAddress();
    const member = await newMember();
    const auth = new SoftAuthenticator();
    const attempt = async (build: (options: Json, other: string) => { response: object; challengeId: string; token: string }) => {
      const first = await password(member, ip);
      const second = await password(member, ip);
      const options = await call(`${AUTH}/enrolment/passkey-options`, { pending_token: first.pending_token }, ip);
      const { response, challengeId, token } = build({ ...options.body, pending: first.pending_token }, second.pending_token);
      return call(`${AUTH}/enrolment`, { pending_token: token, passkey: { challenge_id: challengeId, response } }, ip);
    };
    const unverified = await attempt((o) => ({ response: auth.create(o.options, { userVerified: false }), challengeId: o.challenge_id, token: o.pending }));
    expect([unverified.status, unverified.body.message]).toEqual([401, 'No se pudo crear la llave de acceso. Intente de nuevo, o elija la aplicación de autenticación.']);
    const foreign = await attempt((o) => ({ response: auth.create(o.options, { origin: 'https://portal-falso.example' }), challengeId: o.challenge_id, token: o.pending }));
    expect(foreign.status).toBe(401);
    // The challenge belongs to the first pending sign-in: the second one cannot use it.
    const otherPending = await attempt((o, other) => ({ response: auth.create(o.options), challengeId: o.challenge_id, token: other }));
    expect(otherPending.status).toBe(401);
    expect(await staffPasskeyRows(member.id)).toBe(0);
  });

  it('one factor per enrolment: with a passkey enrolled, a second pending enrolment cannot add the authenticator app (nor another passkey)', async () => {
    const ip = nextAddress();
    const member = await newMember();
    const stale = await password(member, ip);
    const auth = new SoftAuthenticator();
    expect((await enrolPasskey(member, auth, ip)).status).toBe(200);
    const code = totpCodeAt(stale.totp_secret!, Math.floor(Date.now() / 30_000));
    const app = await call(`${AUTH}/enrolment`, { pending_token: stale.pending_token, code }, ip);
    expect([app.status, app.body.message]).toEqual([401, EXPIRED]);
    const { rows } = await t.app.db.query<{ totp_secret: string | null }>('SELECT totp_secret FROM staff WHERE id = $1', [member.id]);
    expect(rows[0].totp_secret).toBeNull();
    // The next sign-in asks for the passkey, not an enrolment.
    expect(await password(member, ip)).toMatchObject({ step: 'codigo', factors: ['llave_de_acceso'], totp_secret: null });
  });
});

describe('signing in with password + passkey', () => {
  it('signs in with the member\'s passkey only (the options list it alone); the recovery codes still work; a TOTP code does not', async () => {
    const ip = nextAddress();
    const member = await newMember();
    const auth = new SoftAuthenticator();
    const enrolled = await enrolPasskey(member, auth, ip);
    const codes = enrolled.body.recovery_codes as string[];

    const signedIn = await signInWithPasskey(member, auth, ip);
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.options.userVerification).toBe('required');
    expect(signedIn.options.allowCredentials).toEqual([{ id: auth.credentials[0].id, type: 'public-key', transports: ['internal'] }]);
    expect(signedIn.body).toMatchObject({ token: expect.any(String), staff: { email: member.email }, recovery_codes_left: 10 });
    expect(String(signedIn.headers['set-cookie'])).toMatch(/staff_token=.*HttpOnly/);
    const me = await t.app.inject({ method: 'GET', url: `${AUTH}/me`, headers: bearer(signedIn.body.token) });
    expect(me.json().data.email).toBe(member.email);
    const used = await t.app.db.query<{ last_used_at: Date | null; counter: number }>('SELECT last_used_at, counter::int FROM staff_passkeys WHERE staff_id = $1', [member.id]);
    expect(used.rows[0]).toMatchObject({ last_used_at: expect.any(Date), counter: 1 });

    // Without an authenticator app, no code opens it; a recovery code does, once.
    const pending = await password(member, ip);
    const totp = await call(`${AUTH}/second-factor`, { pending_token: pending.pending_token, code: '123456' }, ip);
    expect([totp.status, totp.body.message]).toEqual([401, 'Código incorrecto']);
    const recovered = await call(`${AUTH}/second-factor`, { pending_token: pending.pending_token, recovery_code: codes[0] }, ip);
    expect(recovered.status, JSON.stringify(recovered.body)).toBe(200);
    expect(recovered.body.recovery_codes_left).toBe(9);
  });

  it('a replayed answer is refused: on a spent sign-in, on a new one, and its challenge again', async () => {
    const ip = nextAddress();
    const member = await newMember();
    const auth = new SoftAuthenticator();
    await enrolPasskey(member, auth, ip);
    const first = await signInWithPasskey(member, auth, ip);
    expect(first.status).toBe(200);
    // The same answer on the same (now spent) pending sign-in.
    const again = await call(`${AUTH}/second-factor`, { pending_token: first.pending, passkey: { challenge_id: first.challengeId, response: first.answer } }, ip);
    expect([again.status, again.body.message]).toEqual([401, EXPIRED]);
    // The same answer on a new pending sign-in: its challenge was used (and belonged to the other sign-in).
    const next = await password(member, ip);
    const replay = await call(`${AUTH}/second-factor`, { pending_token: next.pending_token, passkey: { challenge_id: first.challengeId, response: first.answer } }, ip);
    expect([replay.status, replay.body.message]).toEqual([401, REFUSED]);
    // A fresh challenge of another pending sign-in, answered, does not serve this one.
    const other = await password(member, ip);
    const otherOptions = await call(`${AUTH}/second-factor/passkey-options`, { pending_token: other.pending_token }, ip);
    const crossed = await call(`${AUTH}/second-factor`, { pending_token: next.pending_token, passkey: { challenge_id: otherOptions.body.challenge_id, response: auth.get(otherOptions.body.options) } }, ip);
    expect([crossed.status, crossed.body.message]).toEqual([401, REFUSED]);
    // Without user verification: refused.
    const unverified = await signInWithPasskey(member, auth, ip, { userVerified: false });
    expect([unverified.status, unverified.body.message]).toEqual([401, REFUSED]);
    // None of these opened a session on its token.
    expect((await t.app.inject({ method: 'GET', url: `${AUTH}/me`, headers: bearer(next.pending_token) })).statusCode).toBe(401);
  });

  it('another member\'s passkey never completes this member\'s sign-in', async () => {
    const ip = nextAddress();
    const [a, b] = [await newMember(), await newMember()];
    const authA = new SoftAuthenticator();
    const authB = new SoftAuthenticator();
    await enrolPasskey(a, authA, ip);
    await enrolPasskey(b, authB, ip);
    // B's authenticator answers A's challenge with B's credential: refused, and A's options never named it.
    const wrong = await signInWithPasskey(a, authB, ip, { credential: authB.credentials[0] });
    expect(wrong.options.allowCredentials.map((c: Json) => c.id)).toEqual([authA.credentials[0].id]);
    expect([wrong.status, wrong.body.message]).toEqual([401, REFUSED]);
    // And the right one still works for each.
    expect((await signInWithPasskey(a, authA, ip)).status).toBe(200);
    expect((await signInWithPasskey(b, authB, ip)).status).toBe(200);
  });

  it('staff and citizen credentials never cross: a citizen passkey never completes a staff sign-in, a staff passkey never a citizen sign-in', async () => {
    const ip = nextAddress();
    const member = await newMember();
    // One device (authenticator) holding a citizen's passkey and a staff member's.
    const device = new SoftAuthenticator();
    const citizenToken = await login(t.app, DEMO.cedula, DEMO.password);
    const regOptions = await t.app.inject({ method: 'POST', url: '/v1/portals/auth/citizens/passkeys/registration-options', headers: bearer(citizenToken), payload: { current_password: DEMO.password }, remoteAddress: ip });
    expect(regOptions.statusCode, regOptions.body).toBe(200);
    const citizenCredential = device.create(regOptions.json().options);
    const added = await t.app.inject({
      method: 'POST', url: '/v1/portals/auth/citizens/passkeys', headers: bearer(citizenToken), remoteAddress: ip,
      payload: { challenge_id: regOptions.json().challenge_id, device_name: 'Teléfono compartido', response: citizenCredential },
    });
    expect(added.statusCode, added.body).toBe(201);
    await enrolPasskey(member, device, ip);
    const [citizenKey, staffKey] = device.credentials;

    // The citizen's passkey answers the staff member's challenge: refused.
    const crossed = await signInWithPasskey(member, device, ip, { credential: citizenKey });
    expect([crossed.status, crossed.body.message]).toEqual([401, REFUSED]);

    // The staff passkey on the citizens' sign-in: refused (it is no citizen's), no session.
    const loginOptions = await t.app.inject({ method: 'POST', url: '/v1/portals/auth/citizens/passkeys/login-options', remoteAddress: ip });
    const asCitizen = await t.app.inject({
      method: 'POST', url: '/v1/portals/auth/citizens/passkeys/login', remoteAddress: ip,
      payload: { challenge_id: loginOptions.json().challenge_id, response: device.get(loginOptions.json().options, { credential: staffKey }) },
    });
    expect(asCitizen.statusCode).toBe(401);
    expect(asCitizen.json()).not.toHaveProperty('token');

    // A citizen ceremony's challenge (sign-in) never serves the staff step either, even answered with the staff passkey.
    const pending = await password(member, ip);
    const citizenChallenge = await t.app.inject({ method: 'POST', url: '/v1/portals/auth/citizens/passkeys/login-options', remoteAddress: ip });
    const foreignChallenge = await call(`${AUTH}/second-factor`, {
      pending_token: pending.pending_token,
      passkey: { challenge_id: citizenChallenge.json().challenge_id, response: device.get(citizenChallenge.json().options, { credential: staffKey }) },
    }, ip);
    expect([foreignChallenge.status, foreignChallenge.body.message]).toEqual([401, REFUSED]);

    // Each still works where it belongs.
    expect((await signInWithPasskey(member, device, ip, { credential: staffKey })).status).toBe(200);
    const options = await t.app.inject({ method: 'POST', url: '/v1/portals/auth/citizens/passkeys/login-options', remoteAddress: ip });
    const citizen = await t.app.inject({
      method: 'POST', url: '/v1/portals/auth/citizens/passkeys/login', remoteAddress: ip,
      payload: { challenge_id: options.json().challenge_id, response: device.get(options.json().options, { credential: citizenKey }) },
    });
    expect(citizen.statusCode, citizen.body).toBe(200);
  });

  it('a member without a passkey gets no passkey options (404); the options need a live pending sign-in (401)', async () => {
    const ip = nextAddress();
    const officer = SANDBOX_STAFF.find((s) => s.institution === 'INTRANT')!;
    const pending = await password(officer, ip);
    expect(pending).toMatchObject({ step: 'codigo', factors: ['aplicacion'] });
    const none = await call(`${AUTH}/second-factor/passkey-options`, { pending_token: pending.pending_token }, ip);
    expect([none.status, none.body.message]).toEqual([404, 'No tiene una llave de acceso: use el código de su aplicación de autenticación o uno de recuperación']);
    expect((await call(`${AUTH}/second-factor/passkey-options`, {}, ip)).status).toBe(401);
    expect((await call(`${AUTH}/enrolment/passkey-options`, { pending_token: 'x'.repeat(43) }, ip)).status).toBe(401);
    // The code step's token does not open the enrolment's options.
    expect((await call(`${AUTH}/enrolment/passkey-options`, { pending_token: pending.pending_token }, ip)).status).toBe(401);
  });

  it('five refused answers in 15 minutes: the sixth attempt is refused even with the right passkey', async () => {
    const ip = nextAddress();
    const member = await newMember();
    const auth = new SoftAuthenticator();
    await enrolPasskey(member, auth, ip);
    const pending = await password(member, ip);
    for (let i = 0; i < 5; i += 1) {
      const options = await call(`${AUTH}/second-factor/passkey-options`, { pending_token: pending.pending_token }, ip);
      const refused = await call(`${AUTH}/second-factor`, { pending_token: pending.pending_token, passkey: { challenge_id: options.body.challenge_id, response: auth.get(options.body.options, { userVerified: false }) } }, ip);
      expect(refused.status).toBe(401);
    }
    const options = await call(`${AUTH}/second-factor/passkey-options`, { pending_token: pending.pending_token }, ip);
    const blocked = await call(`${AUTH}/second-factor`, { pending_token: pending.pending_token, passkey: { challenge_id: options.body.challenge_id, response: auth.get(options.body.options) } }, ip);
    expect([blocked.status, blocked.body]).toEqual([429, { message: 'Demasiados intentos, intente más tarde' }]);
  });
});

describe('the administrator\'s reset', () => {
  it('removes the member\'s staff passkeys: the old passkey opens nothing, the next sign-in enrols again', async () => {
    const ip = nextAddress();
    const member = await newMember();
    const auth = new SoftAuthenticator();
    await enrolPasskey(member, auth, ip);
    const session = (await signInWithPasskey(member, auth, ip)).body.token as string;
    expect(await staffPasskeyRows(member.id)).toBe(1);
    const admin = await staffSignIn(t.app, SANDBOX_STAFF.find((s) => s.role === 'administrador')!);
    const reset = await t.app.inject({ method: 'POST', url: `/v1/backoffice/staff/${member.id}/second-factor/reset`, headers: bearer(admin) });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await staffPasskeyRows(member.id)).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: `${AUTH}/me`, headers: bearer(session) })).statusCode).toBe(401);
    const list = await t.app.inject({ method: 'GET', url: '/v1/backoffice/staff', headers: bearer(admin) });
    expect(list.json().data.find((m: Json) => m.email === member.email)).toMatchObject({ second_factor: false, factors: [], recovery_codes_left: 0 });

    // The next sign-in enrols again; the old passkey has no ceremony to answer.
    const pending = await password(member, ip);
    expect(pending).toMatchObject({ step: 'alta', factors: ['llave_de_acceso', 'aplicacion'] });
    expect((await call(`${AUTH}/second-factor/passkey-options`, { pending_token: pending.pending_token }, ip)).status).toBe(401);
    // Enrolling again on the same authenticator works (the same user handle: it replaces the old credential there).
    const options = await call(`${AUTH}/enrolment/passkey-options`, { pending_token: pending.pending_token }, ip);
    expect(options.body.options.excludeCredentials).toEqual([]);
    const again = await call(`${AUTH}/enrolment`, { pending_token: pending.pending_token, passkey: { challenge_id: options.body.challenge_id, response: auth.create(options.body.options) } }, ip);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    // The removed credential no longer signs in; the new one does.
    const old = await signInWithPasskey(member, auth, ip, { credential: auth.credentials[0] });
    expect([old.status, old.body.message]).toEqual([401, REFUSED]);
    expect((await signInWithPasskey(member, auth, ip, { credential: auth.credentials[1] })).status).toBe(200);
  });
});
