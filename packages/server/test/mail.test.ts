/** The outbox is delivered through a real SMTP server (smtp-server on a local port) when SMTP_URL is set. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { buildTestApp, type TestApp } from './buildTestApp';
import { DEMO } from './helpers';
import { deliverOutbox, MAX_ATTEMPTS, retryDelaySeconds } from '../src/services/mail/deliverOutbox';
import { createLogTransport } from '../src/services/mail/logTransport';
import Fastify from 'fastify';

const received: { to: string[]; body: string }[] = [];
let smtp: SMTPServer;
let port = 0;
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let body = '';
      stream.on('data', (c: Buffer) => (body += c.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), body });
        callback();
      });
    },
  });
  await new Promise<void>((ok) => smtp.listen(0, '127.0.0.1', () => ok()));
  port = (smtp.server.address() as { port: number }).port;
  t = await buildTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Portal <no-responder@portal.test>' });
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((ok) => smtp.close(() => ok()));
});

describe('outbox delivery by SMTP', () => {
  it('sends the reset code to the citizen and marks the message sent', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/v1/portals/forgot?dni=${DEMO.cedula}` });
    expect(res.statusCode).toBe(200);
    for (let i = 0; i < 50 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(received).toHaveLength(1);
    expect(received[0].to).toEqual(['demo.ciudadano@example.com']);
    expect(received[0].body).toMatch(/c=C3=B3digo|código/);
    // The row is marked after the SMTP server has answered, a moment after it received the message.
    const sentRows = async () => (await t.app.db.query<{ sent_at: unknown }>('SELECT sent_at FROM outbox')).rows;
    for (let i = 0; i < 50 && (await sentRows())[0]?.sent_at == null; i++) await new Promise((r) => setTimeout(r, 100));
    const rows = await sentRows();
    expect(rows).toHaveLength(1);
    expect(rows[0].sent_at).not.toBeNull();
  });

  it('without SMTP_URL, delivers to the server log only (like a console mail backend)', async () => {
    const lines: string[] = [];
    const logged = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });
    await createLogTransport(logged.log).sendMail({ from: 'p@x.do', to: 'ana@example.com', subject: 'Código', text: 'Su código es 123456.' });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]).msg).toContain('Su código es 123456.');
  });

  it('keeps a message that could not be sent, counting attempts, and never sends it twice', async () => {
    await t.app.db.query("INSERT INTO outbox (to_address, subject, body) VALUES ('a@b.do', 'Prueba', 'x')");
    const failing = { sendMail: async () => { throw new Error('buzón lleno'); } };
    expect(await deliverOutbox(t.app.db, failing, 'p@x.do')).toBe(0);
    const { rows } = await t.app.db.query<{ attempts: number; last_error: string; sent_at: unknown; wait: number }>(
      "SELECT attempts, last_error, sent_at, extract(epoch FROM claimed_until - now())::float AS wait FROM outbox WHERE to_address = 'a@b.do'",
    );
    expect(rows[0]).toMatchObject({ attempts: 1, last_error: 'buzón lleno', sent_at: null });
    // Not tried again before its pause (30 s after a first failure) is over.
    expect(rows[0].wait).toBeGreaterThan(25);
    expect(rows[0].wait).toBeLessThanOrEqual(30);
    const tried: string[] = [];
    expect(await deliverOutbox(t.app.db, { sendMail: async () => { tried.push('early'); return {}; } } as never, 'p@x.do')).toBe(0);
    expect(tried).toEqual([]);
    await t.app.db.query("UPDATE outbox SET claimed_until = now() - interval '1 second' WHERE to_address = 'a@b.do'");
    const ok: string[] = [];
    expect(await deliverOutbox(t.app.db, { sendMail: async (m: { to?: unknown }) => { ok.push(String(m.to)); return {}; } } as never, 'p@x.do')).toBe(1);
    expect(await deliverOutbox(t.app.db, { sendMail: async () => { ok.push('again'); return {}; } } as never, 'p@x.do')).toBe(0);
    expect(ok).toEqual(['a@b.do']);
  });

  it('the pause between attempts doubles from 30 s up to an hour; the attempts span about three hours', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(retryDelaySeconds)).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600, 3600]);
    const span = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => retryDelaySeconds(i + 1)).reduce((a, b) => a + b, 0);
    expect(span / 3600).toBeGreaterThan(3);
  });

  it('a backlog larger than one round is delivered at once, round after round, not 20 every 30 s', async () => {
    const before = received.length;
    await t.app.db.query("INSERT INTO outbox (to_address, subject, body) SELECT 'cola' || n || '@example.com', 'Cola', 'x' FROM generate_series(1, 45) AS n");
    t.app.kickMail();
    for (let i = 0; i < 100 && received.length < before + 45; i++) await new Promise((r) => setTimeout(r, 100));
    expect(received.length - before).toBe(45);
  });
});
