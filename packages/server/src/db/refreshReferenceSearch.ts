import { notifyReferenceChange } from '../services/referenceNotifications';
import type { Db } from './Db';
import { referenceTables, type ReferenceTable } from './referenceTables';

/**
 * Rewrites the `busqueda` column of the reference tables whose descriptor
 * computes it (`search`) wherever it differs from what the descriptor gives
 * today. The loader fills it on insert, so rows loaded before the search text
 * changed (e.g. before the CIIU division and section titles joined it) keep
 * the old text until this runs; it runs at every start, after the seed, and
 * touches nothing when the column is up to date. A table it changes is
 * announced like an import, so other servers forget their copies. Returns the
 * number of rows rewritten per table.
 */
export async function refreshReferenceSearch(db: Db): Promise<Partial<Record<ReferenceTable, number>>> {
  const rewritten: Partial<Record<ReferenceTable, number>> = {};
  for (const descriptor of referenceTables()) {
    const { search } = descriptor;
    if (!search) continue;
    const select = descriptor.columns.map((c) => `${c.column} AS "${c.key}"`);
    const count = await db.transaction(async (tx) => {
      // ctid: the row's physical address, stable within this transaction; the tables declare no common key.
      const { rows } = await tx.query<Record<string, string | number | null>>(
        `SELECT ctid::text AS "__row", busqueda AS "__busqueda", ${select.join(', ')} FROM ${descriptor.table}`,
      );
      const ids: string[] = [];
      const texts: string[] = [];
      for (const row of rows) {
        const text = search(row);
        if (text === row.__busqueda) continue;
        ids.push(String(row.__row));
        texts.push(text);
      }
      if (ids.length === 0) return 0;
      await tx.query(
        `UPDATE ${descriptor.table} AS t SET busqueda = v.busqueda
           FROM (SELECT unnest($1::text[])::tid AS id, unnest($2::text[]) AS busqueda) AS v
          WHERE t.ctid = v.id`,
        [ids, texts],
      );
      await notifyReferenceChange(tx, [descriptor.table]);
      return ids.length;
    });
    if (count > 0) rewritten[descriptor.table] = count;
  }
  return rewritten;
}
