/**
 * A full data disk (issue 25 §1 finding 4). Uploads and autosaves answer 507
 * with a Spanish message for each, nothing is half-written (no document row,
 * no file in the staging folder or UPLOAD_DIR, the draft's saved version
 * unchanged), and /health/ready answers 503 `storage: lleno` until space
 * returns, then 200 and the same autosave works.
 *
 * The disk is real: a small tmpfs mounted for this file (root only; CI runs
 * as root), holding DATA_DIR with the embedded database (PGlite in a folder),
 * the staging folder and UPLOAD_DIR, filled with a real file. Where mounting
 * is not allowed those tests are skipped and say so; the error handler's part
 * runs everywhere on a real ENOSPC from the kernel (writing /dev/full).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { installErrorHandler } from '../src/http/installErrorHandler';
import { registerMultipart } from '../src/plugins/external/registerMultipart';
import { CHANGES_NOT_SAVED, DOCUMENTS_NOT_STORED, freeBytes, isDiskFull } from '../src/services/storage/diskSpace';
import { buildTestApp, type TestApp } from './buildTestApp';
import { bearer, DEMO, login, multipart, SAMPLE_FILES } from './helpers';

const MB = 1024 * 1024;
/** The minimum free space the app is given (DISK_MIN_FREE_MB) on the small disk. */
const MIN_FREE = 4 * MB;

interface SmallDisk {
  dir: string;
  /** Leaves `bytes` free (a real file takes the rest); 0 fills the disk to the last block. */
  fillLeaving(bytes: number): Promise<void>;
  /** Deletes the filling file: the space returns. */
  free(): Promise<void>;
  release(): Promise<void>;
}

/** A tmpfs of `sizeMb` on a new folder, or null when this process may not mount one. */
async function mountSmallDisk(sizeMb: number): Promise<SmallDisk | null> {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-disco-lleno-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m,mode=0700`, 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    await rm(dir, { recursive: true, force: true });
    return null;
  }
  const filler = path.join(dir, 'relleno');
  return {
    dir,
    async fillLeaving(bytes) {
      await rm(filler, { force: true });
      const size = Math.max(0, (await freeBytes(dir)) - bytes);
      // A full disk refuses the last bytes of the filler itself: that is the point.
      await writeFile(filler, Buffer.alloc(size, 7)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOSPC') throw error;
      });
    },
    async free() {
      await rm(filler, { force: true });
    },
    async release() {
      execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
      await rm(dir, { recursive: true, force: true });
    },
  };
}

describe('DISK_MIN_FREE_MB', () => {
  it('defaults to 100 MB, 0 turns the check off, and a bad value stops the start naming the variable', () => {
    expect(loadConfig({}).diskMinFreeBytes).toBe(100 * MB);
    expect(loadConfig({ DISK_MIN_FREE_MB: '0' }).diskMinFreeBytes).toBe(0);
    expect(loadConfig({ DISK_MIN_FREE_MB: '2048' }).diskMinFreeBytes).toBe(2048 * MB);
    for (const bad of ['-1', 'cien', '1.5']) expect(() => loadConfig({ DISK_MIN_FREE_MB: bad })).toThrow(/DISK_MIN_FREE_MB/);
  });
});

describe('the one error handler on a real ENOSPC', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    installErrorHandler(app);
    await registerMultipart(app, MB);
    // Each route writes to /dev/full: the kernel's own "no space left on device".
    app.post('/cambios', async () => writeFile('/dev/full', 'borrador'));
    app.post('/documentos', async (request) => {
      for await (const part of request.parts()) if (part.type === 'file') await part.toBuffer();
      await writeFile('/dev/full', 'documento');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it.skipIf(!existsSync('/dev/full'))('answers 507 with the changes message, and the documents message for an upload', async () => {
    const changes = await app.inject({ method: 'POST', url: '/cambios', payload: { data: {} } });
    expect([changes.statusCode, changes.json().message]).toEqual([507, CHANGES_NOT_SAVED]);
    const form = multipart([{ name: 'file', value: SAMPLE_FILES.pdf, filename: 'a.pdf', contentType: 'application/pdf' }]);
    const upload = await app.inject({ method: 'POST', url: '/documentos', payload: form.payload, headers: form.headers });
    expect([upload.statusCode, upload.json().message]).toEqual([507, DOCUMENTS_NOT_STORED]);
  });

  it('knows PostgreSQL’s disk_full (SQLSTATE 53100) and its words, also as a cause', () => {
    expect(isDiskFull({ code: '53100', message: 'could not extend file "base/5/16384": No space left on device' })).toBe(true);
    expect(isDiskFull(new Error('consulta fallida', { cause: { message: 'could not extend file "base/5/1259"' } }))).toBe(true);
    expect(isDiskFull({ code: '23505', message: 'duplicate key value violates unique constraint' })).toBe(false);
    expect(isDiskFull(new Error('ECONNRESET'))).toBe(false);
  });
});

const disk = await mountSmallDisk(160);

describe.skipIf(disk === null)('a full data disk (a real tmpfs: DATA_DIR with the embedded database, staging and UPLOAD_DIR)', () => {
  let t: TestApp;
  let token: string;
  let draft: { id: number; version: number };
  const uploadDir = () => path.join(disk!.dir, 'uploads');
  const stagingFiles = async () => {
    const parent = path.join(disk!.dir, 'staging');
    const folders = await readdir(parent);
    return (await Promise.all(folders.map((f) => readdir(path.join(parent, f))))).flat();
  };
  const documentCount = async () => Number((await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM documents')).rows[0].n);
  const draftRow = async () => (await t.app.db.query<{ data: unknown; version: number }>('SELECT data, version FROM applications WHERE id = $1', [draft.id])).rows[0];
  const upload = (file: Buffer, filename: string, contentType: string) => {
    const form = multipart([{ name: 'citizen_profile_id', value: String(citizenId) }, { name: 'file', value: file, filename, contentType }]);
    return t.app.inject({ method: 'POST', url: '/v1/portals/documents', payload: form.payload, headers: { ...form.headers, ...bearer(token) } });
  };
  const autosave = (data: object) =>
    t.app.inject({ method: 'PUT', url: `/v1/portals/formalizaciones/${draft.id}`, headers: bearer(token), payload: { data, version: draft.version } });
  const ready = () => t.app.inject({ method: 'GET', url: '/health/ready' });
  let citizenId = 0;

  beforeAll(async () => {
    t = await buildTestApp({
      dataDir: disk!.dir,
      pgliteDataDir: path.join(disk!.dir, 'pglite'),
      uploadDir: uploadDir(),
      databaseUrl: null,
      databaseSchema: null,
      diskMinFreeBytes: MIN_FREE,
    });
    token = await login(t.app, DEMO.cedula, DEMO.password);
    citizenId = (await t.app.db.query<{ id: number }>('SELECT id FROM citizens WHERE cedula = $1', [DEMO.cedula])).rows[0].id;
    const created = await t.app.inject({ method: 'POST', url: '/v1/portals/formalizaciones', headers: bearer(token), payload: { data: { nombre: 'Antes' } } });
    expect(created.statusCode, created.body).toBe(201);
    draft = created.json().data;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await disk!.release();
  });

  it('while there is room: the upload and the autosave work, readiness is 200', async () => {
    expect((await ready()).statusCode).toBe(200);
    const saved = await autosave({ nombre: 'Guardado' });
    expect(saved.statusCode, saved.body).toBe(200);
    draft = saved.json().data;
    expect((await upload(SAMPLE_FILES.pdf, 'Con espacio.pdf', 'application/pdf')).statusCode).toBe(201);
  });

  it('a file bigger than the space left fills the disk while it streams: 507, no row, no file left', async () => {
    // Above the minimum, so the upload starts; the file does not fit, so the kernel refuses a write half-way.
    await disk!.fillLeaving(MIN_FREE + MB);
    const documents = await documentCount();
    const uploaded = await readdir(uploadDir());
    const big = Buffer.concat([SAMPLE_FILES.png.subarray(0, 8), Buffer.alloc(8 * MB, 1)]);
    const res = await upload(big, 'Plano grande.png', 'image/png');
    expect([res.statusCode, res.json().message]).toEqual([507, DOCUMENTS_NOT_STORED]);
    expect(await documentCount()).toBe(documents);
    expect(await readdir(uploadDir())).toEqual(uploaded);
    expect(await stagingFiles()).toEqual([]);
  });

  it('below the minimum: upload and autosave 507 in Spanish, nothing written, the saved draft intact; readiness 503 lleno', async () => {
    await disk!.fillLeaving(0);
    const documents = await documentCount();
    const uploaded = await readdir(uploadDir());
    const before = await draftRow();

    const res = await upload(SAMPLE_FILES.pdf, 'Sin espacio.pdf', 'application/pdf');
    expect([res.statusCode, res.json().message]).toEqual([507, DOCUMENTS_NOT_STORED]);
    expect(await documentCount()).toBe(documents);
    expect(await readdir(uploadDir())).toEqual(uploaded);
    expect(await stagingFiles()).toEqual([]);

    const saved = await autosave({ nombre: 'Después' });
    expect([saved.statusCode, saved.json().message]).toEqual([507, CHANGES_NOT_SAVED]);
    expect(await draftRow()).toEqual(before);
    expect(before).toMatchObject({ data: { nombre: 'Guardado' }, version: draft.version });

    const health = await ready();
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'no_listo', checks: { storage: 'lleno', database: 'ok' } });
    expect(health.json().message).toBe('El servidor no está listo: falla el almacenamiento de documentos (disco lleno)');
  });

  it('once space returns: readiness 200, and the same autosave and upload work', async () => {
    await disk!.free();
    const health = await ready();
    expect(health.statusCode, health.body).toBe(200);
    expect(health.json().checks.storage).toBe('ok');
    const saved = await autosave({ nombre: 'Después' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await draftRow()).data).toEqual({ nombre: 'Después' });
    expect((await upload(SAMPLE_FILES.pdf, 'Otra vez.pdf', 'application/pdf')).statusCode).toBe(201);
  });
});

describe.runIf(disk === null)('a full data disk (skipped)', () => {
  it.skip('needs a tmpfs: this process may not mount one (not root); the error handler’s part above still runs', () => undefined);
});
