import { access, mkdir } from 'node:fs/promises';
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

async function openFolder(dataDir: string): Promise<PGlite> {
  const fresh = !(await exists(path.join(dataDir, 'PG_VERSION')));
  const pg = await PGlite.create({ fs: new DurableNodeFS(dataDir), startParams: [...DURABLE_START_PARAMS] });
  // A new cluster is unpacked by PGlite outside PostgreSQL: flush it once, or a power cut could lose it.
  if (fresh) await syncFolderTree(dataDir);
  return pg;
}

/**
 * Embedded PostgreSQL (PGlite). `dataDir` is a folder (created if missing;
 * its parent, DATA_DIR, is locked to this process: see dataFolderLock.ts),
 * durable on commit (durableNodeFs.ts), or `memory://` for a throwaway
 * database. Throws DataFolderInUseError before opening anything when another
 * server holds the folder.
 */
export async function createPgliteDb(dataDir: string): Promise<Db> {
  let pg: PGlite;
  let release: () => Promise<void> = async () => undefined;
  if (dataDir.startsWith('memory://')) {
    pg = await PGlite.create(dataDir);
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
    async close() {
      try {
        await pg.close();
      } finally {
        await release();
      }
    },
  };
}
