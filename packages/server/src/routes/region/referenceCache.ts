/**
 * Reference lists served from memory. They are small (hundreds of rows) and
 * change only through the import command, so each table is read once and kept
 * `ttlMs`; on PostgreSQL the import's notification makes every server forget
 * the table at once (services/referenceNotifications.ts), and the TTL bounds
 * staleness while that notification cannot arrive. Filtering, search and
 * paging run on the cached rows.
 */
import type { Queryable } from '../../db/Db';
import type { ReferenceTableDescriptor } from '../../db/referenceTables';
import { readRegionList, type RegionListRow } from '../../services/region/regionListStore';

export type ReferenceRow = RegionListRow;

export function createReferenceCache(db: Queryable, ttlMs = 60_000) {
  const tables = new Map<string, { at: number; rows: Promise<ReferenceRow[]> }>();
  return {
    /** The rows of the list of `descriptor` (a table with a `list`). */
    rows(descriptor: ReferenceTableDescriptor): Promise<ReferenceRow[]> {
      const hit = tables.get(descriptor.table);
      if (hit && Date.now() - hit.at < ttlMs) return hit.rows;
      const rows = readRegionList(db, descriptor);
      const entry = { at: Date.now(), rows };
      tables.set(descriptor.table, entry);
      rows.catch(() => tables.get(descriptor.table) === entry && tables.delete(descriptor.table));
      return rows;
    },
    /** Forgets the copies of `names` (read again on the next call). */
    forget(names: readonly string[]): void {
      for (const name of names) tables.delete(name);
    },
  };
}
