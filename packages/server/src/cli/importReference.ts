/**
 * Replaces one reference table from an official CSV, or from a JSON file shaped
 * like the files of src/db/reference/ (a list of objects), in one transaction:
 *   tsx packages/server/src/cli/importReference.ts <tabla> <archivo.csv|archivo.json>
 * Tables: provincias, municipios, sectores, nacionalidades, actividades-ciiu, bancos, enlaces-interes
 * (CSV or JSON); catalogo-areas, catalogo-instituciones, catalogo-servicios, puntos-gob (JSON).
 * Uses the configured database (DATABASE_URL or PGlite in DATA_DIR).
 */
import { readFile } from 'node:fs/promises';
import { loadConfig } from '../config';
import { createDb } from '../db/createDb';
import { migrate } from '../db/migrate';
import { parseReferenceCsv, REFERENCE_TABLES as CSV_TABLES, type ReferenceTable as CsvTable } from '../db/reference/parseReferenceCsv';
import { REFERENCE_TABLES, toReferenceTable } from '../db/referenceTables';
import { replaceReferenceTable } from '../db/replaceReferenceTable';

async function run(args: string[]): Promise<number> {
  const [tableArg, file] = args;
  const table = tableArg === undefined ? null : toReferenceTable(tableArg);
  if (table === null || file === undefined) {
    console.error(`Uso: importReference <tabla> <archivo.csv>\nTablas: ${Object.keys(REFERENCE_TABLES).join(', ')}`);
    return 2;
  }
  const text = await readFile(file, 'utf8');
  const csvTable = table.replace(/_/g, '-') as CsvTable;
  let rows: Record<string, unknown>[];
  if (/\.json$/i.test(file)) {
    const data: unknown = JSON.parse(text);
    if (!Array.isArray(data)) throw new Error(`${file}: se esperaba una lista de objetos`);
    rows = data as Record<string, unknown>[];
  } else if (CSV_TABLES.includes(csvTable)) {
    // The CSV parser names the CIIU table as its JSON file (actividades-ciiu).
    rows = parseReferenceCsv(csvTable, text);
  } else {
    console.error(`La tabla ${table} se importa desde un archivo JSON (como los de src/db/reference/${REFERENCE_TABLES[table].file}).`);
    return 2;
  }
  const db = await createDb(loadConfig(process.env));
  try {
    await migrate(db);
    const count = await replaceReferenceTable(db, table, rows);
    console.log(`Tabla ${table} reemplazada: ${count} filas.`);
    return 0;
  } finally {
    await db.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
