import pg from 'pg';
import type { Db, Queryable } from './Db';

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * PostgreSQL server through a pg pool. With `schema`, the schema is created and
 * every pooled connection gets it as search_path, so parallel test files on one
 * server stay isolated.
 */
export async function createPgDb(connectionString: string, schema: string | null = null): Promise<Db> {
  if (schema !== null && !IDENTIFIER.test(schema)) throw new Error(`Nombre de esquema inválido: ${schema}`);
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    // Sent in the startup packet, so it applies before the first query of every connection.
    ...(schema === null ? {} : { options: `-c search_path=${schema}` }),
  });
  if (schema !== null) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);

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

  return {
    ...queryable(pool),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
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
    },
    close: () => pool.end(),
  };
}
