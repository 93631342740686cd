import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './buildTestApp';
import { OVERLOADED } from '../src/plugins/external/registerUnderPressure';
import { REDIS_PING_TIMEOUT_MS } from '../src/plugins/app/registerHealth';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const TOKEN = 'metricas-de-prueba-0123456789';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ metricsToken: TOKEN });
});
afterAll(async () => {
  await t?.close();
});

describe('health', () => {
  it('live and ready answer 200, never cached', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    expect(live.headers['cache-control']).toBe('no-store');
    const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok', storage: 'ok', load: 'ok' } });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('ready answers 503 naming the storage when the upload folder takes no file, and 200 again once it does', async () => {
    const other = await buildTestApp({}, { db: t.app.db });
    try {
      // A file where the folder was: nothing can be written below it, whoever runs the test (root included).
      await rm(other.config.uploadDir, { recursive: true, force: true });
      await writeFile(other.config.uploadDir, 'no es una carpeta');
      const res = await other.app.inject({ method: 'GET', url: '/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'no_listo',
        message: 'El servidor no está listo: falla el almacenamiento de documentos',
        checks: { database: 'ok', migrations: 'ok', storage: 'error', load: 'ok' },
      });
      expect((await other.app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
      await rm(other.config.uploadDir, { force: true });
      const { mkdir } = await import('node:fs/promises');
      await mkdir(other.config.uploadDir);
      expect((await other.app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('ready answers 503 naming the migrations when one is not applied', async () => {
    const other = await buildTestApp({}, { db: t.app.db });
    const { rows } = await t.app.db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version DESC LIMIT 1');
    try {
      await t.app.db.query('DELETE FROM schema_migrations WHERE version = $1', [rows[0].version]);
      const res = await other.app.inject({ method: 'GET', url: '/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json().checks).toEqual({ database: 'ok', migrations: 'error', storage: 'ok', load: 'ok' });
      expect(res.json().message).toBe('El servidor no está listo: falla las migraciones');
    } finally {
      await t.app.db.query('INSERT INTO schema_migrations (version) VALUES ($1)', [rows[0].version]);
      await other.close();
    }
    expect((await t.app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
  });
});

describe('readiness with REDIS_URL', () => {
  const redisUrl = process.env.TEST_REDIS_URL || '';

  it.skipIf(redisUrl === '')('checks Redis with a PING: 200 with checks.redis ok (needs TEST_REDIS_URL)', async () => {
    const other = await buildTestApp({ redisUrl }, { db: t.app.db });
    try {
      const res = await other.app.inject({ method: 'GET', url: '/health/ready' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok', storage: 'ok', load: 'ok', redis: 'ok' } });
    } finally {
      await other.close();
    }
  });

  it('answers 503 naming Redis, within the PING timeout, when nothing listens at REDIS_URL', async () => {
    // A port that was just free: nothing listens there.
    const { createServer } = await import('node:net');
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    await new Promise((resolve) => probe.close(resolve));
    const other = await buildTestApp({ redisUrl: `redis://127.0.0.1:${port}` }, { db: t.app.db });
    try {
      const start = Date.now();
      const res = await other.app.inject({ method: 'GET', url: '/health/ready' });
      expect(Date.now() - start).toBeLessThan(REDIS_PING_TIMEOUT_MS + 1000);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'no_listo',
        message: 'El servidor no está listo: falla Redis',
        checks: { database: 'ok', migrations: 'ok', storage: 'ok', load: 'ok', redis: 'error' },
      });
      expect((await other.app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('request ids', () => {
  it('a generated UUID is echoed on 200, 404, 400 and bad-URL answers', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/health/live' }),
      await t.app.inject({ method: 'GET', url: '/v1/no-existe' }),
      await t.app.inject({ method: 'POST', url: '/v1/portals/auth/citizens/login', payload: {} }),
      await t.app.inject({ method: 'GET', url: '/v1/portals/services/%E0%A4%A/slug' }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 404, 400, 400]);
    const ids = answers.map((res) => res.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('static files and the history fallback carry the id too', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'portal-static-ids-'));
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><html lang="es"><title>Portal</title></html>');
    await writeFile(path.join(dir, 'robots.txt'), 'User-agent: *\n');
    const spa = await buildTestApp({ staticDir: dir }, { db: t.app.db });
    try {
      const file = await spa.app.inject({ method: 'GET', url: '/robots.txt' });
      const page = await spa.app.inject({ method: 'GET', url: '/mis-solicitudes', headers: { accept: 'text/html' } });
      expect([file.statusCode, page.statusCode]).toEqual([200, 200]);
      expect(page.body).toContain('<title>Portal</title>');
      expect(file.headers['x-request-id']).toMatch(UUID);
      expect(page.headers['x-request-id']).toMatch(UUID);
    } finally {
      await spa.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("a direct client's x-request-id is ignored; a trusted proxy's is kept when well formed", async () => {
    const direct = await t.app.inject({ method: 'GET', url: '/health/live', remoteAddress: '127.0.0.1', headers: { 'x-request-id': 'proxy-abc.123:9' } });
    expect(direct.headers['x-request-id']).toMatch(UUID);

    const behindProxy = await buildTestApp({ trustProxy: 1 }, { db: t.app.db });
    const listed = await buildTestApp({ trustProxy: ['10.0.0.0/8', 'loopback'] }, { db: t.app.db });
    try {
      const kept = await behindProxy.app.inject({ method: 'GET', url: '/v1/no-existe', remoteAddress: '127.0.0.1', headers: { 'x-request-id': 'proxy-abc.123:9' } });
      expect(kept.statusCode).toBe(404);
      expect(kept.headers['x-request-id']).toBe('proxy-abc.123:9');
      for (const bad of ['con espacio', 'x'.repeat(129), 'ñandú', '<script>', 'a/b']) {
        const res = await behindProxy.app.inject({ method: 'GET', url: '/health/live', remoteAddress: '127.0.0.1', headers: { 'x-request-id': bad } });
        expect(res.headers['x-request-id']).toMatch(UUID);
      }
      const fromList = await listed.app.inject({ method: 'GET', url: '/health/live', remoteAddress: '10.1.2.3', headers: { 'x-request-id': 'lb-1' } });
      expect(fromList.headers['x-request-id']).toBe('lb-1');
      const mapped = await listed.app.inject({ method: 'GET', url: '/health/live', remoteAddress: '::ffff:127.0.0.1', headers: { 'x-request-id': 'lb-2' } });
      expect(mapped.headers['x-request-id']).toBe('lb-2');
      const outsider = await listed.app.inject({ method: 'GET', url: '/health/live', remoteAddress: '203.0.113.7', headers: { 'x-request-id': 'lb-3' } });
      expect(outsider.headers['x-request-id']).toMatch(UUID);
    } finally {
      await behindProxy.close();
      await listed.close();
    }
  });

  it('every log line of a request carries its id', async () => {
    const lines: Record<string, unknown>[] = [];
    const logged = await buildTestApp({ logLevel: 'info' }, { db: t.app.db, logStream: { write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) } });
    try {
      const res = await logged.app.inject({ method: 'POST', url: '/v1/portals/auth/citizens/login', payload: '{"roto', headers: { 'content-type': 'application/json' } });
      expect(res.statusCode).toBe(400);
      const id = res.headers['x-request-id'];
      expect(id).toMatch(UUID);
      const mine = lines.filter((line) => line.reqId === id);
      expect(mine.map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
      // Every line about a request carries a request id.
      for (const line of lines.filter((l) => l.req !== undefined || l.res !== undefined || l.err !== undefined)) expect(line.reqId).toBeTypeOf('string');
      // The health routes log nothing at info.
      const before = lines.length;
      await logged.app.inject({ method: 'GET', url: '/health/live' });
      await logged.app.inject({ method: 'GET', url: '/health/ready' });
      expect(lines.length).toBe(before);
    } finally {
      await logged.close();
    }
  });
});

describe('metrics', () => {
  it('answer 404 when METRICS_TOKEN is not set', async () => {
    const other = await buildTestApp({}, { db: t.app.db });
    try {
      const res = await other.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Recurso no encontrado' });
    } finally {
      await other.close();
    }
  });

  it('answer 401 in Spanish without the token or with a wrong one', async () => {
    for (const headers of [{}, { authorization: 'Bearer otro-token-cualquiera-1234' }, { authorization: TOKEN }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Se requiere el token de métricas' });
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('with the token: Prometheus text with the request histogram labelled by route pattern, never the raw URL', async () => {
    await t.app.inject({ method: 'GET', url: '/health/live' });
    await t.app.inject({ method: 'GET', url: '/v1/portals/services/servicio-secreto-40229183641/slug' });
    await t.app.inject({ method: 'GET', url: '/v1/otra-cosa-40229183641' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('process_cpu_user_seconds_total');
    expect(res.body).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/health\/live",status_code="200"\} \d+/);
    expect(res.body).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/v1\/portals\/services\/:slug\/slug",status_code="\d+"\} 1/);
    expect(res.body).toMatch(/http_request_duration_seconds_count\{method="GET",route="sin_ruta",status_code="404"\} \d+/);
    expect(res.body).not.toContain('40229183641');
  });
});

describe('overload', () => {
  it('a blocked event loop gets the Spanish 503 with Retry-After; health keeps answering and ready says the load fails', async () => {
    const busy = await buildTestApp({ overloadMaxEventLoopDelayMs: 100 }, { db: t.app.db });
    try {
      expect((await busy.app.inject({ method: 'GET', url: '/v1/portals/provinces' })).statusCode).toBe(200);
      // Block the event loop longer than the sampling interval (1 s): the next sample sees the delay.
      const end = Date.now() + 1300;
      while (Date.now() < end) {
        /* busy */
      }
      let res = await busy.app.inject({ method: 'GET', url: '/v1/portals/provinces' });
      // The late sample marks the server loaded until the next one (~1 s): asked every 20 ms in that time.
      for (const until = Date.now() + 1500; res.statusCode !== 503 && Date.now() < until; ) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        res = await busy.app.inject({ method: 'GET', url: '/v1/portals/provinces' });
      }
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: OVERLOADED });
      expect(res.headers['retry-after']).toBe('5');
      expect(res.headers['x-request-id']).toMatch(UUID);
      expect((await busy.app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
      const ready = await busy.app.inject({ method: 'GET', url: '/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().checks.load).toBe('error');
    } finally {
      await busy.close();
    }
  });
});
