/**
 * The requests of the back office (/v1/backoffice/requests): an officer's
 * queue, one request, its documents, the events staff cause and their
 * comments. An officer acts on their institution's requests only, an
 * administrator on every one; an officer whose institution collects a charge
 * on a request (the DGII on a formalization) may read it and its documents,
 * nothing more (findVisibleRequest's 'read' mode). Anything else is a 404 and
 * nothing changes.
 * Registered inside backofficeRoutes' staff-only context.
 */
import type { FastifyInstance } from 'fastify';
import {
  eventsFrom,
  errorSchema,
  queuePageSchema,
  STAFF_EVENTS,
  staffCommentBodySchema,
  staffCommentCreatedSchema,
  staffEventBodySchema,
  staffEventResultSchema,
  staffRequestSchema,
  SUBMITTED_STATUSES,
  type RequestStatus,
} from '@portal/api-contract';
import { authErrors, staffSecurity } from '../../http/commonSchemas';
import { HttpError } from '../../http/HttpError';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';
import { requireStaff, staffActor } from '../../plugins/app/registerStaffAuth';
import type { StaffView } from '../../services/staff/staffStore';
import { recordAudit } from '../../services/audit/auditLog';
import {
  addInstitutionComment,
  findVisibleRequest,
  markCitizenCommentsRead,
  requestDocuments,
  requestQueue,
  staffComments,
  staffDocumentRoute,
  staffRequestItems,
  staffTimeline,
} from '../../services/backoffice/backofficeStore';
import { formOfRow, serviceNames } from '../../services/applications/onlineForms';
import { verifiesProof } from '../../services/payments/paymentProofs';
import { iso } from '../../services/applications/applicationStore';
import { notifyCitizen } from '../../services/notifications/notifyCitizen';
import { applyRequestEvent, REQUEST_NOT_FOUND, requestPageLink } from '../../services/requests/requestWorkflow';
import { sendStoredDocument } from '../../http/sendStoredDocument';

const tags = ['Oficina de la institución'];
const security = staffSecurity;
const ID = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const idParams = { type: 'object', properties: { id: ID }, required: ['id'] } as const;

/** Paging query of the back office's lists. */
export const pagingQuery = {
  page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
  per_page: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
} as const;

/** Where an officer looks: their institution; null for an administrator (every institution). */
export function scopeOf(staff: StaffView): string | null {
  return staff.role === 'administrador' ? null : staff.institution;
}

const MESSAGE_NEEDED: Partial<Record<(typeof STAFF_EVENTS)[number], string>> = {
  solicitar_accion: 'Indique qué acción debe realizar el ciudadano',
  rechazar: 'Indique el motivo del rechazo',
};
const EVENT_DONE: Record<string, string> = {
  tomar: 'Solicitud tomada en revisión',
  solicitar_accion: 'Acción solicitada al ciudadano',
  aprobar: 'Solicitud aprobada',
  rechazar: 'Solicitud rechazada',
};
export const NO_COMMENT_DESISTED = 'No se puede comentar una solicitud desistida';

const queueSchema = {
  tags, security, operationId: 'listStaffRequestQueue', summary: 'Cola de solicitudes de la institución del oficial (todas para un administrador), la más antigua primero',
  querystring: {
    type: 'object', additionalProperties: false,
    properties: {
      status: { type: 'string', enum: SUBMITTED_STATUSES },
      form: { type: 'string', pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', maxLength: 60 },
      code: { type: 'string', pattern: '^[A-Za-z0-9-]{1,30}$', description: 'Parte del código de la solicitud' },
      ...pagingQuery,
    },
  },
  response: { ...authErrors, 200: queuePageSchema },
} as const;

const oneSchema = {
  tags, security, operationId: 'getStaffRequest', summary: 'Una solicitud con sus respuestas, documentos, pagos, historial y comentarios (queda en la auditoría)',
  description: 'La institución que la atiende y un administrador la leen con lo que pueden hacer; el oficial de una institución que cobra un cargo de la solicitud (p. ej. la DGII en una formalización) solo la lee: read_only true, allowed [] y can_comment false.',
  params: idParams,
  response: { ...authErrors, 200: { type: 'object', properties: { data: staffRequestSchema }, required: ['data'] }, 404: errorSchema },
} as const;

const documentSchema = {
  tags, security, operationId: 'downloadStaffRequestDocument', summary: 'Descarga un documento de la solicitud (queda en la auditoría); también para quien solo la lee',
  params: { type: 'object', properties: { id: ID, documentId: ID }, required: ['id', 'documentId'] },
  response: { ...authErrors, 200: { description: 'El archivo, como adjunto', type: 'string', format: 'binary' }, 404: errorSchema },
} as const;

const eventSchema = {
  tags, security, operationId: 'applyStaffRequestEvent', summary: 'Toma, solicita una acción, aprueba o rechaza la solicitud',
  description: 'message es obligatorio para solicitar_accion y rechazar; requires_document solo cuenta en solicitar_accion. 409 si el estado no lo permite.',
  params: idParams,
  body: staffEventBodySchema,
  response: { ...authErrors, 200: staffEventResultSchema, 404: errorSchema, 409: errorSchema },
} as const;

const commentSchema = {
  tags, security, operationId: 'commentStaffRequest', summary: 'Comenta la solicitud en nombre de la institución (se avisa al ciudadano)',
  params: idParams,
  body: staffCommentBodySchema,
  response: { ...authErrors, 201: staffCommentCreatedSchema, 404: errorSchema, 409: errorSchema },
} as const;


export async function staffRequestRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();

  typed.get('/backoffice/requests', { schema: queueSchema }, async (request) => {
    const staff = requireStaff(request);
    const q = request.query;
    return requestQueue(
      app.db,
      { institution: scopeOf(staff), status: (q.status ?? null) as RequestStatus | null, form: q.form ?? null, code: q.code ?? null },
      { page: q.page ?? 1, perPage: q.per_page ?? 20 },
    );
  });

  typed.get('/backoffice/requests/:id', { schema: oneSchema }, async (request) => {
    const staff = requireStaff(request);
    const data = await app.db.transaction(async (tx) => {
      const row = await findVisibleRequest(tx, request.params.id, scopeOf(staff), 'read');
      if (!row) throw new HttpError(404, REQUEST_NOT_FOUND);
      const acting = row.access === 'act';
      // The citizen's comments are for the institution that attends the request: a reader does not mark them read.
      if (acting) await markCitizenCommentsRead(tx, row.id);
      await recordAudit(tx, { staffId: staff.id, action: 'ver_solicitud', applicationId: row.id, ...(acting ? {} : { detail: { readOnly: true } }) });
      const [documents, items, timeline, comments, names, form] = [
        await requestDocuments(tx, row), await staffRequestItems(tx, row.id), await staffTimeline(tx, row.id), await staffComments(tx, row.id),
        await serviceNames(tx, [row.form]), await formOfRow(tx, row),
      ];
      return {
        id: row.id, code: row.request_code, form: row.form, form_version: form.version, service: names.get(row.form) ?? row.form, institution: row.institution, status: row.status,
        submitted_at: iso(row.submitted_at) as string, updated_at: iso(row.updated_at) as string, data: row.data,
        citizen: { name: row.citizen_name, cedula: row.cedula, email: row.email },
        documents: documents.map((d) => ({
          id: d.id, name: `${d.name}.${d.extension}`, source: d.source, field: d.field, size: d.size, created_at: iso(d.created_at) as string,
          download: staffDocumentRoute(row.id, d.id),
        })),
        items, timeline, comments,
        allowed: acting ? eventsFrom(row.status, 'institucion') : [],
        can_comment: acting && row.status !== 'desistida',
        verifiable_items: items.filter((item) => verifiesProof(scopeOf(staff), item)).map((item) => item.id),
        read_only: !acting,
      };
    });
    return { data };
  });

  // Default type provider here: the 200 answer is a file stream, not a JSON document.
  app.get<{ Params: { id: number; documentId: number } }>('/backoffice/requests/:id/documents/:documentId', { schema: documentSchema }, async (request, reply) => {
    const staff = requireStaff(request);
    const { id, documentId } = request.params;
    const document = await app.db.transaction(async (tx) => {
      const row = await findVisibleRequest(tx, id, scopeOf(staff), 'read');
      if (!row) throw new HttpError(404, REQUEST_NOT_FOUND);
      // Only a document of THIS request: one its file fields cite or one attached to it.
      const found = (await requestDocuments(tx, row)).find((d) => d.id === documentId);
      if (!found) throw new HttpError(404, 'Documento no encontrado');
      await recordAudit(tx, { staffId: staff.id, action: 'descargar_documento', applicationId: row.id, detail: { documentId, ...(row.access === 'read' ? { readOnly: true } : {}) } });
      return found;
    });
    return sendStoredDocument(reply, app.storage, document, 'Documento no encontrado');
  });

  typed.post('/backoffice/requests/:id/events', { schema: eventSchema }, async (request) => {
    const staff = requireStaff(request);
    const { event, requires_document: requiresDocument } = request.body;
    const message = request.body.message?.trim() ?? '';
    const result = await app.db.transaction(async (tx) => {
      // Visibility first: another institution's request is a 404 whatever the body says.
      const row = await findVisibleRequest(tx, request.params.id, scopeOf(staff), 'act', true);
      if (!row) throw new HttpError(404, REQUEST_NOT_FOUND);
      const needed = MESSAGE_NEEDED[event];
      if (needed && message === '') throw new HttpError(400, needed, [{ path: 'message', message: needed }]);
      return applyRequestEvent(tx, {
        applicationId: row.id, event, actor: staffActor(staff), message: message || null,
        requiresDocument: event === 'solicitar_accion' && requiresDocument === true,
      });
    });
    app.kickMail();
    return { message: EVENT_DONE[event] ?? 'Listo', data: { id: result.applicationId, status: result.status, action_id: result.actionId } };
  });

  typed.post('/backoffice/requests/:id/comments', { schema: commentSchema }, async (request, reply) => {
    const staff = requireStaff(request);
    const content = request.body.content.trim();
    const comment = await app.db.transaction(async (tx) => {
      const row = await findVisibleRequest(tx, request.params.id, scopeOf(staff), 'act', true);
      if (!row) throw new HttpError(404, REQUEST_NOT_FOUND);
      if (content === '') throw new HttpError(400, 'Escriba el comentario', [{ path: 'content', message: 'Escriba el comentario' }]);
      if (row.status === 'desistida') throw new HttpError(409, NO_COMMENT_DESISTED);
      const added = await addInstitutionComment(tx, row.id, staff.id, content);
      const who = row.institution && row.institution !== 'PORTAL' ? row.institution : 'La institución';
      await notifyCitizen(tx, {
        citizenId: row.citizen_id, kind: 'comentario', title: `Solicitud ${row.request_code}: nuevo comentario`,
        text: `${who} dejó un comentario sobre su solicitud ${row.request_code}. Léalo y respóndalo desde «Mis solicitudes».`,
        link: requestPageLink(row.id),
      });
      await recordAudit(tx, { staffId: staff.id, action: 'comentar', applicationId: row.id, detail: { commentId: added.id } });
      return added;
    });
    app.kickMail();
    return reply.code(201).send({ message: 'Comentario enviado', data: comment });
  });
}
