import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type AppOverrides } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { startMailSink, type MailSink } from './mailSink';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** The SMTP server the app delivers its mail to (null when the test gave its own SMTP_URL). */
  mail: MailSink | null;
  /** Closes the app, deletes its upload folder and, on PostgreSQL, drops its schema. */
  close(): Promise<void>;
}

/** Cheap argon2 for tests only; production keeps PRODUCTION_ARGON2 (m=19456, t=2). */
export const TEST_ARGON2 = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

const mailboxes = new WeakMap<FastifyInstance, MailSink>();

/** The local SMTP server an app built by buildTestApp delivers to. */
export function mailboxOf(app: FastifyInstance): MailSink {
  const mail = mailboxes.get(app);
  if (!mail) throw new Error('Esta app no entrega el correo a un servidor de prueba (buildTestApp con smtpUrl propio)');
  return mail;
}


/**
 * The app on PGlite in memory, or on the PostgreSQL server named by
 * TEST_DATABASE_URL in a schema of its own (dropped on close), so the same
 * tests run on both databases. Pass `{ db: other.app.db }` to build a second
 * app (other config) on an existing database, which saves a database start.
 */
export async function buildTestApp(configOverrides: Partial<Config> = {}, appOverrides: AppOverrides = {}): Promise<TestApp> {
  const uploadDir = await mkdtemp(path.join(tmpdir(), 'portal-test-uploads-'));
  // With a shared db (appOverrides.db) the caller owns the database: no schema of our own.
  const databaseUrl = appOverrides.db ? null : process.env.TEST_DATABASE_URL || null;
  const schema = databaseUrl ? `test_${randomUUID().replace(/-/g, '').slice(0, 16)}` : null;
  // Mail goes through real SMTP to a local server, where tests read the codes a citizen would read.
  const mail = configOverrides.smtpUrl === undefined ? await startMailSink() : null;
  const config: Config = {
    ...loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent', UPLOAD_DIR: uploadDir, STATIC_DIR: path.join(uploadDir, 'no-static') }),
    databaseUrl,
    databaseSchema: schema,
    argon2: TEST_ARGON2,
    smtpUrl: mail?.url ?? null,
    // No 503 on a lagging event loop: tests block it themselves (fuzz generation, PGlite); operations.test.ts turns it on.
    overloadMaxEventLoopDelayMs: 0,
    ...configOverrides,
  };
  const app = await buildApp(config, appOverrides);
  await app.ready();
  if (mail) mailboxes.set(app, mail);
  return {
    app,
    config,
    mail,
    async close() {
      await app.close();
      await mail?.close();
      await rm(uploadDir, { recursive: true, force: true });
      if (databaseUrl && schema) {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await client.end();
      }
    },
  };
}
