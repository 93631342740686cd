/**
 * Passkeys of citizens (issue 25 §3), end to end over the real app and database, with a real
 * software authenticator (softAuthenticator.ts: ES256 keys of node:crypto, answers built per the
 * WebAuthn spec) and the server's real @simplewebauthn/server checks:
 * enrolment needs a session and the current password (or a passkey), tells the account's
 * address and ends the other sessions; a passkey signs in to the same kind of session as a
 * password; replayed, altered, cloned, unverified or foreign-origin answers are refused; a
 * passkey of one citizen never signs in, or confirms a change for, another; a password lockout
 * never reaches the passkey sign-in; PUBLIC_URL sets the origin and RP ID and is checked at start.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { LOGIN_LIMITS } from '../src/services/loginThrottle';
import { mailboxOf, buildTestApp, type TestApp } from './buildTestApp';
import { bearer, DEMO, login, register } from './helpers';
import { SoftAuthenticator, type AssertionAnswer } from './softAuthenticator';

let t: TestApp;
const A = { cedula: '00104578232', password: 'Mango-verde-Bani-2026', email: '00104578232@example.com' };
const B = { cedula: '03105672194', password: 'Cacao-de-Moca-2026', email: '03105672194@example.com' };
const BASE = '/v1/portals/auth/citizens/passkeys';
let address = 0;
/** A fresh client address per call site, so the per-address route limits of one test never reach another. */
const nextAddress = () => `10.25.3.${++address}`;

beforeAll(async () => {
  t = await buildTestApp();
  await register(t.app, A.cedula, A.password, A.email);
  await register(t.app, B.cedula, B.password, B.email);
});

afterAll(async () => {
  await t?.close();
});

type Json = Record<string, any>;

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, options: { token?: string; payload?: object; ip?: string } = {}) {
  const res = await t.app.inject({
    method,
    url,
    remoteAddress: options.ip ?? nextAddress(),
    headers: options.token ? bearer(options.token) : {},
    ...(options.payload === undefined ? {} : { payload: options.payload }),
  });
  return { status: res.statusCode, body: (res.body === '' ? {} : res.json()) as Json, headers: res.headers };
}

/** Enrols a passkey of `auth` for the session `token`, confirmed with `proof`; returns the answer of POST /passkeys. */
async function enrol(auth: SoftAuthenticator, token: string, proof: object, deviceName = 'Teléfono de prueba') {
  const start = await call('POST', `${BASE}/registration-options`, { token, payload: proof });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const response = auth.create(start.body.options);
  return call('POST', BASE, { token, payload: { challenge_id: start.body.challenge_id, device_name: deviceName, response } });
}

/** Sign-in options, answered by `auth` (optionally changed by `alter`), posted to /login. */
async function signIn(auth: SoftAuthenticator, alter: (answer: AssertionAnswer) => AssertionAnswer = (a) => a, ip?: string) {
  const start = await call('POST', `${BASE}/login-options`);
  expect(start.status).toBe(200);
  const answer = alter(auth.get(start.body.options));
  const res = await call('POST', `${BASE}/login`, { payload: { challenge_id: start.body.challenge_id, response: answer }, ip });
  return { ...res, challengeId: start.body.challenge_id as string, answer };
}

const meOf = async (token: string) => call('GET', '/v1/portals/auth/citizens/me', { token });

describe('enrolment (Mi cuenta, CHOOSE_AUTH_METHOD → FACIAL_AUTH)', () => {
  it('needs a session: every signed-in passkey route answers 401 without one', async () => {
    expect((await call('GET', BASE)).status).toBe(401);
    expect((await call('POST', `${BASE}/registration-options`, { payload: { current_password: A.password } })).status).toBe(401);
    expect((await call('POST', BASE, { payload: { challenge_id: 'x', device_name: 'x', response: { id: 'a', rawId: 'a', type: 'public-key', response: { clientDataJSON: 'e30' } } } })).status).toBe(401);
    expect((await call('DELETE', `${BASE}/1`, { payload: { current_password: A.password } })).status).toBe(401);
  });

  it('a session alone cannot add one: the current password (right) or a passkey is asked in the request', async () => {
    const token = await login(t.app, A.cedula, A.password);
    const none = await call('POST', `${BASE}/registration-options`, { token, payload: {} });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Confirme el cambio con su contraseña actual o con otra llave de acceso');
    const wrong = await call('POST', `${BASE}/registration-options`, { token, payload: { current_password: 'No-es-la-clave-2026' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('La contraseña actual no es correcta');
    expect((await call('GET', BASE, { token })).body.data).toEqual([]);
  });

  it('enrols with the password: listed with its device name, the address is told, the other sessions end, this one stays', async () => {
    const other = await login(t.app, A.cedula, A.password);
    const token = await login(t.app, A.cedula, A.password);
    const mail = mailboxOf(t.app);
    const since = mail.received.length;
    const auth = new SoftAuthenticator();
    const created = await enrol(auth, token, { current_password: A.password }, 'Teléfono de María');
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ device_name: 'Teléfono de María', last_used_at: null });
    expect(created.headers['cache-control']).toBe('no-store');
    const list = await call('GET', BASE, { token });
    expect(list.body.data.map((p: Json) => p.device_name)).toContain('Teléfono de María');
    const told = await mail.waitFor(A.email, { since });
    expect(told.raw).toContain('Teléfono de María');
    expect((await meOf(other)).status).toBe(401);
    expect((await meOf(token)).status).toBe(200);
  });

  it('the registration challenge is single use, tied to its session and ceremony; the browser must be on PUBLIC_URL\'s origin', async () => {
    const token = await login(t.app, A.cedula, A.password);
    const otherSession = await login(t.app, A.cedula, A.password);
    const auth = new SoftAuthenticator();
    // Options asked by one session, answered from another: refused.
    let start = await call('POST', `${BASE}/registration-options`, { token, payload: { current_password: A.password } });
    let res = await call('POST', BASE, { token: otherSession, payload: { challenge_id: start.body.challenge_id, device_name: 'Robado', response: auth.create(start.body.options) } });
    expect(res.status).toBe(400);
    // The challenge was used up by that attempt: the right session cannot use it either.
    res = await call('POST', BASE, { token, payload: { challenge_id: start.body.challenge_id, device_name: 'Tarde', response: new SoftAuthenticator().create(start.body.options) } });
    expect(res.status).toBe(400);
    // A page on another origin (phishing) gets a credential the server refuses.
    start = await call('POST', `${BASE}/registration-options`, { token, payload: { current_password: A.password } });
    res = await call('POST', BASE, { token, payload: { challenge_id: start.body.challenge_id, device_name: 'Falso', response: new SoftAuthenticator().create(start.body.options, { origin: 'https://portal-gob.example' }) } });
    expect(res.status).toBe(400);
    // No user verification (no face or fingerprint): refused.
    start = await call('POST', `${BASE}/registration-options`, { token, payload: { current_password: A.password } });
    res = await call('POST', BASE, { token, payload: { challenge_id: start.body.challenge_id, device_name: 'Sin huella', response: new SoftAuthenticator().create(start.body.options, { userVerified: false }) } });
    expect(res.status).toBe(400);
    // The options ask for a discoverable credential with user verification, under PUBLIC_URL's RP ID.
    expect(start.body.options).toMatchObject({ rp: { id: 'localhost', name: 'Portal Ciudadano' }, authenticatorSelection: { residentKey: 'required', userVerification: 'required' }, attestation: 'none' });
    expect(start.body.options.user.name).toBe('001-0457823-2');
    expect(Buffer.from(start.body.options.user.id, 'base64url').toString('utf8')).not.toContain(A.cedula);
  });
});

describe('sign-in with a passkey («Ingresar con rostro o huella»)', () => {
  let auth: SoftAuthenticator;
  let citizenA: number;

  beforeAll(async () => {
    auth = new SoftAuthenticator();
    const token = await login(t.app, A.cedula, A.password);
    citizenA = (await meOf(token)).body.data.id;
    expect((await enrol(auth, token, { current_password: A.password }, 'Portátil')).status).toBe(201);
  });

  it('opens the same session as a password login: token, cookie, trusted browser, the citizen', async () => {
    const res = await signIn(auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.citizen).toMatchObject({ id: citizenA, cedula: A.cedula });
    expect(res.body.first_login).toBe(false);
    expect(res.headers['cache-control']).toBe('no-store');
    const cookies = String(res.headers['set-cookie']);
    expect(cookies).toMatch(/token=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Strict/);
    expect(cookies).toContain('device=');
    expect((await meOf(res.body.token)).body.data.id).toBe(citizenA);
    const list = await call('GET', BASE, { token: res.body.token });
    expect(list.body.data.find((p: Json) => p.device_name === 'Portátil').last_used_at).not.toBeNull();
  });

  it('a replayed answer (same challenge, same signature) is refused', async () => {
    const first = await signIn(auth);
    expect(first.status).toBe(200);
    const replay = await call('POST', `${BASE}/login`, { payload: { challenge_id: first.challengeId, response: first.answer } });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe('No se pudo verificar el desbloqueo facial o con huella. Intente de nuevo o ingrese con su cédula y contraseña.');
    expect(replay.body.token).toBeUndefined();
  });

  it('an old answer posted with a new challenge is refused (its client data signs the old one)', async () => {
    const first = await signIn(auth);
    expect(first.status).toBe(200);
    const start = await call('POST', `${BASE}/login-options`);
    expect((await call('POST', `${BASE}/login`, { payload: { challenge_id: start.body.challenge_id, response: first.answer } })).status).toBe(401);
  });

  it('altered answers are refused: client data, signature, authenticator data, user handle', async () => {
    const flip = (b64: string, at = 10) => {
      const bytes = Buffer.from(b64, 'base64url');
      bytes[Math.min(at, bytes.length - 1)] ^= 0x01;
      return bytes.toString('base64url');
    };
    const alterations: [string, (a: AssertionAnswer) => AssertionAnswer][] = [
      ['client data (origin changed, signature kept)', (a) => {
        const data = JSON.parse(Buffer.from(a.response.clientDataJSON, 'base64url').toString('utf8'));
        return { ...a, response: { ...a.response, clientDataJSON: Buffer.from(JSON.stringify({ ...data, origin: 'http://localhost:3000', extra: 1 })).toString('base64url') } };
      }],
      ['signature', (a) => ({ ...a, response: { ...a.response, signature: flip(a.response.signature, 20) } })],
      ['authenticator data (counter)', (a) => ({ ...a, response: { ...a.response, authenticatorData: flip(a.response.authenticatorData, 36) } })],
      ['user handle', (a) => ({ ...a, response: { ...a.response, userHandle: Buffer.alloc(32, 7).toString('base64url') } })],
    ];
    for (const [what, alter] of alterations) {
      const res = await signIn(auth, alter);
      expect(res.status, what).toBe(401);
    }
    // Unaltered, the same authenticator still gets in (the refusals changed nothing).
    expect((await signIn(auth)).status).toBe(200);
  });

  it('refuses an answer without user verification, from another origin, or from a cloned authenticator (counter not ahead)', async () => {
    let start = await call('POST', `${BASE}/login-options`);
    let res = await call('POST', `${BASE}/login`, { payload: { challenge_id: start.body.challenge_id, response: auth.get(start.body.options, { userVerified: false }) } });
    expect(res.status).toBe(401);
    start = await call('POST', `${BASE}/login-options`);
    res = await call('POST', `${BASE}/login`, { payload: { challenge_id: start.body.challenge_id, response: auth.get(start.body.options, { origin: 'https://portal-gob.example' }) } });
    expect(res.status).toBe(401);
    // A copy of the key whose counter is behind the one the server saw last.
    const credential = auth.credentials[0];
    const behind = credential.signCount;
    credential.signCount = 0;
    start = await call('POST', `${BASE}/login-options`);
    res = await call('POST', `${BASE}/login`, { payload: { challenge_id: start.body.challenge_id, response: auth.get(start.body.options) } });
    expect(res.status).toBe(401);
    credential.signCount = behind;
  });

  it('a passkey of citizen A never signs in citizen B, nor confirms a change of B\'s account', async () => {
    const tokenB = await login(t.app, B.cedula, B.password);
    const authB = new SoftAuthenticator();
    expect((await enrol(authB, tokenB, { current_password: B.password }, 'Teléfono de B')).status).toBe(201);
    const citizenB = (await meOf(tokenB)).body.data.id;
    // A's key always opens A's account, whatever the answer claims.
    const asA = await signIn(auth);
    expect(asA.body.citizen.id).toBe(citizenA);
    // A's credential claiming B's user handle: refused.
    const bHandle = authB.credentials[0].userHandle;
    expect((await signIn(auth, (a) => ({ ...a, response: { ...a.response, userHandle: bHandle } }))).status).toBe(401);
    // B's session, confirming with A's passkey: the step-up only accepts B's own passkeys.
    const confirmation = await call('POST', `${BASE}/confirmation-options`, { token: tokenB });
    expect(confirmation.status).toBe(200);
    const withA = auth.get({ ...confirmation.body.options, allowCredentials: [] }, { credential: auth.credentials[0] });
    const refused = await call('POST', `${BASE}/registration-options`, { token: tokenB, payload: { passkey: { challenge_id: confirmation.body.challenge_id, response: withA } } });
    expect(refused.status).toBe(400);
    // B cannot list or remove A's passkeys.
    const aPasskeys = (await call('GET', BASE, { token: asA.body.token })).body.data as Json[];
    const listB = (await call('GET', BASE, { token: tokenB })).body.data as Json[];
    expect(listB.map((p) => p.device_name)).toEqual(['Teléfono de B']);
    expect((await call('DELETE', `${BASE}/${aPasskeys[0].id}`, { token: tokenB, payload: { current_password: B.password } })).status).toBe(404);
    expect((await call('GET', BASE, { token: asA.body.token })).body.data).toHaveLength(aPasskeys.length);
    expect(citizenB).not.toBe(citizenA);
  });

  it('is counted apart from password guesses: a password lockout of the cédula and the address never reaches it', async () => {
    const ip = '10.25.9.9';
    for (let i = 0; i < LOGIN_LIMITS.perCedulaAndAddress.max; i++) {
      await t.app.inject({ method: 'POST', url: '/v1/portals/auth/citizens/login', remoteAddress: ip, payload: { cedula: A.cedula, password: 'Adivinando-2026' } });
    }
    const locked = await t.app.inject({ method: 'POST', url: '/v1/portals/auth/citizens/login', remoteAddress: ip, payload: { cedula: A.cedula, password: A.password } });
    expect(locked.statusCode).toBe(429);
    const res = await signIn(auth, undefined, ip);
    expect(res.status).toBe(200);
    expect(res.body.citizen.id).toBe(citizenA);
  });
});

describe('removal', () => {
  it('adding and removing need the password or a passkey of the account; a removed passkey no longer signs in', async () => {
    const tabletAuth = new SoftAuthenticator();
    const laptopAuth = new SoftAuthenticator();
    const token = await login(t.app, DEMO.cedula, DEMO.password);
    expect((await enrol(tabletAuth, token, { current_password: DEMO.password }, 'Tableta')).status).toBe(201);
    // The second one is confirmed with the first passkey instead of the password.
    const withTablet = await call('POST', `${BASE}/confirmation-options`, { token });
    expect(withTablet.status).toBe(200);
    const tabletProof = { passkey: { challenge_id: withTablet.body.challenge_id, response: tabletAuth.get(withTablet.body.options) } };
    expect((await enrol(laptopAuth, token, tabletProof, 'Portátil del trabajo')).status).toBe(201);
    const [tablet, laptop] = (await call('GET', BASE, { token })).body.data as Json[];
    const noProof = await call('DELETE', `${BASE}/${tablet.id}`, { token, payload: {} });
    expect(noProof.status).toBe(400);
    const wrong = await call('DELETE', `${BASE}/${tablet.id}`, { token, payload: { current_password: 'Otra-cosa-2026' } });
    expect(wrong.status).toBe(400);
    // With the other passkey (the laptop's): the tablet's goes.
    const confirmation = await call('POST', `${BASE}/confirmation-options`, { token });
    const proof = laptopAuth.get(confirmation.body.options);
    const removed = await call('DELETE', `${BASE}/${tablet.id}`, { token, payload: { passkey: { challenge_id: confirmation.body.challenge_id, response: proof } } });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.message).toBe('Llave de acceso eliminada');
    // The tablet's key no longer signs in.
    const start = await call('POST', `${BASE}/login-options`);
    const res = await call('POST', `${BASE}/login`, { payload: { challenge_id: start.body.challenge_id, response: tabletAuth.get(start.body.options) } });
    expect(res.status).toBe(401);
    // With the password: the laptop's goes; none left.
    expect((await call('DELETE', `${BASE}/${laptop.id}`, { token, payload: { current_password: DEMO.password } })).status).toBe(200);
    expect((await call('GET', BASE, { token })).body.data).toEqual([]);
    expect((await call('POST', `${BASE}/confirmation-options`, { token })).status).toBe(404);
  });
});

describe('PUBLIC_URL: the origin and RP ID of the passkeys, checked at start', () => {
  const base = { DATA_DIR: 'memory://' };
  it('gives the RP ID (its domain) and the origin; the default is http://localhost:PORT', () => {
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://portal.gob.do' }).webauthn).toEqual({ name: 'Portal Ciudadano', rpId: 'portal.gob.do', origin: 'https://portal.gob.do' });
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://portal.gob.do/' }).publicUrl).toBe('https://portal.gob.do');
    expect(loadConfig({ ...base, PORT: '8080' }).webauthn).toMatchObject({ rpId: 'localhost', origin: 'http://localhost:8080' });
  });

  it.each([
    ['http://127.0.0.1:3000', 'nombre de dominio'],
    ['https://10.0.0.5', 'nombre de dominio'],
    ['https://portal.gob.do/ciudadano', 'solo el origen'],
    ['http://portal.gob.do', 'https://'],
    ['portal.gob.do', 'dirección https:// completa'],
    ['https://usuario:clave@portal.gob.do', 'usuario ni contraseña'],
  ])('refuses %s with a line naming PUBLIC_URL', (value, detail) => {
    let error: unknown;
    try {
      loadConfig({ ...base, PUBLIC_URL: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe('PUBLIC_URL');
    expect((error as Error).message).toContain('Configuración inválida: PUBLIC_URL');
    expect((error as Error).message).toContain(detail);
  });

  it('refuses http://localhost in production', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' })).toThrow(/PUBLIC_URL/);
  });
});
