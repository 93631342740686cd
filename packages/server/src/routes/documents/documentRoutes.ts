import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../http/HttpError';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';
import { requireCitizen } from '../../plugins/app/registerAuth';
import { fileFields, formSchema } from '../../services/applications/onlineForms';
import { documentRefs } from '../../services/applications/remoteChecks';
import { deleteSchema, documentRoute, downloadSchema, listSchema } from './documentSchemas';
import { sendStoredDocument } from '../../http/sendStoredDocument';

const NOT_FOUND = 'Recurso no encontrado';


export const IN_SUBMITTED = 'El documento forma parte de una solicitud enviada y no se puede eliminar';

/** GET /v1/portals/documents, /:id/download and DELETE /:id (owner only). */
export async function documentRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();

  typed.get('/portals/documents', { schema: listSchema, onRequest: app.authenticate }, async (request) => {
    const citizen = requireCitizen(request);
    const { rows } = await app.db.query<{ id: number; name: string; extension: string; description: string }>(
      'SELECT id, name, extension, description FROM documents WHERE citizen_id = $1 ORDER BY id DESC',
      [citizen.id],
    );
    return { data: rows.map((row) => ({ ...row, route: documentRoute(row.id) })) };
  });

  // Default type provider here: the 200 answer is a file stream, not a JSON document.
  app.get<{ Params: { id: string } }>('/portals/documents/:id/download', { schema: downloadSchema, onRequest: app.authenticate }, async (request, reply) => {
    const citizen = requireCitizen(request);
    // Someone else's document answers exactly like a missing one.
    const { rows } = await app.db.query<{ name: string; extension: string; stored_name: string; mime: string; size: string | number }>(
      'SELECT name, extension, stored_name, mime, size FROM documents WHERE id = $1 AND citizen_id = $2',
      [Number(request.params.id), citizen.id],
    );
    const document = rows[0];
    if (!document) throw new HttpError(404, NOT_FOUND);
    return sendStoredDocument(reply, app.storage, document, NOT_FOUND);
  });

  app.withTypeProvider<SchemaTypeProvider>().delete('/portals/documents/:id', { schema: deleteSchema, onRequest: app.authenticate }, async (request) => {
    const citizen = requireCitizen(request);
    const id = Number(request.params.id);
    const { rows } = await app.db.query<{ stored_name: string }>('SELECT stored_name FROM documents WHERE id = $1 AND citizen_id = $2', [id, citizen.id]);
    if (!rows[0]) throw new HttpError(404, NOT_FOUND);
    // A submitted request keeps what it was submitted with: its documents stay.
    const submitted = await app.db.query<{ form: string; data: Record<string, unknown> }>(
      `SELECT form, data FROM applications WHERE citizen_id = $1 AND status <> 'borrador'`,
      [citizen.id],
    );
    const cites = (row: { form: string; data: Record<string, unknown> }) => {
      const schema = formSchema(row.form);
      return schema !== null && documentRefs(row.data, fileFields(schema)).some((ref) => ref.id === id);
    };
    if (submitted.rows.some(cites)) throw new HttpError(409, IN_SUBMITTED);
    const deleted = await app.db.query('DELETE FROM documents WHERE id = $1 AND citizen_id = $2 RETURNING id', [id, citizen.id]);
    if (deleted.rows.length === 0) throw new HttpError(404, NOT_FOUND);
    // The document is gone already; a file the storage could not delete now (an S3 outage) is an orphan the next start sweeps.
    await app.storage.remove(rows[0].stored_name).catch((error: unknown) => request.log.warn({ err: error }, 'no se pudo borrar el archivo de un documento eliminado'));
    return { message: 'Documento eliminado' };
  });
}
