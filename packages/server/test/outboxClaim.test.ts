/**
 * The outbox is claimed row by row (FOR UPDATE SKIP LOCKED), so servers
 * delivering one outbox together send each message once, and a delivered
 * message keeps no body (codes are not kept). Real SMTP servers receive.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { Queryable } from '../src/db/Db';
import { deliverOutbox, MAX_ATTEMPTS } from '../src/services/mail/deliverOutbox';
import { startMailSink } from './mailSink';
import { TEST_ARGON2 } from './buildTestApp';

const url = process.env.TEST_DATABASE_URL || null;
const FROM = 'Portal <no-responder@portal.test>';

interface Smtp {
  url: string;
  /** The Subject of each message received, in order. */
  readonly subjects: string[];
  /** The Message-ID header of each message received, in order. */
  messageIds(): string[];
  close(): Promise<void>;
}

/** A real SMTP server on a local port (the shared mail sink), read by the Subject of each message. */
async function startSmtp(): Promise<Smtp> {
  const sink = await startMailSink();
  return {
    url: sink.url,
    get subjects() {
      return sink.received.map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1].trim() ?? '');
    },
    messageIds: () => sink.received.map((m) => /^Message-ID: (.*)$/im.exec(m.raw)?.[1].trim() ?? ''),
    close: () => sink.close(),
  };
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An app (its own mailer delivering too) on PostgreSQL `schema`, or on PGlite in memory when schema is null. */
async function server(schema: string | null, smtp: Smtp): Promise<FastifyInstance> {
  const uploadDir = await mkdtemp(path.join(tmpdir(), 'portal-outbox-'));
  const config: Config = {
    ...loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent', UPLOAD_DIR: uploadDir, STATIC_DIR: path.join(uploadDir, 'no-static') }),
    databaseUrl: schema === null ? null : url,
    databaseSchema: schema,
    argon2: TEST_ARGON2,
    smtpUrl: smtp.url,
    mailFrom: FROM,
  };
  const app = await buildApp(config);
  await app.ready();
  cleanups.push(() => rm(uploadDir, { recursive: true, force: true }), () => app.close());
  return app;
}

async function queue(db: Queryable, subjects: string[]): Promise<void> {
  for (const subject of subjects) {
    await db.query('INSERT INTO outbox (to_address, subject, body) VALUES ($1, $2, $3)', ['rosa@example.com', subject, `Su codigo: ${subject.slice(-6)}`]);
  }
}

async function waitUntil(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ocurrió: ${what}`);
}

const rowsOf = async (db: Queryable) =>
  (await db.query<{ subject: string; body: string; sent_at: Date | null; attempts: number }>('SELECT subject, body, sent_at, attempts FROM outbox ORDER BY id')).rows;

function transportTo(smtp: Smtp) {
  const transport = nodemailer.createTransport(smtp.url);
  cleanups.push(async () => transport.close());
  return transport;
}

describe('outbox claims', () => {
  it.skipIf(!url)('two servers on one PostgreSQL delivering together send each of 20 messages once, and keep no body', async () => {
    const schema = `outbox_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    cleanups.push(async () => {
      const client = new pg.Client({ connectionString: url! });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    });
    const [smtpA, smtpB] = [await startSmtp(), await startSmtp()];
    cleanups.push(smtpA.close, smtpB.close);
    const a = await server(schema, smtpA);
    const b = await server(schema, smtpB);
    const [toA, toB] = [transportTo(smtpA), transportTo(smtpB)];
    const received = () => [...smtpA.subjects, ...smtpB.subjects];

    for (let round = 0; round < 3; round++) {
      const subjects = Array.from({ length: 20 }, (_, i) => `Mensaje ${round}-${String(i).padStart(2, '0')} ${String(100000 + round * 100 + i)}`);
      await queue(a.db, subjects);
      // Both servers' own mailers may run too; the test's calls add four concurrent deliveries per server.
      await Promise.all([0, 1, 2, 3].flatMap(() => [deliverOutbox(a.db, toA, FROM), deliverOutbox(b.db, toB, FROM)]));
      await waitUntil(async () => (await rowsOf(b.db)).every((row) => row.sent_at !== null), 'todos enviados');
      for (const subject of subjects) expect(received().filter((s) => s === subject), subject).toHaveLength(1);
    }
    expect(received()).toHaveLength(60);
    expect(smtpA.subjects.length).toBeGreaterThan(0);
    expect(smtpB.subjects.length).toBeGreaterThan(0);
    for (const row of await rowsOf(a.db)) expect(row).toMatchObject({ body: '', attempts: 1 });
  }, 120_000);

  it('on PGlite: delivered and given-up messages lose their body; a live claim is respected, an expired one is sent', async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const app = await server(null, smtp);
    const transport = transportTo(smtp);

    await queue(app.db, ['Uno 111111', 'Dos 222222', 'Tres 333333']);
    await Promise.all([deliverOutbox(app.db, transport, FROM), deliverOutbox(app.db, transport, FROM)]);
    await waitUntil(async () => (await rowsOf(app.db)).every((row) => row.sent_at !== null), 'todos enviados');
    expect([...smtp.subjects].sort()).toEqual(['Dos 222222', 'Tres 333333', 'Uno 111111']);
    for (const row of await rowsOf(app.db)) expect(row.body).toBe('');

    // Claimed by a server that stopped mid-send: not sent while the claim lasts, sent once it has expired.
    await app.db.query(`INSERT INTO outbox (to_address, subject, body, claimed_until) VALUES ('rosa@example.com', 'Cuatro 444444', 'x', now() + interval '1 minute')`);
    expect(await deliverOutbox(app.db, transport, FROM)).toBe(0);
    await app.db.query(`UPDATE outbox SET claimed_until = now() - interval '1 second' WHERE subject = 'Cuatro 444444'`);
    expect(await deliverOutbox(app.db, transport, FROM)).toBe(1);
    expect(smtp.subjects.filter((s) => s === 'Cuatro 444444')).toHaveLength(1);

    // Each attempt of a message carries the message's one Message-ID: a copy sent again after a crash
    // (accepted by SMTP, not recorded) is the same message to the mailbox, and each message has its own.
    const [{ message_id: id }] = (await app.db.query<{ message_id: string }>(`SELECT message_id FROM outbox WHERE subject = 'Cuatro 444444'`)).rows;
    await app.db.query(`UPDATE outbox SET sent_at = NULL, attempts = 0, claimed_until = now() - interval '1 second' WHERE subject = 'Cuatro 444444'`);
    expect(await deliverOutbox(app.db, transport, FROM)).toBe(1);
    const ids = smtp.messageIds();
    expect(ids.filter((m) => m === `<${id}@portal.test>`)).toHaveLength(2);
    expect(new Set(ids).size).toBe(4);

    // A message that fails every attempt is given up, and its code goes with it.
    await app.db.query(`INSERT INTO outbox (to_address, subject, body) VALUES ('rosa@example.com', 'Cinco 555555', 'Su codigo: 555555')`);
    const failing = { sendMail: async () => Promise.reject(new Error('buzón lleno')) };
    for (let i = 0; i < MAX_ATTEMPTS + 1; i++) {
      await deliverOutbox(app.db, failing, FROM);
      // The pause before the next attempt, over.
      await app.db.query(`UPDATE outbox SET claimed_until = now() - interval '1 second' WHERE subject = 'Cinco 555555'`);
    }
    const [given] = (await rowsOf(app.db)).filter((row) => row.subject === 'Cinco 555555');
    expect(given).toMatchObject({ body: '', sent_at: null, attempts: MAX_ATTEMPTS });
  }, 60_000);
});
