import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { HttpError } from '../../http/HttpError';
import { requireCitizen } from '../../plugins/app/registerAuth';
import { ALLOWED_EXTENSIONS, splitFileName } from '../../services/uploads/fileRules';
import { NOT_ALLOWED, storeUpload, type StoredUpload } from '../../services/uploads/storeUpload';
import { documentRoute, uploadSchema } from './documentSchemas';

const FORBIDDEN = 'No autorizado';
const NO_FILE = 'Debe seleccionar almenos un archivo para continuar';

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

/** POST /v1/portals/documents (multipart: file, citizen_profile_id, optional description). */
export async function uploadDocumentRoute(app: FastifyInstance): Promise<void> {
  const { uploadDir, uploadMaxBytes } = app.config;

  app.post('/portals/documents', { schema: uploadSchema, onRequest: app.authenticate }, async (request, reply) => {
    const citizen = requireCitizen(request);
    if (!request.isMultipart()) throw new HttpError(415, 'Se esperaba un formulario multipart');
    const ownsProfile = (value: string) => value.trim() === String(citizen.id);
    let profileId: string | null = null;
    let description = '';
    let file: FileInfo | null = null;
    try {
      for await (const part of partsOf(request)) {
        if (part.type === 'field') {
          const value = typeof part.value === 'string' ? part.value : String(part.value);
          if (part.fieldname === 'citizen_profile_id') {
            if (!ownsProfile(value)) throw new HttpError(403, FORBIDDEN);
            profileId = value;
          } else if (part.fieldname === 'description') {
            description = value.slice(0, 500);
          }
          continue;
        }
        if (part.fieldname !== 'file' || file !== null) throw new HttpError(400, 'Solo se permite un archivo en el campo file');
        const split = splitFileName(part.filename);
        if (split === null) throw new HttpError(400, 'Nombre de archivo inválido');
        const allowed = ALLOWED_EXTENSIONS[split.extension];
        if (!allowed) throw new HttpError(415, NOT_ALLOWED);
        const stored = await storeUpload(part.file, uploadDir, allowed.kind, uploadMaxBytes).catch((error: unknown) => {
          throw asClientError(error);
        });
        file = { ...split, mime: allowed.mime, stored };
      }
      if (file === null) throw new HttpError(400, NO_FILE, [{ path: 'file', message: NO_FILE }]);
      if (profileId === null) throw new HttpError(400, 'Datos inválidos', [{ path: 'citizen_profile_id', message: 'Requerido' }]);
      const { rows } = await app.db.query<{ id: number }>(
        `INSERT INTO documents (citizen_id, name, extension, stored_name, mime, size, description)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [citizen.id, file.name, file.extension, file.stored.storedName, file.mime, file.stored.size, description],
      );
      const id = rows[0].id;
      return reply.code(201).send({
        data: { id, name: file.name, extension: file.extension, route: documentRoute(id), description, status: 'ok' },
      });
    } catch (error) {
      if (file !== null) await rm(path.join(uploadDir, file.stored.storedName), { force: true });
      throw error;
    }
  });
}
