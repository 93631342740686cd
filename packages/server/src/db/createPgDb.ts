import pg from 'pg';
import type { Db, Queryable } from './Db';

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/** 32-bit FNV-1a as a signed int4: advisory lock keys from names, the same in every server. */
function lockKey(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(text, 'utf8')) hash = Math.imul(hash ^ byte, 0x01000193);
  return hash | 0;
}

/**
 * PostgreSQL server through a pg pool. With `schema`, the schema is created and
 * every pooled connection gets it as search_path, so parallel test files on one
 * server stay isolated. Several servers may share one database: see withLock.
 * At most `poolMax` connections (DATABASE_POOL_MAX).
 */
export async function createPgDb(connectionString: string, schema: string | null = null, poolMax = 10): Promise<Db> {
  if (schema !== null && !IDENTIFIER.test(schema)) throw new Error(`Nombre de esquema inválido: ${schema}`);
  const pool = new pg.Pool({
    connectionString,
    max: poolMax,
    // Sent in the startup packet, so it applies before the first query of every connection.
    ...(schema === null ? {} : { options: `-c search_path=${schema}` }),
  });
  // Advisory locks are per database: the schema is part of the key, so servers on other schemas do not wait.
  const keys = (name: string) => [lockKey(`portal:${schema ?? ''}`), lockKey(name)];

  const run = async <T>(client: pg.Pool | pg.PoolClient, sql: string, params: unknown[] = []) => {
    const result = await client.query(sql, params);
    return { rows: result.rows as T[] };
  };
  const queryable = (client: pg.Pool | pg.PoolClient): Queryable => ({
    query: <T>(sql: string, params?: unknown[]) => run<T>(client, sql, params),
    async exec(sql: string) {
      await client.query(sql);
    },
  });
  const transaction = async <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const result = await fn(queryable(client));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };

  if (schema !== null) {
    try {
      // Two servers running CREATE SCHEMA IF NOT EXISTS at once can both try to create it (unique violation).
      await transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1, $2)', keys('create-schema'));
        await tx.exec(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      });
    } catch (error) {
      await pool.end();
      throw error;
    }
  }

  return {
    ...queryable(pool),
    transaction,
    async withLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1, $2)', keys(name));
      } catch (error) {
        client.release(true);
        throw error;
      }
      try {
        return await fn();
      } finally {
        const unlocked = await client.query('SELECT pg_advisory_unlock($1, $2)', keys(name)).then(() => true, () => false);
        // A connection whose unlock failed is closed: ending its session ends its lock.
        client.release(!unlocked);
      }
    },
    close: () => pool.end(),
  };
}
