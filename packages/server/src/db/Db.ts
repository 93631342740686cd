/** Anything that runs SQL: the database itself or an open transaction. */
export interface Queryable {
  /** Runs one parameterised statement ($1, $2, ...). */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/**
 * The database as the rest of the server sees it. One SQL dialect (PostgreSQL)
 * for both implementations: PGlite (embedded) and a PostgreSQL server via pg.
 */
export interface Db extends Queryable {
  /** Runs fn inside BEGIN/COMMIT; a thrown error rolls back and is rethrown. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs fn while holding the lock `name` across every server on this
   * database, so work such as migrating and seeding runs once at a time. On
   * PostgreSQL a session advisory lock held on one dedicated connection (fn
   * itself uses the others); on PGlite fn just runs (one server per folder).
   */
  withLock<T>(name: string, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
