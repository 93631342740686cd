/**
 * The reference tables' seeds (src/db/reference/*.json, one file per
 * descriptor of db/referenceTables.ts), loaded at start:
 * - an empty table gets its file's rows;
 * - a table filled from an older version of its seed file (the descriptor's
 *   `seedVersion` is newer than the one recorded in reference_seeds) gets the
 *   file's rows merged: each row is upserted by its key (names, codes and
 *   parents updated, new rows inserted), none is deleted, so every id a draft,
 *   profile or request stored still resolves;
 * - a table an operator replaced with the import command (recorded as
 *   'import') is left alone.
 * A table filled before versions were recorded (migration 024) counts as
 * seeded when every row it has is in the seed file unchanged (a column it
 * leaves empty may be filled); otherwise it is taken for an import.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { notifyReferenceChange } from '../services/referenceNotifications';
import type { Db, Queryable } from './Db';
import { insertReferenceRows } from './insertReferenceRows';
import { REFERENCE_TABLES, type ReferenceTable, type ReferenceTableDescriptor } from './referenceTables';

const REFERENCE_DIR = fileURLToPath(new URL('./reference/', import.meta.url));

/** How a reference table was last filled. */
export type ReferenceSource = 'seed' | 'import';

async function readJsonArray(file: string): Promise<Record<string, unknown>[] | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const data: unknown = JSON.parse(text);
  if (!Array.isArray(data)) throw new Error(`${file}: se esperaba una lista de objetos`);
  return data as Record<string, unknown>[];
}

/** The path of `descriptor`'s seed file in `dir` (src/db/reference/ unless told). */
export function seedFile(descriptor: ReferenceTableDescriptor, dir: string = REFERENCE_DIR): string {
  return `${dir}${dir.endsWith('/') ? '' : '/'}${descriptor.file}`;
}

/** The rows of `descriptor`'s seed file; null when there is no file. */
export function readSeedRows(descriptor: ReferenceTableDescriptor, dir: string = REFERENCE_DIR): Promise<Record<string, unknown>[] | null> {
  return readJsonArray(seedFile(descriptor, dir));
}

/** The seed version of `descriptor` (1 when it does not say). */
export const seedVersionOf = (descriptor: ReferenceTableDescriptor): number => descriptor.seedVersion ?? 1;

/** Records how `table` was last filled, in the transaction that filled it. */
export async function recordReferenceLoad(tx: Queryable, table: ReferenceTable, source: ReferenceSource, version: number): Promise<void> {
  await tx.query(
    `INSERT INTO reference_seeds (table_name, version, source) VALUES ($1, $2, $3)
     ON CONFLICT (table_name) DO UPDATE SET version = EXCLUDED.version, source = EXCLUDED.source, loaded_at = now()`,
    [table, version, source],
  );
}

async function recordedLoad(db: Queryable, table: ReferenceTable): Promise<{ version: number; source: ReferenceSource } | null> {
  const { rows } = await db.query<{ version: number; source: ReferenceSource }>('SELECT version, source FROM reference_seeds WHERE table_name = $1', [table]);
  return rows[0] ?? null;
}

/** A cell as compared with a seed value: text, trimmed; lists and objects as JSON. */
const comparable = (value: unknown): string => (typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value).trim());

/** True when every row of the table is a row of `seed` (same key), with the same value in each column it fills. */
async function rowsAreSeedRows(db: Queryable, descriptor: ReferenceTableDescriptor, seed: readonly Record<string, unknown>[]): Promise<boolean> {
  const [key] = descriptor.columns;
  const select = descriptor.columns.map((c) => `${c.column} AS "${c.key}"`).join(', ');
  const { rows } = await db.query<Record<string, unknown>>(`SELECT ${select} FROM ${descriptor.table}`);
  const byKey = new Map(seed.map((row) => [comparable(row[key.key]), row]));
  return rows.every((row) => {
    const seeded = byKey.get(comparable(row[key.key]));
    return (
      seeded !== undefined &&
      descriptor.columns.every((c) => row[c.key] === null || (seeded[c.key] !== undefined && seeded[c.key] !== null && comparable(seeded[c.key]) === comparable(row[c.key])))
    );
  });
}

/**
 * Loads each reference JSON file into its empty table, and merges a newer
 * seed version into a table seeded from an older one (see the top of this
 * file). Missing files are skipped. Returns the number of rows loaded or
 * merged per table.
 */
export async function seedReference(db: Db, dir: string = REFERENCE_DIR): Promise<Partial<Record<ReferenceTable, number>>> {
  const loaded: Partial<Record<ReferenceTable, number>> = {};
  for (const spec of Object.values(REFERENCE_TABLES)) {
    const version = seedVersionOf(spec);
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${spec.table}`);
    if (rows[0].n === 0) {
      const data = await readSeedRows(spec, dir);
      if (data === null) continue;
      loaded[spec.table] = await db.transaction(async (tx) => {
        const count = await insertReferenceRows(tx, spec.table, data);
        await recordReferenceLoad(tx, spec.table, 'seed', version);
        return count;
      });
      continue;
    }
    const recorded = await recordedLoad(db, spec.table);
    // Before migration 024 nothing was recorded: those tables were seeded with version 1, or imported.
    if (recorded?.source === 'import' || version <= (recorded?.version ?? 1)) continue;
    const data = await readSeedRows(spec, dir);
    if (data === null) continue;
    if (recorded === null && !(await rowsAreSeedRows(db, spec, data))) {
      // Rows the seeds never had: an operator's import from before imports were recorded.
      await recordReferenceLoad(db, spec.table, 'import', 1);
      continue;
    }
    loaded[spec.table] = await db.transaction(async (tx) => {
      const count = await insertReferenceRows(tx, spec.table, data, { upsert: true });
      await recordReferenceLoad(tx, spec.table, 'seed', version);
      // Other servers on this PostgreSQL forget their copies when this commits.
      await notifyReferenceChange(tx, [spec.table]);
      return count;
    });
  }
  return loaded;
}
