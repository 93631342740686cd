/**
 * Several servers on one PostgreSQL: started together on an empty schema, they
 * migrate and seed one after the other (advisory lock), so all come up and
 * nothing is seeded twice. Needs TEST_DATABASE_URL (CI starts a PostgreSQL).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { SANDBOX_JCE_CITIZENS, DEMO_CITIZEN } from '../src/agencies/sandbox/sandboxData';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';

const url = process.env.TEST_DATABASE_URL || null;
const TEST_ARGON2 = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

/** A server's configuration on the shared schema, with an upload folder of its own. */
async function serverConfig(schema: string): Promise<Config> {
  const uploadDir = await mkdtemp(path.join(tmpdir(), 'portal-several-'));
  return {
    ...loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent', UPLOAD_DIR: uploadDir, STATIC_DIR: path.join(uploadDir, 'no-static') }),
    databaseUrl: url,
    databaseSchema: schema,
    argon2: TEST_ARGON2,
  };
}

async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url! });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
}

const count = async (app: FastifyInstance, sql: string, params: unknown[] = []) =>
  (await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params)).rows[0].n;

describe('several servers on one PostgreSQL', () => {
  it.skipIf(!url)('three servers started together on an empty schema all come up, migrated and seeded once', async () => {
    const migrations = (await readdir(new URL('../src/db/migrations/', import.meta.url))).filter((f) => f.endsWith('.sql'));
    const provincias = JSON.parse(await readFile(new URL('../src/db/reference/provincias.json', import.meta.url), 'utf8')) as unknown[];
    for (let round = 0; round < 5; round++) {
      const schema = `several_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
      const configs = await Promise.all([0, 1, 2].map(() => serverConfig(schema)));
      const started = await Promise.allSettled(configs.map((config) => buildApp(config)));
      const apps = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      try {
        expect(started.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok')), `vuelta ${round}`).toEqual(['ok', 'ok', 'ok']);
        const [app] = apps;
        expect(await count(app, 'schema_migrations')).toBe(migrations.length);
        expect(await count(app, 'provincias')).toBe(provincias.length);
        expect(await count(app, 'jce_citizens')).toBe(SANDBOX_JCE_CITIZENS.length);
        expect(await count(app, 'citizens WHERE cedula = $1', [DEMO_CITIZEN.cedula])).toBe(1);
        // Each server answers on the shared database.
        for (const each of apps) expect((await each.inject({ method: 'GET', url: '/v1/region/provincias' })).statusCode).toBe(200);
      } finally {
        await Promise.all(apps.map((app) => app.close()));
        await Promise.all(configs.map((config) => rm(config.uploadDir, { recursive: true, force: true })));
        await dropSchema(schema);
      }
    }
  }, 180_000);
});
