/**
 * Every server keeps the reference data it serves (the region lists, the
 * catalogue's answers, the online services by form) in memory for at most a
 * minute. An import replaces a table in one transaction that also sends a
 * PostgreSQL notification on REFERENCE_CHANNEL naming the table; it is
 * delivered when the import commits. Each server LISTENs on a connection of
 * its own (not one of the pool's) and forgets the copies of that table at
 * once. While that connection is down the server reconnects with a growing
 * pause, the TTL still bounds how stale a copy gets, and once it is back
 * every copy is forgotten (notifications sent meanwhile were lost).
 *
 * The bound (docs/architecture.md): an import is seen by every server
 * immediately (within a second) while its notification connection is up, and
 * within the TTL (60 s) otherwise. On the embedded PGlite there is one server
 * and the import command needs it stopped, so nothing is listened to.
 */
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Queryable } from '../db/Db';
import { referenceTablesIn, type ReferenceTable } from '../db/referenceTables';
import { endingOf, SESSION_CHANNEL, type SessionEnding } from './sessionCache';

/** The notification channel of reference imports (one per database; the payload names the schema). */
export const REFERENCE_CHANNEL = 'portal_referencia';

/** The catalogue's tables: their answers are kept together, so a change to any of them forgets them all. */
export const CATALOGUE_TABLES: readonly ReferenceTable[] = referenceTablesIn('catalogue');

/** Pause before the first reconnection attempt, doubled after each failure up to RECONNECT_MAX_MS. */
const RECONNECT_MIN_MS = 200;
const RECONNECT_MAX_MS = 5_000;

/** Who forgets what when reference tables change. */
export interface ReferenceChanges {
  /** Calls `forget` with the changed tables whenever one of `tables` changes. */
  subscribe(tables: readonly string[], forget: (changed: readonly string[]) => void): void;
  /** Tables changed (null: possibly any table, e.g. after notifications were missed). */
  changed(tables: readonly string[] | null): void;
}

/** An empty registry of the server's in-memory copies of reference data. */
export function createReferenceChanges(): ReferenceChanges {
  const subscribers: { tables: ReadonlySet<string>; forget: (changed: readonly string[]) => void }[] = [];
  return {
    subscribe(tables, forget) {
      subscribers.push({ tables: new Set(tables), forget });
    },
    changed(tables) {
      for (const subscriber of subscribers) {
        const hit = tables === null ? [...subscriber.tables] : tables.filter((table) => subscriber.tables.has(table));
        if (hit.length > 0) subscriber.forget(hit);
      }
    },
  };
}

/**
 * Announces, inside the transaction that replaces `tables`, that they changed:
 * PostgreSQL delivers the notification when (and only if) it commits.
 */
export async function notifyReferenceChange(tx: Queryable, tables: readonly ReferenceTable[]): Promise<void> {
  await tx.query(`SELECT pg_notify($1, json_build_object('schema', current_schema(), 'tables', $2::text[])::text)`, [REFERENCE_CHANNEL, tables]);
}

/** Not a reference table, but kept in memory the same way (the current version of each form, issue 26): a publication names it. */
export const FORM_VERSIONS_TABLE = 'form_versions';

/** Announces, inside the publication's transaction, that a form has a new version: every server forgets its current versions at once. */
export async function notifyFormPublished(tx: Queryable): Promise<void> {
  await tx.query(`SELECT pg_notify($1, json_build_object('schema', current_schema(), 'tables', $2::text[])::text)`, [REFERENCE_CHANNEL, [FORM_VERSIONS_TABLE]]);
}

/** The tables a notification names when it is for `schema`; null when it is for another schema or malformed. */
export function tablesOf(payload: string | undefined, schema: string): string[] | null {
  try {
    const data = JSON.parse(payload ?? '') as { schema?: unknown; tables?: unknown };
    if (data.schema !== schema || !Array.isArray(data.tables)) return null;
    return data.tables.filter((table): table is string => typeof table === 'string');
  } catch {
    return null;
  }
}

/** The listening connection, for readiness, tests and shutdown. */
export interface ReferenceListener {
  /** True while LISTEN is in place on a live connection. */
  connected(): boolean;
  /** Resolves when LISTEN is next in place (at once when it is). */
  whenConnected(): Promise<void>;
  /** The PostgreSQL process id of the listening connection (null while down). */
  backendPid(): number | null;
  close(): Promise<void>;
}

export interface ListenOptions {
  connectionString: string;
  /** DATABASE_SCHEMA: the listener's search_path, so current_schema() matches the importer's. */
  schema: string | null;
  changes: ReferenceChanges;
  /** Called with each session ending another server announced on SESSION_CHANNEL (services/sessionCache.ts). */
  sessionEnded?: (ending: SessionEnding) => void;
  log: FastifyBaseLogger;
}

/**
 * LISTENs on REFERENCE_CHANNEL on a dedicated connection and tells `changes`
 * about each import into this server's schema. Reconnects for as long as it is
 * not closed; each (re)connection forgets every copy, since notifications sent
 * while it was down are lost.
 */
export function listenForReferenceChanges({ connectionString, schema, changes, sessionEnded, log }: ListenOptions): ReferenceListener {
  let client: pg.Client | null = null;
  let live = false;
  let pid: number | null = null;
  let closed = false;
  let pause = RECONNECT_MIN_MS;
  let retry: NodeJS.Timeout | undefined;
  let waiting: (() => void)[] = [];
  let warned = false;

  const dropped = (current: pg.Client, error: unknown) => {
    if (client !== current) return;
    client = null;
    live = false;
    pid = null;
    current.removeAllListeners('notification');
    void current.end().catch(() => undefined);
    if (closed) return;
    if (!warned) {
      warned = true;
      log.warn({ err: error }, 'se perdió la conexión de avisos de datos de referencia: las copias en memoria duran como mucho un minuto hasta que vuelva');
    }
    retry = setTimeout(connect, pause);
    retry.unref();
    pause = Math.min(pause * 2, RECONNECT_MAX_MS);
  };

  const connect = () => {
    if (closed) return;
    const current = new pg.Client({
      connectionString,
      keepAlive: true,
      application_name: 'portal-avisos-referencia',
      ...(schema === null ? {} : { options: `-c search_path=${schema}` }),
    });
    client = current;
    // An error or end of this connection (e.g. pg_terminate_backend) starts a new one.
    current.on('error', (error) => dropped(current, error));
    current.on('end', () => dropped(current, new Error('conexión cerrada')));
    void (async () => {
      try {
        await current.connect();
        const { rows } = await current.query<{ schema: string; pid: number }>('SELECT current_schema() AS schema, pg_backend_pid() AS pid');
        const ownSchema = rows[0].schema;
        current.on('notification', (message) => {
          if (message.channel === SESSION_CHANNEL) {
            const ending = endingOf(message.payload, ownSchema);
            if (ending !== null) sessionEnded?.(ending);
            return;
          }
          if (message.channel !== REFERENCE_CHANNEL) return;
          const tables = tablesOf(message.payload, ownSchema);
          if (tables !== null) changes.changed(tables);
        });
        await current.query(`LISTEN ${REFERENCE_CHANNEL}`);
        if (sessionEnded) await current.query(`LISTEN ${SESSION_CHANNEL}`);
        if (client !== current) return;
        live = true;
        pid = rows[0].pid;
        pause = RECONNECT_MIN_MS;
        if (warned) log.info('la conexión de avisos de datos de referencia volvió: las importaciones se ven de nuevo al momento');
        warned = false;
        // Whatever changed while nobody listened is read again.
        changes.changed(null);
        for (const resolve of waiting.splice(0)) resolve();
      } catch (error) {
        dropped(current, error);
      }
    })();
  };

  connect();
  return {
    connected: () => live,
    whenConnected: () => (live ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve))),
    backendPid: () => pid,
    async close() {
      closed = true;
      clearTimeout(retry);
      const current = client;
      client = null;
      live = false;
      waiting = [];
      if (current) {
        current.removeAllListeners();
        // A late 'error' from the closing socket must not be unhandled.
        current.on('error', () => undefined);
        await current.end().catch(() => undefined);
      }
    },
  };
}
