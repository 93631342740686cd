/**
 * Reference lists served from memory. They change only through the import
 * command (or a seed merge at start), so each table is read once and kept
 * `ttlMs`; on PostgreSQL the import's notification makes every server forget
 * the table at once (services/referenceNotifications.ts), and the TTL bounds
 * staleness while that notification cannot arrive. With each copy goes an
 * index per filter of the list (value -> its rows, in the list's order), built
 * once, so a filtered answer (the sectors of one municipio among 13,000) does
 * not scan the table; search and paging run on the rows it gives. A list
 * answered whole (the sectors of a municipio, up to 387) is serialized once
 * per copy: its body is kept beside its rows (wholeAnswer).
 */
import type { Queryable } from '../../db/Db';
import type { ReferenceTableDescriptor } from '../../db/referenceTables';
import { readRegionList, type RegionListRow } from '../../services/region/regionListStore';

export type ReferenceRow = RegionListRow;

/** A table's rows in the list's order, and for each filter key the rows of each value. */
interface Copy {
  readonly rows: ReferenceRow[];
  readonly byFilter: ReadonlyMap<string, ReadonlyMap<unknown, ReferenceRow[]>>;
}

function indexed(rows: ReferenceRow[], filters: readonly string[]): Copy {
  const byFilter = new Map<string, Map<unknown, ReferenceRow[]>>();
  for (const filter of filters) {
    const byValue = new Map<unknown, ReferenceRow[]>();
    for (const row of rows) {
      const list = byValue.get(row[filter]);
      if (list) list.push(row);
      else byValue.set(row[filter], [row]);
    }
    byFilter.set(filter, byValue);
  }
  return { rows, byFilter };
}

const NONE: ReferenceRow[] = [];

/** A serialized answer, as the route's serializer gives it. */
export type AnswerBody = string | Uint8Array | ArrayBuffer;

export function createReferenceCache(db: Queryable, ttlMs = 60_000) {
  const tables = new Map<string, { at: number; copy: Promise<Copy> }>();
  // The arrays the copies hold (the whole table, each index entry) and the last whole answer made of each; gone with the copy.
  const owned = new WeakSet<readonly ReferenceRow[]>();
  const answers = new WeakMap<readonly ReferenceRow[], { limit: number; body: AnswerBody }>();
  const copyOf = (descriptor: ReferenceTableDescriptor): Promise<Copy> => {
    const hit = tables.get(descriptor.table);
    if (hit && Date.now() - hit.at < ttlMs) return hit.copy;
    const copy = readRegionList(db, descriptor).then((rows) => {
      const made = indexed(rows, descriptor.list?.filters ?? []);
      owned.add(made.rows);
      for (const byValue of made.byFilter.values()) for (const list of byValue.values()) owned.add(list);
      return made;
    });
    const entry = { at: Date.now(), copy };
    tables.set(descriptor.table, entry);
    copy.catch(() => tables.get(descriptor.table) === entry && tables.delete(descriptor.table));
    return copy;
  };
  return {
    /** The rows of the list of `descriptor` (a table with a `list`). */
    async rows(descriptor: ReferenceTableDescriptor): Promise<ReferenceRow[]> {
      return (await copyOf(descriptor)).rows;
    },
    /**
     * The rows whose value of each filter key of `wanted` (keys of the list's
     * filters; undefined: not filtered) equals it, in the list's order. The
     * answer is the cache's own array: read it, do not change it.
     */
    async matching(descriptor: ReferenceTableDescriptor, wanted: Readonly<Record<string, unknown>>): Promise<readonly ReferenceRow[]> {
      const copy = await copyOf(descriptor);
      const given = [...copy.byFilter.keys()].filter((key) => wanted[key] !== undefined);
      if (given.length === 0) return copy.rows;
      const [first, ...rest] = given;
      const rows = copy.byFilter.get(first)!.get(wanted[first]) ?? NONE;
      return rest.length === 0 ? rows : rows.filter((row) => rest.every((key) => row[key] === wanted[key]));
    },
    /**
     * The body of the answer that gives all of `rows` in one page of `limit`,
     * when `rows` is an array `matching` answered (a whole table or one index
     * entry, not a search's result): made by `serialize` on the first call,
     * then kept with the copy (one body per array: the last limit asked).
     * Null otherwise.
     */
    wholeAnswer(rows: readonly ReferenceRow[], limit: number, serialize: () => AnswerBody): AnswerBody | null {
      if (!owned.has(rows)) return null;
      const kept = answers.get(rows);
      if (kept?.limit === limit) return kept.body;
      const body = serialize();
      answers.set(rows, { limit, body });
      return body;
    },
    /** Forgets the copies of `names` (read again on the next call). */
    forget(names: readonly string[]): void {
      for (const name of names) tables.delete(name);
    },
  };
}
