/**
 * Notifications of the signed-in citizen (GET /v1/portals/citizen-profile/notifications,
 * POST …/notification-make-read, POST …/notifications/read-all) and the links of
 * interest (GET /v1/portals/links/interests).
 */

/** One notification: what happened, when, and the local page of its subject. */
export const notificationSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer', description: 'notify_id de la notificación' },
    kind: {
      type: 'string',
      enum: ['solicitud_enviada', 'cambio_estado', 'comentario', 'accion_requerida', 'pago_confirmado', 'pago_rechazado'],
      description: 'El suceso que la creó',
    },
    title: { type: 'string' },
    text: { type: 'string' },
    link: { type: 'string', description: 'Ruta local de la aplicación donde se ve el asunto, p. ej. /formalizacion/12/confirmacion' },
    created_at: { type: 'string', format: 'date-time' },
    read_at: { type: ['string', 'null'], format: 'date-time', description: 'null mientras no se ha leído' },
  },
  required: ['id', 'kind', 'title', 'text', 'link', 'created_at', 'read_at'],
} as const;

/** A page of the citizen's notifications, newest first, with the unread count of all of them. */
export const notificationPageSchema = {
  type: 'object',
  properties: {
    data: { type: 'array', items: notificationSchema },
    unread_count: { type: 'integer', description: 'Notificaciones sin leer (todas, no solo las de esta página)' },
    total: { type: 'integer', description: 'Notificaciones del ciudadano en total' },
    limit: { type: 'integer' },
    offset: { type: 'integer' },
  },
  required: ['data', 'unread_count', 'total', 'limit', 'offset'],
} as const;

/** Answer of the read routes: a message, what changed and the unread count left. */
export const notificationReadSchema = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    updated: { type: 'integer', description: 'Notificaciones que pasaron a leídas con esta llamada' },
    unread_count: { type: 'integer' },
  },
  required: ['message', 'updated', 'unread_count'],
} as const;

/** One official link of interest. */
export const interestLinkSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    titulo: { type: 'string' },
    institucion: { type: 'string' },
    descripcion: { type: 'string' },
    url: { type: 'string', description: 'Sitio oficial (https)' },
  },
  required: ['id', 'titulo', 'institucion', 'descripcion', 'url'],
} as const;

/** Answer of GET /v1/portals/links/interests. */
export const interestLinksSchema = {
  type: 'object',
  properties: { data: { type: 'array', items: interestLinkSchema } },
  required: ['data'],
} as const;
