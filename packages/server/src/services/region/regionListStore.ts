/**
 * Reads of the /v1/region lists: every row of a reference table, with the
 * API's names, in the list's order, from the table's descriptor
 * (db/referenceTables.ts). routes/region/referenceCache.ts keeps the answer.
 */
import type { Queryable } from '../../db/Db';
import { columnOf, type ReferenceTableDescriptor } from '../../db/referenceTables';

/**
 * A list row keyed like the API; lists with ?q= also carry `busqueda`, the
 * row's search text (@portal/form-engine's `searchText` form), served so a
 * browser filters the loaded list by the same text and rule as ?q=.
 */
export type RegionListRow = Record<string, unknown> & { busqueda?: string };

/** `column AS "key"`, or the bare column when both are spelled alike. */
const aliased = (column: string, key: string) => (column === key ? column : `${column} AS "${key}"`);

/** The rows of `descriptor`'s table as its list serves them; the descriptor must have a `list`. */
export async function readRegionList(db: Queryable, descriptor: ReferenceTableDescriptor): Promise<RegionListRow[]> {
  const { list } = descriptor;
  if (!list) throw new Error(`${descriptor.table}: la tabla no tiene lista en /v1/region`);
  const select = descriptor.columns.map((c) => aliased(c.column, c.key));
  if (list.search) select.push('busqueda');
  const orderBy = list.orderBy.map((key) => columnOf(descriptor, key).column);
  const { rows } = await db.query<RegionListRow>(`SELECT ${select.join(', ')} FROM ${descriptor.table} ORDER BY ${orderBy.join(', ')}`);
  return rows;
}
