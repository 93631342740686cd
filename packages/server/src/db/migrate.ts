import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Db } from './Db';
import { syncRequestWorkflow } from './syncRequestWorkflow';
import { syncStatusConstraints } from './syncStatusConstraints';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const MIGRATION_FILE = /^(\d+)_[a-z0-9_]+\.sql$/;

/**
 * Applies the numbered .sql files of migrations/ that are not yet recorded in
 * schema_migrations, in order, each one inside its own transaction together
 * with its bookkeeping row, then writes the definitions of statuses kept in
 * @portal/api-contract into the database: the request workflow
 * (syncRequestWorkflow.ts), and the payment and claim statuses with the
 * claims' transitions (syncStatusConstraints.ts). Returns the versions applied now.
 */
export async function migrate(db: Db, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const files = (await readdir(dir)).filter((name) => MIGRATION_FILE.test(name)).sort();
  const { rows } = await db.query<{ version: string }>('SELECT version FROM schema_migrations');
  const applied = new Set(rows.map((row) => row.version));
  const done: string[] = [];
  for (const file of files) {
    const version = file.replace(/\.sql$/, '');
    if (applied.has(version)) continue;
    const sql = await readFile(`${dir}${dir.endsWith('/') ? '' : '/'}${file}`, 'utf8');
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
    });
    done.push(version);
  }
  if (dir === MIGRATIONS_DIR) {
    await syncRequestWorkflow(db);
    await syncStatusConstraints(db);
  }
  return done;
}
