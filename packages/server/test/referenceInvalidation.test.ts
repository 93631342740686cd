/**
 * Reference caches on several servers: an import through the import command
 * on one PostgreSQL is seen by every server within a second (the notification
 * clears their in-memory copies), well under the one-minute TTL, also after
 * the listening connection was killed. Needs TEST_DATABASE_URL (CI starts a
 * PostgreSQL); on PGlite there is one server and nothing to notify.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { importReference } from '../src/cli/importReference';
import { loadConfig, type Config } from '../src/config';
import { createReferenceChanges, tablesOf } from '../src/services/referenceNotifications';
import { endingOf, SESSION_CACHE_TTL_MS } from '../src/services/sessionCache';
import { bearer, DEMO, login } from './helpers';
import { startServer, type ServerProcess } from './serverProcess';
import { TEST_ARGON2 } from './buildTestApp';

const url = process.env.TEST_DATABASE_URL || null;
/** The documented bound while the notification connection is up. */
const BOUND_MS = 1000;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url! });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** A server on `schema` of the test PostgreSQL, ready and listening. */
async function server(schema: string, dir: string): Promise<FastifyInstance> {
  const uploadDir = await mkdtemp(path.join(dir, 'uploads-'));
  const config: Config = {
    ...loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent', UPLOAD_DIR: uploadDir, STATIC_DIR: path.join(dir, 'no-static') }),
    databaseUrl: url,
    databaseSchema: schema,
    argon2: TEST_ARGON2,
  };
  const app = await buildApp(config);
  cleanups.push(() => app.close());
  await app.ready();
  await app.referenceListener!.whenConnected();
  return app;
}

/** A shared schema, a folder for files, and two servers on them. */
async function twoServers() {
  const schema = `refcache_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-refcache-'));
  cleanups.push(() => sql(`DROP SCHEMA IF EXISTS ${schema} CASCADE`), () => rm(dir, { recursive: true, force: true }));
  const a = await server(schema, dir);
  const b = await server(schema, dir);
  /** Runs the import command's function against the shared schema, as an operator would. */
  const importFile = async (table: string, name: string, text: string) => {
    const file = path.join(dir, name);
    await writeFile(file, text);
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      const code = await importReference([table, file], { DATABASE_URL: url!, DATABASE_SCHEMA: schema, DATA_DIR: 'memory://', LOG_LEVEL: 'silent' });
      expect(code).toBe(0);
    } finally {
      log.mockRestore();
    }
  };
  return { schema, a, b, importFile };
}

const serviceName = async (app: FastifyInstance, slug: string) => {
  const response = await app.inject({ method: 'GET', url: '/v1/portals/services?per_page=100' });
  expect(response.statusCode).toBe(200);
  return (response.json() as { data: { slug: string; name: string }[] }).data.find((s) => s.slug === slug)?.name;
};

const bankName = async (app: FastifyInstance, id: number) => {
  const response = await app.inject({ method: 'GET', url: '/v1/region/bancos' });
  expect(response.statusCode).toBe(200);
  return (response.json() as { data: { id: number; nombre: string }[] }).data.find((bank) => bank.id === id)?.nombre;
};

/** Polls `read` on both servers until both give `wanted`; returns the milliseconds it took (fails past the bound). */
async function seenByBoth(apps: FastifyInstance[], read: (app: FastifyInstance) => Promise<unknown>, wanted: unknown): Promise<number> {
  const start = Date.now();
  for (;;) {
    const answers = await Promise.all(apps.map(read));
    if (answers.every((answer) => answer === wanted)) return Date.now() - start;
    if (Date.now() - start > BOUND_MS) {
      expect(answers, `${Date.now() - start} ms después de importar`).toEqual(apps.map(() => wanted));
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const catalogueFile = async (rename: (service: { slug: string; nombre: string }) => void) => {
  const services = JSON.parse(await readFile(new URL('../src/db/reference/catalogo/servicios.json', import.meta.url), 'utf8')) as { slug: string; nombre: string }[];
  rename(services[0]);
  return { slug: services[0].slug, name: services[0].nombre, text: JSON.stringify(services) };
};

describe('reference caches', () => {
  it('a notification names the tables of its schema only; the registry tells the subscribers of those tables', () => {
    expect(tablesOf(JSON.stringify({ schema: 'public', tables: ['bancos'] }), 'public')).toEqual(['bancos']);
    expect(tablesOf(JSON.stringify({ schema: 'otro', tables: ['bancos'] }), 'public')).toBeNull();
    expect(tablesOf('no es JSON', 'public')).toBeNull();
    const changes = createReferenceChanges();
    const heard: string[][] = [];
    changes.subscribe(['bancos', 'provincias'], (tables) => heard.push([...tables]));
    changes.changed(['catalogo_servicios']);
    changes.changed(['bancos', 'catalogo_servicios']);
    changes.changed(null);
    expect(heard).toEqual([['bancos'], ['bancos', 'provincias']]);
  });

  it.skipIf(!url)('an import on one PostgreSQL is seen by both servers within a second, not after the one-minute TTL', async () => {
    const { a, b, importFile } = await twoServers();
    const before = await catalogueFile(() => undefined);
    // Both servers keep the catalogue's list and the banks in memory…
    for (const app of [a, b]) {
      expect(await serviceName(app, before.slug)).toBe(before.name);
      expect(await bankName(app, 1)).toBe('Banco Popular Dominicano');
    }
    // …so a change written without the import (no notification) is not seen: the answers are the kept ones.
    await a.db.query(`UPDATE bancos SET nombre = 'Cambio sin aviso' WHERE id = 1`);
    await a.db.query(`UPDATE catalogo_servicios SET nombre = 'Cambio sin aviso' WHERE slug = $1`, [before.slug]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const app of [a, b]) {
      expect(await serviceName(app, before.slug)).toBe(before.name);
      expect(await bankName(app, 1)).toBe('Banco Popular Dominicano');
    }

    const after = await catalogueFile((service) => void (service.nombre = `${service.nombre} (versión importada)`));
    await importFile('catalogo-servicios', 'servicios.json', after.text);
    expect(await seenByBoth([a, b], (app) => serviceName(app, after.slug), after.name)).toBeLessThanOrEqual(BOUND_MS);

    await importFile('bancos', 'bancos.csv', 'id;nombre;tipo\n1;Banco Popular Dominicano (importado);banco_multiple\n2;Banco de Reservas;banco_multiple\n');
    expect(await seenByBoth([a, b], (app) => bankName(app, 1), 'Banco Popular Dominicano (importado)')).toBeLessThanOrEqual(BOUND_MS);
    // The catalogue was not forgotten by the banks' import (its answer stays as imported).
    expect(await serviceName(b, after.slug)).toBe(after.name);
  }, 60_000);

  it.skipIf(!url)('a killed listening connection comes back, and the next import is again seen within a second', async () => {
    const { a, b, importFile } = await twoServers();
    expect(await bankName(a, 1)).toBe('Banco Popular Dominicano');
    expect(await bankName(b, 1)).toBe('Banco Popular Dominicano');

    const killed = a.referenceListener!.backendPid()!;
    // The notification connections (their last statement is a LISTEN).
    const listening = await sql<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE application_name = 'portal-avisos-referencia' AND query LIKE 'LISTEN %'`);
    expect(listening.map((row) => row.pid)).toContain(killed);
    expect((await sql<{ ok: boolean }>('SELECT pg_terminate_backend($1) AS ok', [killed]))[0].ok).toBe(true);
    // It reconnects on its own (a new backend), with a short pause.
    const start = Date.now();
    while (!(a.referenceListener!.connected() && a.referenceListener!.backendPid() !== killed)) {
      expect(Date.now() - start, 'reconexión').toBeLessThan(10_000);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    // Caches warm again on both, then an import.
    expect(await bankName(a, 1)).toBe('Banco Popular Dominicano');
    expect(await bankName(b, 1)).toBe('Banco Popular Dominicano');
    await importFile('bancos', 'bancos.json', JSON.stringify([{ id: 1, nombre: 'Banco tras la reconexión', tipo: 'banco_multiple' }]));
    expect(await seenByBoth([a, b], (app) => bankName(app, 1), 'Banco tras la reconexión')).toBeLessThanOrEqual(BOUND_MS);
  }, 60_000);

  it.skipIf(!url)('two server processes on one PostgreSQL: an import is seen by both within a second, and both stop cleanly', async () => {
    const schema = `refproc_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const dir = await mkdtemp(path.join(tmpdir(), 'portal-refproc-'));
    const processes: ServerProcess[] = [];
    cleanups.push(
      () => sql(`DROP SCHEMA IF EXISTS ${schema} CASCADE`),
      () => rm(dir, { recursive: true, force: true }),
      async () => {
        for (const server of processes) if (server.child.exitCode === null) server.child.kill('SIGKILL');
      },
    );
    const env = { DATABASE_URL: url!, DATABASE_SCHEMA: schema };
    for (const name of ['uno', 'dos']) processes.push(startServer(path.join(dir, name), env));
    const ports = await Promise.all(processes.map((server) => server.listening));
    expect(ports.every((port) => port !== null), processes.map((server) => server.output()).join('\n')).toBe(true);
    const bank = async (port: number) => {
      const response = await fetch(`http://127.0.0.1:${port}/v1/region/bancos`);
      expect(response.status).toBe(200);
      return ((await response.json()) as { data: { id: number; nombre: string }[] }).data.find((row) => row.id === 1)?.nombre;
    };
    for (const port of ports) expect(await bank(port!)).toBe('Banco Popular Dominicano');
    // Each process listens once it is ready: two listening connections on this database.
    await expect.poll(async () => (await sql(`SELECT 1 FROM pg_stat_activity WHERE application_name = 'portal-avisos-referencia'`)).length).toBeGreaterThanOrEqual(2);

    const file = path.join(dir, 'bancos.json');
    await writeFile(file, JSON.stringify([{ id: 1, nombre: 'Banco visto por los procesos', tipo: 'banco_multiple' }]));
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      expect(await importReference(['bancos', file], { DATABASE_URL: url!, DATABASE_SCHEMA: schema, DATA_DIR: 'memory://' })).toBe(0);
    } finally {
      log.mockRestore();
    }
    const start = Date.now();
    for (;;) {
      const names = await Promise.all(ports.map((port) => bank(port!)));
      if (names.every((name) => name === 'Banco visto por los procesos')) break;
      expect(Date.now() - start, JSON.stringify(names)).toBeLessThanOrEqual(BOUND_MS);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }

    // SIGTERM: the listening connection does not keep a process alive (exit 0, not the forced exit after 10 s).
    for (const server of processes) server.child.kill('SIGTERM');
    expect(await Promise.all(processes.map((server) => server.exited))).toEqual([0, 0]);
  }, 120_000);
});

describe('sessions ended on another server', () => {
  const me = (app: FastifyInstance, token: string) => app.inject({ method: 'GET', url: '/v1/portals/auth/citizens/me', headers: bearer(token) });

  it.skipIf(!url)('a logout through one server is refused by the other within a second, not after its 5-second session cache', async () => {
    const { a, b } = await twoServers();
    const token = await login(a, DEMO.cedula, DEMO.password);
    // b confirms the session once and keeps it in its cache.
    expect((await me(b, token)).statusCode).toBe(200);
    expect((await a.inject({ method: 'POST', url: '/v1/portals/auth/citizens/logout', headers: bearer(token) })).statusCode).toBe(200);
    const ended = Date.now();
    await vi.waitFor(async () => expect((await me(b, token)).statusCode).toBe(401), { timeout: BOUND_MS, interval: 50 });
    expect(Date.now() - ended).toBeLessThan(SESSION_CACHE_TTL_MS);
  });

  it.skipIf(!url)('a password change through one server ends the citizen\'s other sessions on the other within a second', async () => {
    const { a, b } = await twoServers();
    const kept = await login(a, DEMO.cedula, DEMO.password);
    const other = await login(b, DEMO.cedula, DEMO.password);
    expect((await me(b, other)).statusCode).toBe(200);
    const changed = await a.inject({
      method: 'POST', url: '/v1/portals/auth/citizens/changepassword', headers: bearer(kept),
      payload: { current_password: DEMO.password, new_password: 'Otra-Clave-Segura-2026' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const ended = Date.now();
    await vi.waitFor(async () => expect((await me(b, other)).statusCode).toBe(401), { timeout: BOUND_MS, interval: 50 });
    expect(Date.now() - ended).toBeLessThan(SESSION_CACHE_TTL_MS);
    // The session that changed the password goes on, on both servers.
    expect((await me(b, kept)).statusCode).toBe(200);
  });

  it('a notification names a session ending of its own schema only', () => {
    expect(endingOf(JSON.stringify({ schema: 's1', token: 'abc' }), 's1')).toEqual({ token: 'abc' });
    expect(endingOf(JSON.stringify({ schema: 's1', citizen: 7 }), 's1')).toEqual({ citizen: 7 });
    expect(endingOf(JSON.stringify({ schema: 's2', citizen: 7 }), 's1')).toBeNull();
    expect(endingOf(JSON.stringify({ schema: 's1', citizen: 1.5 }), 's1')).toBeNull();
    expect(endingOf('no es json', 's1')).toBeNull();
  });
});
