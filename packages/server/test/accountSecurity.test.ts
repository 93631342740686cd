/**
 * Issue 25 §1, findings 1 and 5, on a real database with mail delivered to a real SMTP sink:
 * - a session alone never changes how the account is reached (the e-mail, the password): the
 *   current password is asked in the same request, wrong ones count toward the account's limits,
 *   the old address can undo an e-mail change for 7 days, and the other sessions end;
 * - nobody can lock a citizen out with anonymous requests: a trusted browser always gets in, the
 *   e-mailed reset code cannot be used up by asking for it, and a reset makes its browser trusted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_JCE_CITIZENS } from '../src/agencies/sandbox/sandboxData';
import { buildTestApp, mailboxOf, type TestApp } from './buildTestApp';
import { bearer, login, multipart, register } from './helpers';

const PASSWORD = 'Clave-de-Prueba-Segura-7';
const WRONG_CURRENT = 'La contraseña actual no es correcta';
const UNDO_LINK = /(https?:\/\/[^\s]+)\/cuenta\/deshacer-cambio-correo\?token=([A-Za-z0-9_-]{43})/;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const FIELDS = {
  telefono: '',
  celular: '',
  provincia: '1',
  municipio: '101',
  sector: '1',
  calle: 'Calle Duarte',
  numero_de_casa_o_apartamento: '',
};

function update(id: number, token: string, fields: Record<string, string>, remoteAddress = '127.0.0.1') {
  const body = multipart(Object.entries({ ...FIELDS, ...fields }).map(([name, value]) => ({ name, value })));
  return t.app.inject({ method: 'POST', url: `/v1/portals/citizen-profile/${id}/update`, payload: body.payload, headers: { ...body.headers, ...bearer(token) }, remoteAddress });
}
const confirm = (token: string, code: string) => t.app.inject({ method: 'POST', url: '/v1/portals/citizen-profile/email/confirm', payload: { code }, headers: bearer(token) });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/v1/portals/auth/citizens/me', headers: bearer(token) });
const undo = (token: string, remoteAddress = '127.0.0.1') => t.app.inject({ method: 'POST', url: '/v1/portals/auth/citizens/email-undo', payload: { token }, remoteAddress });
const accountEmail = async (id: number) => (await t.app.db.query<{ email: string }>('SELECT email FROM citizens WHERE id = $1', [id])).rows[0].email;
const changeRow = async (id: number) => (await t.app.db.query('SELECT new_email FROM email_changes WHERE citizen_id = $1', [id])).rows[0] ?? null;
const profileRow = async (id: number) => (await t.app.db.query('SELECT calle FROM citizen_profiles WHERE citizen_id = $1', [id])).rows[0] ?? null;
const mailsTo = (to: string, since: number) => t.mail!.received.slice(since).filter((m) => m.to.includes(to));

/** Changes the e-mail the whole way (password, code from the new mailbox, confirm); answers the undo link mailed to the old address. */
async function changeEmail(id: number, token: string, oldEmail: string, newEmail: string): Promise<{ url: string; token: string }> {
  const mailbox = mailboxOf(t.app);
  const since = mailbox.received.length;
  const started = await update(id, token, { correo_electronico: newEmail, current_password: PASSWORD });
  expect(started.statusCode, started.body).toBe(200);
  expect(started.json().email_change_pending).toBe(true);
  const code = await mailbox.codeFor(newEmail, { since });
  const before = mailbox.received.length;
  const done = await confirm(token, code);
  expect(done.statusCode, done.body).toBe(200);
  const notice = await mailbox.waitFor(oldEmail, { since: before });
  const link = UNDO_LINK.exec(notice.raw);
  expect(link, notice.raw).not.toBeNull();
  return { url: link![0], token: link![2] };
}

describe('finding 1: a stolen session is not enough to take the account', () => {
  const person = SANDBOX_JCE_CITIZENS[0];
  const email = 'duena@example.com';
  let id = 0;
  let owner = '';
  let stolen = '';

  beforeAll(async () => {
    id = await register(t.app, person.cedula, PASSWORD, email);
    owner = await login(t.app, person.cedula, PASSWORD);
    stolen = await login(t.app, person.cedula, PASSWORD);
  });

  it('the attack of the issue: update without the password → 400, nothing changed, forgot still mails the owner', async () => {
    const since = t.mail!.received.length;
    await update(id, owner, { correo_electronico: email });
    const calleBefore = await profileRow(id);
    const res = await update(id, stolen, { correo_electronico: 'ladron@example.com', calle: 'Calle del ladrón' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Escriba su contraseña actual para confirmar el cambio',
      errors: [{ path: 'current_password', message: 'Escriba su contraseña actual para confirmar el cambio' }],
    });
    const wrong = await update(id, stolen, { correo_electronico: 'ladron@example.com', calle: 'Calle del ladrón', current_password: 'Adivinanza-123' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: WRONG_CURRENT, errors: [{ path: 'current_password', message: WRONG_CURRENT }] });
    // Nothing changed: no pending change, no address saved, no code mailed to the thief.
    expect(await changeRow(id)).toBeNull();
    expect(await profileRow(id)).toEqual(calleBefore);
    expect(await accountEmail(id)).toBe(email);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo('ladron@example.com', since)).toHaveLength(0);
    // The reset code still goes to the owner.
    const before = t.mail!.received.length;
    await t.app.inject({ method: 'GET', url: `/v1/portals/forgot?dni=${person.cedula}`, remoteAddress: '192.0.2.201' });
    await t.mail!.codeFor(email, { since: before });
    expect(mailsTo('ladron@example.com', since)).toHaveLength(0);
  });

  it('wrong current passwords count toward the account\'s login limit (5 per address): then even the right one is 429', async () => {
    const ip = '192.0.2.202';
    for (let i = 0; i < 5; i++) {
      expect((await update(id, stolen, { correo_electronico: 'ladron@example.com', current_password: `Adivinanza-${i}-x` }, ip)).statusCode).toBe(400);
    }
    const limited = await update(id, stolen, { correo_electronico: 'ladron@example.com', current_password: PASSWORD }, ip);
    expect(limited.statusCode).toBe(429);
    expect(await changeRow(id)).toBeNull();
    // The same counter as a login from that address.
    const loginThere = await t.app.inject({ method: 'POST', url: '/v1/portals/auth/citizens/login', payload: { cedula: person.cedula, password: PASSWORD }, remoteAddress: ip });
    expect(loginThere.statusCode).toBe(429);
    // The password change counts the same way.
    const change = await t.app.inject({
      method: 'POST', url: '/v1/portals/auth/citizens/changepassword', headers: bearer(stolen), remoteAddress: ip,
      payload: { current_password: PASSWORD, new_password: 'Clave-del-ladron-9' },
    });
    expect(change.statusCode).toBe(429);
  });

  it('with the password the change waits for the code; confirming it ends the other sessions and mails the old address an undo link', async () => {
    const link = await changeEmail(id, owner, email, 'nueva.duena@example.com');
    expect(link.url.startsWith(`${t.config.publicUrl}/cuenta/deshacer-cambio-correo?token=`)).toBe(true);
    expect(await accountEmail(id)).toBe('nueva.duena@example.com');
    expect((await me(owner)).statusCode).toBe(200);
    expect((await me(stolen)).statusCode).toBe(401);
    // Only the token's SHA-256 is stored.
    const { rows } = await t.app.db.query<{ token_hash: string }>('SELECT token_hash FROM email_change_undos WHERE citizen_id = $1', [id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].token_hash).not.toContain(link.token);

    // The undo works once: the old address is back, every session ends, the password no longer opens the account.
    const since = t.mail!.received.length;
    const res = await undo(link.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toContain('«¿Olvidó su contraseña?»');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await accountEmail(id)).toBe(email);
    expect((await me(owner)).statusCode).toBe(401);
    const oldPassword = await t.app.inject({ method: 'POST', url: '/v1/portals/auth/citizens/login', payload: { cedula: person.cedula, password: PASSWORD }, remoteAddress: '192.0.2.203' });
    expect(oldPassword.statusCode).toBe(401);
    expect((await t.app.db.query('SELECT 1 FROM trusted_devices WHERE citizen_id = $1', [id])).rows).toHaveLength(0);
    await t.mail!.waitFor(email, { since });

    const again = await undo(link.token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: 'El enlace para deshacer el cambio de correo no es válido: ya se usó o venció (dura 7 días).' });

    // The usual reset, to the restored address, lets the owner in again.
    const before = t.mail!.received.length;
    await t.app.inject({ method: 'GET', url: `/v1/portals/forgot?dni=${person.cedula}`, remoteAddress: '192.0.2.204' });
    const code = await t.mail!.codeFor(email, { since: before });
    const reset = await t.app.inject({ method: 'POST', url: '/v1/portals/auth/citizens/reset', payload: { dni: person.cedula, code, password: 'Clave-recuperada-25' }, remoteAddress: '192.0.2.204' });
    expect(reset.statusCode, reset.body).toBe(200);
    await login(t.app, person.cedula, 'Clave-recuperada-25');
  });

  it('refuses an expired, unknown or malformed undo link with a Spanish 400', async () => {
    const other = SANDBOX_JCE_CITIZENS[2];
    const otherId = await register(t.app, other.cedula, PASSWORD, 'caduca@example.com');
    const token = await login(t.app, other.cedula, PASSWORD);
    const link = await changeEmail(otherId, token, 'caduca@example.com', 'caduca.nueva@example.com');
    await t.app.db.query(`UPDATE email_change_undos SET expires_at = now() - interval '1 second' WHERE citizen_id = $1`, [otherId]);
    const expired = await undo(link.token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toMatch(/^El enlace para deshacer el cambio de correo no es válido/);
    expect(await accountEmail(otherId)).toBe('caduca.nueva@example.com');
    for (const bad of ['x'.repeat(43), 'corto', `${link.token}x`]) {
      const res = await undo(bad);
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
  });

  it('whoever changed the e-mail cannot block the undo: a second change and a new password leave the old address\'s link working', async () => {
    const victim = SANDBOX_JCE_CITIZENS[3];
    const victimId = await register(t.app, victim.cedula, PASSWORD, 'victima@example.com');
    // The attacker has a session AND the password here (the worst case).
    const attacker = await login(t.app, victim.cedula, PASSWORD);
    const first = await changeEmail(victimId, attacker, 'victima@example.com', 'atacante1@example.com');
    const second = await changeEmail(victimId, attacker, 'atacante1@example.com', 'atacante2@example.com');
    const changed = await t.app.inject({
      method: 'POST', url: '/v1/portals/auth/citizens/changepassword', headers: bearer(attacker),
      payload: { current_password: PASSWORD, new_password: 'Clave-del-atacante-1' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // The owner's link (to the first address) still works and brings back the owner's address.
    expect((await undo(first.token)).statusCode).toBe(200);
    expect(await accountEmail(victimId)).toBe('victima@example.com');
    expect((await me(attacker)).statusCode).toBe(401);
    // The attacker's own link (it would restore their first address) is void now; their password opens nothing.
    expect((await undo(second.token)).statusCode).toBe(400);
    expect(await accountEmail(victimId)).toBe('victima@example.com');
    const theirs = await t.app.inject({ method: 'POST', url: '/v1/portals/auth/citizens/login', payload: { cedula: victim.cedula, password: 'Clave-del-atacante-1' }, remoteAddress: '192.0.2.205' });
    expect(theirs.statusCode).toBe(401);
  });

  it('a password change asks the current one («La contraseña actual no es correcta»), ends the other sessions and tells the address', async () => {
    const person2 = SANDBOX_JCE_CITIZENS[4];
    await register(t.app, person2.cedula, PASSWORD, 'cambia@example.com');
    const mine = await login(t.app, person2.cedula, PASSWORD);
    const other = await login(t.app, person2.cedula, PASSWORD);
    const wrong = await t.app.inject({ method: 'POST', url: '/v1/portals/auth/citizens/changepassword', headers: bearer(mine), payload: { current_password: 'Otra-clave-xx1', new_password: 'Clave-final-777' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: WRONG_CURRENT, errors: [{ path: 'current_password', message: WRONG_CURRENT }] });
    const since = t.mail!.received.length;
    const ok = await t.app.inject({ method: 'POST', url: '/v1/portals/auth/citizens/changepassword', headers: bearer(mine), payload: { current_password: PASSWORD, new_password: 'Clave-final-777' } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await me(mine)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    const notice = await t.mail!.waitFor('cambia@example.com', { since });
    expect(notice.raw).toContain('contraseña de su cuenta');
  });
});

describe('finding 5: anonymous requests cannot lock the owner out', () => {
  const LOGIN = '/v1/portals/auth/citizens/login';
  const RESET = '/v1/portals/auth/citizens/reset';
  let proxied: TestApp;
  beforeAll(async () => {
    // Addresses come through the trusted proxy's X-Forwarded-For, as in loginLimits.test.ts. Same database, same
    // mailbox: either app may deliver a queued mail.
    proxied = await buildTestApp({ trustProxy: ['10.0.0.1'], smtpUrl: t.mail!.url }, { db: t.app.db });
  });
  afterAll(() => proxied.close());

  const via = (address: string, cookie?: string) => ({ 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) });
  const attempt = (cedula: string, password: string, address: string, cookie?: string) =>
    proxied.app.inject({ method: 'POST', url: LOGIN, payload: { cedula, password }, remoteAddress: '10.0.0.1', headers: via(address, cookie) });
  const deviceOf = (res: { headers: Record<string, unknown> }) => /device=([A-Za-z0-9_-]{43})/.exec(String(res.headers['set-cookie']))?.[1];
  /**
   * The attack of the issue: wrong passwords rotating six addresses (at most five each: all checked). 29 of them and
   * the owner's own first login use up the account's 30 an hour for browsers without the cookie.
   */
  async function attack(cedula: string, round: string, firstAddress: number, count = 29) {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) statuses.push((await attempt(cedula, `Equivocada-${round}-${i}`, `198.51.100.${(i % 6) + firstAddress}`)).statusCode);
    return statuses;
  }

  it('login: the trusted browser gets in; a new browser is told the way in, and a reset by e-mail code makes it trusted for good', async () => {
    const person = SANDBOX_JCE_CITIZENS[6];
    await register(t.app, person.cedula, PASSWORD, 'asediada@example.com');
    const first = await attempt(person.cedula, PASSWORD, '203.0.113.10');
    expect(first.statusCode).toBe(200);
    const trusted = deviceOf(first)!;

    const statuses = await attack(person.cedula, 'a', 1);
    expect(statuses.filter((s) => s === 401)).toHaveLength(29);
    const fromTrusted = await attempt(person.cedula, PASSWORD, '203.0.113.11', `device=${trusted}`);
    const fromNew = await attempt(person.cedula, PASSWORD, '203.0.113.12');
    console.log(`tras 29 contraseñas erróneas desde 6 direcciones: navegador de confianza ${fromTrusted.statusCode}, navegador nuevo ${fromNew.statusCode}`);
    expect(fromTrusted.statusCode).toBe(200);
    expect(fromNew.statusCode).toBe(429);
    // The 429 names the ways in (the same text for any cédula: it says nothing about whether the account exists).
    expect(fromNew.json().message).toMatch(/navegador donde ya haya iniciado sesión.*«¿Olvidó su contraseña\?»/);
    const unknown = await attack('00113918205', 'u', 101, 30);
    expect(unknown.every((s) => s === 401)).toBe(true);
    expect((await attempt('00113918205', PASSWORD, '203.0.113.13')).json()).toEqual(fromNew.json());

    // The new browser asks for a code (mailed to the owner: the attacker cannot read it) and sets a new password.
    const since = t.mail!.received.length;
    await proxied.app.inject({ method: 'GET', url: `/v1/portals/forgot?dni=${person.cedula}`, remoteAddress: '10.0.0.1', headers: via('203.0.113.12') });
    const code = await t.mail!.codeFor('asediada@example.com', { since });
    const reset = await proxied.app.inject({ method: 'POST', url: RESET, remoteAddress: '10.0.0.1', headers: via('203.0.113.12'), payload: { dni: person.cedula, code, password: 'Clave-recuperada-55' } });
    expect(reset.statusCode, reset.body).toBe(200);
    const nowTrusted = deviceOf(reset);
    expect(nowTrusted).toBeDefined();
    expect(String(reset.headers['set-cookie'])).toMatch(/device=[^;]+;.*Path=\/v1\/portals\/auth\/citizens.*HttpOnly.*SameSite=Strict/);

    // The attacker starts again; that browser is not locked out any more.
    expect((await attack(person.cedula, 'b', 201, 30)).filter((s) => s === 401)).toHaveLength(30);
    const after = await attempt(person.cedula, 'Clave-recuperada-55', '203.0.113.12', `device=${nowTrusted}`);
    console.log(`tras restablecer y un segundo ataque: el navegador que restableció ${after.statusCode}`);
    expect(after.statusCode).toBe(200);
  });

  it('forgot: anonymous requests re-send the same code; the owner\'s own request still mails it, and it works', async () => {
    const person = SANDBOX_JCE_CITIZENS[7];
    const email = 'olvidadiza@example.com';
    await register(t.app, person.cedula, PASSWORD, email);
    const since = t.mail!.received.length;
    for (let i = 0; i < 3; i++) {
      const res = await proxied.app.inject({ method: 'GET', url: `/v1/portals/forgot?dni=${person.cedula}`, remoteAddress: '10.0.0.1', headers: via(`198.51.100.${20 + i}`) });
      expect(res.statusCode).toBe(200);
    }
    const arrived = () => mailsTo(email, since);
    for (let waited = 0; arrived().length < 3 && waited < 10_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    const anonymousCode = await t.mail!.codeFor(email, { since });
    // The owner's own request: a mail arrives, with the same code.
    const ownSince = t.mail!.received.length;
    const own = await proxied.app.inject({ method: 'GET', url: `/v1/portals/forgot?dni=${person.cedula}`, remoteAddress: '10.0.0.1', headers: via('203.0.113.30') });
    expect(own.json().message).toMatch(/es el mismo código/);
    const ownCode = await t.mail!.codeFor(email, { since: ownSince });
    console.log(`3 pedidos anónimos y el del titular: ${arrived().length} correos, ${new Set(arrived().map((m) => /es (\d{6})\./.exec(m.raw)?.[1])).size} código distinto`);
    expect(ownCode).toBe(anonymousCode);
    // Five wrong guesses from elsewhere burn the code for anonymous browsers, not for the owner's trusted one.
    const device = deviceOf(await attempt(person.cedula, PASSWORD, '203.0.113.30'))!;
    const wrong = ownCode === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await proxied.app.inject({ method: 'POST', url: RESET, remoteAddress: '10.0.0.1', headers: via(`198.51.100.${40 + i}`), payload: { dni: person.cedula, code: wrong, password: 'Clave-nueva-del-ladron' } });
      expect(res.statusCode).toBe(400);
    }
    const ok = await proxied.app.inject({ method: 'POST', url: RESET, remoteAddress: '10.0.0.1', headers: via('203.0.113.30', `device=${device}`), payload: { dni: person.cedula, code: ownCode, password: 'Clave-de-la-duena-66' } });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
