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
import { submittableSrl } from './applicationData';
import { bearer, DEMO, login, multipart, SAMPLE_FILES } from './helpers';
import { TEST_ARGON2 } from './buildTestApp';

const url = process.env.TEST_DATABASE_URL || null;

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

  it.skipIf(!url)('with DOCUMENT_STORAGE=postgres a file uploaded through one server downloads through another, and a submit there cites it', async () => {
    const schema = `several_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    // Each server keeps its own upload folder and staging folder: only the database is shared.
    const configs = await Promise.all([0, 1].map(async () => ({ ...(await serverConfig(schema)), documentStorage: 'postgres' as const })));
    const [a, b] = [await buildApp(configs[0]), await buildApp(configs[1])];
    try {
      const token = await login(a, DEMO.cedula, DEMO.password);
      const me = (await a.inject({ method: 'GET', url: '/v1/portals/auth/citizens/me', headers: bearer(token) })).json().data.id;
      const body = multipart([
        { name: 'citizen_profile_id', value: String(me) },
        { name: 'file', value: SAMPLE_FILES.pdf, filename: 'Estatutos.pdf', contentType: 'application/pdf' },
      ]);
      const up = await a.inject({ method: 'POST', url: '/v1/portals/documents', payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
      expect(up.statusCode, up.body).toBe(201);
      const { id, route } = up.json().data as { id: number; route: string };
      expect(await readdir(configs[0].uploadDir)).toEqual([]);

      const download = await b.inject({ method: 'GET', url: route, headers: bearer(token) });
      expect(download.statusCode, download.body).toBe(200);
      expect(download.rawPayload.equals(SAMPLE_FILES.pdf)).toBe(true);

      const draft = await b.inject({ method: 'POST', url: '/v1/portals/formalizaciones', headers: bearer(token), payload: { data: submittableSrl(id) } });
      expect(draft.statusCode, draft.body).toBe(201);
      const submit = await b.inject({ method: 'POST', url: `/v1/portals/formalizaciones/${draft.json().data.id}/submit`, headers: bearer(token) });
      expect(submit.statusCode, submit.body).toBe(200);
      // A third server's sweep at start, both objects two hours old: the referenced one stays, the orphan goes.
      const orphan = randomUUID();
      await a.db.query('INSERT INTO document_objects (stored_name, size) VALUES ($1, 0)', [orphan]);
      await a.db.query("UPDATE document_objects SET created_at = now() - interval '2 hours'");
      configs.push({ ...(await serverConfig(schema)), documentStorage: 'postgres' });
      await (await buildApp(configs[2])).close();
      const { rows } = await a.db.query<{ stored_name: string }>('SELECT stored_name FROM document_objects');
      expect(rows).toHaveLength(1);
      expect(rows[0].stored_name).not.toBe(orphan);
      expect((await b.inject({ method: 'GET', url: route, headers: bearer(token) })).statusCode).toBe(200);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await Promise.all(configs.map((config) => rm(config.uploadDir, { recursive: true, force: true })));
      await dropSchema(schema);
    }
  }, 120_000);
});
