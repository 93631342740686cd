/**
 * What the institution back office reads (issue 12 §4): an officer's queue of
 * requests, one request with everything staff need to decide on it, and the
 * lists of suggestions, error reports and the audit log. Statuses and events
 * come from requestStatus.ts, the one definition.
 */
import { requestItemSchema } from './requestSchema';
import { REQUEST_EVENTS, REQUEST_STATUSES, type RequestEvent } from './requestStatus';

/** The statuses of a submitted request (a draft never reaches the back office). */
export const SUBMITTED_STATUSES = REQUEST_STATUSES.filter((s) => s !== 'borrador');

/** The events staff cause (tomar, solicitar_accion, aprobar, rechazar), from the definition. */
export const STAFF_EVENTS = (Object.keys(REQUEST_EVENTS) as RequestEvent[]).filter((e) => REQUEST_EVENTS[e].by === 'institucion');

/** The paging of a list: page (from 1), per_page and the total of rows. */
export const pageMetaSchema = {
  type: 'object',
  properties: { page: { type: 'integer' }, per_page: { type: 'integer' }, total: { type: 'integer' } },
  required: ['page', 'per_page', 'total'],
} as const;

/** One row of an officer's queue: never the citizen's cédula. */
export const queueRowSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    code: { type: 'string' },
    form: { type: 'string' },
    service: { type: 'string', description: 'Nombre del servicio en el catálogo' },
    institution: { type: ['string', 'null'], description: 'Sigla de la institución que actúa (VUF para la formalización)' },
    citizen_name: { type: 'string', description: 'Nombre completo del ciudadano' },
    status: { type: 'string', enum: REQUEST_STATUSES },
    submitted_at: { type: 'string' },
    updated_at: { type: 'string' },
    action_required: { type: 'boolean', description: 'Espera la respuesta del ciudadano a una acción solicitada' },
    unread_comments: { type: 'integer', description: 'Comentarios del ciudadano que la institución no ha leído' },
  },
  required: ['id', 'code', 'form', 'service', 'institution', 'citizen_name', 'status', 'submitted_at', 'updated_at', 'action_required', 'unread_comments'],
} as const;

export const queuePageSchema = {
  type: 'object',
  properties: {
    data: { type: 'array', items: queueRowSchema },
    meta: pageMetaSchema,
    counts: {
      type: 'array',
      description: 'Solicitudes por estado (con el filtro de servicio, sin los de estado y búsqueda), para los filtros; un estado sin solicitudes cuenta 0',
      items: { type: 'object', properties: { status: { type: 'string', enum: REQUEST_STATUSES }, count: { type: 'integer' } }, required: ['status', 'count'] },
    },
    services: {
      type: 'array',
      description: 'Los servicios de la cola, para filtrar por servicio',
      items: { type: 'object', properties: { form: { type: 'string' }, name: { type: 'string' } }, required: ['form', 'name'] },
    },
  },
  required: ['data', 'meta', 'counts', 'services'],
} as const;

export const staffDocumentSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string', description: 'Nombre del archivo con su extensión' },
    source: { type: 'string', enum: ['formulario', 'adjunto'], description: 'formulario: citado en un campo de archivo; adjunto: añadido después del envío' },
    field: { type: ['string', 'null'], description: 'Ruta del campo de archivo (formulario)' },
    size: { type: 'integer' },
    created_at: { type: 'string' },
    download: { type: 'string', description: 'Dirección de descarga en la oficina' },
  },
  required: ['id', 'name', 'source', 'field', 'size', 'created_at', 'download'],
} as const;

export const staffTimelineEntrySchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    event: { type: 'string' },
    label: { type: 'string' },
    from_status: { type: 'string', enum: REQUEST_STATUSES },
    to_status: { type: 'string', enum: REQUEST_STATUSES },
    actor: { type: 'string', enum: ['ciudadano', 'institucion', 'sistema'] },
    institution: { type: ['string', 'null'] },
    staff_name: { type: ['string', 'null'], description: 'Solo en la oficina: el ciudadano ve la institución, nunca al oficial' },
    message: { type: ['string', 'null'] },
    requires_document: { type: 'boolean' },
    answered_at: { type: ['string', 'null'] },
    created_at: { type: 'string' },
  },
  required: ['id', 'event', 'label', 'from_status', 'to_status', 'actor', 'institution', 'staff_name', 'message', 'requires_document', 'answered_at', 'created_at'],
} as const;

export const staffCommentSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    author: { type: 'string', enum: ['ciudadano', 'institucion'] },
    staff_name: { type: ['string', 'null'] },
    content: { type: 'string' },
    request_action_id: { type: ['integer', 'null'] },
    created_at: { type: 'string' },
    read_at: { type: ['string', 'null'], description: 'Cuándo lo leyó el otro lado' },
  },
  required: ['id', 'author', 'staff_name', 'content', 'request_action_id', 'created_at', 'read_at'],
} as const;

export const staffRequestSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    code: { type: 'string' },
    form: { type: 'string' },
    form_version: { type: 'integer', minimum: 1, description: 'Versión del formulario con la que se envió: sus respuestas se leen con ella (GET /v1/forms/{form}/versions/{n})' },
    service: { type: 'string' },
    institution: { type: ['string', 'null'] },
    status: { type: 'string', enum: REQUEST_STATUSES },
    submitted_at: { type: 'string' },
    updated_at: { type: 'string' },
    data: { type: 'object', additionalProperties: true, description: 'Respuestas del ciudadano (schemas/<form>)' },
    citizen: {
      type: 'object',
      properties: { name: { type: 'string' }, cedula: { type: 'string' }, email: { type: 'string' } },
      required: ['name', 'cedula', 'email'],
    },
    documents: { type: 'array', items: staffDocumentSchema },
    items: { type: 'array', items: requestItemSchema },
    timeline: { type: 'array', items: staffTimelineEntrySchema },
    comments: { type: 'array', items: staffCommentSchema },
    allowed: { type: 'array', items: { type: 'string', enum: STAFF_EVENTS }, description: 'Eventos que el personal puede realizar ahora' },
    can_comment: { type: 'boolean' },
    verifiable_items: {
      type: 'array',
      items: { type: 'integer' },
      description: 'Cargos (ids de items) cuyo comprobante de pago puede aceptar o no aceptar quien pregunta: los que cobra su institución, todos para un administrador',
    },
    read_only: {
      type: 'boolean',
      description: 'El oficial solo la lee: su institución cobra un cargo de la solicitud (p. ej. la DGII en una formalización) pero no la atiende; allowed es [] y can_comment false',
    },
  },
  required: ['id', 'code', 'form', 'form_version', 'service', 'institution', 'status', 'submitted_at', 'updated_at', 'data', 'citizen', 'documents', 'items', 'timeline', 'comments', 'allowed', 'can_comment', 'verifiable_items', 'read_only'],
} as const;

export const staffEventResultSchema = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    data: { type: 'object', properties: { id: { type: 'integer' }, status: { type: 'string', enum: REQUEST_STATUSES }, action_id: { type: 'integer' } }, required: ['id', 'status', 'action_id'] },
  },
  required: ['message', 'data'],
} as const;

export const staffCommentCreatedSchema = {
  type: 'object',
  properties: { message: { type: 'string' }, data: staffCommentSchema },
  required: ['message', 'data'],
} as const;

export const suggestionRowSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    service_title: { type: 'string' },
    institution_name: { type: 'string' },
    person_name: { type: 'string' },
    person_email: { type: 'string' },
    person_phone: { type: 'string' },
    created_at: { type: 'string' },
  },
  required: ['id', 'service_title', 'institution_name', 'person_name', 'person_email', 'person_phone', 'created_at'],
} as const;

export const suggestionPageSchema = {
  type: 'object',
  properties: { data: { type: 'array', items: suggestionRowSchema }, meta: pageMetaSchema },
  required: ['data', 'meta'],
} as const;

export const errorReportRowSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    reference: { type: 'string' },
    description: { type: 'string' },
    page_path: { type: ['string', 'null'] },
    contact_email: { type: ['string', 'null'] },
    created_at: { type: 'string' },
  },
  required: ['id', 'reference', 'description', 'page_path', 'contact_email', 'created_at'],
} as const;

export const errorReportPageSchema = {
  type: 'object',
  properties: { data: { type: 'array', items: errorReportRowSchema }, meta: pageMetaSchema },
  required: ['data', 'meta'],
} as const;

/**
 * The actions the audit log records (audit_log.action) with the Spanish words
 * the back office shows for them: the one definition the audit route's filter
 * and the audit page read. A new recordAudit action gets its line here.
 */
export const AUDIT_ACTION_LABELS = {
  ver_solicitud: 'Abrió la solicitud',
  descargar_documento: 'Descargó un documento de la solicitud',
  tomar: 'Tomó la solicitud en revisión',
  solicitar_accion: 'Solicitó una acción al ciudadano',
  aprobar: 'Aprobó la solicitud',
  rechazar: 'Rechazó la solicitud',
  comentar: 'Comentó la solicitud',
  descargar_comprobante: 'Descargó un comprobante de pago',
  aceptar_comprobante: 'Aceptó un comprobante de pago',
  rechazar_comprobante: 'No aceptó un comprobante de pago',
  ver_reclamo: 'Abrió el reclamo',
  descargar_documento_reclamo: 'Descargó el documento del reclamo',
  responder_reclamo: 'Respondió el reclamo',
  reclamo_tomar: 'Tomó el reclamo en proceso',
  reclamo_cerrar: 'Cerró el reclamo',
  // A refusal (403, a hiding 404, a session of the wrong kind): plugins/app/registerAccessDenials.ts.
  acceso_denegado: 'Acceso denegado',
  restablecer_segundo_factor: 'Restableció el segundo factor de un miembro del personal',
  publicar_formulario: 'Publicó una versión de un formulario',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];

/** The Spanish words of an audit action (its code when the definition does not know it). */
export function auditActionLabel(action: string): string {
  return Object.hasOwn(AUDIT_ACTION_LABELS, action) ? AUDIT_ACTION_LABELS[action as AuditAction] : action;
}

export const auditRowSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    staff_id: { type: 'integer' },
    staff_name: { type: 'string' },
    staff_institution: { type: ['string', 'null'], description: 'Sigla de la institución del miembro del personal; null para un administrador' },
    action: { type: 'string', description: 'Código de la acción (AUDIT_ACTION_LABELS)' },
    application_id: { type: ['integer', 'null'] },
    request_code: { type: ['string', 'null'], description: 'Código de la solicitud, si la acción es sobre una' },
    claim_id: { type: ['integer', 'null'] },
    detail: { type: 'object', additionalProperties: true },
    created_at: { type: 'string' },
  },
  required: ['id', 'staff_id', 'staff_name', 'staff_institution', 'action', 'application_id', 'request_code', 'claim_id', 'detail', 'created_at'],
} as const;

/** A staff member as the audit page's filter offers them. */
export const auditStaffMemberSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    role: { type: 'string', enum: ['oficial', 'administrador'] },
    institution: { type: ['string', 'null'] },
  },
  required: ['id', 'name', 'role', 'institution'],
} as const;

export const auditPageSchema = {
  type: 'object',
  properties: {
    data: { type: 'array', items: auditRowSchema },
    meta: pageMetaSchema,
    institutions: { type: 'array', items: { type: 'string' }, description: 'Las siglas de las instituciones del personal, para filtrar' },
    staff: { type: 'array', items: auditStaffMemberSchema, description: 'Todo el personal (también las cuentas desactivadas), para filtrar' },
  },
  required: ['data', 'meta', 'institutions', 'staff'],
} as const;
