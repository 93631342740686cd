/**
 * The signed-in citizen's notifications: one SWR key (per citizen) shared by the header's
 * bell and the Notificaciones page (the first page of the list carries the
 * unread count), and the two calls that mark them read. Types from the API contract.
 */
import useSWR, { mutate } from 'swr';
import type { NotificationMakeReadBody, NotificationPage, NotificationRead } from '@portal/api-contract';
import { api } from '../../lib/api-client';

export type { CitizenNotification, NotificationPage } from '@portal/api-contract';

/** SWR key (and path) of the newest page of notifications. */
export const NOTIFICATIONS_KEY = 'portals/citizen-profile/notifications';

/** Notifications per page (the server's default). */
export const PAGE_SIZE = 20;

/** A page of notifications, newest first; offset 0 is the newest. */
export function getNotifications(offset = 0): Promise<NotificationPage> {
  return api.get<NotificationPage>(NOTIFICATIONS_KEY, { searchParams: { limit: PAGE_SIZE, offset } });
}

/**
 * The newest page with the unread count of the signed-in citizen (nothing is
 * fetched without one). The key carries the citizen's id, so after another
 * citizen signs in on the same browser the previous one's list is never shown,
 * not even while the new one loads. Refreshed every two minutes while a page stays open.
 */
export function useNotifications(citizenId: number | null) {
  return useSWR(citizenId === null ? null : [NOTIFICATIONS_KEY, citizenId], () => getNotifications(0), { refreshInterval: 120_000 });
}

/** Re-reads the bell and the first page (after an event or a change of page). */
export function refreshNotifications(): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && key[0] === NOTIFICATIONS_KEY);
}

/** Marks one own notification read (POST …/notification-make-read). */
export async function markNotificationRead(id: number): Promise<NotificationRead> {
  const answer = await api.post<NotificationRead>('portals/citizen-profile/notification-make-read', { json: { notify_id: id } satisfies NotificationMakeReadBody });
  await refreshNotifications();
  return answer;
}

/** Marks every own notification read. */
export async function markAllNotificationsRead(): Promise<NotificationRead> {
  const answer = await api.post<NotificationRead>('portals/citizen-profile/notifications/read-all');
  await refreshNotifications();
  return answer;
}

/** The bell's accessible name: "Notificaciones", or "Notificaciones, 3 sin leer". */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notificaciones, ${unread} sin leer` : 'Notificaciones';
}
