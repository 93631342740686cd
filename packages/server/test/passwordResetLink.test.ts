/**
 * Issue 25 §1, finding 5: «the owner must always keep a way in that an attacker's anonymous requests
 * cannot spend». The reset code dies after five wrong guesses from browsers that are not trusted, and an
 * account gets four new codes an hour: an attacker guessing from anywhere could spend them all. Each reset
 * mail therefore also carries a link whose token cannot be guessed: wrong code guesses never touch it, so
 * the link of the owner's last mail still sets a new password. Real database, mail through a real SMTP sink.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SANDBOX_JCE_CITIZENS } from '../src/agencies/sandbox/sandboxData';
import { buildTestApp, type TestApp } from './buildTestApp';
import { bearer, login, register } from './helpers';

const RESET = '/v1/portals/auth/citizens/reset';
const RESET_LINK = '/v1/portals/auth/citizens/reset-link';
const INVALID_LINK = 'El enlace venció o ya se usó. Pida otro con «¿Olvidó su contraseña?».';
const LINK = /(https?:\/\/[^\s]+)\/cuenta\/restablecer\?token=([A-Za-z0-9_-]{43})/;
const PASSWORD = 'Clave-de-Prueba-Segura-7';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
// Each test asks for its own codes (the per-account caps of the hour are the attack's own test).
beforeEach(async () => {
  await t.app.db.query(`DELETE FROM attempt_counters WHERE key LIKE 'forgot:%' OR key LIKE 'reset:%'`);
});

let address = 0;
/** Forgot and both resets are rate-limited per address: each call gets its own, as an attacker's would. */
const nextAddress = () => `198.51.100.${++address}`;

interface ResetMail {
  code: string;
  url: string;
  token: string;
  raw: string;
}

/** Asks for a reset (from `remoteAddress`) and reads the mail the owner then receives: its code and its link. */
async function forgot(cedula: string, email: string, headers: Record<string, string> = {}): Promise<ResetMail> {
  const since = t.mail!.received.length;
  const res = await t.app.inject({ method: 'GET', url: `/v1/portals/forgot?dni=${cedula}`, remoteAddress: nextAddress(), headers });
  expect(res.statusCode, res.body).toBe(200);
  const mail = await t.mail!.waitFor(email, { since });
  const code = /es (\d{6})\./.exec(mail.raw)?.[1];
  const link = LINK.exec(mail.raw);
  expect(code, mail.raw).toBeDefined();
  expect(link, mail.raw).not.toBeNull();
  return { code: code!, url: link![0], token: link![2], raw: mail.raw };
}

const byCode = (dni: string, code: string, password: string, remoteAddress = nextAddress(), cookie?: string) =>
  t.app.inject({ method: 'POST', url: RESET, remoteAddress, payload: { dni, code, password }, headers: cookie ? { cookie } : {} });
const byLink = (token: string, password: string, confirmation = password, remoteAddress = nextAddress()) =>
  t.app.inject({ method: 'POST', url: RESET_LINK, remoteAddress, payload: { token, password, password_confirmation: confirmation } });

/** A six-digit code that is not `code`. */
const wrong = (code: string, i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');

describe('the reset link of issue 25 §1, finding 5', () => {
  it('the attack: anonymous wrong guesses spend every code of the hour, and the link of the owner\'s last mail still resets the password', async () => {
    const person = SANDBOX_JCE_CITIZENS[8];
    const email = 'duena.enlace@example.com';
    const id = await register(t.app, person.cedula, PASSWORD, email);

    // The owner, on a new phone without a passkey nor a trusted browser, asks for a reset; the attacker, who
    // knows the cédula, guesses five times from five addresses, which kills the code for untrusted browsers, then
    // asks again (a new code, mailed to the owner) and guesses again, until the four new codes of the hour are spent.
    let last: ResetMail | null = null;
    const codes = new Set<string>();
    for (let round = 0; round < 4; round++) {
      last = await forgot(person.cedula, email);
      codes.add(last.code);
      for (let i = 0; i < 5; i++) {
        const guess = await byCode(person.cedula, wrong(last.code, i), 'Clave-nueva-22');
        expect(guess.statusCode).toBe(400);
      }
      // The code is dead now: even the right one fails from a browser that is not trusted.
      const right = await byCode(person.cedula, last.code, 'Clave-nueva-22');
      expect(right.json()).toEqual({ message: 'Código inválido o vencido' });
    }
    expect(codes.size).toBe(4);

    // Over the hour's bounds nothing more is sent, whoever asks: the owner cannot get a fifth code.
    const since = t.mail!.received.length;
    await t.app.inject({ method: 'GET', url: `/v1/portals/forgot?dni=${person.cedula}`, remoteAddress: nextAddress() });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(t.mail!.received.slice(since).filter((m) => m.to.includes(email))).toHaveLength(0);
    const { rows } = await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM password_resets WHERE citizen_id = $1', [id]);
    expect(rows[0].n).toBe(4);

    // The link of the last mail was never touched by the guesses: the owner sets a new password with it.
    const done = await byLink(last!.token, 'Mango-Verde-Bani-88');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ message: 'Contraseña actualizada' });
    expect(done.headers['cache-control']).toBe('no-store');
    // Like a reset by code, it makes this browser trusted (its logins count apart from anonymous guesses).
    expect(String(done.headers['set-cookie'])).toMatch(/device=[A-Za-z0-9_-]{43};.*Path=\/v1\/portals\/auth\/citizens.*HttpOnly.*SameSite=Strict/);
    const token = await login(t.app, person.cedula, 'Mango-Verde-Bani-88');
    expect((await t.app.inject({ method: 'GET', url: '/v1/portals/auth/citizens/me', headers: bearer(token) })).statusCode).toBe(200);
  });

  it('is built from PUBLIC_URL, never from the request\'s Host', async () => {
    const person = SANDBOX_JCE_CITIZENS[9];
    const email = 'host.enlace@example.com';
    await register(t.app, person.cedula, PASSWORD, email);
    const mail = await forgot(person.cedula, email, { host: 'atacante.example', 'x-forwarded-host': 'atacante.example' });
    expect(mail.url.startsWith(`${t.config.publicUrl}/cuenta/restablecer?token=`)).toBe(true);
    expect(mail.raw).not.toContain('atacante.example');
    // Only the token's SHA-256 is stored.
    const stored = async (value: string) => (await t.app.db.query('SELECT 1 FROM password_reset_links WHERE token_hash = $1', [value])).rows.length;
    expect(await stored(mail.token)).toBe(0);
    expect(await stored(createHash('sha256').update(mail.token).digest('hex'))).toBe(1);
  });

  it('works once; using it ends the code of the same mail, and a resend of the same code carries a link that works too', async () => {
    const person = SANDBOX_JCE_CITIZENS[10];
    const email = 'una.vez@example.com';
    await register(t.app, person.cedula, PASSWORD, email);
    const first = await forgot(person.cedula, email);
    const again = await forgot(person.cedula, email);
    expect(again.code).toBe(first.code);
    expect(again.token).not.toBe(first.token);

    const ok = await byLink(again.token, 'Rio-Ozama-Azul-41');
    expect(ok.statusCode, ok.body).toBe(200);
    for (const token of [again.token, first.token]) {
      const reused = await byLink(token, 'Rio-Ozama-Azul-42');
      expect(reused.statusCode).toBe(400);
      expect(reused.json()).toEqual({ message: INVALID_LINK });
    }
    expect((await byCode(person.cedula, first.code, 'Pico-Duarte-Alto-43')).json()).toEqual({ message: 'Código inválido o vencido' });
    await login(t.app, person.cedula, 'Rio-Ozama-Azul-41');
  });

  it('dies when the code of the same mail is used', async () => {
    const person = SANDBOX_JCE_CITIZENS[11];
    const email = 'por.codigo@example.com';
    await register(t.app, person.cedula, PASSWORD, email);
    const mail = await forgot(person.cedula, email);
    const ok = await byCode(person.cedula, mail.code, 'Pico-Duarte-Alto-51');
    expect(ok.statusCode, ok.body).toBe(200);
    const late = await byLink(mail.token, 'Rio-Ozama-Azul-52');
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ message: INVALID_LINK });
    await login(t.app, person.cedula, 'Pico-Duarte-Alto-51');
  });

  it('expires with the code (30 minutes); unknown and malformed tokens get the same answer', async () => {
    const person = SANDBOX_JCE_CITIZENS[6];
    const email = 'vencido@example.com';
    const id = await register(t.app, person.cedula, PASSWORD, email);
    const mail = await forgot(person.cedula, email);
    const { rows } = await t.app.db.query<{ minutes: number }>(
      'SELECT round(extract(epoch FROM (expires_at - created_at)) / 60)::int AS minutes FROM password_resets WHERE citizen_id = $1 ORDER BY id DESC LIMIT 1',
      [id],
    );
    expect(rows[0].minutes).toBe(30);
    await t.app.db.query(`UPDATE password_resets SET expires_at = now() - interval '1 minute' WHERE citizen_id = $1`, [id]);
    for (const token of [mail.token, 'A'.repeat(43), 'no-es-un-token']) {
      const res = await byLink(token, 'Lago-Enriquillo-61');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: INVALID_LINK });
    }
    await login(t.app, person.cedula, PASSWORD);
  });

  it('asks the code path\'s password policy and the same password twice; a refused password leaves the link for another try', async () => {
    const person = SANDBOX_JCE_CITIZENS[7];
    const email = 'politica@example.com';
    await register(t.app, person.cedula, PASSWORD, email);
    const mail = await forgot(person.cedula, email);

    const withCedula = await byLink(mail.token, `x${person.cedula}`);
    expect(withCedula.json()).toEqual({ message: 'Datos inválidos', errors: [{ path: 'password', message: 'La contraseña no puede contener la cédula' }] });
    const differ = await byLink(mail.token, 'Clave-valida-71', 'Clave-valida-72');
    expect(differ.json()).toEqual({ message: 'Datos inválidos', errors: [{ path: 'password_confirmation', message: 'Las contraseñas no coinciden' }] });
    const missing = await t.app.inject({ method: 'POST', url: RESET_LINK, remoteAddress: nextAddress(), payload: { token: mail.token, password: 'Clave-valida-71' } });
    expect(missing.statusCode).toBe(400);

    const ok = await byLink(mail.token, 'Clave-valida-71');
    expect(ok.statusCode, ok.body).toBe(200);
    await login(t.app, person.cedula, 'Clave-valida-71');
  });

  it('is rate-limited per address (it has no attempt counter: it cannot be guessed)', async () => {
    const ip = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await byLink('B'.repeat(43), 'Clave-valida-81', 'Clave-valida-81', ip)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
