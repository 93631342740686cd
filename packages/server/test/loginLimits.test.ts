/**
 * Login limits hold under parallel bursts (counted before the password check),
 * an attacker elsewhere cannot lock the owner out, and a client's own
 * X-Forwarded-For is never believed from an untrusted peer. A 401 means the
 * password was checked; a 429 means it was not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_JCE_CITIZENS } from '../src/agencies/sandbox/sandboxData';
import { loadConfig } from '../src/config';
import { HttpError } from '../src/http/HttpError';
import { LOGIN_LIMITS } from '../src/services/loginThrottle';
import { createPasswordHasher, HASHER_BUSY } from '../src/services/passwordHasher';
import { buildTestApp, type TestApp, TEST_ARGON2 } from './buildTestApp';
import { register } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const LOGIN = '/v1/portals/auth/citizens/login';
const PASSWORD = 'Clave-de-Prueba-Segura-7';

function attempt(cedula: string, password: string, remoteAddress: string, headers: Record<string, string> = {}, app = t.app) {
  return app.inject({ method: 'POST', url: LOGIN, payload: { cedula, password }, remoteAddress, headers });
}

/** How many of the answers checked the password (401 or 200) and how many were refused before (429). */
function tally(statuses: number[]) {
  return { checked: statuses.filter((s) => s === 401 || s === 200).length, refused: statuses.filter((s) => s === 429).length };
}

async function burst(n: number, make: (i: number) => Promise<{ statusCode: number }>) {
  return tally((await Promise.all(Array.from({ length: n }, (_, i) => make(i)))).map((r) => r.statusCode));
}

/** Registers a sandbox person (index 1 is the demo citizen, who already has an account). */
async function newAccount(index: number): Promise<string> {
  const cedula = SANDBOX_JCE_CITIZENS[index].cedula;
  await register(t.app, cedula, PASSWORD);
  return cedula;
}

describe('parallel bursts', () => {
  it('100 parallel wrong passwords for one cédula from one address: exactly 5 are checked', async () => {
    const cedula = await newAccount(0);
    const result = await burst(100, (i) => attempt(cedula, `Equivocada-${i}-xx`, '192.0.2.10'));
    console.log(`ráfaga de 100 contraseñas erróneas (una cédula, una dirección): ${result.checked} comprobadas, ${result.refused} rechazadas antes`);
    expect(result).toEqual({ checked: LOGIN_LIMITS.perCedulaAndAddress.max, refused: 95 });
  });

  it('100 parallel attempts from one address over random cédulas: exactly 20 are checked', async () => {
    const result = await burst(100, (i) => attempt(`9${String(i).padStart(10, '0')}`, 'Equivocada-xx-1', '192.0.2.11'));
    console.log(`ráfaga de 100 cédulas al azar desde una dirección: ${result.checked} comprobadas`);
    expect(result).toEqual({ checked: LOGIN_LIMITS.perAddress.max, refused: 80 });
  });

  it('100 parallel guesses from 100 addresses: at most 30 an hour are checked for one account', async () => {
    const cedula = await newAccount(5);
    const result = await burst(100, (i) => attempt(cedula, `Equivocada-${i}-yy`, `198.51.100.${i}`));
    console.log(`ráfaga de 100 contraseñas desde 100 direcciones: ${result.checked} comprobadas`);
    expect(result).toEqual({ checked: LOGIN_LIMITS.perCedula.max, refused: 70 });
  });
});

describe('the owner is not locked out', () => {
  it('failures from an attacker\'s address do not block the owner at another address', async () => {
    const cedula = await newAccount(2);
    for (let i = 0; i < 8; i++) await attempt(cedula, `Equivocada-${i}-zz`, '203.0.113.66');
    expect((await attempt(cedula, PASSWORD, '203.0.113.66')).statusCode).toBe(429);
    expect((await attempt(cedula, PASSWORD, '203.0.113.67')).statusCode).toBe(200);
  });

  it('when guesses from everywhere used up the account\'s hour, the owner\'s own browser still gets in', async () => {
    const cedula = await newAccount(3);
    const first = await attempt(cedula, PASSWORD, '203.0.113.70');
    expect(first.statusCode).toBe(200);
    const device = /device=([A-Za-z0-9_-]+)/.exec(String(first.headers['set-cookie']))?.[1];
    expect(device).toBeDefined();
    expect(String(first.headers['set-cookie'])).toMatch(/device=[^;]+;.*HttpOnly.*SameSite=Strict/);

    await burst(60, (i) => attempt(cedula, `Equivocada-${i}-ww`, `198.18.0.${i}`));
    // Without the cookie, even the right password from a new address waits for the hour…
    expect((await attempt(cedula, PASSWORD, '203.0.113.71')).statusCode).toBe(429);
    // …with it, the owner is in; a cookie of another citizen counts for nothing.
    expect((await attempt(cedula, PASSWORD, '203.0.113.71', { cookie: `device=${device}` })).statusCode).toBe(200);
    const otherCedula = await newAccount(4);
    expect((await attempt(otherCedula, 'Equivocada-ab-1', '203.0.113.72', { cookie: `device=${device}` })).statusCode).toBe(401);
  });
});

describe('TRUST_PROXY', () => {
  it('an untrusted peer\'s own X-Forwarded-For is ignored: rotating it does not escape the limits', async () => {
    const proxied = await buildTestApp({ trustProxy: ['10.0.0.1'] }, { db: t.app.db });
    try {
      const result = await burst(40, (i) =>
        attempt(`8${String(i).padStart(10, '0')}`, 'Equivocada-xx-2', '203.0.113.90', { 'x-forwarded-for': `100.64.${i}.1` }, proxied.app),
      );
      expect(result.checked).toBe(LOGIN_LIMITS.perAddress.max);
      // Through the trusted proxy, the client's address is the proxy's entry: other clients are not blocked.
      const viaProxy = await attempt('80000000001', 'Equivocada-xx-3', '10.0.0.1', { 'x-forwarded-for': '100.64.200.1, 203.0.113.91' }, proxied.app);
      expect(viaProxy.statusCode).toBe(401);
      const { rows } = await t.app.db.query<{ key: string }>(`SELECT key FROM attempt_counters WHERE key = 'login:ip:203.0.113.91'`);
      expect(rows).toHaveLength(1);
    } finally {
      await proxied.close();
    }
  });

  it('takes false, a hop count or addresses and CIDR ranges; refuses "true"', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16, ::1, loopback' }).trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16', '::1', 'loopback']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY no admite "true"/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.local' })).toThrow(/TRUST_PROXY/);
  });
});

describe('bounded password hashing', () => {
  it('runs at most the configured hashes at once and refuses beyond the queue with 503', async () => {
    const hasher = createPasswordHasher(TEST_ARGON2, { concurrent: 1, queue: 2 });
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => hasher.hash('Clave-de-Prueba-Segura-7')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as HttpError);
    expect(refused.map((e) => [e.statusCode, e.message])).toEqual([[503, HASHER_BUSY], [503, HASHER_BUSY], [503, HASHER_BUSY]]);
    // The owner's own browser (priority) is not refused while ordinary attempts fill the queue: it takes the place of
    // the newest ordinary waiter, and goes before the others.
    const order: string[] = [];
    const tag = (name: string, p: Promise<unknown>) => p.then(() => order.push(name), () => order.push(`${name}:503`));
    const ownerHash = await hasher.hash('Clave-del-titular-1');
    // One runs, two wait (the queue is full), then the owner arrives.
    const flood = Array.from({ length: 3 }, (_, i) => tag(`ordinaria${i}`, hasher.hash(`flood-${i}-password`)));
    const owner = tag('titular', hasher.verify(ownerHash, 'Clave-del-titular-1', { priority: true }));
    await Promise.all([...flood, owner]);
    expect(order).toContain('titular');
    expect(order.indexOf('titular')).toBeLessThan(order.indexOf('ordinaria1'));
    expect(order.filter((o) => o.endsWith(':503'))).toEqual(['ordinaria2:503']);
    // Once the burst is over, hashing works again.
    expect(await hasher.verify(await hasher.hash('otra-clave-larga'), 'otra-clave-larga')).toBe(true);
  });
});
