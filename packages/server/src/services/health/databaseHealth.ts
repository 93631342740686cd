/** What the readiness check (plugins/app/registerHealth.ts) asks the database. */
import type { Queryable } from '../../db/Db';

/** Resolves when the database answers a trivial query; rejects otherwise. */
export async function pingDatabase(db: Queryable): Promise<void> {
  await db.query('SELECT 1');
}

/** The versions in schema_migrations (db/migrate.ts writes them). */
export async function appliedMigrations(db: Queryable): Promise<Set<string>> {
  const { rows } = await db.query<{ version: string }>('SELECT version FROM schema_migrations');
  return new Set(rows.map((row) => row.version));
}
