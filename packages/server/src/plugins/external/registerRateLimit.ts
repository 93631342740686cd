import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { HttpError } from '../../http/HttpError';
import { TOO_MANY_ATTEMPTS } from '../../http/installErrorHandler';
import { createRedisClient, type SharedRedis } from '../../services/redisClient';
import { sharedLimitStore } from '../../services/sharedLimitStore';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Redis of REDIS_URL holding the shared limits (null without it); readiness pings it. */
    sharedRedis: SharedRedis | null;
  }
}

/**
 * Per-route rate limiting (global off): routes opt in with
 * `config: { rateLimit: { max, timeWindow } }`, keyed by client address.
 * With REDIS_URL the counters live in Redis, shared by every server (memory
 * while Redis does not answer, services/sharedLimitStore.ts); without it, in
 * this process's memory (the same store, not the plugin's own: see there).
 * The limiters of `app.createRateLimit` use the same store.
 */
export async function registerRateLimit(app: FastifyInstance, config: Pick<Config, 'rateLimitAllowList' | 'redisUrl' | 'redisPrefix'>): Promise<void> {
  const redis = config.redisUrl === null ? null : createRedisClient(config.redisUrl, `${config.redisPrefix}servidor`, app.log);
  if (redis !== null) app.addHook('onClose', () => redis.close());
  app.decorate('sharedRedis', redis);
  const store = sharedLimitStore(redis, config.redisPrefix);
  await app.register(rateLimit, {
    global: false,
    allowList: config.rateLimitAllowList,
    store,
    errorResponseBuilder: () => new HttpError(429, TOO_MANY_ATTEMPTS),
  });
}
