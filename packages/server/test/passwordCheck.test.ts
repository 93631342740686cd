/**
 * POST /v1/portals/auth/citizens/password-check: the server's verdict on a new password, asked by the
 * browser (which no longer loads zxcvbn). The real app on its own database: good, guessable, with the
 * cédula, with the person's own words, too long and malformed bodies; the same words as the
 * registration's refusal; no session needed (a stale one does not get in the way); limited per
 * address; the password never reaches the log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordProblem, PASSWORD_GUESSABLE } from '@portal/form-engine/password';
import { PASSWORD_HAS_CEDULA, PASSWORD_TOO_SHORT } from '@portal/form-engine/password-rules';
import { SANDBOX_JCE_CITIZENS } from '../src/agencies/sandbox/sandboxData';
import { PASSWORD_CHECK_LIMIT } from '../src/routes/auth/passwordCheckRoutes';
import { buildTestApp, type TestApp } from './buildTestApp';
import { bearer, birthDateOf, DEMO, login } from './helpers';

const CHECK = '/v1/portals/auth/citizens/password-check';
const CEDULA = '40229183641';

let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  // Every log line, down to trace, to prove the password is in none of them.
  t = await buildTestApp({ logLevel: 'trace' }, { logStream: { write: (line) => logLines.push(line) } });
});
afterAll(() => t.close());

let address = 0;
/** The route is limited per address: each test asks from its own. */
const nextAddress = () => `198.51.100.${++address}`;

function check(payload: unknown, options: { remoteAddress?: string; headers?: Record<string, string> } = {}) {
  const text = typeof payload === 'string';
  return t.app.inject({
    method: 'POST',
    url: CHECK,
    remoteAddress: options.remoteAddress ?? nextAddress(),
    // A string is sent as it is (malformed JSON); an object, as JSON.
    headers: text ? { 'content-type': 'application/json', ...options.headers } : options.headers,
    payload: text ? payload : (payload as object),
  });
}

describe('POST /v1/portals/auth/citizens/password-check', () => {
  it('accepts a strong password: its score and no problem, without a session, not stored in any cache', async () => {
    const res = await check({ password: 'Mango-verde-Bani-2026', cedula: CEDULA, personal: ['maria@example.com'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ score: expect.any(Number), problem: null });
    expect(res.json().score).toBeGreaterThanOrEqual(3);
    expect(res.headers['cache-control']).toBe('no-store');
    // Only the password is required.
    expect((await check({ password: 'Tr0mb0n-azul-Cibao' })).json()).toMatchObject({ problem: null });
  });

  it('refuses a guessable password with zxcvbn\'s Spanish reason, the words the policy gives', async () => {
    for (const password of ['aaaaaaaaaa', '1234567890', 'password12', 'contraseña123']) {
      const res = await check({ password, cedula: CEDULA });
      expect(res.statusCode, res.body).toBe(200);
      const { score, problem } = res.json<{ score: number; problem: string }>();
      expect(score).toBeLessThan(3);
      expect(problem).toMatch(new RegExp(`^${PASSWORD_GUESSABLE}`));
      expect(problem).toBe(passwordProblem(password, CEDULA));
    }
  });

  it('applies the cheap rules: too short, the cédula with or without dashes (score 0)', async () => {
    expect((await check({ password: 'corto', cedula: CEDULA })).json()).toEqual({ score: 0, problem: PASSWORD_TOO_SHORT });
    expect((await check({ password: `Clave-${CEDULA}`, cedula: CEDULA })).json()).toEqual({ score: 0, problem: PASSWORD_HAS_CEDULA });
    expect((await check({ password: 'Clave-402-2918364-1', cedula: '402-2918364-1' })).json()).toEqual({ score: 0, problem: PASSWORD_HAS_CEDULA });
  });

  it('counts the person\'s own words (names, e-mail) as guessable', async () => {
    const personal = ['Juan Carlos', 'Peña Núñez', 'juancarlospena@example.com'];
    const res = await check({ password: 'juancarlospena', cedula: CEDULA, personal });
    expect(res.json().problem).toMatch(/datos personales/);
    expect(res.json().problem).toBe(passwordProblem('juancarlospena', CEDULA, personal));
  });

  it('answers with the same words as the registration\'s refusal of that password', async () => {
    const person = SANDBOX_JCE_CITIZENS[7];
    const email = `check.${person.cedula}@example.com`;
    const from = nextAddress();
    for (const password of ['qwertyuiop', `x${person.cedula}x`]) {
      const verdict = (await check({ password, cedula: person.cedula, personal: [email] })).json<{ problem: string }>();
      const registration = await t.app.inject({
        method: 'POST', url: '/v1/portals/auth/citizens/register', remoteAddress: from,
        payload: { cedula: person.cedula, fecha_nacimiento: birthDateOf(person.cedula), email, password, password_confirmation: password },
      });
      expect(registration.statusCode).toBe(400);
      expect(registration.json().errors).toEqual([{ path: 'password', message: verdict.problem }]);
    }
  });

  it('refuses a password over 256 characters and malformed bodies with a 400 in Spanish, naming the field', async () => {
    const refused = async (payload: unknown) => {
      const res = await check(payload);
      expect(res.statusCode, res.body).toBe(400);
      return res.json<{ message: string; errors?: { path: string; message: string }[] }>();
    };
    expect(await refused({ password: 'x'.repeat(257) })).toEqual({ message: 'Datos inválidos', errors: [{ path: 'password', message: 'Debe tener como máximo 256 caracteres' }] });
    expect((await refused({})).errors).toEqual([{ path: 'password', message: 'Requerido' }]);
    expect((await refused({ password: '' })).errors).toEqual([{ path: 'password', message: 'Debe tener al menos 1 caracteres' }]);
    expect((await refused({ password: 'Mango-verde-Bani-2026', cedula: 'cuatro-cero-dos' })).errors).toEqual([{ path: 'cedula', message: 'Formato inválido' }]);
    expect((await refused({ password: 'Mango-verde-Bani-2026', cedula: '4'.repeat(21) })).errors).toEqual([{ path: 'cedula', message: 'Debe tener como máximo 20 caracteres' }]);
    expect((await refused({ password: 'Mango-verde-Bani-2026', personal: ['a', 'b', 'c', 'd', 'e', 'f'] })).errors).toEqual([{ path: 'personal', message: 'Cantidad de elementos no permitida' }]);
    expect((await refused({ password: 'Mango-verde-Bani-2026', personal: ['x'.repeat(255)] })).errors).toEqual([{ path: 'personal.0', message: 'Debe tener como máximo 254 caracteres' }]);
    // A field the contract does not name is dropped before the handler (Fastify's removeAdditional, as on every route).
    expect((await check({ password: 'corto', otra: 1 })).json()).toEqual({ score: 0, problem: PASSWORD_TOO_SHORT });
    expect(await refused('{"password": ')).toEqual({ message: 'El cuerpo de la solicitud no es un JSON válido' });
    // 256 characters (not UTF-16 units) are still judged.
    const longest = await check({ password: '😀'.repeat(10) + 'x'.repeat(246) });
    expect(longest.statusCode, longest.body).toBe(200);
  });

  it('needs no session, and a session that ended (or a citizen\'s) changes nothing', async () => {
    const anonymous = await check({ password: 'aaaaaaaaaa' });
    const stale = await check({ password: 'aaaaaaaaaa' }, { headers: { authorization: 'Bearer ya-no-sirve', cookie: 'token=ya-no-sirve' } });
    const citizen = await check({ password: 'aaaaaaaaaa' }, { headers: bearer(await login(t.app, DEMO.cedula, DEMO.password)) });
    for (const res of [anonymous, stale, citizen]) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(anonymous.json());
    }
  });

  it(`is limited to ${PASSWORD_CHECK_LIMIT.max} checks per address in ${PASSWORD_CHECK_LIMIT.timeWindow}, then 429 in Spanish; other addresses go on`, async () => {
    const from = nextAddress();
    for (let i = 0; i < PASSWORD_CHECK_LIMIT.max; i++) expect((await check({ password: 'corto' }, { remoteAddress: from })).statusCode).toBe(200);
    const limited = await check({ password: 'corto' }, { remoteAddress: from });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Demasiados intentos, intente más tarde' });
    expect((await check({ password: 'corto' })).statusCode).toBe(200);
  });

  it('never writes the password (nor the personal words) to the log, refused or not', async () => {
    const secret = 'Secreto-Unico-Del-Log-7319';
    const words = ['Palabrapersonalunica'];
    const before = logLines.length;
    await check({ password: secret, cedula: CEDULA, personal: words });
    await check({ password: secret, personal: words, sobra: true });
    await check(`{"password":"${secret}","personal":["${words[0]}"]`);
    const written = logLines.slice(before).join('');
    // The requests were logged (so the check looks at real lines)…
    expect(written).toContain(CHECK);
    // …without what they carried.
    expect(written).not.toContain(secret);
    expect(written).not.toContain(words[0]);
  });
});
