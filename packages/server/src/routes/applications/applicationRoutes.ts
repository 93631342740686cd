/**
 * Applications of the catalogue's online services, one engine for every form:
 * /v1/portals/solicitudes-en-linea/{form} (drafts: create, autosave, read,
 * list, delete; validation and submission), and the same routes for the
 * formalization at /v1/portals/formalizaciones. A form is an online service
 * when a catalogue service names it (`formulario`) and schemas/ has it; the
 * routes know no form's fields.
 */
import { FORMALIZATION_FORM } from '@portal/api-contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestLabel } from '@portal/form-engine';
import { HttpError } from '../../http/HttpError';
import { sendJsonCompressible } from '../../http/compressedBody';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';
import { requireCitizen } from '../../plugins/app/registerAuth';
import {
  createDraft, deleteDraft, findApplication, iso, listApplications, markSubmitted, moveDraftToVersion, saveDraft, type ApplicationRow,
} from '../../services/applications/applicationStore';
import { checkSubmission } from '../../services/applications/checkSubmission';
import { feesOf } from '../../services/applications/feeSchedule';
import { currentForm, formOfRow, onlineService, serviceNames, verdict, type OnlineService } from '../../services/applications/onlineForms';
import type { Queryable } from '../../db/Db';
import { forgetCurrentVersions } from '../../services/forms/formVersions';
import { nextRequestCode } from '../../services/applications/requestCode';
import { notifyCitizen, submittedNotification } from '../../services/notifications/notifyCitizen';
import { actingInstitution } from '../../services/requests/requestWorkflow';
import { createSchema, deleteSchema, getSchema, listAllSchema, listSchema, saveSchema, submitSchema, validateSchema, withForm } from './applicationSchemas';

const NOT_FOUND = 'Solicitud no encontrada';
const NO_SUCH_SERVICE = 'Servicio en línea no encontrado';
const TOO_MANY_DRAFTS = (max: number) => `Tiene demasiados borradores abiertos (${max}); elimine alguno antes de crear otro`;

/** An application as the API returns it, read through its own form version; `serviceName` from the catalogue. */
export async function applicationView(db: Queryable, row: ApplicationRow, serviceName: string) {
  const { schema, version } = await formOfRow(db, row);
  const label = schema ? requestLabel(schema, row.data) : null;
  return {
    id: row.id, form: row.form, service_name: serviceName, status: row.status, version: row.version, request_code: row.request_code, data: row.data,
    label, company_name: label, form_version: version, moved_from_version: row.moved_from_version,
    created_at: iso(row.created_at) as string, updated_at: iso(row.updated_at) as string, submitted_at: iso(row.submitted_at),
  };
}

const FORM_CHANGED = 'El formulario de este servicio cambió mientras lo llenaba. Recargue la página para ver los cambios antes de enviar.';

/** The two addresses of the same routes: the form from the path, or the formalization's own. */
const BASES = [
  { base: '/portals/formalizaciones', generic: false },
  { base: '/portals/solicitudes-en-linea/:form', generic: true },
] as const;

/** Registered in the citizen context (registerRoutes.ts), which adds app.authenticate to each route. */
export async function applicationRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();

  /** The online service the address names; 404 when no catalogue service runs that form. */
  const serviceOf = async (request: FastifyRequest, generic: boolean): Promise<OnlineService> => {
    const form = generic ? (request.params as { form: string }).form : FORMALIZATION_FORM;
    const service = await onlineService(app.db, form);
    if (!service) throw new HttpError(404, NO_SUCH_SERVICE);
    return service;
  };
  /** The form's current version; 404 when it was never published. */
  const currentOf = async (service: OnlineService) => {
    const current = await currentForm(app.db, service.form);
    if (!current) throw new HttpError(404, NO_SUCH_SERVICE);
    return current;
  };

  // Every online application of the citizen, of every service (the home page and «Mis solicitudes»).
  // Each application carries its answers: compressed, like a draft (sendJsonCompressible).
  typed.get('/portals/solicitudes-en-linea', { schema: listAllSchema }, async (request, reply) => {
    const rows = await listApplications(app.db, requireCitizen(request).id, null);
    const names = await serviceNames(app.db, rows.map((r) => r.form));
    return sendJsonCompressible(request, reply, { data: await Promise.all(rows.map((r) => applicationView(app.db, r, names.get(r.form) ?? r.form))) });
  });

  for (const { base, generic } of BASES) {
    const s = <S extends Parameters<typeof withForm>[0]>(schema: S) => (generic ? withForm(schema) : schema);

    typed.post(base, { schema: s(createSchema) }, async (request, reply) => {
      const citizen = requireCitizen(request);
      const service = await serviceOf(request, generic);
      const max = app.config.maxOpenDrafts;
      await app.diskSpace.requireRoom('cambios');
      // A new draft starts on the form's current version.
      const { version } = await currentOf(service);
      const row = await createDraft(app.db, citizen.id, service.form, version, (request.body as { data?: Record<string, unknown> } | undefined)?.data ?? {}, max);
      if (!row) throw new HttpError(429, TOO_MANY_DRAFTS(max));
      return reply.code(201).send({ data: await applicationView(app.db, row, service.name) });
    });

    typed.delete(`${base}/:id`, { schema: s(deleteSchema) }, async (request, reply) => {
      const service = await serviceOf(request, generic);
      const outcome = await deleteDraft(app.db, requireCitizen(request).id, service.form, (request.params as { id: number }).id);
      if (outcome === 'missing') throw new HttpError(404, NOT_FOUND);
      if (outcome === 'submitted') throw new HttpError(409, 'La solicitud ya fue enviada y no se puede eliminar');
      return reply.code(204).send(null);
    });

    typed.get(base, { schema: s(listSchema) }, async (request, reply) => {
      const service = await serviceOf(request, generic);
      const rows = await listApplications(app.db, requireCitizen(request).id, service.form);
      return sendJsonCompressible(request, reply, { data: await Promise.all(rows.map((r) => applicationView(app.db, r, service.name))) });
    });

    typed.get(`${base}/:id`, { schema: s(getSchema) }, async (request, reply) => {
      const service = await serviceOf(request, generic);
      const citizen = requireCitizen(request);
      const row = await findApplication(app.db, citizen.id, service.form, (request.params as { id: number }).id);
      if (!row) throw new HttpError(404, NOT_FOUND);
      // Opening a draft whose form has a newer version moves it there; the page says what changed (moved_from_version).
      const { version } = await currentOf(service);
      if (row.status === 'borrador' && row.form_version !== version) {
        const moved = await moveDraftToVersion(app.db, citizen.id, row.id, row.form_version, version);
        if (moved) return sendJsonCompressible(request, reply, { data: await applicationView(app.db, moved, service.name) });
      }
      // A full company application is ~36 KB of JSON: compressed, a fifth of it on a phone's network.
      return sendJsonCompressible(request, reply, { data: await applicationView(app.db, row, service.name) });
    });

    typed.put(`${base}/:id`, { schema: s(saveSchema) }, async (request) => {
      const citizen = requireCitizen(request);
      const service = await serviceOf(request, generic);
      const id = (request.params as { id: number }).id;
      const body = request.body as { data: Record<string, unknown>; version?: number };
      // A disk below DISK_MIN_FREE_MB: 507 and the saved version stays as it was (the app keeps the typed data and retries).
      await app.diskSpace.requireRoom('cambios');
      const row = await saveDraft(app.db, citizen.id, service.form, id, body.data, body.version);
      if (row) return { data: await applicationView(app.db, row, service.name) };
      const current = await findApplication(app.db, citizen.id, service.form, id);
      if (!current) throw new HttpError(404, NOT_FOUND);
      if (current.status !== 'borrador') throw new HttpError(409, 'La solicitud ya fue enviada y no se puede modificar');
      throw new HttpError(409, 'La solicitud fue modificada desde otro dispositivo; recargue para ver la última versión');
    });

    typed.post(`${base}/validate`, { schema: s(validateSchema) }, async (request) => {
      const { schema } = await currentOf(await serviceOf(request, generic));
      const { errors } = verdict(schema, (request.body as { data: unknown }).data);
      return { valid: errors.length === 0, errors };
    });

    typed.post(`${base}/:id/submit`, { schema: s(submitSchema), config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (request) => {
      const citizen = requireCitizen(request);
      const service = await serviceOf(request, generic);
      const current = await findApplication(app.db, citizen.id, service.form, (request.params as { id: number }).id);
      if (!current) throw new HttpError(404, NOT_FOUND);
      if (current.status !== 'borrador') throw new HttpError(409, 'La solicitud ya fue enviada');
      // Checked against the version the draft is on, which must be the current one (the request keeps it forever).
      let form = await currentOf(service);
      if (current.form_version !== form.version) {
        // Another server may have published (or moved the draft) within this one's cache time: ask the database.
        forgetCurrentVersions(app.db);
        form = await currentOf(service);
      }
      if (current.form_version !== form.version) throw new HttpError(409, FORM_CHANGED);
      // Stored as checked: the registries' values, never the browser's copy.
      const { data: pruned, errors } = await checkSubmission(app, request, form.schema, citizen.id, current.data);
      if (errors.length > 0) throw new HttpError(422, 'La solicitud tiene errores; corríjalos y vuelva a enviarla', errors);
      const fees = feesOf(service, pruned);
      const submitted = await app.db.transaction(async (tx) => {
        const code = await nextRequestCode(tx, new Date().getUTCFullYear(), service.form === FORMALIZATION_FORM ? 'VUF' : 'SOL');
        const row = await markSubmitted(tx, citizen.id, current.id, pruned, code, fees, actingInstitution(service.form, service.institution));
        // The citizen's notification and its e-mail, committed with the submission or not at all.
        if (row) await notifyCitizen(tx, submittedNotification(citizen.id, row.id, code, service.name, service.form));
        return row;
      });
      // A concurrent double submit: the first one won, this one changes nothing.
      if (!submitted) throw new HttpError(409, 'La solicitud ya fue enviada');
      app.kickMail();
      return { data: await applicationView(app.db, submitted, service.name) };
    });
  }
}
