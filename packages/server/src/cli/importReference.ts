/**
 * Replaces one reference table from an official CSV, or from a JSON file shaped
 * like the files of src/db/reference/ (a list of objects), in one transaction:
 *   tsx packages/server/src/cli/importReference.ts <tabla> <archivo.csv|archivo.json>
 * Tables: those of db/referenceTables.ts, by import name (actividades-ciiu,
 * catalogo-servicios...) or SQL name; CSV or JSON where the descriptor says
 * `csv`, JSON otherwise.
 * Uses the configured database (DATABASE_URL or PGlite in DATA_DIR). On
 * PostgreSQL the running servers are notified when the import commits and
 * forget their copies of the table at once (services/referenceNotifications.ts);
 * PGlite needs the server stopped, so it reads the new rows when it starts.
 */
import { readFile } from 'node:fs/promises';
import { loadConfig } from '../config';
import { createDb } from '../db/createDb';
import type { Db } from '../db/Db';
import { migrate } from '../db/migrate';
import { parseReferenceCsv } from '../db/reference/parseReferenceCsv';
import { REFERENCE_TABLES, toReferenceTable, type ReferenceTable } from '../db/referenceTables';
import { replaceReferenceTable } from '../db/replaceReferenceTable';
import { runCommand } from './runCommand';

/** A file this command cannot import into that table (Spanish message, exit code 2). */
export class ImportUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportUsageError';
  }
}

/** The rows of `file` (CSV or JSON) for `table`. */
export async function readReferenceFile(table: ReferenceTable, file: string): Promise<Record<string, unknown>[]> {
  const text = await readFile(file, 'utf8');
  const descriptor = REFERENCE_TABLES[table];
  if (/\.json$/i.test(file)) {
    const data: unknown = JSON.parse(text);
    if (!Array.isArray(data)) throw new Error(`${file}: se esperaba una lista de objetos`);
    return data as Record<string, unknown>[];
  }
  if (descriptor.csv) return parseReferenceCsv(table, text);
  throw new ImportUsageError(`La tabla ${table} se importa desde un archivo JSON (como los de src/db/reference/${descriptor.file}).`);
}

/**
 * Replaces `table` with the rows of `file` on an open, migrated database, in
 * one transaction that notifies the servers on commit. Returns the row count.
 */
export async function importReferenceFile(db: Db, table: ReferenceTable, file: string): Promise<number> {
  return replaceReferenceTable(db, table, await readReferenceFile(table, file));
}

/** The command: `<tabla> <archivo>` against the database of `env`; returns the exit code. */
export async function importReference(args: string[], env: Record<string, string | undefined> = process.env): Promise<number> {
  const [tableArg, file] = args;
  const table = tableArg === undefined ? null : toReferenceTable(tableArg);
  if (table === null || file === undefined) {
    console.error(`Uso: importReference <tabla> <archivo.csv>\nTablas: ${Object.keys(REFERENCE_TABLES).join(', ')}`);
    return 2;
  }
  let rows: Record<string, unknown>[];
  try {
    rows = await readReferenceFile(table, file);
  } catch (error) {
    if (!(error instanceof ImportUsageError)) throw error;
    console.error(error.message);
    return 2;
  }
  const db = await createDb(loadConfig(env));
  try {
    await migrate(db);
    const count = await replaceReferenceTable(db, table, rows);
    console.log(`Tabla ${table} reemplazada: ${count} filas.`);
    return 0;
  } finally {
    await db.close();
  }
}

runCommand(import.meta.url, (args) => importReference(args));
