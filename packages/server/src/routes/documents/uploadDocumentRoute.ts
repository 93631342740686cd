import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../http/HttpError';
import { requireCitizen } from '../../plugins/app/registerAuth';
import { discardUpload, receiveUpload, uploadLimit, type ReceivedFile } from '../../services/uploads/receiveUpload';
import { insertWithinQuota, type UploadQuota } from '../../services/uploads/uploadQuota';
import { documentRoute, uploadSchema } from './documentSchemas';

const FORBIDDEN = 'No autorizado';

/**
 * POST /v1/portals/documents (multipart: file, citizen_profile_id, optional description).
 * Serves the profile's documents and the forms' upload dialogs: it stores the portal's list
 * (spec §5) and the forms' DXF; each form field's `x-accept` narrows that in its dialog.
 * Registered in the citizen context (registerRoutes.ts), which adds app.authenticate.
 */
export async function uploadDocumentRoute(app: FastifyInstance): Promise<void> {
  const { uploadMaxBytes } = app.config;
  const quota: UploadQuota = { bytes: app.config.uploadQuotaBytes, files: app.config.uploadQuotaFiles };

  app.post('/portals/documents', { schema: uploadSchema }, async (request, reply) => {
    const citizen = requireCitizen(request);
    // A file that would overflow the quota is cut as soon as it does; the final check is insertWithinQuota's, under a lock.
    const ownsProfile = (value: string) => value.trim() === String(citizen.id);
    let profileId: string | null = null;
    let description = '';
    const file: ReceivedFile = await receiveUpload(request, app, () => uploadLimit(app.db, citizen.id, quota, uploadMaxBytes), (name, value) => {
      if (name === 'citizen_profile_id') {
        if (!ownsProfile(value)) throw new HttpError(403, FORBIDDEN);
        profileId = value;
      } else if (name === 'description') {
        description = value.slice(0, 500);
      }
    });
    try {
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
      await discardUpload(app.storage, file);
      throw error;
    }
  });
}
