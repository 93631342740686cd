import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Db } from './Db';
import { insertReferenceRows } from './insertReferenceRows';
import { REFERENCE_TABLES, type ReferenceTable } from './referenceTables';

const REFERENCE_DIR = fileURLToPath(new URL('./reference/', import.meta.url));

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

/**
 * Loads each reference JSON file into its table when that table is empty.
 * Missing files are skipped. Returns the number of rows loaded per table.
 */
export async function seedReference(db: Db, dir: string = REFERENCE_DIR): Promise<Partial<Record<ReferenceTable, number>>> {
  const loaded: Partial<Record<ReferenceTable, number>> = {};
  for (const spec of Object.values(REFERENCE_TABLES)) {
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${spec.table}`);
    if (rows[0].n > 0) continue;
    const data = await readJsonArray(`${dir}${dir.endsWith('/') ? '' : '/'}${spec.file}`);
    if (data === null) continue;
    loaded[spec.table] = await db.transaction((tx) => insertReferenceRows(tx, spec.table, data));
  }
  return loaded;
}
