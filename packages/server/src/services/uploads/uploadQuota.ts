import type { Db, Queryable } from '../../db/Db';
import { HttpError } from '../../http/HttpError';

/** Per-citizen storage limits (UPLOAD_QUOTA_BYTES, UPLOAD_QUOTA_FILES). */
export interface UploadQuota {
  bytes: number;
  files: number;
}

/** What a citizen's documents use now. */
export interface UploadUsage {
  bytes: number;
  files: number;
}

/** The columns of a new documents row. */
export interface DocumentRow {
  name: string;
  extension: string;
  storedName: string;
  mime: string;
  size: number;
  description: string;
}

/** 524288000 -> "500 MB", 1536 -> "1.5 KB": the quota as a citizen reads it. */
export function formatBytes(bytes: number): string {
  const units: [number, string][] = [[1024 ** 3, 'GB'], [1024 ** 2, 'MB'], [1024, 'KB']];
  for (const [size, unit] of units) {
    if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`;
  }
  return `${bytes} bytes`;
}

/** 413: the citizen's documents fill the byte quota (or this file would overflow it). */
export function bytesQuotaError(quota: UploadQuota): HttpError {
  return new HttpError(413, `Ha alcanzado el espacio máximo para sus documentos (${formatBytes(quota.bytes)}); elimine documentos que ya no necesite`);
}

/**
 * 413 as well (not 429): a storage limit, not a rate; waiting does not help,
 * so nothing should invite a retry.
 */
export function filesQuotaError(quota: UploadQuota): HttpError {
  return new HttpError(413, `Ha alcanzado el número máximo de documentos (${quota.files}); elimine documentos que ya no necesite`);
}

/** Bytes and documents the citizen stores now. */
export async function readUsage(db: Queryable, citizenId: number): Promise<UploadUsage> {
  const { rows } = await db.query<{ bytes: number; files: number }>(
    'SELECT coalesce(sum(size), 0)::float8 AS bytes, count(*)::int AS files FROM documents WHERE citizen_id = $1',
    [citizenId],
  );
  return rows[0];
}

/**
 * Before a file streams: refuses a citizen already at a limit, and returns
 * how many bytes the new file may have (the rest of the byte quota).
 */
export async function remainingBytes(db: Queryable, citizenId: number, quota: UploadQuota): Promise<number> {
  const usage = await readUsage(db, citizenId);
  if (usage.files >= quota.files) throw filesQuotaError(quota);
  if (usage.bytes >= quota.bytes) throw bytesQuotaError(quota);
  return quota.bytes - usage.bytes;
}

/**
 * Inserts the document row only if the citizen stays within the quota. The
 * citizen's row is locked (FOR UPDATE) first, so parallel uploads by the same
 * citizen take turns here and each one sums the documents committed before
 * it: together they never exceed the quota. Throws the 413 otherwise (the
 * caller removes the stored file). `andThen`, when given, runs in the same
 * transaction with the new id (a request's attachment row). Returns the new document's id.
 */
export async function insertWithinQuota(db: Db, citizenId: number, quota: UploadQuota, row: DocumentRow, andThen?: (tx: Queryable, documentId: number) => Promise<void>): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT id FROM citizens WHERE id = $1 FOR UPDATE', [citizenId]);
    const usage = await readUsage(tx, citizenId);
    if (usage.files + 1 > quota.files) throw filesQuotaError(quota);
    if (usage.bytes + row.size > quota.bytes) throw bytesQuotaError(quota);
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO documents (citizen_id, name, extension, stored_name, mime, size, description)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [citizenId, row.name, row.extension, row.storedName, row.mime, row.size, row.description],
    );
    await andThen?.(tx, rows[0].id);
    return rows[0].id;
  });
}
