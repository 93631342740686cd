/** Route schemas of the citizen's notifications: validation, serialization, OpenAPI and types in one place. */
import { notificationMakeReadBodySchema, notificationPageSchema, notificationReadSchema } from '@portal/api-contract';
import { authErrors, citizenSecurity, errorSchema } from '../../http/commonSchemas';

/** Largest page of notifications one call returns, and the default. */
export const MAX_PAGE = 50;
export const DEFAULT_PAGE = 20;

const tags = ['Notificaciones'];
/** Every route here needs a session (bearer token or the token cookie). */
const security = citizenSecurity;

export const listNotificationsSchema = {
  tags, security, operationId: 'listOwnNotifications', summary: 'Notificaciones del ciudadano, de la más reciente a la más antigua',
  description:
    `Páginas de ${DEFAULT_PAGE} por defecto (limit de 1 a ${MAX_PAGE}; offset para las siguientes). ` +
    'unread_count cuenta todas las no leídas del ciudadano, no solo las de la página. Solo las propias.',
  querystring: {
    type: 'object',
    properties: {
      limit: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: DEFAULT_PAGE },
      offset: { type: 'integer', minimum: 0, maximum: 100000, default: 0 },
    },
    additionalProperties: false,
  },
  response: { ...authErrors, 200: notificationPageSchema },
} as const;

export const makeReadSchema = {
  tags, security, operationId: 'markNotificationRead', summary: 'Marca como leída una notificación propia',
  description: 'notify_id de una notificación del propio ciudadano; 404 si no existe o es de otro ciudadano (y nada cambia). Marcar una ya leída no cambia su hora de lectura.',
  body: notificationMakeReadBodySchema,
  response: { ...authErrors, 200: notificationReadSchema, 404: errorSchema },
} as const;

export const readAllSchema = {
  tags, security, operationId: 'markAllNotificationsRead', summary: 'Marca como leídas todas las notificaciones propias',
  response: { ...authErrors, 200: notificationReadSchema },
} as const;
