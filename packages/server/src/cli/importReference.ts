/**
 * Replaces one reference table from an official CSV, or from a JSON file shaped
 * like the files of src/db/reference/ (a list of objects), in one transaction:
 *   tsx packages/server/src/cli/importReference.ts <tabla> <archivo.csv|archivo.json>
 * Tables: those of db/referenceTables.ts, by import name (actividades-ciiu,
 * catalogo-servicios...) or SQL name; CSV or JSON where the descriptor says
 * `csv`, JSON otherwise.
 * ONE's División Territorial 2020 replaces provincias, municipios and sectores
 * together, in one transaction, keeping their ids (db/reference/territorialDivision.ts):
 *   tsx packages/server/src/cli/importReference.ts division-territorial <carpeta>
 * Uses the configured database (DATABASE_URL or PGlite in DATA_DIR). On
 * PostgreSQL the running servers are notified when the import commits and
 * forget their copies of the table at once (services/referenceNotifications.ts);
 * PGlite needs the server stopped, so it reads the new rows when it starts.
 */
import { readFile } from 'node:fs/promises';
import { loadConfig } from '../config';
import { createDb } from '../db/createDb';
import type { Db, Queryable } from '../db/Db';
import { migrate } from '../db/migrate';
import { parseReferenceCsv } from '../db/reference/parseReferenceCsv';
import { readOneDivision, TerritorialDivisionError, territorialRows, type OneDivision, type TerritorialRows } from '../db/reference/territorialDivision';
import { REFERENCE_TABLES, territorialTable, toReferenceTable, type ReferenceTable, type ReferenceTableDescriptor } from '../db/referenceTables';
import { replaceReferenceTable, replaceReferenceTables } from '../db/replaceReferenceTable';
import { readSeedRows } from '../db/seedReference';
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

/** The first argument that imports ONE's territorial division (a folder) instead of one table. */
export const TERRITORIAL_DIVISION = 'division-territorial';

const isTerritorialDivision = (arg: string) =>
  arg
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .trim()
    .toLowerCase()
    .replace(/_/g, '-') === TERRITORIAL_DIVISION;

/** The rows a table has now, keyed like its descriptor; an empty table counts with its seed file's rows (the ids a start would give it). */
export async function currentReferenceRows(db: Queryable, descriptor: ReferenceTableDescriptor): Promise<Record<string, unknown>[]> {
  const select = descriptor.columns.map((c) => `${c.column} AS "${c.key}"`).join(', ');
  const { rows } = await db.query<Record<string, unknown>>(`SELECT ${select} FROM ${descriptor.table}`);
  return rows.length > 0 ? rows : ((await readSeedRows(descriptor)) ?? []);
}

/**
 * Replaces provincias, municipios and sectores with ONE's territorial division
 * (read beforehand with readOneDivision), keeping their ids, in one transaction
 * that notifies the servers on commit. Throws a TerritorialDivisionError (nothing
 * changed) when a new id would be another row's.
 */
export async function importTerritorialDivision(db: Db, division: OneDivision): Promise<TerritorialRows> {
  const [provinces, municipalities, sectors] = (['province', 'municipality', 'sector'] as const).map((level) => territorialTable(level));
  const rows = territorialRows(division, {
    provinces: await currentReferenceRows(db, provinces),
    municipalities: await currentReferenceRows(db, municipalities),
    sectors: await currentReferenceRows(db, sectors),
  });
  await replaceReferenceTables(db, [
    { table: provinces.table, rows: rows.provinces },
    { table: municipalities.table, rows: rows.municipalities },
    { table: sectors.table, rows: rows.sectors },
  ]);
  return rows;
}

/** `division-territorial <carpeta>`: returns the exit code (2 with a Spanish message for a folder it cannot use). */
async function importDivisionCommand(folder: string, env: Record<string, string | undefined>): Promise<number> {
  let division: OneDivision;
  try {
    division = await readOneDivision(folder);
  } catch (error) {
    if (!(error instanceof TerritorialDivisionError)) throw error;
    console.error(`${error.message}\nNo se cambió nada.`);
    return 2;
  }
  const db = await createDb(loadConfig(env));
  try {
    await migrate(db);
    const { provinces, municipalities, sectors, stats } = await importTerritorialDivision(db, division);
    console.log(
      [
        `División territorial importada: ${provinces.length} provincias, ${municipalities.length} municipios, ${sectors.length} sectores.`,
        `Municipios nuevos: ${stats.newMunicipalities.join(', ') || 'ninguno'}.`,
        `Sectores anteriores con código de la ONE: ${stats.matchedSectors}; conservados sin código: ${stats.unmatchedSectors.length}; barrios y parajes nuevos: ${stats.newSectors}.`,
        `Sectores por municipio: de ${stats.minSectorsPerMunicipality.count} (municipio ${stats.minSectorsPerMunicipality.municipioId}) a ${stats.maxSectorsPerMunicipality.count} (municipio ${stats.maxSectorsPerMunicipality.municipioId}).`,
      ].join('\n'),
    );
    return 0;
  } catch (error) {
    if (!(error instanceof TerritorialDivisionError)) throw error;
    console.error(`${error.message}\nNo se cambió nada.`);
    return 2;
  } finally {
    await db.close();
  }
}

/** The command: `<tabla> <archivo>` (or `division-territorial <carpeta>`) against the database of `env`; returns the exit code. */
export async function importReference(args: string[], env: Record<string, string | undefined> = process.env): Promise<number> {
  const [tableArg, file] = args;
  if (tableArg !== undefined && file !== undefined && isTerritorialDivision(tableArg)) return importDivisionCommand(file, env);
  const table = tableArg === undefined ? null : toReferenceTable(tableArg);
  if (table === null || file === undefined) {
    console.error(
      `Uso: importReference <tabla> <archivo.csv>\n     importReference ${TERRITORIAL_DIVISION} <carpeta>  (División Territorial de la ONE: provincias, municipios y sectores)\nTablas: ${Object.keys(REFERENCE_TABLES).join(', ')}`,
    );
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
