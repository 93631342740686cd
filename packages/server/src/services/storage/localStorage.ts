import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, link, lstat, open, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { STORED_NAME, type DocumentStorage, type StoredObject } from './DocumentStorage';

/**
 * DOCUMENT_STORAGE=local: one file per document in `dir` (UPLOAD_DIR), mode
 * 0600, named by its stored name. For one server, or several on a network
 * folder they all mount.
 */
export function createLocalStorage(dir: string): DocumentStorage {
  const fileOf = (storedName: string) => {
    if (!STORED_NAME.test(storedName)) throw new Error(`nombre de documento inválido: ${storedName}`);
    return path.join(dir, storedName);
  };
  return {
    kind: 'local',
    async put(storedName, file) {
      const target = fileOf(storedName);
      try {
        // A hard link is instant when staging and the folder share a file system; it never replaces a file.
        await link(file, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV' && (error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
        // Another file system: copy next to the target, then move it into place whole.
        const partial = path.join(dir, `.parcial-${randomUUID()}`);
        try {
          await copyFile(file, partial, constants.COPYFILE_EXCL);
          await link(partial, target);
        } finally {
          await rm(partial, { force: true });
        }
      }
    },
    async open(storedName): Promise<StoredObject | null> {
      const handle = await open(fileOf(storedName), 'r').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
      if (handle === null) return null;
      try {
        const { size } = await handle.stat();
        return { stream: handle.createReadStream(), size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    async remove(storedName) {
      await rm(fileOf(storedName), { force: true });
    },
    async listOlderThan(ageMs) {
      const cutoff = Date.now() - ageMs;
      const names: string[] = [];
      for (const name of await readdir(dir)) {
        if (!STORED_NAME.test(name)) continue;
        const stats = await lstat(path.join(dir, name)).catch(() => null);
        if (stats === null || !stats.isFile() || (ageMs > 0 && stats.mtimeMs > cutoff)) continue;
        names.push(name);
      }
      return names;
    },
    async probe() {
      const probe = path.join(dir, `.salud-${randomUUID()}`);
      try {
        await writeFile(probe, '', { flag: 'wx', mode: 0o600 });
      } finally {
        await rm(probe, { force: true });
      }
    },
    async close() {},
  };
}
