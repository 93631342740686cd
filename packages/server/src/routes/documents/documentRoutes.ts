import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../http/HttpError';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';
import { requireCitizen } from '../../plugins/app/registerAuth';
import { sentApplicationAnswers } from '../../services/applications/applicationStore';
import { fileFields, formOfRow } from '../../services/applications/onlineForms';
import { documentRefs } from '../../services/applications/remoteChecks';
import { deleteDocument, findDocumentFile, findDocumentStoredName, listDocuments } from '../../services/documents/documentStore';
import { deleteSchema, documentRoute, downloadSchema, listSchema } from './documentSchemas';
import { sendStoredDocument } from '../../http/sendStoredDocument';

const NOT_FOUND = 'Recurso no encontrado';


export const IN_SUBMITTED = 'El documento forma parte de una solicitud enviada y no se puede eliminar';

/** GET /v1/portals/documents, /:id/download and DELETE /:id (owner only); registered in the citizen context (registerRoutes.ts), which adds app.authenticate. */
export async function documentRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();

  typed.get('/portals/documents', { schema: listSchema }, async (request) => {
    const citizen = requireCitizen(request);
    const rows = await listDocuments(app.db, citizen.id);
    return { data: rows.map((row) => ({ ...row, route: documentRoute(row.id) })) };
  });

  // Default type provider here: the 200 answer is a file stream, not a JSON document.
  app.get<{ Params: { id: string } }>('/portals/documents/:id/download', { schema: downloadSchema }, async (request, reply) => {
    const citizen = requireCitizen(request);
    // Someone else's document answers exactly like a missing one.
    const document = await findDocumentFile(app.db, citizen.id, Number(request.params.id));
    if (!document) throw new HttpError(404, NOT_FOUND);
    return sendStoredDocument(reply, app.storage, document, NOT_FOUND);
  });

  app.withTypeProvider<SchemaTypeProvider>().delete('/portals/documents/:id', { schema: deleteSchema }, async (request) => {
    const citizen = requireCitizen(request);
    const id = Number(request.params.id);
    const storedName = await findDocumentStoredName(app.db, citizen.id, id);
    if (storedName === null) throw new HttpError(404, NOT_FOUND);
    // A submitted request keeps what it was submitted with: its documents stay.
    const submitted = await sentApplicationAnswers(app.db, citizen.id);
    const cites = async (row: { form: string; form_version: number | null; data: Record<string, unknown> }) => {
      const { schema } = await formOfRow(app.db, row);
      return schema !== null && documentRefs(row.data, fileFields(schema)).some((ref) => ref.id === id);
    };
    if ((await Promise.all(submitted.map(cites))).includes(true)) throw new HttpError(409, IN_SUBMITTED);
    if (!(await deleteDocument(app.db, citizen.id, id))) throw new HttpError(404, NOT_FOUND);
    // The document is gone already; a file the storage could not delete now (an S3 outage) is an orphan the next start sweeps.
    await app.storage.remove(storedName).catch((error: unknown) => request.log.warn({ err: error }, 'no se pudo borrar el archivo de un documento eliminado'));
    return { message: 'Documento eliminado' };
  });
}
