/** storeUpload on its own: a refused stream leaves no file, even one refused before the file is opened. */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { storeUpload } from '../src/services/uploads/storeUpload';

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

describe('storeUpload', () => {
  it('leaves nothing behind for an empty or wrong file, however fast it is refused', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'portal-store-'));
    dirs.push(dir);
    for (let i = 0; i < 40; i++) {
      // An empty file, a wrong one, and a body that breaks off (the multipart parser fails the file stream).
      const source = i % 3 === 0 ? Readable.from([Buffer.alloc(0)])
        : i % 3 === 1 ? Readable.from([Buffer.from('hola, no soy un PDF')])
          : new Readable({ read() { this.destroy(new Error('Unexpected end of form')); } });
      await expect(storeUpload(source, dir, 'pdf', 1024)).rejects.toThrow();
      expect(await readdir(dir), `after attempt ${i}`).toEqual([]);
    }
  });
});
