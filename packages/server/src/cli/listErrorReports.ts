/**
 * Prints the latest problems reported through the ERROR_REPORT modal, newest first:
 *   npx tsx packages/server/src/cli/listErrorReports.ts [cantidad]   (20 by default)
 * Uses the configured database (DATABASE_URL, or PGlite in DATA_DIR: stop the
 * server first, one process per embedded data folder). Reports are read here
 * only: no HTTP route gives them out.
 */
import { loadConfig } from '../config';
import { createDb } from '../db/createDb';
import { migrate } from '../db/migrate';
import { latestErrorReports, type ErrorReport } from '../services/reports/errorReportStore';
import { runCommand } from './runCommand';

const DEFAULT_COUNT = 20;
const MAX_COUNT = 10_000;

/** Dominican time (UTC−4, no daylight saving), as the operators read it: 2026-05-04 09:15. */
function localTime(date: Date): string {
  return new Date(date.getTime() - 4 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
}

/** One report as a block of text. */
function formatErrorReport(report: ErrorReport): string {
  const who = report.citizenId === null ? 'anónimo' : `ciudadano ${report.citizenId}`;
  const lines = [`${report.reference}  ${localTime(report.createdAt)} (hora de RD)  ${who}`];
  lines.push(`  Página: ${report.pagePath ?? '(no indicada)'}`);
  lines.push(`  Contacto: ${report.contactEmail ?? '(sin correo)'}`);
  lines.push(...report.description.split(/\r?\n/).map((line) => `  | ${line}`));
  return lines.join('\n');
}

async function run(args: string[]): Promise<number> {
  const [countArg] = args;
  if (args.length > 1 || (countArg !== undefined && (!/^\d+$/.test(countArg) || Number(countArg) < 1 || Number(countArg) > MAX_COUNT))) {
    console.error(`Uso: listErrorReports [cantidad]   (de 1 a ${MAX_COUNT}; por defecto ${DEFAULT_COUNT})`);
    return 2;
  }
  const db = await createDb(loadConfig(process.env));
  try {
    await migrate(db);
    const reports = await latestErrorReports(db, countArg === undefined ? DEFAULT_COUNT : Number(countArg));
    if (reports.length === 0) {
      console.log('No hay reportes de problemas.');
      return 0;
    }
    console.log(`Últimos ${reports.length} reportes de problemas (del más reciente al más antiguo):\n`);
    console.log(reports.map(formatErrorReport).join('\n\n'));
    return 0;
  } finally {
    await db.close();
  }
}

runCommand(import.meta.url, run);
