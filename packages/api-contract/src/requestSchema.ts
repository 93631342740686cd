/** A citizen's request (a submitted application) with its payments, as /v1/portals/requests returns it, and what the citizen does on it. */
import { chargeExtrasSchema } from './paymentSchema';
import { REQUEST_EVENT_NAMES, REQUEST_NOTE_NAMES, REQUEST_STATUSES } from './requestStatus';

/** A charge of a request: `amount` is `base_amount` plus the `amount` of each extra chosen. */
export const requestItemSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' }, agency: { type: 'string' }, concept: { type: 'string' },
    base_amount: { type: 'number', description: 'Monto del cargo sin servicios adicionales' },
    amount: { type: 'number' }, extras: chargeExtrasSchema, currency: { type: 'string' }, status: { type: 'string' },
  },
  required: ['id', 'agency', 'concept', 'base_amount', 'amount', 'extras', 'currency', 'status'],
} as const;

export const requestSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    code: { type: 'string' },
    form: { type: 'string', description: 'Formulario del servicio en línea (schemas/<form>)' },
    form_version: { type: 'integer', minimum: 1, description: 'Versión del formulario con la que se envió (se lee siempre con ella): GET /v1/forms/{form}/versions/{n}' },
    service: { type: 'string' },
    status: { type: 'string', enum: REQUEST_STATUSES },
    tipo_societario: { type: ['string', 'null'] },
    company_name: { type: ['string', 'null'] },
    submitted_at: { type: 'string' },
    updated_at: { type: 'string' },
    institution: { type: 'string', description: 'Nombre de la institución que la atiende (la Ventanilla Única de Formalización para la formalización)' },
    items: { type: 'array', items: requestItemSchema },
    total_pending: { type: 'number' },
    pending_payments: { type: 'integer', description: 'Pagos pendientes' },
    unread_comments: { type: 'integer', description: 'Comentarios de la institución que el ciudadano no ha leído' },
    action_required: { type: 'boolean', description: 'La institución espera una acción del ciudadano' },
  },
  required: ['id', 'code', 'form', 'form_version', 'service', 'status', 'submitted_at', 'updated_at', 'institution', 'items', 'total_pending', 'pending_payments', 'unread_comments', 'action_required'],
} as const;

/** What the citizen may do on a request now (GET /v1/portals/requests/{id}: allowed). */
export const CITIZEN_REQUEST_ACTIONS = ['desistir', 'responder_accion', 'comentar', 'adjuntar', 'calificar'] as const;

/** Longest comment of a request's thread (as the database's check). */
export const REQUEST_COMMENT_MAX = 2000;
/** Longest comment of a rating. */
export const RATING_COMMENT_MAX = 1000;

/** One entry of a request's timeline as the citizen sees it: the institution that acted, never an officer. */
export const requestTimelineEntrySchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    event: { type: 'string', enum: [...REQUEST_EVENT_NAMES, ...REQUEST_NOTE_NAMES] },
    label: { type: 'string' },
    to_status: { type: 'string', enum: REQUEST_STATUSES },
    actor: { type: 'string', enum: ['ciudadano', 'institucion', 'sistema'] },
    institution: { type: ['string', 'null'], description: 'Nombre de la institución (acciones de la institución)' },
    message: { type: ['string', 'null'] },
    requires_document: { type: 'boolean' },
    answered_at: { type: ['string', 'null'] },
    created_at: { type: 'string' },
  },
  required: ['id', 'event', 'label', 'to_status', 'actor', 'institution', 'message', 'requires_document', 'answered_at', 'created_at'],
  additionalProperties: false,
} as const;

/** One comment of a request's thread. `read`: the other side has read it. */
export const requestCommentSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    author: { type: 'string', enum: ['ciudadano', 'institucion'] },
    content: { type: 'string' },
    created_at: { type: 'string' },
    request_action_id: { type: ['integer', 'null'] },
    read: { type: 'boolean' },
  },
  required: ['id', 'author', 'content', 'created_at', 'request_action_id', 'read'],
  additionalProperties: false,
} as const;

/** A document the citizen attached to a request after submitting it. */
export const requestAttachmentSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    document_id: { type: 'integer' },
    name: { type: 'string' },
    extension: { type: 'string' },
    size: { type: 'integer' },
    request_action_id: { type: ['integer', 'null'] },
    created_at: { type: 'string' },
  },
  required: ['id', 'document_id', 'name', 'extension', 'size', 'request_action_id', 'created_at'],
} as const;

/** The citizen's rating of a finished request. */
export const requestRatingSchema = {
  type: 'object',
  properties: { score: { type: 'integer', minimum: 1, maximum: 5 }, comment: { type: 'string' }, created_at: { type: 'string' } },
  required: ['score', 'comment', 'created_at'],
} as const;

/** One request with everything the citizen's page shows (GET /v1/portals/requests/{id}). */
export const requestDetailSchema = {
  type: 'object',
  properties: {
    ...requestSchema.properties,
    timeline: { type: 'array', items: requestTimelineEntrySchema },
    data: { type: 'object', additionalProperties: true, description: 'Respuestas enviadas (schemas/<form>)' },
    documents: { type: 'array', items: requestAttachmentSchema },
    comments: { type: 'array', items: requestCommentSchema },
    rating: { ...requestRatingSchema, type: ['object', 'null'], description: 'La calificación del ciudadano, o null' },
    pending_action: {
      type: ['object', 'null'],
      properties: { id: { type: 'integer' }, message: { type: ['string', 'null'] }, requires_document: { type: 'boolean' } },
      required: ['id', 'message', 'requires_document'],
      description: 'La acción que la institución solicita y el ciudadano no ha respondido, o null',
    },
    allowed: { type: 'array', items: { type: 'string', enum: CITIZEN_REQUEST_ACTIONS }, description: 'Lo que el ciudadano puede hacer ahora' },
  },
  required: [...requestSchema.required, 'timeline', 'data', 'documents', 'comments', 'rating', 'pending_action', 'allowed'],
} as const;

/** The answer of withdrawing a request or answering its action: its new status. */
export const requestStatusChangeSchema = {
  type: 'object',
  properties: { id: { type: 'integer' }, status: { type: 'string', enum: REQUEST_STATUSES } },
  required: ['id', 'status'],
} as const;
