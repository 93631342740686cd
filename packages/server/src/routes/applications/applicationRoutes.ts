/** /v1/portals/formalizaciones: drafts (create, autosave, read, list, delete), validation and submission. */
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../http/HttpError';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';
import { requireCitizen } from '../../plugins/app/registerAuth';
import {
  createDraft, deleteDraft, findApplication, iso, listApplications, markSubmitted, saveDraft, type ApplicationRow,
} from '../../services/applications/applicationStore';
import { checkSubmission } from '../../services/applications/checkSubmission';
import { companyNameOf } from '../../services/applications/companyName';
import { feesFor } from '../../services/applications/feeSchedule';
import { verdict } from '../../services/applications/formalizacionForm';
import { nextRequestCode } from '../../services/applications/requestCode';
import { notifyCitizen, submittedNotification } from '../../services/notifications/notifyCitizen';
import { createSchema, deleteSchema, getSchema, listSchema, saveSchema, submitSchema, validateSchema } from './applicationSchemas';

const NOT_FOUND = 'Solicitud no encontrada';
const TOO_MANY_DRAFTS = (max: number) => `Tiene demasiados borradores abiertos (${max}); elimine alguno antes de crear otro`;

export function applicationView(row: ApplicationRow) {
  return {
    id: row.id, status: row.status, version: row.version, request_code: row.request_code, data: row.data, company_name: companyNameOf(row.data),
    created_at: iso(row.created_at) as string, updated_at: iso(row.updated_at) as string, submitted_at: iso(row.submitted_at),
  };
}

export async function applicationRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();
  const auth = { onRequest: app.authenticate };

  typed.post('/portals/formalizaciones', { ...auth, schema: createSchema }, async (request, reply) => {
    const citizen = requireCitizen(request);
    const max = app.config.maxOpenDrafts;
    const row = await createDraft(app.db, citizen.id, request.body?.data ?? {}, max);
    if (!row) throw new HttpError(429, TOO_MANY_DRAFTS(max));
    return reply.code(201).send({ data: applicationView(row) });
  });

  typed.delete('/portals/formalizaciones/:id', { ...auth, schema: deleteSchema }, async (request, reply) => {
    const outcome = await deleteDraft(app.db, requireCitizen(request).id, request.params.id);
    if (outcome === 'missing') throw new HttpError(404, NOT_FOUND);
    if (outcome === 'submitted') throw new HttpError(409, 'La solicitud ya fue enviada y no se puede eliminar');
    return reply.code(204).send(null);
  });

  typed.get('/portals/formalizaciones', { ...auth, schema: listSchema }, async (request) => {
    const citizen = requireCitizen(request);
    return { data: (await listApplications(app.db, citizen.id)).map(applicationView) };
  });

  typed.get('/portals/formalizaciones/:id', { ...auth, schema: getSchema }, async (request) => {
    const row = await findApplication(app.db, requireCitizen(request).id, request.params.id);
    if (!row) throw new HttpError(404, NOT_FOUND);
    return { data: applicationView(row) };
  });

  typed.put('/portals/formalizaciones/:id', { ...auth, schema: saveSchema }, async (request) => {
    const citizen = requireCitizen(request);
    const row = await saveDraft(app.db, citizen.id, request.params.id, request.body.data, request.body.version);
    if (row) return { data: applicationView(row) };
    const current = await findApplication(app.db, citizen.id, request.params.id);
    if (!current) throw new HttpError(404, NOT_FOUND);
    if (current.status !== 'borrador') throw new HttpError(409, 'La solicitud ya fue enviada y no se puede modificar');
    throw new HttpError(409, 'La solicitud fue modificada desde otro dispositivo; recargue para ver la última versión');
  });

  typed.post('/portals/formalizaciones/validate', { ...auth, schema: validateSchema }, async (request) => {
    const { errors } = verdict(request.body.data);
    return { valid: errors.length === 0, errors };
  });

  typed.post('/portals/formalizaciones/:id/submit', { ...auth, schema: submitSchema, config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (request) => {
    const citizen = requireCitizen(request);
    const current = await findApplication(app.db, citizen.id, request.params.id);
    if (!current) throw new HttpError(404, NOT_FOUND);
    if (current.status !== 'borrador') throw new HttpError(409, 'La solicitud ya fue enviada');
    // Stored as checked: the registries' names, holder and expiry, never the browser's copy.
    const { data: pruned, errors } = await checkSubmission(app, request, citizen.id, current.data);
    if (errors.length > 0) throw new HttpError(422, 'La solicitud tiene errores; corríjalos y vuelva a enviarla', errors);
    const submitted = await app.db.transaction(async (tx) => {
      const code = await nextRequestCode(tx, new Date().getUTCFullYear());
      const row = await markSubmitted(tx, citizen.id, current.id, pruned, code, feesFor(pruned as Record<string, Record<string, unknown>>));
      // The citizen's notification and its e-mail, committed with the submission or not at all.
      if (row) await notifyCitizen(tx, submittedNotification(citizen.id, row.id, code));
      return row;
    });
    // A concurrent double submit: the first one won, this one changes nothing.
    if (!submitted) throw new HttpError(409, 'La solicitud ya fue enviada');
    app.kickMail();
    return { data: applicationView(submitted) };
  });
}
