/**
 * The citizen's documents (documents): every query is scoped to the owner, so
 * someone else's document reads like a missing one. Uploads go in through
 * services/uploads/uploadQuota.ts (insertWithinQuota), under the quota's lock.
 */
import type { Queryable } from '../../db/Db';
import type { StoredDocument } from '../../http/sendStoredDocument';

/** A document as the citizen's list shows it. */
export interface DocumentListRow {
  id: number;
  name: string;
  extension: string;
  description: string;
}

/** The citizen's documents, newest first. */
export async function listDocuments(db: Queryable, citizenId: number): Promise<DocumentListRow[]> {
  const { rows } = await db.query<DocumentListRow>('SELECT id, name, extension, description FROM documents WHERE citizen_id = $1 ORDER BY id DESC', [citizenId]);
  return rows;
}

/** What a download of the citizen's document `id` needs; null when it is not theirs or does not exist. */
export async function findDocumentFile(db: Queryable, citizenId: number, id: number): Promise<StoredDocument | null> {
  const { rows } = await db.query<StoredDocument>('SELECT name, extension, stored_name, mime, size FROM documents WHERE id = $1 AND citizen_id = $2', [id, citizenId]);
  return rows[0] ?? null;
}

/** The storage name of the citizen's document `id`; null when it is not theirs or does not exist. */
export async function findDocumentStoredName(db: Queryable, citizenId: number, id: number): Promise<string | null> {
  const { rows } = await db.query<{ stored_name: string }>('SELECT stored_name FROM documents WHERE id = $1 AND citizen_id = $2', [id, citizenId]);
  return rows[0]?.stored_name ?? null;
}

/** Deletes the citizen's document row (its file is the caller's to remove); false when there was none. */
export async function deleteDocument(db: Queryable, citizenId: number, id: number): Promise<boolean> {
  const { rows } = await db.query('DELETE FROM documents WHERE id = $1 AND citizen_id = $2 RETURNING id', [id, citizenId]);
  return rows.length > 0;
}
