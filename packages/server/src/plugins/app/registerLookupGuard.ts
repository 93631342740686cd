import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { HttpError } from '../../http/HttpError';
import { TOO_MANY_ATTEMPTS } from '../../http/installErrorHandler';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Route options of the identity lookups (JCE, ONAPI, exists): a session is
     * required (they serve the signed-in form) and each account has its own
     * limit on top of the route's per-address one.
     */
    lookupGuard: { onRequest: FastifyInstance['authenticate']; preHandler: preHandlerHookHandler };
  }
}

/** Lookups one account may make per minute, across every lookup route. */
export const LOOKUPS_PER_ACCOUNT_PER_MINUTE = 120;

/** Needs registerRateLimit and registerAuth before it. */
export function registerLookupGuard(app: FastifyInstance, allowList: readonly string[]): void {
  // One limiter for all lookup routes: the allowance is per account, not per route. createRateLimit,
  // not rateLimit: the plugin runs one rateLimit handler per request, and the per-address one already ran.
  const check = app.createRateLimit({
    max: LOOKUPS_PER_ACCOUNT_PER_MINUTE,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => `cuenta:${request.citizen?.id ?? 'anónima'}`,
    allowList: (request: FastifyRequest) => allowList.includes(request.ip),
  });
  const perAccount: preHandlerHookHandler = async (request) => {
    const limit = await check(request);
    if (!limit.isAllowed && limit.isExceeded) throw new HttpError(429, TOO_MANY_ATTEMPTS);
  };
  app.decorate('lookupGuard', { onRequest: app.authenticate, preHandler: perAccount });
}
