/**
 * Reference lists served from memory. They are small (hundreds of rows) and
 * change only through the import command, so each table is read once and kept
 * `ttlMs`; an import in another process shows within that time (or at restart).
 * Filtering, search and paging run on the cached rows.
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
      tables.set(list.table, { at: Date.now(), rows });
      rows.catch(() => tables.delete(list.table));
      return rows;
    },
  };
}
