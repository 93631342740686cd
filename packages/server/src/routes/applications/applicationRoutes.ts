/** /v1/portals/formalizaciones: drafts (create, autosave, read, list), validation and submission. */
import type { FastifyInstance } from 'fastify';
import { HttpError, type FieldError } from '../../http/HttpError';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';
import { requireCitizen } from '../../plugins/app/registerAuth';
import {
  createApplication, findApplication, iso, listApplications, markSubmitted, saveDraft, type ApplicationRow,
} from '../../services/applications/applicationStore';
import { feesFor } from '../../services/applications/feeSchedule';
import { fileFields, formalizacionSchema, verdict } from '../../services/applications/formalizacionForm';
import { sourceChecks, sourceFields } from '../../services/applications/sourceChecks';
import { remoteChecks } from '../../services/applications/remoteChecks';
import { nextRequestCode } from '../../services/applications/requestCode';
import { createSchema, getSchema, listSchema, saveSchema, submitSchema, validateSchema } from './applicationSchemas';

const NOT_FOUND = 'Solicitud no encontrada';

export function applicationView(row: ApplicationRow) {
  return {
    id: row.id, status: row.status, version: row.version, request_code: row.request_code, data: row.data,
    created_at: iso(row.created_at) as string, updated_at: iso(row.updated_at) as string, submitted_at: iso(row.submitted_at),
  };
}

/** PostgreSQL's jsonb cannot hold U+0000; such drafts are refused as bad input rather than failing in the database. */
function storable(data: Record<string, unknown>): Record<string, unknown> {
  if (JSON.stringify(data).includes('\\u0000')) throw new HttpError(400, 'Datos inválidos', [{ path: '', message: 'El texto contiene caracteres no permitidos' }]);
  return data;
}

export async function applicationRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();
  const auth = { onRequest: app.authenticate };

  typed.post('/portals/formalizaciones', { ...auth, schema: createSchema }, async (request, reply) => {
    const citizen = requireCitizen(request);
    const row = await createApplication(app.db, citizen.id, storable(request.body?.data ?? {}));
    return reply.code(201).send({ data: applicationView(row) });
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
    const row = await saveDraft(app.db, citizen.id, request.params.id, storable(request.body.data), request.body.version);
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
    const { pruned, errors } = verdict(current.data);
    const errored = new Set(errors.map((e) => e.path));
    // Lists are answered by the portal's own GET routes, as the browser sees them.
    const listAnswer = async (url: string): Promise<unknown> => {
      const res = await app.inject({ method: 'GET', url });
      // A parameter the list refuses (a provincia that is not a number) means an empty list.
      if (res.statusCode >= 400 && res.statusCode < 500) return null;
      if (res.statusCode !== 200) throw new HttpError(503, 'No se pudieron verificar las listas de referencia; intente más tarde');
      return res.json();
    };
    const remote = [
      ...(await remoteChecks(pruned, app.agencies, app.db, citizen.id, fileFields())),
      ...(await sourceChecks(pruned, sourceFields(formalizacionSchema()), listAnswer)),
    ].filter((e) => !errored.has(e.path));
    const all: FieldError[] = [...errors, ...remote];
    if (all.length > 0) throw new HttpError(422, 'La solicitud tiene errores; corríjalos y vuelva a enviarla', all);
    // The certificate's expiry and holder come from the registry, not from the browser.
    const solicitud = pruned.datos_solicitud as Record<string, unknown> | undefined;
    const numero = solicitud?.numero_del_certificado_de_nombre_comercial;
    if (solicitud && typeof numero === 'string') {
      const cert = await app.agencies.onapi.certificate(numero);
      if (cert) Object.assign(solicitud, { fecha_de_vencimiento: cert.vencimiento, 'a_nombre_de_quién_se_hizo_el_registro': cert.titular });
    }
    const submitted = await app.db.transaction(async (tx) => {
      const code = await nextRequestCode(tx, new Date().getUTCFullYear());
      return markSubmitted(tx, citizen.id, current.id, pruned, code, feesFor(pruned as Record<string, Record<string, unknown>>));
    });
    // A concurrent double submit: the first one won, this one changes nothing.
    if (!submitted) throw new HttpError(409, 'La solicitud ya fue enviada');
    return { data: applicationView(submitted) };
  });
}
