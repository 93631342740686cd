import type { Config } from '../config';
import type { Db } from './Db';
import { createPgDb } from './createPgDb';
import { createPgliteDb } from './createPgliteDb';

/**
 * Opens the configured database: PostgreSQL when DATABASE_URL is set, else
 * PGlite in DATA_DIR/pglite (DATA_DIR locked to this process; throws
 * DataFolderInUseError when another server holds it).
 */
export function createDb(config: Pick<Config, 'databaseUrl' | 'databaseSchema' | 'pgliteDataDir'> & Partial<Pick<Config, 'databasePoolMax'>>): Promise<Db> {
  return config.databaseUrl === null
    ? createPgliteDb(config.pgliteDataDir)
    : createPgDb(config.databaseUrl, config.databaseSchema, config.databasePoolMax);
}
