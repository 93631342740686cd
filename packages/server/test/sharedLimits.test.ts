import { randomUUID } from 'node:crypto';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SANDBOX_JCE_CITIZENS } from '../src/agencies/sandbox/sandboxData';
import { LOOKUPS_PER_ACCOUNT_PER_MINUTE } from '../src/plugins/app/registerLookupGuard';
import { buildTestApp, type TestApp } from './buildTestApp';
import { bearer, DEMO, login, register } from './helpers';

/**
 * Per-address limits with REDIS_URL: two apps (two servers behind one load
 * balancer) count the same windows in one Redis. The Redis tests need a
 * server: CI starts one and sets TEST_REDIS_URL (.ci/run); locally run
 * `redis-server --port 63790 --save '' --daemonize yes` and
 * TEST_REDIS_URL=redis://127.0.0.1:63790. The fallback test needs none.
 */
const REDIS_URL = process.env.TEST_REDIS_URL || '';
const FORGOT_LIMIT = 10;
const LOOKUPS_PER_ADDRESS = 300;

/**
 * The status of a request, sent again while the server answers 503 (busy: a
 * loaded test machine can lag the event loop). A 503 is answered before any
 * limit counts the request, so retrying changes no count.
 */
async function statusOf(t: TestApp, options: { url: string; remoteAddress: string; headers?: Record<string, string> }): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const { statusCode } = await t.app.inject({ method: 'GET', ...options });
    if (statusCode !== 503 || attempt === 50) return statusCode;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A valid cédula without an account: `forgot` answers the same and does no work in the background. */
const NO_ACCOUNT = SANDBOX_JCE_CITIZENS[6].cedula;

const forgot = (t: TestApp, address = '198.51.100.7') => statusOf(t, { url: `/v1/portals/forgot?dni=${NO_ACCOUNT}`, remoteAddress: address });

const lookup = (t: TestApp, token: string, address = '198.51.100.8') =>
  statusOf(t, { url: `/v1/jce/${DEMO.cedula}`, headers: bearer(token), remoteAddress: address });

const tally = (codes: number[]) => codes.reduce<Record<number, number>>((acc, code) => ({ ...acc, [code]: (acc[code] ?? 0) + 1 }), {});

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe.skipIf(REDIS_URL === '')('per-address limits shared through Redis (needs TEST_REDIS_URL)', () => {
  let redis: Redis;
  const open: TestApp[] = [];
  beforeAll(() => {
    redis = new Redis(REDIS_URL);
  });
  afterAll(async () => {
    await redis.quit();
  });
  afterEach(async () => {
    // The second app of a pair may use the first one's database: close the later ones first.
    for (const t of open.splice(0).reverse()) await t.close();
  });

  /** Two servers on one Redis, with a key prefix of this test's own; `sameDb`: also on one database (sessions work on both). */
  async function twoServers(sameDb = false): Promise<{ a: TestApp; b: TestApp; prefix: string }> {
    const prefix = `prueba-${randomUUID()}:`;
    const a = await buildTestApp({ redisUrl: REDIS_URL, redisPrefix: prefix });
    open.push(a);
    const b = await buildTestApp({ redisUrl: REDIS_URL, redisPrefix: prefix }, sameDb ? { db: a.app.db } : {});
    open.push(b);
    return { a, b, prefix };
  }

  it('counts `forgot` (10 per address) across both servers, each on its own database: 10 answers, then 429 from either', async () => {
    const { a, b, prefix } = await twoServers();
    const codes: number[] = [];
    for (let i = 0; i < FORGOT_LIMIT; i++) codes.push(await forgot(i % 2 === 0 ? a : b));
    expect(codes).toEqual(Array(FORGOT_LIMIT).fill(200));
    expect([await forgot(a), await forgot(b)]).toEqual([429, 429]);
    // Another address still has its own allowance.
    expect(await forgot(b, '198.51.100.99')).toBe(200);

    // The window is one key in Redis under the prefix, expiring within the 15 minutes.
    const keys = await redis.keys(`${prefix}*198.51.100.7`);
    expect(keys).toEqual([`${prefix}limite:GET /v1/portals/forgot:198.51.100.7`]);
    expect(Number(await redis.get(keys[0]))).toBe(FORGOT_LIMIT + 2);
    const left = await redis.pttl(keys[0]);
    expect(left).toBeGreaterThan(14 * 60_000);
    expect(left).toBeLessThanOrEqual(15 * 60_000);
  });

  it('holds under a parallel burst on both servers: exactly 10 of 40 `forgot` get through', async () => {
    const { a, b } = await twoServers();
    const codes = await Promise.all(Array.from({ length: 40 }, (_, i) => forgot(i % 2 === 0 ? a : b)));
    expect(tally(codes)).toEqual({ 200: FORGOT_LIMIT, 429: 40 - FORGOT_LIMIT });
  });

  it('counts the JCE lookup limit per address (300 a minute) across both servers', async () => {
    const { a, b } = await twoServers(true);
    // Three accounts, so their own limit (120 a minute each) is not what bites.
    const tokens = [await login(a.app, DEMO.cedula, DEMO.password)];
    for (const person of [SANDBOX_JCE_CITIZENS[4], SANDBOX_JCE_CITIZENS[5]]) {
      await register(a.app, person.cedula, 'Clave-de-Prueba-Segura-7');
      tokens.push(await login(a.app, person.cedula, 'Clave-de-Prueba-Segura-7'));
    }
    const codes: number[] = [];
    for (let i = 0; i < LOOKUPS_PER_ADDRESS; i++) codes.push(await lookup(i % 2 === 0 ? a : b, tokens[i % 3]));
    expect(tally(codes)).toEqual({ 200: LOOKUPS_PER_ADDRESS });
    expect([await lookup(a, tokens[0]), await lookup(b, tokens[1]), await lookup(b, tokens[2])]).toEqual([429, 429, 429]);
  });

  it('counts the per-account lookup limit (createRateLimit) across both servers, also in a parallel burst', async () => {
    const { a, b } = await twoServers(true);
    const token = await login(a.app, DEMO.cedula, DEMO.password);
    // From many addresses, so only the account's own limit applies.
    const codes = await Promise.all(
      Array.from({ length: LOOKUPS_PER_ACCOUNT_PER_MINUTE + 30 }, (_, i) => lookup(i % 2 === 0 ? a : b, token, `203.0.113.${i % 200}`)),
    );
    expect(tally(codes)).toEqual({ 200: LOOKUPS_PER_ACCOUNT_PER_MINUTE, 429: 30 });
  });

  it('while Redis is away counts in memory (answers, one warning), and shares again once it is back', async () => {
    // A TCP relay to Redis that the test can cut and restore on the same port.
    const target = new URL(REDIS_URL);
    const sockets = new Set<Socket>();
    const relay = createServer((client) => {
      const upstream = connect(Number(target.port || 6379), target.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('error', () => undefined);
        socket.on('close', () => sockets.delete(socket));
      }
      client.pipe(upstream).pipe(client);
    });
    const listen = (port: number) => new Promise<void>((resolve) => relay.listen(port, '127.0.0.1', resolve));
    await listen(0);
    const { port } = relay.address() as AddressInfo;
    const prefix = `prueba-${randomUUID()}:`;
    const t = await buildTestApp({ redisUrl: `redis://127.0.0.1:${port}`, redisPrefix: prefix });
    open.push(t);
    const warn = vi.spyOn(t.app.log, 'warn');
    const info = vi.spyOn(t.app.log, 'info');
    const key = `${prefix}limite:GET /v1/portals/forgot:198.51.100.7`;
    try {
      expect([await forgot(t), await forgot(t)]).toEqual([200, 200]);
      expect(await redis.get(key)).toBe('2');

      await new Promise<void>((resolve) => {
        relay.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
      await vi.waitFor(() => expect(warn.mock.calls.some((call) => String(call[1]).startsWith('Redis no responde'))).toBe(true), { timeout: 3000 });
      expect([await forgot(t), await forgot(t)]).toEqual([200, 200]);
      expect(await redis.get(key)).toBe('2');
      expect(warn.mock.calls.filter((call) => String(call[1]).includes('Redis'))).toHaveLength(1);

      await listen(port);
      await vi.waitFor(() => expect(info.mock.calls.some((call) => String(call[0]).startsWith('Redis responde de nuevo'))).toBe(true), { timeout: 8000 });
      expect(await forgot(t)).toBe(200);
      expect(await redis.get(key)).toBe('3');
    } finally {
      for (const t of open.splice(0)) await t.close();
      await new Promise<void>((resolve) => {
        relay.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    }
  });

  it('closes its Redis connection when the app closes', async () => {
    const { a, b, prefix } = await twoServers();
    await forgot(a);
    await forgot(b);
    const ours = async () => String(await redis.call('CLIENT', 'LIST')).split('\n').filter((line) => line.includes(` name=${prefix}servidor `)).length;
    expect(await ours()).toBe(2);
    for (const t of open.splice(0).reverse()) await t.close();
    await vi.waitFor(async () => expect(await ours()).toBe(0), { timeout: 2000 });
  });
});

describe('per-address limits without REDIS_URL (one server, counted in memory)', () => {
  it('a parallel burst from a fresh address gets exactly the limit through (the plugin\'s own memory store refused all 20)', async () => {
    const t = await buildTestApp();
    try {
      const codes = await Promise.all(Array.from({ length: 2 * FORGOT_LIMIT }, () => forgot(t)));
      expect(tally(codes)).toEqual({ 200: FORGOT_LIMIT, 429: FORGOT_LIMIT });
      expect(await forgot(t)).toBe(429);
    } finally {
      await t.close();
    }
  });
});

describe('per-address limits when Redis does not answer', () => {
  let t: TestApp | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  it('the app starts and answers, counts in its own memory (the limit still holds) and logs one warning, never a 500', async () => {
    t = await buildTestApp({ redisUrl: `redis://127.0.0.1:${await closedPort()}`, redisPrefix: `prueba-${randomUUID()}:` });
    const warn = vi.spyOn(t.app.log, 'warn');
    const started = Date.now();
    const codes: number[] = [];
    for (let i = 0; i < FORGOT_LIMIT + 2; i++) codes.push(await forgot(t));
    expect(codes).toEqual([...Array(FORGOT_LIMIT).fill(200), 429, 429]);
    // Only the first request waited for Redis, and not longer than its short timeouts.
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await t.app.inject({ method: 'GET', url: '/v1/issues' })).statusCode).toBe(200);
    const redisWarnings = warn.mock.calls.filter((call) => String(call[1] ?? call[0]).includes('Redis'));
    expect(redisWarnings).toHaveLength(1);
  });
});
