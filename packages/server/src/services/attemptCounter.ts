/**
 * Fixed-window attempt counters in the database, shared by every server on
 * one PostgreSQL. An attempt is counted BEFORE the work it guards (a password
 * check, a code check, a mail): one `INSERT ... ON CONFLICT DO UPDATE ...
 * RETURNING` increments every counter of the attempt and answers the new
 * counts, so under any concurrency exactly `max` attempts per window get
 * through (PostgreSQL serializes the updates of one row).
 */
import type { Queryable } from '../db/Db';

/** One limit: at most `max` attempts per `windowSeconds` for `key`. */
export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

const WINDOW_START = 'to_timestamp(floor(extract(epoch FROM now()) / t.w) * t.w)';

/**
 * Counts one attempt against every limit. True when all are still within
 * their maximum (the attempt may go ahead); false when any is over.
 */
export async function takeAttempt(db: Queryable, limits: readonly Limit[]): Promise<boolean> {
  if (limits.length === 0) return true;
  // The same key order everywhere: concurrent multi-row upserts never wait on each other in a cycle.
  const sorted = [...limits].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const { rows } = await db.query<{ key: string; count: number }>(
    `INSERT INTO attempt_counters (key, window_start, count)
     SELECT t.k, ${WINDOW_START}, 1 FROM unnest($1::text[], $2::int[]) WITH ORDINALITY AS t(k, w, o) ORDER BY t.o
     ON CONFLICT (key, window_start) DO UPDATE SET count = attempt_counters.count + 1
     RETURNING key, count`,
    [sorted.map((l) => l.key), sorted.map((l) => l.windowSeconds)],
  );
  const counts = new Map(rows.map((row) => [row.key, row.count]));
  return sorted.every((limit) => (counts.get(limit.key) ?? Infinity) <= limit.max);
}

/** Gives one attempt back (a login that succeeded should not use up its address's allowance). */
export async function refundAttempt(db: Queryable, limit: Limit): Promise<void> {
  await db.query(
    `UPDATE attempt_counters SET count = count - 1
      WHERE key = $1 AND window_start = (SELECT ${WINDOW_START} FROM (SELECT $2::int AS w) t) AND count > 0`,
    [limit.key, limit.windowSeconds],
  );
}

/** Forgets every window of a key (the owner logged in from that address). */
export async function clearAttempts(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM attempt_counters WHERE key = $1', [key]);
}

/** Removes windows that ended more than a day ago (the longest window is an hour); returns how many. */
export async function pruneAttemptCounters(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH gone AS (DELETE FROM attempt_counters WHERE window_start < now() - interval '1 day' RETURNING 1) SELECT count(*)::int AS n FROM gone`,
  );
  return rows[0].n;
}
