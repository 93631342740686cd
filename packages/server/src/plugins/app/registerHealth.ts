import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { appliedMigrations, pingDatabase } from '../../services/health/databaseHealth';
import type { SharedRedis } from '../../services/redisClient';
import { isDiskFull } from '../../services/storage/diskSpace';

const MIGRATIONS_DIR = fileURLToPath(new URL('../../db/migrations/', import.meta.url));
const MIGRATION_FILE = /^(\d+)_[a-z0-9_]+\.sql$/;

/** `lleno`: the storage answers but a folder the server writes to is below DISK_MIN_FREE_MB. */
type Check = 'ok' | 'error' | 'lleno';

/** Spanish names of the checks, for the 503 message. */
const CHECK_NAMES: Record<string, string> = {
  database: 'la base de datos',
  migrations: 'las migraciones',
  storage: 'el almacenamiento de documentos',
  load: 'la carga del servidor',
  redis: 'Redis',
};

/** Longest wait for Redis's answer to the readiness PING. */
export const REDIS_PING_TIMEOUT_MS = 1000;

const checkSchema = { type: 'string', enum: ['ok', 'error', 'lleno'] } as const;

const healthSchema = {
  hide: true,
  response: {
    200: {
      type: 'object',
      required: ['status'],
      properties: {
        status: { type: 'string', enum: ['ok'] },
        checks: { type: 'object', additionalProperties: checkSchema },
      },
    },
    503: {
      type: 'object',
      required: ['status', 'message', 'checks'],
      properties: {
        status: { type: 'string', enum: ['no_listo'] },
        message: { type: 'string' },
        checks: { type: 'object', additionalProperties: checkSchema },
      },
    },
  },
} as const;

/** Health routes keep answering under pressure (under-pressure calls this and goes on). */
const keepAnswering = () => undefined;

/** Health routes: never cached, logged only from warn up, outside the per-route limits. */
const routeOptions = { logLevel: 'warn', schema: healthSchema, config: { pressureHandler: keepAnswering } } as const;

/** PING through the shared client, failing after REDIS_PING_TIMEOUT_MS whatever its own timeouts do. */
async function pingRedis(redis: SharedRedis): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('Redis no respondió a tiempo')), REDIS_PING_TIMEOUT_MS);
  });
  try {
    await Promise.race([redis.client.ping(), late]);
  } finally {
    clearTimeout(timer);
  }
}

async function check(run: () => Promise<unknown>): Promise<Check> {
  try {
    await run();
    return 'ok';
  } catch {
    return 'error';
  }
}

/** The document storage answers (a write that fails because the disk is full is `lleno`) and no watched folder is below the minimum. */
async function storageCheck(app: FastifyInstance): Promise<Check> {
  try {
    await app.storage.probe();
  } catch (error) {
    return isDiskFull(error) ? 'lleno' : 'error';
  }
  return (await app.diskSpace.lowFolders()).length > 0 ? 'lleno' : 'ok';
}

/**
 * Liveness `GET /health/live` (the process answers) and readiness
 * `GET /health/ready`: 200 only when the database answers, every migration
 * file is applied, the document storage answers (DOCUMENT_STORAGE) and its
 * folders have DISK_MIN_FREE_MB free (otherwise `storage: lleno`), Redis
 * answers a PING within a second (only with REDIS_URL) and the server is not
 * overloaded; otherwise 503 `{ status: 'no_listo', message, checks }` naming
 * what failed. For load balancers and orchestrators; no session.
 */
export function registerHealth(app: FastifyInstance): void {
  const { db } = app;

  app.get('/health/live', routeOptions, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { status: 'ok' as const };
  });

  app.get('/health/ready', routeOptions, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    const database = await check(() => pingDatabase(db));
    const migrations = await check(async () => {
      const files = (await readdir(MIGRATIONS_DIR)).filter((name) => MIGRATION_FILE.test(name)).map((name) => name.replace(/\.sql$/, ''));
      const applied = await appliedMigrations(db);
      const missing = files.filter((version) => !applied.has(version));
      if (missing.length > 0) throw new Error(`migraciones pendientes: ${missing.join(', ')}`);
    });
    // The document storage: the upload folder takes a file, the database table answers, or the bucket is reachable.
    // …and has room: a watched folder below DISK_MIN_FREE_MB is `lleno` until space returns (uploads and drafts answer 507 meanwhile).
    const storage = await storageCheck(app);
    const load: Check = app.hasDecorator('isUnderPressure') && app.isUnderPressure() ? 'error' : 'ok';
    // With REDIS_URL: Redis answers a PING in time (the shared per-address limits live there).
    const redis = app.hasDecorator('sharedRedis') && app.sharedRedis !== null ? await check(() => pingRedis(app.sharedRedis!)) : null;
    const checks = { database, migrations, storage, load, ...(redis === null ? {} : { redis }) };
    if (Object.values(checks).every((value) => value === 'ok')) return { status: 'ok' as const, checks };
    const failed = Object.entries(checks).filter(([, value]) => value !== 'ok').map(([name, value]) => (value === 'lleno' ? `${CHECK_NAMES[name]} (disco lleno)` : CHECK_NAMES[name]));
    request.log.warn({ checks }, 'not ready');
    return reply.code(503).send({ status: 'no_listo' as const, message: `El servidor no está listo: falla ${failed.join(', ')}`, checks });
  });
}
