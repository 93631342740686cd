import { lstat, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DocumentStorage } from './DocumentStorage';
import { createDiskSpace, watchedFolders, type DiskSpace } from './diskSpace';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the citizens' documents are kept (DOCUMENT_STORAGE). */
    storage: DocumentStorage;
    /** This server's private folder (0700) where uploads stream and are checked before they go to `storage`. */
    stagingDir: string;
    /** The free space of the folders the server writes to, against DISK_MIN_FREE_MB (uploads, drafts, readiness). */
    diskSpace: DiskSpace;
  }
}

/** How old a staging file must be before a starting server deletes it (left by a server that was killed mid-upload). */
const STALE_STAGING_MS = 60 * 60 * 1000;

/**
 * Deletes the files older than an hour in every staging folder under
 * `parent`: what servers killed during an upload left behind. The folders
 * stay (a running server's folder may be idle, not abandoned).
 */
async function removeStaleStaging(parent: string): Promise<void> {
  const cutoff = Date.now() - STALE_STAGING_MS;
  for (const folder of await readdir(parent)) {
    if (!folder.startsWith('portal-staging-')) continue;
    const dir = path.join(parent, folder);
    for (const name of await readdir(dir).catch(() => [])) {
      const stats = await lstat(path.join(dir, name)).catch(() => null);
      if (stats !== null && stats.isFile() && stats.mtimeMs < cutoff) await rm(path.join(dir, name), { force: true });
    }
  }
}

/**
 * Creates this server's private staging folder: a new folder (mode 0700)
 * under DATA_DIR/staging, or the system's temporary folder for
 * DATA_DIR=memory://. Never shared with another server; removed when the app
 * closes, and stale files of killed servers are deleted at start.
 */
export async function createStagingDir(dataDir: string): Promise<string> {
  const inMemory = dataDir === 'memory://';
  const parent = inMemory ? tmpdir() : path.join(dataDir, 'staging');
  await mkdir(parent, { recursive: true, mode: 0o700 });
  if (!inMemory) await removeStaleStaging(parent);
  return mkdtemp(path.join(parent, 'portal-staging-'));
}

/**
 * Decorates the app with the storage, the staging folder (both released when
 * the app closes) and the watch on their free space (needs app.config).
 */
export function registerStorage(app: FastifyInstance, storage: DocumentStorage, stagingDir: string): void {
  app.decorate('storage', storage);
  app.decorate('stagingDir', stagingDir);
  app.decorate('diskSpace', createDiskSpace(watchedFolders(app.config, stagingDir), app.config.diskMinFreeBytes));
  app.addHook('onClose', async () => {
    await storage.close();
    await rm(stagingDir, { recursive: true, force: true });
  });
}
