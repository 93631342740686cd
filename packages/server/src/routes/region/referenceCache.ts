/**
 * Reference lists served from memory. They are small (hundreds of rows) and
 * change only through the import command, so each table is read once and kept
 * `ttlMs`; on PostgreSQL the import's notification makes every server forget
 * the table at once (services/referenceNotifications.ts), and the TTL bounds
 * staleness while that notification cannot arrive. Filtering, search and
 * paging run on the cached rows.
 */
import type { Queryable } from '../../db/Db';
import type { RegionList } from './regionLists';

export type ReferenceRow = Record<string, unknown> & { __busqueda?: string };

export function createReferenceCache(db: Queryable, ttlMs = 60_000) {
  const tables = new Map<string, { at: number; rows: Promise<ReferenceRow[]> }>();
  return {
    rows(list: RegionList): Promise<ReferenceRow[]> {
      const hit = tables.get(list.table);
      if (hit && Date.now() - hit.at < ttlMs) return hit.rows;
      const extra = list.search ? ', busqueda AS "__busqueda"' : '';
      const rows = db.query<ReferenceRow>(`SELECT ${list.select}${extra} FROM ${list.table} ORDER BY ${list.orderBy}`).then((r) => r.rows);
      const entry = { at: Date.now(), rows };
      tables.set(list.table, entry);
      rows.catch(() => tables.get(list.table) === entry && tables.delete(list.table));
      return rows;
    },
    /** Forgets the copies of `names` (read again on the next call). */
    forget(names: readonly string[]): void {
      for (const name of names) tables.delete(name);
    },
  };
}
