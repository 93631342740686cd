/** SQL of reading and marking a citizen's notifications. Every query is scoped to the owner. */
import type { Queryable } from '../../db/Db';
import type { NotificationKind } from './notifyCitizen';

export interface NotificationRow {
  id: number;
  kind: NotificationKind;
  title: string;
  text: string;
  link: string;
  created_at: Date | string;
  read_at: Date | string | null;
}

const COLUMNS = 'id, kind, title, text, link, created_at, read_at';

/** A page of the citizen's notifications, newest first, with their total and unread counts. */
export async function listNotifications(db: Queryable, citizenId: number, limit: number, offset: number) {
  const { rows } = await db.query<NotificationRow>(
    `SELECT ${COLUMNS} FROM notifications WHERE citizen_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [citizenId, limit, offset],
  );
  const { rows: counts } = await db.query<{ total: number; unread: number }>(
    'SELECT count(*)::int AS total, (count(*) FILTER (WHERE read_at IS NULL))::int AS unread FROM notifications WHERE citizen_id = $1',
    [citizenId],
  );
  return { rows, total: counts[0].total, unread: counts[0].unread };
}

/** The citizen's unread count. */
export async function unreadCount(db: Queryable, citizenId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM notifications WHERE citizen_id = $1 AND read_at IS NULL', [citizenId]);
  return rows[0].n;
}

/**
 * Marks one of the citizen's notifications read (an already read one keeps its
 * first read time). 'missing' when there is none with that id for this citizen.
 */
export async function markRead(db: Queryable, citizenId: number, id: number): Promise<'marked' | 'already' | 'missing'> {
  const { rows } = await db.query<{ changed: boolean }>(
    `WITH target AS (SELECT id, read_at IS NULL AS unread FROM notifications WHERE id = $1 AND citizen_id = $2),
          changed AS (UPDATE notifications SET read_at = now() WHERE id IN (SELECT id FROM target WHERE unread) RETURNING id)
     SELECT EXISTS (SELECT 1 FROM changed) AS changed FROM target`,
    [id, citizenId],
  );
  if (rows.length === 0) return 'missing';
  return rows[0].changed ? 'marked' : 'already';
}

/** Marks every unread notification of the citizen read; returns how many changed. */
export async function markAllRead(db: Queryable, citizenId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'WITH changed AS (UPDATE notifications SET read_at = now() WHERE citizen_id = $1 AND read_at IS NULL RETURNING id) SELECT count(*)::int AS n FROM changed',
    [citizenId],
  );
  return rows[0].n;
}
