import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { HttpError } from '../../http/HttpError';
import { FORBIDDEN_TEXT, hasForbiddenText } from '../../http/unstorableInput';
import { requireCitizen } from '../../plugins/app/registerAuth';
import { FILE_TOO_LARGE } from '../../http/installErrorHandler';
import { INVALID_NAME, NO_FILE, TOO_MANY } from '@portal/form-engine/uploads';
import { allowedType, splitFileName } from '../../services/uploads/fileRules';
import { NOT_ALLOWED, storeUpload, type SizeLimit, type StoredUpload } from '../../services/uploads/storeUpload';
import { bytesQuotaError, insertWithinQuota, remainingBytes, type UploadQuota } from '../../services/uploads/uploadQuota';
import { documentRoute, uploadSchema } from './documentSchemas';

const FORBIDDEN = 'No autorizado';

interface FileInfo {
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
 * POST /v1/portals/documents (multipart: file, citizen_profile_id, optional description).
 * Serves the profile's documents and the forms' upload dialogs: it stores the portal's list
 * (spec §5) and the forms' DXF; each form field's `x-accept` narrows that in its dialog.
 */
export async function uploadDocumentRoute(app: FastifyInstance): Promise<void> {
  const { uploadDir, uploadMaxBytes } = app.config;
  const quota: UploadQuota = { bytes: app.config.uploadQuotaBytes, files: app.config.uploadQuotaFiles };

  app.post('/portals/documents', { schema: uploadSchema, onRequest: app.authenticate }, async (request, reply) => {
    const citizen = requireCitizen(request);
    if (!request.isMultipart()) throw new HttpError(415, 'Se esperaba un formulario multipart');
    // A citizen at a limit is refused before any byte is stored; a file that would overflow the
    // quota is cut as soon as it does. The final check is insertWithinQuota's, under a lock.
    const remaining = await remainingBytes(app.db, citizen.id, quota);
    const limit: SizeLimit = remaining < uploadMaxBytes
      ? { bytes: remaining, error: bytesQuotaError(quota) }
      : { bytes: uploadMaxBytes, error: new HttpError(413, FILE_TOO_LARGE) };
    const ownsProfile = (value: string) => value.trim() === String(citizen.id);
    let profileId: string | null = null;
    let description = '';
    let file: FileInfo | null = null;
    try {
      for await (const part of partsOf(request)) {
        if (part.type === 'field') {
          const value = typeof part.value === 'string' ? part.value : String(part.value);
          // The description is stored as text, which cannot hold U+0000.
          if (hasForbiddenText(value)) throw new HttpError(400, FORBIDDEN_TEXT, [{ path: part.fieldname, message: FORBIDDEN_TEXT }]);
          if (part.fieldname === 'citizen_profile_id') {
            if (!ownsProfile(value)) throw new HttpError(403, FORBIDDEN);
            profileId = value;
          } else if (part.fieldname === 'description') {
            description = value.slice(0, 500);
          }
          continue;
        }
        if (part.fieldname !== 'file') throw new HttpError(400, 'Solo se permite un archivo en el campo file');
        if (file !== null) throw new HttpError(413, TOO_MANY);
        // The shared upload rules (@portal/form-engine/uploads), as the browser checked them before sending.
        const split = splitFileName(part.filename);
        if (split === null) throw new HttpError(400, INVALID_NAME, [{ path: 'file', message: INVALID_NAME }]);
        const allowed = allowedType(split.extension);
        if (!allowed) throw new HttpError(415, NOT_ALLOWED);
        const stored = await storeUpload(part.file, uploadDir, split.extension, limit).catch((error: unknown) => {
          throw asClientError(error);
        });
        file = { ...split, mime: allowed.mime, stored };
      }
      if (file === null) throw new HttpError(400, NO_FILE, [{ path: 'file', message: NO_FILE }]);
      if (profileId === null) throw new HttpError(400, 'Datos inválidos', [{ path: 'citizen_profile_id', message: 'Requerido' }]);
      const id = await insertWithinQuota(app.db, citizen.id, quota, {
        name: file.name,
        extension: file.extension,
        storedName: file.stored.storedName,
        mime: file.mime,
        size: file.stored.size,
        description,
      });
      return reply.code(201).send({
        data: { id, name: file.name, extension: file.extension, route: documentRoute(id), description, status: 'ok' },
      });
    } catch (error) {
      if (file !== null) await rm(path.join(uploadDir, file.stored.storedName), { force: true });
      throw error;
    }
  });
}
