/**
 * The signed-in citizen's notifications (spec §7): GET /v1/portals/citizen-profile/notifications,
 * POST …/notification-make-read {notify_id} and POST …/notifications/read-all. Notifications
 * are written by events through services/notifications/notifyCitizen.ts, never here.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/HttpError';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';
import { requireCitizen } from '../../plugins/app/registerAuth';
import { listNotifications, markAllRead, markRead, unreadCount, type NotificationRow } from '../../services/notifications/notificationStore';
import { DEFAULT_PAGE, listNotificationsSchema, makeReadSchema, readAllSchema } from './notificationSchemas';

const NOT_FOUND = 'Notificación no encontrada';

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/** A notification as the API returns it. */
export function notificationView(row: NotificationRow) {
  return { id: row.id, kind: row.kind, title: row.title, text: row.text, link: row.link, created_at: iso(row.created_at) as string, read_at: iso(row.read_at) };
}

/**
 * notify_id is one number (or its digits as text): Ajv would turn [5] into 5
 * and true into 1, so anything else is refused here, before validation, as a wrong type.
 */
async function oneId(request: FastifyRequest): Promise<void> {
  const body = request.body as Record<string, unknown> | null | undefined;
  const value = body !== null && typeof body === 'object' ? body.notify_id : undefined;
  if (value !== undefined && typeof value !== 'number' && typeof value !== 'string') throw new HttpError(400, 'Datos inválidos', [{ path: 'notify_id', message: 'Tipo de dato inválido' }]);
}

/** Registered in the citizen context (registerRoutes.ts), which adds app.authenticate to each route. */
export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();
  const base = '/portals/citizen-profile';

  typed.get(`${base}/notifications`, { schema: listNotificationsSchema }, async (request) => {
    const citizen = requireCitizen(request);
    // The schema's defaults fill them; the fallbacks only satisfy the types.
    const limit = request.query.limit ?? DEFAULT_PAGE;
    const offset = request.query.offset ?? 0;
    const page = await listNotifications(app.db, citizen.id, limit, offset);
    return { data: page.rows.map(notificationView), unread_count: page.unread, total: page.total, limit, offset };
  });

  typed.post(`${base}/notification-make-read`, { preValidation: oneId, schema: makeReadSchema }, async (request) => {
    const citizen = requireCitizen(request);
    const outcome = await markRead(app.db, citizen.id, request.body.notify_id);
    if (outcome === 'missing') throw new HttpError(404, NOT_FOUND);
    return {
      message: 'Notificación marcada como leída',
      updated: outcome === 'marked' ? 1 : 0,
      unread_count: await unreadCount(app.db, citizen.id),
    };
  });

  typed.post(`${base}/notifications/read-all`, { schema: readAllSchema }, async (request) => {
    const citizen = requireCitizen(request);
    const updated = await markAllRead(app.db, citizen.id);
    return { message: 'Todas las notificaciones están marcadas como leídas', updated, unread_count: 0 };
  });
}
