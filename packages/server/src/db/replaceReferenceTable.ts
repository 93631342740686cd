import { notifyReferenceChange } from '../services/referenceNotifications';
import type { Db } from './Db';
import { insertReferenceRows } from './insertReferenceRows';
import { REFERENCE_TABLES, type ReferenceTable } from './referenceTables';
import { recordReferenceLoad, seedVersionOf } from './seedReference';

/** The new rows of one table. */
export interface ReferenceReplacement {
  readonly table: ReferenceTable;
  readonly rows: readonly Record<string, unknown>[];
}

/**
 * Replaces every row of several reference tables in one transaction: all or
 * none. Returns the new row count of each, in order. Each table is recorded as
 * imported (the start no longer merges its seed file into it), and the same
 * transaction notifies every server listening on this database, so their
 * in-memory copies go when it commits.
 */
export function replaceReferenceTables(db: Db, replacements: readonly ReferenceReplacement[]): Promise<number[]> {
  return db.transaction(async (tx) => {
    const counts: number[] = [];
    for (const { table, rows } of replacements) {
      await tx.query(`DELETE FROM ${table}`);
      counts.push(await insertReferenceRows(tx, table, rows));
      await recordReferenceLoad(tx, table, 'import', seedVersionOf(REFERENCE_TABLES[table]));
    }
    await notifyReferenceChange(tx, replacements.map((r) => r.table));
    return counts;
  });
}

/** Replaces every row of one reference table, atomically (see replaceReferenceTables). Returns the new row count. */
export async function replaceReferenceTable(db: Db, table: ReferenceTable, rows: readonly Record<string, unknown>[]): Promise<number> {
  const [count] = await replaceReferenceTables(db, [{ table, rows }]);
  return count;
}
