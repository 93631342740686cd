import type { Db } from './Db';
import { insertReferenceRows } from './insertReferenceRows';
import type { ReferenceTable } from './referenceTables';

/** Replaces every row of one reference table, atomically. Returns the new row count. */
export function replaceReferenceTable(db: Db, table: ReferenceTable, rows: readonly Record<string, unknown>[]): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query(`DELETE FROM ${table}`);
    return insertReferenceRows(tx, table, rows);
  });
}
