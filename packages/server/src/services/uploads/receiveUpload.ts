/**
 * Receiving one citizen's multipart upload: the size limit from the quota, the
 * parts read with malformed bodies made 400s, the one `file` part checked by the
 * shared upload rules (@portal/form-engine/uploads) and stored. Used by every
 * route that takes a citizen's file (POST /v1/portals/documents, a request's attachment).
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { INVALID_NAME, NO_FILE, TOO_MANY } from '@portal/form-engine/uploads';
import type { Queryable } from '../../db/Db';
import { HttpError } from '../../http/HttpError';
import { FILE_TOO_LARGE } from '../../http/installErrorHandler';
import { FORBIDDEN_TEXT, hasForbiddenText } from '../../http/unstorableInput';
import type { DocumentStorage } from '../storage/DocumentStorage';
import type { DiskSpace } from '../storage/diskSpace';
import { allowedType, splitFileName } from './fileRules';
import { NOT_ALLOWED, storeUpload, type SizeLimit, type StoredUpload } from './storeUpload';
import { bytesQuotaError, remainingBytes, type UploadQuota } from './uploadQuota';

/** Where a received file goes: checked in this server's private staging folder, then put in the document storage. */
export interface UploadTarget {
  storage: DocumentStorage;
  /** This server's private folder (0700) where uploads stream and are inspected before they are stored. */
  stagingDir: string;
  /** The free space of the folders an upload writes to: below the minimum, 507 before a byte is written. */
  diskSpace: DiskSpace;
}

/** A file that passed the rules and is in the document storage (not yet in the database). */
export interface ReceivedFile {
  name: string;
  extension: string;
  mime: string;
  stored: StoredUpload;
}

/**
 * Malformed multipart bodies surface as plain busboy errors ("Unexpected end
 * of form"): make them a 400. Errors with a status, and file-system errors
 * (disk full, permissions), stay as they are.
 */
function asClientError(error: unknown): unknown {
  const fields = error as { statusCode?: number; syscall?: string };
  if (error instanceof HttpError || fields.statusCode !== undefined || fields.syscall !== undefined) return error;
  return new HttpError(400, 'Formulario inválido');
}

async function* partsOf(request: FastifyRequest): AsyncGenerator<Multipart> {
  try {
    for await (const part of request.parts()) yield part;
  } catch (error) {
    throw asClientError(error);
  }
}

/**
 * How many bytes the citizen's next file may have: the file-size limit, or the
 * rest of their byte quota when that is smaller (refused at once at a limit).
 */
export async function uploadLimit(db: Queryable, citizenId: number, quota: UploadQuota, maxBytes: number): Promise<SizeLimit> {
  const remaining = await remainingBytes(db, citizenId, quota);
  return remaining < maxBytes ? { bytes: remaining, error: bytesQuotaError(quota) } : { bytes: maxBytes, error: new HttpError(413, FILE_TOO_LARGE) };
}

/** Removes a received file from the document storage (the request failed after it was stored). */
export async function discardUpload(storage: DocumentStorage, file: ReceivedFile): Promise<void> {
  await storage.remove(file.stored.storedName);
}

/**
 * Streams the file into the staging folder with every check (storeUpload),
 * then hands the file that passed to the storage under the same name (a
 * storage failure is not the client's: it stays a 5xx). The staging file is always removed.
 */
async function stageAndStore(source: Parameters<typeof storeUpload>[0], target: UploadTarget, extension: string, limit: SizeLimit): Promise<StoredUpload> {
  const staged = await storeUpload(source, target.stagingDir, extension, limit).catch((error: unknown) => {
    throw asClientError(error);
  });
  const file = path.join(target.stagingDir, staged.storedName);
  try {
    await target.storage.put(staged.storedName, file, staged.size);
    return staged;
  } catch (error) {
    // A put that failed half-way (a dropped connection) may have left part of the object.
    await target.storage.remove(staged.storedName).catch(() => undefined);
    throw error;
  } finally {
    await rm(file, { force: true });
  }
}

/**
 * Reads the multipart body (415 when it is not one; `limitFor` is the size
 * limit, usually uploadLimit's, asked once the body is known to be multipart): every text field goes to `onField` (which may throw
 * its 4xx), text that cannot be stored is a 400, the one `file` part is checked
 * by the shared rules and stored. 400 when no file came. The stored file is
 * removed when anything here fails; after it returns, the caller removes it
 * (discardUpload) when it fails itself.
 */
export async function receiveUpload(
  request: FastifyRequest,
  target: UploadTarget,
  limitFor: () => Promise<SizeLimit>,
  onField: (name: string, value: string) => void,
): Promise<ReceivedFile> {
  if (!request.isMultipart()) throw new HttpError(415, 'Se esperaba un formulario multipart');
  // A citizen at a limit is refused before any byte is stored.
  const limit = await limitFor();
  // A disk below DISK_MIN_FREE_MB: 507, nothing written (a disk that fills during the upload is a 507 too: installErrorHandler).
  await target.diskSpace.requireRoom('documentos');
  let file: ReceivedFile | null = null;
  try {
    for await (const part of partsOf(request)) {
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        // Fields are stored as text, which cannot hold U+0000.
        if (hasForbiddenText(value)) throw new HttpError(400, FORBIDDEN_TEXT, [{ path: part.fieldname, message: FORBIDDEN_TEXT }]);
        onField(part.fieldname, value);
        continue;
      }
      if (part.fieldname !== 'file') throw new HttpError(400, 'Solo se permite un archivo en el campo file');
      if (file !== null) throw new HttpError(413, TOO_MANY);
      // The shared upload rules (@portal/form-engine/uploads), as the browser checked them before sending.
      const split = splitFileName(part.filename);
      if (split === null) throw new HttpError(400, INVALID_NAME, [{ path: 'file', message: INVALID_NAME }]);
      const allowed = allowedType(split.extension);
      if (!allowed) throw new HttpError(415, NOT_ALLOWED);
      // The storage's own failures (database, object storage) stay 5xx.
      const stored = await stageAndStore(part.file, target, split.extension, limit);
      file = { ...split, mime: allowed.mime, stored };
    }
    if (file === null) throw new HttpError(400, NO_FILE, [{ path: 'file', message: NO_FILE }]);
    return file;
  } catch (error) {
    if (file !== null) await discardUpload(target.storage, file);
    throw error;
  }
}
