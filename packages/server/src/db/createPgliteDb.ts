import { access, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable } from './Db';
import { lockDataFolder } from './dataFolderLock';
import { DURABLE_START_PARAMS, DurableNodeFS } from './durableNodeFs';
import { syncFolderTree } from './syncFolderTree';

interface PgliteLike {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<unknown>;
}

function wrap(target: PgliteLike): Queryable {
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await target.query<T>(sql, params);
      return { rows: result.rows };
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  };
}

const exists = (file: string) => access(file).then(() => true, () => false);

/**
 * The environment variable naming a data-directory dump (PGlite `dumpDataDir`, uncompressed tar)
 * that every `memory://` database of this process starts from instead of an empty cluster: the
 * test runs make one migrated and seeded database per run (packages/server/test/databaseTemplate.ts)
 * and each throwaway app loads it (~0.5 s) instead of running initdb, the migrations and the seeds
 * (~3-5 s). Migrations and seeds still run after the load and find nothing left to do.
 * Never set in production: a folder database (DATA_DIR) ignores it.
 */
export const MEMORY_TEMPLATE_ENV = 'PGLITE_MEMORY_TEMPLATE';

let templateBytes: { file: string; bytes: Promise<Buffer> } | undefined;

async function memoryTemplate(): Promise<Blob | undefined> {
  const file = process.env[MEMORY_TEMPLATE_ENV];
  if (!file) return undefined;
  if (templateBytes?.file !== file) templateBytes = { file, bytes: readFile(file) };
  return new Blob([new Uint8Array(await templateBytes.bytes)]);
}

async function openFolder(dataDir: string): Promise<PGlite> {
  const fresh = !(await exists(path.join(dataDir, 'PG_VERSION')));
  const pg = await PGlite.create({ fs: new DurableNodeFS(dataDir), startParams: [...DURABLE_START_PARAMS] });
  // A new cluster is unpacked by PGlite outside PostgreSQL: flush it once, or a power cut could lose it.
  if (fresh) await syncFolderTree(dataDir);
  return pg;
}

/** The embedded database, which can also be dumped as a data-directory tarball (a test run's template). */
export interface PgliteDb extends Db {
  dumpDataDir(): Promise<Blob>;
}

/**
 * Embedded PostgreSQL (PGlite). `dataDir` is a folder (created if missing;
 * its parent, DATA_DIR, is locked to this process: see dataFolderLock.ts),
 * durable on commit (durableNodeFs.ts), or `memory://` for a throwaway
 * database. Throws DataFolderInUseError before opening anything when another
 * server holds the folder.
 */
export async function createPgliteDb(dataDir: string): Promise<PgliteDb> {
  let pg: PGlite;
  let release: () => Promise<void> = async () => undefined;
  if (dataDir.startsWith('memory://')) {
    const loadDataDir = await memoryTemplate();
    pg = await PGlite.create(loadDataDir ? { loadDataDir } : { dataDir });
  } else {
    const folder = path.dirname(path.resolve(dataDir));
    await mkdir(folder, { recursive: true, mode: 0o700 });
    const lock = await lockDataFolder(folder);
    release = lock.release;
    try {
      await mkdir(dataDir, { recursive: true, mode: 0o700 });
      pg = await openFolder(dataDir);
    } catch (error) {
      await release();
      throw error;
    }
  }
  const base = wrap(pg);
  return {
    ...base,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    // One server per folder (the lock above), so there is nobody to wait for.
    withLock: (_name, fn) => fn(),
    dumpDataDir: () => pg.dumpDataDir('none'),
    async close() {
      try {
        await pg.close();
      } finally {
        await release();
      }
    },
  };
}
