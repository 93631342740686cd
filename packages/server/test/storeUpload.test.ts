/** storeUpload on its own (a refused stream leaves no file) and the removal of orphaned uploads at start. */
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../src/http/HttpError';
import { removeOrphanUploads, SHARED_FOLDER_MIN_AGE_MS } from '../src/services/uploads/removeOrphanUploads';
import { storeUpload } from '../src/services/uploads/storeUpload';
import { createLocalStorage } from '../src/services/storage/localStorage';
import { buildTestApp, type TestApp } from './buildTestApp';
import { SAMPLE_FILES } from './helpers';

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-store-'));
  dirs.push(dir);
  return dir;
}

const limit = (bytes: number) => ({ bytes, error: new HttpError(413, 'Demasiado grande') });

describe('storeUpload', () => {
  it('leaves nothing behind for an empty or wrong file, however fast it is refused', async () => {
    const dir = await tempDir();
    for (let i = 0; i < 40; i++) {
      // An empty file, a wrong one, and a body that breaks off (the multipart parser fails the file stream).
      const source = i % 3 === 0 ? Readable.from([Buffer.alloc(0)])
        : i % 3 === 1 ? Readable.from([Buffer.from('hola, no soy un PDF')])
          : new Readable({ read() { this.destroy(new Error('Unexpected end of form')); } });
      await expect(storeUpload(source, dir, 'pdf', limit(1024))).rejects.toThrow();
      expect(await readdir(dir), `after attempt ${i}`).toEqual([]);
    }
  });

  it('cuts a file at the limit it was given: the rest of the stream is never read', async () => {
    const dir = await tempDir();
    let produced = 0;
    // 100 MB on demand, 64 KB at a time.
    const source = new Readable({
      read() {
        const chunk = produced === 0 ? Buffer.concat([SAMPLE_FILES.png.subarray(0, 8), Buffer.alloc(64 * 1024 - 8)]) : Buffer.alloc(64 * 1024);
        produced += chunk.length;
        this.push(produced > 100 * 1024 * 1024 ? null : chunk);
      },
    });
    await expect(storeUpload(source, dir, 'png', limit(200 * 1024))).rejects.toMatchObject({ statusCode: 413, message: 'Demasiado grande' });
    expect(produced).toBeLessThan(2 * 1024 * 1024);
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('orphaned uploads', () => {
  let first: TestApp;
  beforeAll(async () => {
    first = await buildTestApp();
  });
  afterAll(() => first.close());

  it('are removed when the server starts on the embedded database; referenced and foreign files stay', async () => {
    const dir = first.config.uploadDir;
    const kept = randomUUID();
    const orphan = randomUUID();
    await writeFile(path.join(dir, kept), SAMPLE_FILES.pdf);
    await writeFile(path.join(dir, orphan), SAMPLE_FILES.pdf.subarray(0, 10));
    await writeFile(path.join(dir, 'notas.txt'), 'no es de la aplicación');
    await mkdir(path.join(dir, randomUUID()));
    await first.app.db.query(
      `INSERT INTO documents (citizen_id, name, extension, stored_name, mime, size)
       SELECT id, 'Acta', 'pdf', $1, 'application/pdf', $2 FROM citizens LIMIT 1`,
      [kept, SAMPLE_FILES.pdf.length],
    );
    const before = (await readdir(dir)).sort();
    // A restart: a second app on the same database and folder.
    const second = await buildTestApp({ uploadDir: dir }, { db: first.app.db });
    await second.close();
    expect((await readdir(dir)).sort()).toEqual(before.filter((name) => name !== orphan));
  });

  it('on a shared folder (PostgreSQL) only those older than an hour go', async () => {
    const dir = await tempDir();
    const [old, recent] = [randomUUID(), randomUUID()];
    await writeFile(path.join(dir, old), 'x');
    await writeFile(path.join(dir, recent), 'x');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(path.join(dir, old), twoHoursAgo, twoHoursAgo);
    expect(await removeOrphanUploads(first.app.db, createLocalStorage(dir), SHARED_FOLDER_MIN_AGE_MS)).toBe(1);
    expect(await readdir(dir)).toEqual([recent]);
    expect(await removeOrphanUploads(first.app.db, createLocalStorage(dir), 0)).toBe(1);
    expect(await readdir(dir)).toEqual([]);
  });
});
