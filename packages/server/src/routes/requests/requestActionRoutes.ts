/**
 * What the citizen does on their own submitted request: comment, mark the
 * institution's comments read, attach a document, answer the institution's
 * action, withdraw, rate. Every route finds the request as its owner sees it
 * (another citizen's request is a 404 and nothing changes) and changes status
 * only through the workflow (applyRequestEvent: 409 on an illegal event).
 */
import type { FastifyInstance } from 'fastify';
import { FINISHED_STATUSES, REQUEST_STATUS_LABELS } from '@portal/api-contract';
import type { Queryable } from '../../db/Db';
import { iso } from '../../services/applications/applicationStore';
import { HttpError } from '../../http/HttpError';
import { positiveIdText } from '../../http/numericText';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';
import { requireCitizen } from '../../plugins/app/registerAuth';
import {
  actionBelongs,
  hasAttachmentFor,
  insertCitizenComment,
  insertRating,
  linkAttachment,
  markInstitutionCommentRead,
  pendingAction,
  requestComments,
  requestRating,
  type RequestAttachmentRow,
} from '../../services/requests/requestStore';
import { applyRequestEvent, lockRequestFor, type WorkflowActor } from '../../services/requests/requestWorkflow';
import { discardUpload, receiveUpload, uploadLimit } from '../../services/uploads/receiveUpload';
import { insertWithinQuota, type UploadQuota } from '../../services/uploads/uploadQuota';
import { commentView } from './requestRoutes';
import { attachSchema, commentSchema, confirmationSchema, disableSchema, ratingSchema, readCommentSchema } from './requestSchemas';

export const ACTION_NOT_FOUND = 'Acción no encontrada en esta solicitud';
export const COMMENT_NOT_FOUND = 'Comentario no encontrado';
export const EMPTY_TEXT = 'Escriba un texto';
export const WITHDRAWN_NO_COMMENTS = 'No se puede comentar una solicitud desistida';
export const FINISHED_NO_ATTACHMENTS = 'No se pueden adjuntar documentos a una solicitud finalizada';
export const ACTION_NOT_PENDING = 'Esta acción ya fue respondida o no está pendiente';
export const DOCUMENT_REQUIRED = 'Debe adjuntar el documento solicitado';
export const NOT_FINISHED = 'Solo se puede calificar una solicitud finalizada';
export const ALREADY_RATED = 'Esta solicitud ya fue calificada';

/** The text of a comment or an answer without its outer spaces; 400 when nothing is left. */
function textOf(content: string, field: string): string {
  const text = content.trim();
  if (text === '') throw new HttpError(400, EMPTY_TEXT, [{ path: field, message: EMPTY_TEXT }]);
  return text;
}

/** 404 unless `actionId` is an entry of the request's timeline. */
async function requireAction(tx: Queryable, applicationId: number, actionId: number | null | undefined): Promise<number | null> {
  if (actionId === null || actionId === undefined) return null;
  if (!(await actionBelongs(tx, applicationId, actionId))) throw new HttpError(404, ACTION_NOT_FOUND);
  return actionId;
}

/** A multipart field that must be a positive id; 400 in Spanish otherwise. */
function idField(name: string, value: string): number {
  const n = positiveIdText(value);
  if (n === null) throw new HttpError(400, 'Datos inválidos', [{ path: name, message: 'Tipo de dato inválido' }]);
  return n;
}

/** Registered in the citizen context (registerRoutes.ts), which adds app.authenticate to each route. */
export async function requestActionRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();
  const citizenActor = (citizenId: number): WorkflowActor => ({ kind: 'ciudadano', citizenId });

  typed.post('/portals/request-comment', { schema: commentSchema }, async (request, reply) => {
    const citizen = requireCitizen(request);
    const { request_id: requestId, request_action_id: actionId, content } = request.body;
    const text = textOf(content, 'content');
    const comment = await app.db.transaction(async (tx) => {
      const req = await lockRequestFor(tx, requestId, citizenActor(citizen.id));
      const action = await requireAction(tx, requestId, actionId);
      if (req.status === 'desistida') throw new HttpError(409, WITHDRAWN_NO_COMMENTS);
      return insertCitizenComment(tx, requestId, text, action);
    });
    return reply.code(201).send({ data: commentView(comment) });
  });

  typed.get('/portals/request-comment/:id/read', { schema: readCommentSchema }, async (request) => {
    const citizen = requireCitizen(request);
    const comment = await markInstitutionCommentRead(app.db, citizen.id, request.params.id);
    if (!comment) throw new HttpError(404, COMMENT_NOT_FOUND);
    return { data: commentView(comment) };
  });

  const { uploadMaxBytes } = app.config;
  const quota: UploadQuota = { bytes: app.config.uploadQuotaBytes, files: app.config.uploadQuotaFiles };
  app.post('/portals/citizen-profile/documents/requests/attach', { schema: attachSchema }, async (request, reply) => {
    const citizen = requireCitizen(request);
    let requestId: number | null = null;
    let actionId: number | null = null;
    const file = await receiveUpload(request, app, () => uploadLimit(app.db, citizen.id, quota, uploadMaxBytes), (name, value) => {
      if (name === 'request_id') requestId = idField(name, value);
      else if (name === 'request_action_id' && value.trim() !== '') actionId = idField(name, value);
    });
    try {
      const id = requestId as number | null;
      if (id === null) throw new HttpError(400, 'Datos inválidos', [{ path: 'request_id', message: 'Requerido' }]);
      let attachment: RequestAttachmentRow | null = null;
      await insertWithinQuota(
        app.db, citizen.id, quota,
        { name: file.name, extension: file.extension, storedName: file.stored.storedName, mime: file.mime, size: file.stored.size, description: '' },
        async (tx, documentId) => {
          const req = await lockRequestFor(tx, id, citizenActor(citizen.id));
          const action = await requireAction(tx, id, actionId);
          if (FINISHED_STATUSES.includes(req.status)) throw new HttpError(409, FINISHED_NO_ATTACHMENTS);
          attachment = await linkAttachment(tx, id, documentId, action);
        },
      );
      const linked = attachment as RequestAttachmentRow | null;
      if (linked === null) throw new Error('attachment not linked');
      return reply.code(201).send({ data: { ...linked, size: Number(linked.size), created_at: iso(linked.created_at) as string } });
    } catch (error) {
      await discardUpload(app.storage, file);
      throw error;
    }
  });

  typed.post('/portals/request-dynamic-confirmation', { schema: confirmationSchema }, async (request) => {
    const citizen = requireCitizen(request);
    const { request_id: requestId, request_action_id: actionId, content, request_comment_id: commentId } = request.body;
    const text = textOf(content, 'content');
    const result = await app.db.transaction(async (tx) => {
      const req = await lockRequestFor(tx, requestId, citizenActor(citizen.id));
      await requireAction(tx, requestId, actionId);
      if (commentId !== null && commentId !== undefined && !(await requestComments(tx, requestId)).some((c) => c.id === commentId)) {
        throw new HttpError(404, COMMENT_NOT_FOUND);
      }
      const open = await pendingAction(tx, requestId);
      if (req.status !== 'accion_requerida' || open === null || open.id !== actionId) throw new HttpError(409, ACTION_NOT_PENDING);
      if (open.requires_document && !(await hasAttachmentFor(tx, requestId, actionId))) {
        throw new HttpError(422, DOCUMENT_REQUIRED, [{ path: 'request_action_id', message: DOCUMENT_REQUIRED }]);
      }
      await insertCitizenComment(tx, requestId, text, actionId);
      return applyRequestEvent(tx, { applicationId: requestId, event: 'responder_accion', actor: citizenActor(citizen.id), message: text });
    });
    app.kickMail();
    return { data: { id: result.applicationId, status: result.status } };
  });

  typed.post('/portals/requests/:id/disable', { schema: disableSchema }, async (request) => {
    const citizen = requireCitizen(request);
    const result = await app.db.transaction((tx) => applyRequestEvent(tx, { applicationId: request.params.id, event: 'desistir', actor: citizenActor(citizen.id) }));
    app.kickMail();
    return { data: { id: result.applicationId, status: result.status } };
  });

  typed.post('/portals/ratings', { schema: ratingSchema }, async (request, reply) => {
    const citizen = requireCitizen(request);
    const { request_id: requestId, score } = request.body;
    const comment = (request.body.comment ?? '').trim();
    const rating = await app.db.transaction(async (tx) => {
      const req = await lockRequestFor(tx, requestId, citizenActor(citizen.id));
      if (!FINISHED_STATUSES.includes(req.status)) {
        throw new HttpError(409, `${NOT_FINISHED}: está «${REQUEST_STATUS_LABELS[req.status]}».`);
      }
      if (!(await insertRating(tx, requestId, score, comment))) throw new HttpError(409, ALREADY_RATED);
      return requestRating(tx, requestId);
    });
    return reply.code(201).send({ data: { score, comment, created_at: iso(rating?.created_at ?? new Date()) as string } });
  });
}
