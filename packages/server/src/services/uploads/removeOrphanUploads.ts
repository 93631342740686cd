import type { Queryable } from '../../db/Db';
import type { DocumentStorage } from '../storage/DocumentStorage';

/** Names looked up in the database per query. */
const BATCH = 500;

/** How old an unreferenced document must be when other servers share the storage (an upload of theirs may be in progress). */
export const SHARED_FOLDER_MIN_AGE_MS = 60 * 60 * 1000;

/**
 * Deletes the stored documents that no `documents.stored_name` references:
 * a document is stored before its row is inserted, so a crash in between
 * leaves one behind. Works on every backend (DocumentStorage.listOlderThan
 * gives only the names storeUpload generates). Only objects older than
 * `minAgeMs` go (0 on the embedded database, where this server is the
 * storage's only writer and has not started listening;
 * {@link SHARED_FOLDER_MIN_AGE_MS} on PostgreSQL, where another server's
 * upload may be in progress). Returns how many were deleted.
 */
export async function removeOrphanUploads(db: Queryable, storage: DocumentStorage, minAgeMs: number): Promise<number> {
  const names = await storage.listOlderThan(minAgeMs);
  let removed = 0;
  for (let i = 0; i < names.length; i += BATCH) {
    const batch = names.slice(i, i + BATCH);
    const { rows } = await db.query<{ stored_name: string }>('SELECT stored_name FROM documents WHERE stored_name = ANY($1::text[])', [batch]);
    const referenced = new Set(rows.map((row) => row.stored_name));
    for (const name of batch) {
      if (referenced.has(name)) continue;
      await storage.remove(name);
      removed++;
    }
  }
  return removed;
}
