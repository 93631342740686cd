/** Schemas of the citizen's request routes (validation, OpenAPI and the handlers' types). */
import {
  REQUEST_COMMENT_MAX,
  REQUEST_STATUSES,
  requestAttachmentSchema,
  requestCommentBodySchema,
  requestCommentSchema,
  requestConfirmationBodySchema,
  requestDetailSchema,
  requestRatingBodySchema,
  requestRatingSchema,
  requestSchema,
  requestStatusChangeSchema,
} from '@portal/api-contract';
import { authErrors, citizenSecurity, errorSchema } from '../../http/commonSchemas';

const tags = ['Solicitudes'];
/** Every route here needs a session (bearer token or the token cookie). */
const security = citizenSecurity;
const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const idParams = { type: 'object', properties: { id }, required: ['id'] } as const;
const ok = <T>(data: T) => ({ type: 'object', properties: { data }, required: ['data'] }) as const;
/** What a request's action routes answer besides success. */
const actionErrors = { ...authErrors, 404: errorSchema, 409: errorSchema } as const;

export const listSchema = {
  tags, security, operationId: 'listOwnRequests', summary: 'Solicitudes del ciudadano',
  description: 'Las solicitudes enviadas del ciudadano (no los borradores), las más recientes primero; `status` filtra por estado.',
  querystring: { type: 'object', properties: { status: { type: 'string', enum: REQUEST_STATUSES } }, additionalProperties: false },
  response: { ...authErrors, 200: ok({ type: 'array', items: requestSchema }) },
} as const;

export const oneSchema = {
  tags, security, operationId: 'getOwnRequest', summary: 'Una solicitud del ciudadano',
  description: 'La solicitud con su historial (la institución que actuó, nunca el oficial), respuestas, documentos adjuntos, comentarios, calificación, la acción pendiente y lo que el ciudadano puede hacer ahora.',
  params: idParams,
  response: { ...authErrors, 200: ok(requestDetailSchema), 404: errorSchema },
} as const;

export const commentSchema = {
  tags, security, operationId: 'commentOwnRequest', summary: 'Comentar una solicitud propia',
  description: `Un comentario del ciudadano (1 a ${REQUEST_COMMENT_MAX} caracteres), opcionalmente sobre una acción del historial. No en una solicitud desistida (409).`,
  body: requestCommentBodySchema,
  response: { ...actionErrors, 201: ok(requestCommentSchema) },
} as const;

export const readCommentSchema = {
  tags, security, operationId: 'markInstitutionCommentRead', summary: 'Marcar leído un comentario de la institución',
  params: idParams,
  response: { ...authErrors, 200: ok(requestCommentSchema), 404: errorSchema },
} as const;

export const attachSchema = {
  tags, security, operationId: 'attachDocumentToOwnRequest', summary: 'Adjuntar un documento a una solicitud propia (multipart: file, request_id, request_action_id opcional)',
  description: 'Las mismas reglas que POST /v1/portals/documents (tipos del portal, 50 MB, un archivo, nombre de archivo, contenido, cuota); el documento queda entre los del ciudadano y adjunto a la solicitud. No en una solicitud finalizada (409).',
  consumes: ['multipart/form-data'],
  response: { ...actionErrors, 201: ok(requestAttachmentSchema), 413: errorSchema, 415: errorSchema, 507: errorSchema },
} as const;

export const confirmationSchema = {
  tags, security, operationId: 'answerRequestedAction', summary: 'Responder la acción que solicita la institución',
  description: 'Responde la acción pendiente (request_action_id) con un comentario; si la acción pide un documento, antes debe adjuntarse uno con ese request_action_id (si no, 422). La solicitud vuelve a revisión.',
  body: requestConfirmationBodySchema,
  response: { ...actionErrors, 200: ok(requestStatusChangeSchema), 422: errorSchema },
} as const;

export const disableSchema = {
  tags, security, operationId: 'withdrawOwnRequest', summary: 'Desistir de una solicitud propia',
  params: idParams,
  response: { ...actionErrors, 200: ok(requestStatusChangeSchema) },
} as const;

export const ratingSchema = {
  tags, security, operationId: 'rateOwnRequest', summary: 'Calificar una solicitud finalizada (una vez)',
  body: requestRatingBodySchema,
  response: { ...actionErrors, 201: ok(requestRatingSchema) },
} as const;
