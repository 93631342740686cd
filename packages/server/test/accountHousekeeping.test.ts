/** Log redaction of personal data in URLs, pruning of expired rows, and the HMAC key's source. */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactLogUrl } from '../src/http/redactLogUrl';
import { pruneExpired } from '../src/services/pruneExpired';
import { loadSecretKey } from '../src/services/secretKey';
import { buildTestApp, type TestApp } from './buildTestApp';
import { DEMO, login } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('redactLogUrl', () => {
  it.each([
    ['/v1/jce/40229183641', '/v1/jce/[cédula]'],
    ['/v1/jce/402-2918364-1', '/v1/jce/[cédula]'],
    ['/v1/portals/forgot?dni=40229183641', '/v1/portals/forgot?dni=[oculto]'],
    ['/v1/portals/forgot?DNI=402-2918364-1&x=1', '/v1/portals/forgot?DNI=[oculto]&x=1'],
    ['/v1/portals/exists/dni?dni=00104578232', '/v1/portals/exists/dni?dni=[oculto]'],
    ['/v1/algo/ana%40example.com', '/v1/algo/[correo]'],
    ['/v1/x?to=ana@example.com', '/v1/x?to=[oculto]'],
    ['/v1/region/provincias?limit=10&page=2', '/v1/region/provincias?limit=10&page=2'],
    ['/v1/portals/formalizaciones/12', '/v1/portals/formalizaciones/12'],
    ['/v1/jce/%E0%A4%A', '/v1/jce/%E0%A4%A'],
  ])('%s → %s', (url, logged) => expect(redactLogUrl(url)).toBe(logged));
});

describe('pruneExpired', () => {
  it('removes ended sessions, spent codes, expired registrations, e-mail changes and devices, old counters and delivered mail; keeps live ones', async () => {
    await login(t.app, DEMO.cedula, DEMO.password);
    const db = t.app.db;
    const { rows: [demo] } = await db.query<{ id: number }>('SELECT id FROM citizens WHERE cedula = $1', [DEMO.cedula]);
    await db.query(`INSERT INTO sessions (token_hash, citizen_id, expires_at) VALUES ('vencida', $1, now() - interval '1 minute')`, [demo.id]);
    await db.query(`INSERT INTO password_resets (citizen_id, code_hmac, expires_at) VALUES ($1, 'x', now() - interval '2 days')`, [demo.id]);
    await db.query(`INSERT INTO pending_registrations (token_hash, cedula, email, password_hash, nombres, apellidos, code_hmac, expires_at)
                    VALUES ('vieja', '00104578232', 'a@b.do', 'h', 'A', 'B', 'c', now() - interval '1 minute')`);
    await db.query(`INSERT INTO trusted_devices (token_hash, citizen_id, expires_at) VALUES ('viejo', $1, now() - interval '1 minute')`, [demo.id]);
    await db.query(`INSERT INTO email_changes (citizen_id, new_email, code_hmac, expires_at) VALUES ($1, 'nuevo@b.do', 'c', now() - interval '1 minute')`, [demo.id]);
    await db.query(`INSERT INTO attempt_counters (key, window_start, count) VALUES ('login:ip:x', now() - interval '2 days', 3), ('login:ip:y', now(), 1)`);
    await db.query(`INSERT INTO outbox (to_address, subject, body, sent_at) VALUES ('a@b.do', 'viejo', '', now() - interval '2 days'), ('a@b.do', 'pendiente', 'x', NULL)`);

    await pruneExpired(db);
    const count = async (sql: string) => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`)).rows[0].n;
    expect(await count(`sessions WHERE token_hash = 'vencida'`)).toBe(0);
    expect(await count('sessions')).toBeGreaterThan(0);
    expect(await count(`password_resets WHERE code_hmac = 'x'`)).toBe(0);
    expect(await count(`pending_registrations WHERE token_hash = 'vieja'`)).toBe(0);
    expect(await count(`trusted_devices WHERE token_hash = 'viejo'`)).toBe(0);
    expect(await count(`email_changes WHERE new_email = 'nuevo@b.do'`)).toBe(0);
    expect(await count(`attempt_counters WHERE key = 'login:ip:x'`)).toBe(0);
    expect(await count(`attempt_counters WHERE key = 'login:ip:y'`)).toBe(1);
    expect(await count(`outbox WHERE subject = 'viejo'`)).toBe(0);
    expect(await count(`outbox WHERE subject = 'pendiente'`)).toBe(1);
  });
});

describe('loadSecretKey', () => {
  it('uses SECRET_KEY when set', async () => {
    const { key, source } = await loadSecretKey({ secretKey: 'k'.repeat(40), databaseUrl: null, dataDir: 'memory://' }, t.app.db);
    expect(source).toBe('env');
    expect(key.toString()).toBe('k'.repeat(40));
  });

  it('keeps a generated key in DATA_DIR/secret.key, owner-only, the same after a restart', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'portal-secret-'));
    try {
      const first = await loadSecretKey({ secretKey: null, databaseUrl: null, dataDir: dir }, t.app.db);
      const again = await loadSecretKey({ secretKey: null, databaseUrl: null, dataDir: dir }, t.app.db);
      expect(first.source).toBe('file');
      expect(first.key.equals(again.key)).toBe(true);
      expect(first.key).toHaveLength(32);
      expect((await stat(path.join(dir, 'secret.key'))).mode & 0o077).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('on PostgreSQL without SECRET_KEY, one key in the database shared by every server', async () => {
    const a = await loadSecretKey({ secretKey: null, databaseUrl: 'postgres://x', dataDir: './data' }, t.app.db);
    const b = await loadSecretKey({ secretKey: null, databaseUrl: 'postgres://x', dataDir: './data' }, t.app.db);
    expect(a.source).toBe('database');
    expect(a.key.equals(b.key)).toBe(true);
  });

  it('refuses a short SECRET_KEY', async () => {
    const { loadConfig } = await import('../src/config');
    expect(() => loadConfig({ SECRET_KEY: 'corta' })).toThrow(/SECRET_KEY/);
  });
});
