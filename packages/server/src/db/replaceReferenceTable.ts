import { notifyReferenceChange } from '../services/referenceNotifications';
import type { Db } from './Db';
import { insertReferenceRows } from './insertReferenceRows';
import type { ReferenceTable } from './referenceTables';

/**
 * Replaces every row of one reference table, atomically. Returns the new row
 * count. The same transaction notifies every server listening on this
 * database, so their in-memory copies of the table go when it commits.
 */
export function replaceReferenceTable(db: Db, table: ReferenceTable, rows: readonly Record<string, unknown>[]): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query(`DELETE FROM ${table}`);
    const count = await insertReferenceRows(tx, table, rows);
    await notifyReferenceChange(tx, [table]);
    return count;
  });
}
