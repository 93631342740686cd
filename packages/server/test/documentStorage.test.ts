/**
 * The document storage (DOCUMENT_STORAGE): one contract run against the three
 * backends (a local folder, the database on PGlite or TEST_DATABASE_URL, and
 * a real S3-compatible HTTP server, s3rver, in this process), then uploads
 * and downloads through the HTTP API with the database and S3 backends.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import type { Readable } from 'node:stream';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_JCE_CITIZENS } from '../src/agencies/sandbox/sandboxData';
import type { DocumentStorage } from '../src/services/storage/DocumentStorage';
import { createLocalStorage } from '../src/services/storage/localStorage';
import { CHUNK_BYTES, createPostgresStorage } from '../src/services/storage/postgresStorage';
import { createS3Storage, type S3Config } from '../src/services/storage/s3Storage';
import { copyDocuments } from '../src/services/storage/copyDocuments';
import { buildApp } from '../src/app';
import { housekeepingRound } from '../src/plugins/app/registerPruning';
import { loadConfig } from '../src/config';
import { buildTestApp, type TestApp, TEST_ARGON2 } from './buildTestApp';
import { bearer, login, multipart, register, SAMPLE_FILES } from './helpers';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** Reads a whole stream into one buffer (the tests' files are a few MB). */
async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A real S3-compatible server on a free port, storing in a temporary folder, with `bucket` created through the S3 API. */
async function startS3(bucket: string): Promise<{ config: S3Config; server: S3rver; port: number }> {
  const directory = await tempDir('portal-s3-');
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const config: S3Config = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    prefix: 'portal/',
  };
  const client = new S3Client({ endpoint: config.endpoint!, region: config.region, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  return { config, server, port };
}

interface Backend {
  storage: DocumentStorage;
  /** Makes a stored object look `ms` old (null: the backend's own clock only). */
  age: ((name: string, ms: number) => Promise<void>) | null;
  /** Makes the storage unusable, so its probe must fail. */
  breakIt: () => Promise<void>;
}

const backends: Record<string, () => Promise<Backend>> = {
  async local() {
    const dir = await tempDir('portal-storage-local-');
    return {
      storage: createLocalStorage(dir),
      age: async (name, ms) => {
        const then = new Date(Date.now() - ms);
        await utimes(path.join(dir, name), then, then);
      },
      breakIt: async () => {
        await rm(dir, { recursive: true, force: true });
        await writeFile(dir, 'ya no es una carpeta');
      },
    };
  },
  async postgres() {
    // PGlite in memory, or a schema of its own on TEST_DATABASE_URL.
    const t = await buildTestApp();
    cleanups.push(() => t.close());
    return {
      storage: createPostgresStorage(t.app.db),
      age: async (name, ms) => {
        await t.app.db.query("UPDATE document_objects SET created_at = now() - $2::float8 * interval '1 millisecond' WHERE stored_name = $1", [name, ms]);
      },
      breakIt: async () => {
        await t.app.db.exec('ALTER TABLE document_objects RENAME TO document_objects_fuera');
      },
    };
  },
  async s3() {
    const { config, server } = await startS3(`portal-${randomUUID().slice(0, 8)}`);
    const storage = createS3Storage(config);
    let stopped = false;
    cleanups.push(async () => {
      await storage.close();
      if (!stopped) await server.close();
    });
    return {
      storage,
      age: null,
      breakIt: async () => {
        stopped = true;
        await server.close();
      },
    };
  },
};

describe.each(Object.keys(backends))('DocumentStorage %s', (kind) => {
  let backend: Backend;
  let staging: string;
  beforeAll(async () => {
    backend = await backends[kind]();
    staging = await tempDir('portal-staging-test-');
  }, 60_000);

  /** Writes `content` to a staging file and puts it under a new name. */
  async function put(content: Buffer): Promise<string> {
    const name = randomUUID();
    const file = path.join(staging, name);
    await writeFile(file, content, { mode: 0o600 });
    await backend.storage.put(name, file, content.length);
    return name;
  }

  it('gives back a multi-chunk file byte for byte, with its size; the staging file stays for the caller', async () => {
    const content = randomBytes(3 * 1024 * 1024 + 123);
    expect(content.length).toBeGreaterThan(5 * CHUNK_BYTES);
    const name = await put(content);
    expect(await readdir(staging)).toContain(name);
    const stored = await backend.storage.open(name);
    expect(stored).not.toBeNull();
    expect(stored!.size).toBe(content.length);
    expect((await bytesOf(stored!.stream)).equals(content)).toBe(true);
    // A small file and an empty-looking one round-trip too.
    const small = await put(Buffer.from('%PDF-1.4 pequeño'));
    expect(await text((await backend.storage.open(small))!.stream)).toBe('%PDF-1.4 pequeño');
  }, 60_000);

  it('answers null for an object it does not have', async () => {
    expect(await backend.storage.open(randomUUID())).toBeNull();
  });

  it('removes an object, and removing it again is no error', async () => {
    const name = await put(Buffer.from('borrar'));
    await backend.storage.remove(name);
    expect(await backend.storage.open(name)).toBeNull();
    await expect(backend.storage.remove(name)).resolves.toBeUndefined();
    expect(await backend.storage.listOlderThan(0)).not.toContain(name);
  });

  it('lists the objects at least an age old', async () => {
    const [older, recent] = [await put(Buffer.from('viejo')), await put(Buffer.from('nuevo'))];
    const all = await backend.storage.listOlderThan(0);
    expect(all).toEqual(expect.arrayContaining([older, recent]));
    const hour = 60 * 60 * 1000;
    expect(await backend.storage.listOlderThan(hour)).not.toContain(recent);
    if (backend.age === null) return;
    await backend.age(older, 2 * hour);
    const old = await backend.storage.listOlderThan(hour);
    expect(old).toContain(older);
    expect(old).not.toContain(recent);
  });

  it('probes ok, and fails once the storage is gone', async () => {
    await expect(backend.storage.probe()).resolves.toBeUndefined();
    await backend.breakIt();
    await expect(backend.storage.probe()).rejects.toThrow();
  }, 30_000);
});

describe('DocumentStorage local across file systems', () => {
  // /dev/shm is a tmpfs on Linux, another file system than the temporary folder: the hard link fails there.
  const otherDevice = async () => (await stat('/dev/shm').catch(() => null))?.dev !== (await stat(tmpdir())).dev;
  it('copies (mode 0600, no partial file left) when staging is on another file system than UPLOAD_DIR', async (context) => {
    if (!(await otherDevice())) return context.skip();
    const dir = await tempDir('portal-storage-exdev-');
    const staging = await mkdtemp('/dev/shm/portal-staging-test-');
    cleanups.push(() => rm(staging, { recursive: true, force: true }));
    const content = randomBytes(700 * 1024);
    const file = path.join(staging, 'subida');
    await writeFile(file, content, { mode: 0o600 });
    const storage = createLocalStorage(dir);
    const name = randomUUID();
    await storage.put(name, file, content.length);
    expect(await readdir(dir)).toEqual([name]);
    expect((await stat(path.join(dir, name))).mode & 0o777).toBe(0o600);
    expect((await bytesOf((await storage.open(name))!.stream)).equals(content)).toBe(true);
    await expect(storage.put(name, file, content.length)).rejects.toThrow();
    expect(await readdir(dir)).toEqual([name]);
  });
});

describe('DocumentStorage postgres, half-written objects', () => {
  it('does not serve an object whose writing did not finish, and lists it for the orphan sweep', async () => {
    const t = await buildTestApp();
    cleanups.push(() => t.close());
    const storage = createPostgresStorage(t.app.db);
    const name = randomUUID();
    await t.app.db.query('INSERT INTO document_objects (stored_name, size) VALUES ($1, $2)', [name, 10]);
    await t.app.db.query("INSERT INTO document_contents (stored_name, seq, bytes) VALUES ($1, 0, '\\x0102'::bytea)", [name]);
    expect(await storage.open(name)).toBeNull();
    expect(await storage.listOlderThan(0)).toContain(name);
    await storage.remove(name);
    expect((await t.app.db.query('SELECT 1 FROM document_contents WHERE stored_name = $1', [name])).rows).toEqual([]);
  });
});

describe('hourly housekeeping on a running server', () => {
  it('removes stored documents no row references once they are an hour old, and keeps recent and referenced ones', async () => {
    const t = await buildTestApp({ documentStorage: 'postgres' });
    cleanups.push(() => t.close());
    const staged = path.join(await tempDir('portal-housekeeping-'), 'archivo');
    await writeFile(staged, 'contenido');
    const [old, recent, referenced] = [randomUUID(), randomUUID(), randomUUID()];
    for (const name of [old, recent, referenced]) await t.app.storage.put(name, staged, 9);
    const age = (name: string) => t.app.db.query("UPDATE document_objects SET created_at = now() - interval '2 hours' WHERE stored_name = $1", [name]);
    await age(old);
    await age(referenced);
    // The sandbox's demo citizen owns the one referenced document.
    const [{ id: citizenId }] = (await t.app.db.query<{ id: number }>('SELECT id FROM citizens ORDER BY id LIMIT 1')).rows;
    await t.app.db.query(
      "INSERT INTO documents (citizen_id, name, extension, mime, size, stored_name) VALUES ($1, 'guardado', 'pdf', 'application/pdf', 9, $2)",
      [citizenId, referenced],
    );
    const round = await housekeepingRound(t.app);
    expect(round).toMatchObject({ orphans: 1 });
    expect(await t.app.storage.open(old)).toBeNull();
    expect(await t.app.storage.open(recent)).not.toBeNull();
    expect(await t.app.storage.open(referenced)).not.toBeNull();
  });
});

describe.each(['postgres', 's3'] as const)('uploads through the API with DOCUMENT_STORAGE=%s', (kind) => {
  let t: TestApp;
  let s3: Awaited<ReturnType<typeof startS3>> | null = null;
  let token = '';
  let citizenId = 0;
  const citizen = SANDBOX_JCE_CITIZENS[kind === 'postgres' ? 10 : 11];

  beforeAll(async () => {
    if (kind === 's3') {
      s3 = await startS3(`portal-api-${randomUUID().slice(0, 8)}`);
      const server = s3.server;
      cleanups.push(() => server.close().catch(() => undefined));
    }
    // A small byte quota, so "too large" is cheap to reach.
    t = await buildTestApp({ documentStorage: kind, s3: s3?.config ?? null, uploadQuotaBytes: 64 * 1024 });
    cleanups.push(() => t.close());
    citizenId = await register(t.app, citizen.cedula, 'Clave-de-Prueba-1');
    token = await login(t.app, citizen.cedula, 'Clave-de-Prueba-1');
  }, 60_000);

  const upload = (filename: string, value: Buffer) => {
    const body = multipart([{ name: 'citizen_profile_id', value: String(citizenId) }, { name: 'file', filename, value }]);
    return t.app.inject({ method: 'POST', url: '/v1/portals/documents', payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
  };
  const stored = async () => (await t.app.storage.listOlderThan(0)).sort();

  it('stores a PDF in the backend (not the upload folder) and gives it back byte for byte', async () => {
    expect(t.app.storage.kind).toBe(kind);
    const res = await upload('Acta constitutiva.pdf', SAMPLE_FILES.pdf);
    expect(res.statusCode, res.body).toBe(201);
    const { rows } = await t.app.db.query<{ stored_name: string }>('SELECT stored_name FROM documents WHERE id = $1', [res.json().data.id]);
    expect(await stored()).toEqual([rows[0].stored_name]);
    expect(await readdir(t.config.uploadDir)).toEqual([]);
    expect(await readdir(t.app.stagingDir)).toEqual([]);
    const download = await t.app.inject({ method: 'GET', url: res.json().data.route, headers: bearer(token) });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(SAMPLE_FILES.pdf)).toBe(true);
    expect(download.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(SAMPLE_FILES.pdf.length),
      'x-content-type-options': 'nosniff',
    });
    expect(download.headers['content-disposition']).toContain('attachment');
  });

  it('refuses bad content and a file over the quota without storing anything', async () => {
    const before = await stored();
    const bad = await upload('Foto.pdf', SAMPLE_FILES.png);
    expect(bad.statusCode).toBe(415);
    const large = await upload('Grande.pdf', Buffer.concat([SAMPLE_FILES.pdf, Buffer.alloc(100 * 1024, 0x20)]));
    expect(large.statusCode).toBe(413);
    expect(large.json().message).toContain('espacio máximo');
    expect(await stored()).toEqual(before);
    expect(await readdir(t.app.stagingDir)).toEqual([]);
  });

  it('answers the Spanish 404 when the backend lost the object, and readiness names the storage when it is down', async () => {
    const res = await upload('Perdido.pdf', SAMPLE_FILES.pdf);
    const { rows } = await t.app.db.query<{ stored_name: string }>('SELECT stored_name FROM documents WHERE id = $1', [res.json().data.id]);
    await t.app.storage.remove(rows[0].stored_name);
    const missing = await t.app.inject({ method: 'GET', url: res.json().data.route, headers: bearer(token) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Recurso no encontrado' });
    // Deleting the document removes its object too.
    const again = await upload('Borrar.pdf', SAMPLE_FILES.pdf);
    expect((await t.app.inject({ method: 'DELETE', url: again.json().data.route.replace(/\/download$/, ''), headers: bearer(token) })).statusCode).toBe(200);
    expect(await stored()).toHaveLength(1);

    expect((await t.app.inject({ method: 'GET', url: '/health/ready' })).json()).toMatchObject({ checks: { storage: 'ok' } });
    const late = (await upload('Tarde.pdf', SAMPLE_FILES.pdf)).json().data as { id: number; route: string };
    if (kind === 's3') await s3!.server.close();
    else await t.app.db.exec('ALTER TABLE document_objects RENAME TO document_objects_fuera');
    const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ checks: { storage: 'error' } });
    // Deleting a document while the storage is down still deletes it (its object is left for the orphan sweep).
    const deleted = await t.app.inject({ method: 'DELETE', url: late.route.replace(/\/download$/, ''), headers: bearer(token) });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await t.app.db.query('SELECT 1 FROM documents WHERE id = $1', [late.id])).rows).toEqual([]);
    if (kind === 'postgres') await t.app.db.exec('ALTER TABLE document_objects_fuera RENAME TO document_objects');
  }, 60_000);
});

describe('copyDocuments (moving to another DOCUMENT_STORAGE)', () => {
  it('copies every referenced document local → postgres → s3 byte for byte, skips what is there, reports what is missing, deletes nothing', async () => {
    const t = await buildTestApp();
    cleanups.push(() => t.close());
    const { config: s3Config } = await startS3(`portal-copia-${randomUUID().slice(0, 8)}`);
    const local = t.app.storage;
    const database = createPostgresStorage(t.app.db);
    const bucket = createS3Storage(s3Config);
    cleanups.push(() => bucket.close());
    const staging = await tempDir('portal-copy-');
    const citizen = (await t.app.db.query<{ id: number }>('SELECT id FROM citizens LIMIT 1')).rows[0].id;
    const contents = [randomBytes(2 * 1024 * 1024 + 7), Buffer.from('%PDF-1.4 corto')];
    const names: string[] = [];
    for (const content of contents) {
      const name = randomUUID();
      const file = path.join(staging, 'entrada');
      await writeFile(file, content);
      await local.put(name, file, content.length);
      await rm(file);
      names.push(name);
    }
    const lost = randomUUID();
    for (const name of [...names, lost]) {
      await t.app.db.query(
        "INSERT INTO documents (citizen_id, name, extension, stored_name, mime, size) VALUES ($1, 'Doc', 'pdf', $2, 'application/pdf', 1)",
        [citizen, name],
      );
    }
    // An object no row references (an orphan) is not copied.
    const orphanFile = path.join(staging, 'huerfano');
    await writeFile(orphanFile, 'x');
    await local.put(randomUUID(), orphanFile, 1);

    expect(await copyDocuments(t.app.db, local, database, staging)).toEqual({ copied: 2, present: 0, missing: [lost] });
    expect(await copyDocuments(t.app.db, database, bucket, staging)).toEqual({ copied: 2, present: 0, missing: [lost] });
    // Again: nothing left to copy.
    expect(await copyDocuments(t.app.db, database, bucket, staging)).toEqual({ copied: 0, present: 2, missing: [lost] });
    for (const [i, name] of names.entries()) {
      expect((await bytesOf((await bucket.open(name))!.stream)).equals(contents[i])).toBe(true);
      expect(await local.open(name)).not.toBeNull();
    }
    expect((await bucket.listOlderThan(0)).sort()).toEqual([...names].sort());
    expect(await readdir(staging)).toEqual(['huerfano']);
  }, 60_000);
});

describe('starting on DOCUMENT_STORAGE=s3', () => {
  it('stops with a Spanish message naming the storage while the bucket does not answer', async () => {
    const { config: s3, server } = await startS3(`portal-caido-${randomUUID().slice(0, 8)}`);
    await server.close();
    const dir = await tempDir('portal-s3-down-');
    const config = {
      ...loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent', UPLOAD_DIR: dir, STATIC_DIR: path.join(dir, 'no-static') }),
      argon2: TEST_ARGON2,
      documentStorage: 's3' as const,
      s3,
    };
    await expect(buildApp(config)).rejects.toThrow(/^No se pudo leer el almacenamiento de documentos \(DOCUMENT_STORAGE=s3\): /);
  }, 60_000);
});
