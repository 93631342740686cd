/**
 * The Redis connection that holds the per-address limits shared by every
 * server (REDIS_URL). It connects on the first counted request, waits at most
 * a second to connect and half a second for an answer, and keeps reconnecting
 * in the background; while it is down the limits are counted in the process's
 * memory instead (services/sharedLimitStore.ts), so a citizen never gets a 500
 * because Redis is away. Changes of state are logged once, not per request.
 */
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** Longest wait for a connection to Redis. */
export const REDIS_CONNECT_TIMEOUT_MS = 1000;
/** Longest wait for one answer; past it the request is counted in memory. */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
/** At most one warning per this long about failing commands (an outage logs once when it starts). */
const WARNING_INTERVAL_MS = 60_000;

/** A Redis client plus what the limit store needs to know about its health. */
export interface SharedRedis {
  client: Redis;
  /** True while connected, false after a failure until it reconnects, null before the first attempt. */
  available(): boolean | null;
  /** Reports a failed command (logged at most once a minute); the request is then counted in memory. */
  failed(error: unknown): void;
  /** Ends the connection and its reconnection attempts. */
  close(): Promise<void>;
}

/** Opens (lazily) the Redis client of REDIS_URL; `name` shows in Redis's CLIENT LIST. */
export function createRedisClient(url: string, name: string, log: FastifyBaseLogger): SharedRedis {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    // A command waiting for a connection fails after one reconnection attempt (the timeout above usually ends it first).
    maxRetriesPerRequest: 1,
    // Reconnect for as long as the server runs, at most every 5 seconds.
    retryStrategy: (times) => Math.min(times * 200, 5000),
    connectionName: name,
  });
  let available: boolean | null = null;
  let lastWarning = 0;
  const down = (error: unknown) => {
    if (available === false) return;
    available = false;
    lastWarning = Date.now();
    log.warn({ err: error }, 'Redis no responde: los límites por dirección se cuentan en la memoria de este servidor hasta que vuelva');
  };
  // Without an 'error' listener ioredis prints every failed reconnection attempt itself.
  client.on('error', down);
  client.on('close', () => {
    if (available === true) down(new Error('conexión cerrada'));
  });
  client.on('ready', () => {
    if (available === false) log.info('Redis responde de nuevo: los límites por dirección vuelven a ser compartidos');
    available = true;
  });
  return {
    client,
    available: () => available,
    failed(error) {
      if (Date.now() - lastWarning < WARNING_INTERVAL_MS) return;
      lastWarning = Date.now();
      log.warn({ err: error }, 'Redis no contó una solicitud a tiempo: se contó en la memoria de este servidor');
    },
    async close() {
      client.removeAllListeners('close');
      // quit() lets pending answers arrive; a client that never connected (or is reconnecting) just stops.
      if (client.status === 'ready') await client.quit().catch(() => undefined);
      client.disconnect();
    },
  };
}
