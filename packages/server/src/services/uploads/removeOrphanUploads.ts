import { lstat, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Queryable } from '../../db/Db';

/** The names storeUpload gives files (randomUUID); nothing else in the folder is ever touched. */
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Names looked up in the database per query. */
const BATCH = 500;

/** How old an unreferenced file must be when other servers may share the folder (an upload of theirs may be streaming). */
export const SHARED_FOLDER_MIN_AGE_MS = 60 * 60 * 1000;

/**
 * Deletes the files in `uploadDir` that no `documents.stored_name`
 * references: a file is stored before its row is inserted, so a crash in
 * between leaves one behind. Only files older than `minAgeMs` go (0 on the
 * embedded database, where this server is the folder's only writer and has
 * not started listening; {@link SHARED_FOLDER_MIN_AGE_MS} on PostgreSQL,
 * where another server's upload may be in progress). Returns how many were
 * deleted.
 */
export async function removeOrphanUploads(db: Queryable, uploadDir: string, minAgeMs: number): Promise<number> {
  const names = (await readdir(uploadDir)).filter((name) => STORED_NAME.test(name));
  const cutoff = Date.now() - minAgeMs;
  let removed = 0;
  for (let i = 0; i < names.length; i += BATCH) {
    const batch = names.slice(i, i + BATCH);
    const { rows } = await db.query<{ stored_name: string }>('SELECT stored_name FROM documents WHERE stored_name = ANY($1::text[])', [batch]);
    const referenced = new Set(rows.map((row) => row.stored_name));
    for (const name of batch) {
      if (referenced.has(name)) continue;
      const file = path.join(uploadDir, name);
      const stats = await lstat(file).catch(() => null);
      if (stats === null || !stats.isFile() || (minAgeMs > 0 && stats.mtimeMs > cutoff)) continue;
      await rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}
