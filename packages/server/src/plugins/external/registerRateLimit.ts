import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../http/HttpError';
import { TOO_MANY_ATTEMPTS } from '../../http/installErrorHandler';

/**
 * Per-route rate limiting (global off): routes opt in with
 * `config: { rateLimit: { max, timeWindow } }`, keyed by client address.
 */
export async function registerRateLimit(app: FastifyInstance, allowList: string[] = []): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    allowList,
    errorResponseBuilder: () => new HttpError(429, TOO_MANY_ATTEMPTS),
  });
}
