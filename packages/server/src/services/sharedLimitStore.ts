/**
 * The counter store of @fastify/rate-limit when REDIS_URL is set: each limit
 * is a fixed window counted in Redis by one Lua script (INCR, and the expiry
 * set with the first count), so every server behind the load balancer counts
 * the same window and parallel bursts cannot slip past `max`.
 *
 * When Redis does not answer (down, unreachable, slower than
 * REDIS_COMMAND_TIMEOUT_MS) the request is counted in this process's memory
 * instead: the limits keep holding per server (at most servers × max), the
 * portal keeps answering, and a warning is logged (services/redisClient.ts).
 * Neither fail-open (no limits during an outage, exactly when someone may be
 * attacking) nor fail-closed (every limited route refusing citizens).
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { SharedRedis } from './redisClient';

type Count = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Count) => void;

/** Counts one hit of KEYS[1] in a window of ARGV[1] ms; answers {count, ms left}. A key without expiry gets one. */
const COUNT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local left = redis.call('PTTL', KEYS[1])
if left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  left = tonumber(ARGV[1])
end
return {count, left}`;

/** Reads KEYS[1] without counting; {0, 0} when there is no window. */
const READ_SCRIPT = `
local count = redis.call('GET', KEYS[1])
if not count then return {0, 0} end
local left = redis.call('PTTL', KEYS[1])
if left < 0 then left = 0 end
return {tonumber(count), left}`;

interface LimitCommands {
  portalLimitCount(key: string, windowMs: number): Promise<[number, number]>;
  portalLimitRead(key: string): Promise<[number, number]>;
}

/** Most windows kept in memory while Redis is away; past it the oldest go first. */
const MEMORY_MAX_KEYS = 10_000;

/** Fixed windows in this process: without REDIS_URL, and while Redis does not answer. Each count is a new object. */
class MemoryWindows {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  count(key: string, windowMs: number): Count {
    const now = Date.now();
    let window = this.windows.get(key);
    if (window === undefined || window.endsAt <= now) {
      this.windows.delete(key);
      window = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
      if (this.windows.size > MEMORY_MAX_KEYS) this.sweep(now);
    }
    window.count += 1;
    return { current: window.count, ttl: window.endsAt - now };
  }

  read(key: string): Count {
    const window = this.windows.get(key);
    const left = window === undefined ? 0 : window.endsAt - Date.now();
    return left > 0 && window ? { current: window.count, ttl: left } : { current: 0, ttl: 0 };
  }

  /** Drops ended windows, then the oldest (Map keeps insertion order) until under the bound. */
  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
    for (const key of this.windows.keys()) {
      if (this.windows.size <= MEMORY_MAX_KEYS) break;
      this.windows.delete(key);
    }
  }
}

class SharedLimitStore implements FastifyRateLimitStore {
  constructor(
    private readonly redis: SharedRedis | null,
    private readonly commands: LimitCommands | null,
    private readonly memory: MemoryWindows,
    private readonly namespace: string,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number, _max: number): void {
    const full = this.namespace + key;
    const redis = this.redis;
    if (redis === null || this.commands === null || redis.available() === false) return callback(null, this.memory.count(full, timeWindow));
    this.commands.portalLimitCount(full, timeWindow).then(
      ([current, ttl]) => callback(null, { current, ttl }),
      (error: unknown) => {
        redis.failed(error);
        callback(null, this.memory.count(full, timeWindow));
      },
    );
  }

  /** The plugin's `{ increment: false }` peek. */
  read(key: string, callback: Callback): void {
    const full = this.namespace + key;
    const redis = this.redis;
    if (redis === null || this.commands === null || redis.available() === false) return callback(null, this.memory.read(full));
    this.commands.portalLimitRead(full).then(
      ([current, ttl]) => callback(null, { current, ttl }),
      (error: unknown) => {
        redis.failed(error);
        callback(null, this.memory.read(full));
      },
    );
  }

  /** A route's own counters: keyed by method and URL, as the plugin's stores do; createRateLimit limiters share `propio:`. */
  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
    const method = Array.isArray(route?.method) ? route.method.join(',') : route?.method;
    const scope = typeof method === 'string' && typeof route?.url === 'string' ? `${method} ${route.url}` : 'propio';
    return new SharedLimitStore(this.redis, this.commands, this.memory, `${this.namespace}${scope}:`);
  }
}

/**
 * The store class to hand to @fastify/rate-limit (`store` option): its keys
 * are `<prefix>limite:<METHOD> <url>:<address>` in Redis. With `redis` null,
 * memory only (one server): used instead of the plugin's own memory store,
 * which hands every request of a parallel burst the same, shared count object,
 * so all of them saw the final count and a burst of 20 from a fresh address
 * got 20 answers 429 instead of 10 answers and 10 refusals.
 */
export function sharedLimitStore(redis: SharedRedis | null, prefix: string): FastifyRateLimitStoreCtor {
  redis?.client.defineCommand('portalLimitCount', { numberOfKeys: 1, lua: COUNT_SCRIPT });
  redis?.client.defineCommand('portalLimitRead', { numberOfKeys: 1, lua: READ_SCRIPT });
  const commands = redis === null ? null : (redis.client as unknown as LimitCommands);
  const memory = new MemoryWindows();
  const namespace = `${prefix}limite:`;
  return class extends SharedLimitStore {
    constructor() {
      super(redis, commands, memory, namespace);
    }
  };
}
