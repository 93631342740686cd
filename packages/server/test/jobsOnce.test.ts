/**
 * Background work on several servers sharing one PostgreSQL runs once: the
 * pruning takes a transaction-level advisory lock without waiting (a second
 * server at the same moment skips), and the outbox is claimed row by row (30
 * messages delivered by two servers' own mailers arrive once each). The
 * PostgreSQL cases need TEST_DATABASE_URL; the pruning also runs on PGlite.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { Queryable } from '../src/db/Db';
import { untilNextSlot } from '../src/plugins/app/registerPruning';
import { pruneExpired } from '../src/services/pruneExpired';
import { DEMO } from './helpers';
import { startMailSink, type MailSink } from './mailSink';
import { TEST_ARGON2 } from './buildTestApp';

const url = process.env.TEST_DATABASE_URL || null;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A ready server on PostgreSQL `schema` (PGlite in memory when null), delivering mail to `smtpUrl` when given. */
async function server(schema: string | null, smtpUrl: string | null = null): Promise<FastifyInstance> {
  const uploadDir = await mkdtemp(path.join(tmpdir(), 'portal-jobs-'));
  const config: Config = {
    ...loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent', UPLOAD_DIR: uploadDir, STATIC_DIR: path.join(uploadDir, 'no-static') }),
    databaseUrl: schema === null ? null : url,
    databaseSchema: schema,
    argon2: TEST_ARGON2,
    smtpUrl,
  };
  const app = await buildApp(config);
  cleanups.push(() => rm(uploadDir, { recursive: true, force: true }), () => app.close());
  await app.ready();
  return app;
}

/** A client of the test PostgreSQL, closed after the test. */
async function client(): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: url! });
  await c.connect();
  cleanups.push(() => c.end());
  return c;
}

function newSchema(prefix: string): string {
  const schema = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: url! });
    await c.connect();
    await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await c.end();
  });
  return schema;
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error(`no ocurrió: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** `n` expired sessions of the demo citizen and `n` expired registrations: 2n rows the pruning deletes. */
async function expiredRows(db: Queryable, n: number, tag: string): Promise<void> {
  const { rows: [demo] } = await db.query<{ id: number }>('SELECT id FROM citizens WHERE cedula = $1', [DEMO.cedula]);
  for (let i = 0; i < n; i++) {
    await db.query(`INSERT INTO sessions (token_hash, citizen_id, expires_at) VALUES ($1, $2, now() - interval '1 minute')`, [`${tag}-${i}`, demo.id]);
    await db.query(
      `INSERT INTO pending_registrations (token_hash, cedula, email, password_hash, nombres, apellidos, code_hmac, expires_at)
       VALUES ($1, '00104578232', $2, 'h', 'A', 'B', 'c', now() - interval '1 minute')`,
      [`${tag}-${i}`, `${tag}-${i}@example.com`],
    );
  }
}

const left = async (db: Queryable, tag: string) =>
  (await db.query<{ n: number }>(
    `SELECT ((SELECT count(*) FROM sessions WHERE token_hash LIKE $1) + (SELECT count(*) FROM pending_registrations WHERE token_hash LIKE $1))::int AS n`,
    [`${tag}-%`],
  )).rows[0].n;

describe('pruning runs once across servers', () => {
  it.skipIf(!url)('two servers pruning at the same moment: one deletes each expired row once, the other skips', async () => {
    const schema = newSchema('jobs');
    const [a, b] = [await server(schema), await server(schema)];
    const watcher = await client();
    /** Whether some server holds the pruning's lock of this schema now. */
    const pruning = async () =>
      (await watcher.query<{ n: string }>(
        `SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND granted AND objsubid = 2
           AND classid = 1886548589::oid AND objid = hashtext('poda:' || $1::text)::oid`,
        [schema],
      )).rows[0].n !== '0';
    // The pruning each server runs when ready is over (it may not have taken its lock yet when ready returns).
    await Promise.all([a.housekeepingSettled(), b.housekeepingSettled()]);
    expect(await pruning()).toBe(false);

    for (let round = 0; round < 3; round++) {
      const tag = `ronda${round}`;
      await expiredRows(a.db, 10, tag);
      // A citizen's request holds one of the expired sessions a moment: whoever prunes first waits on it, holding the lock.
      const blocker = await client();
      await blocker.query(`SET search_path = ${schema}`);
      await blocker.query('BEGIN');
      await blocker.query('SELECT 1 FROM sessions WHERE token_hash = $1 FOR UPDATE', [`${tag}-0`]);
      const [first, second] = round % 2 === 0 ? [a, b] : [b, a];
      const firstRun = pruneExpired(first.db);
      await until(pruning, 'el primero tiene el bloqueo');
      // The other server at the same moment: skipped, nothing deleted by it.
      expect(await pruneExpired(second.db)).toBeNull();
      expect(await left(a.db, tag)).toBe(20);
      await blocker.query('COMMIT');
      expect(await firstRun).toBe(20);
      expect(await left(b.db, tag)).toBe(0);
    }
    // Once the lock is free the next period prunes again (nothing is left).
    expect(await pruneExpired(b.db)).toBe(0);
  }, 120_000);

  it('on PGlite (one process) pruning runs and counts what it deleted', async () => {
    const app = await server(null);
    await expiredRows(app.db, 3, 'pglite');
    const counts = await Promise.all([pruneExpired(app.db), pruneExpired(app.db)]);
    expect(counts.sort()).toEqual([0, 6]);
    expect(await left(app.db, 'pglite')).toBe(0);
  }, 60_000);

  it('the periods start at the same instant on every server (on the hour for an hour)', () => {
    const hour = 3_600_000;
    expect(untilNextSlot(hour, Date.UTC(2026, 0, 1, 10, 59, 0))).toBe(60_000);
    expect(untilNextSlot(hour, Date.UTC(2026, 0, 1, 11, 0, 0))).toBe(hour);
    expect(untilNextSlot(hour, Date.UTC(2026, 0, 1, 11, 0, 0, 1))).toBe(hour - 1);
  });
});

describe('mail is delivered once across servers', () => {
  it.skipIf(!url)('30 queued messages delivered by two servers at once arrive once each', async () => {
    const sinks: MailSink[] = [await startMailSink(), await startMailSink()];
    cleanups.push(...sinks.map((sink) => () => sink.close()));
    const schema = newSchema('jobsmail');
    const [a, b] = [await server(schema, sinks[0].url), await server(schema, sinks[1].url)];
    const subjects = Array.from({ length: 30 }, (_, i) => `Aviso ${String(i).padStart(2, '0')} ${randomUUID().slice(0, 8)}`);
    await a.db.transaction(async (tx) => {
      for (const subject of subjects) await tx.query('INSERT INTO outbox (to_address, subject, body) VALUES ($1, $2, $3)', ['rosa@example.com', subject, 'Texto del aviso']);
    });
    // Both servers' own mailers, at once (as after a message is queued on each).
    for (let i = 0; i < 3; i++) {
      a.kickMail();
      b.kickMail();
    }
    await until(async () => (await a.db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox WHERE sent_at IS NULL')).rows[0].n === 0, 'todo enviado', 30_000);
    const received = sinks.flatMap((sink) => sink.received.map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1].trim() ?? ''));
    for (const subject of subjects) expect(received.filter((s) => s === subject), subject).toHaveLength(1);
    expect(received.filter((s) => s.startsWith('Aviso '))).toHaveLength(30);
  }, 60_000);
});
