/** Page views recorded with ANALYTICS=propio: a path (already cleaned by pagePath.ts) and the server's time, nothing else. */
import type { Queryable } from '../../db/Db';

/** Visits of one path in a date range. */
export interface PathVisits {
  path: string;
  visits: number;
}

/** Stores one view of `path` at the server's current time. */
export async function recordPageView(db: Queryable, path: string): Promise<void> {
  await db.query('INSERT INTO page_views (path) VALUES ($1)', [path]);
}

/**
 * Visits per path with `from <= viewed_at < to` (half-open, so consecutive
 * ranges never count a visit twice), most visited first, then by path.
 */
export async function countPageViews(db: Queryable, range: { from: Date; to: Date }): Promise<PathVisits[]> {
  const { rows } = await db.query<{ path: string; visits: string | number }>(
    `SELECT path, count(*) AS visits FROM page_views
      WHERE viewed_at >= $1 AND viewed_at < $2
      GROUP BY path ORDER BY count(*) DESC, path`,
    [range.from.toISOString(), range.to.toISOString()],
  );
  // count(*) is a bigint: pg hands it over as text.
  return rows.map((row) => ({ path: row.path, visits: Number(row.visits) }));
}
