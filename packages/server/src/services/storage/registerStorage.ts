import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DocumentStorage } from './DocumentStorage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the citizens' documents are kept (DOCUMENT_STORAGE). */
    storage: DocumentStorage;
    /** This server's private folder (0700) where uploads stream and are checked before they go to `storage`. */
    stagingDir: string;
  }
}

/**
 * Creates this server's private staging folder: a new folder (mode 0700)
 * under DATA_DIR/staging, or the system's temporary folder for
 * DATA_DIR=memory://. Never shared with another server.
 */
export async function createStagingDir(dataDir: string): Promise<string> {
  const parent = dataDir === 'memory://' ? tmpdir() : path.join(dataDir, 'staging');
  await mkdir(parent, { recursive: true, mode: 0o700 });
  return mkdtemp(path.join(parent, 'portal-staging-'));
}

/** Decorates the app with the storage and the staging folder; both are released when the app closes. */
export function registerStorage(app: FastifyInstance, storage: DocumentStorage, stagingDir: string): void {
  app.decorate('storage', storage);
  app.decorate('stagingDir', stagingDir);
  app.addHook('onClose', async () => {
    await storage.close();
    await rm(stagingDir, { recursive: true, force: true });
  });
}
