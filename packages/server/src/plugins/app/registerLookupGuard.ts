import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { HttpError } from '../../http/HttpError';
import { TOO_MANY_ATTEMPTS } from '../../http/installErrorHandler';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Route options of the identity lookups (JCE, ONAPI, exists): each account
     * has its own limit on top of the route's per-address one. The session they
     * need (they serve the signed-in form) comes from the citizen context they
     * are registered in (routes/registerRoutes.ts), whose app.authenticate runs first.
     */
    lookupGuard: { preHandler: preHandlerHookHandler };
  }
}

/** Lookups one account may make per minute, across every lookup route. */
export const LOOKUPS_PER_ACCOUNT_PER_MINUTE = 120;

/** Needs registerRateLimit before it; the routes that use it, the citizen context's app.authenticate (request.citizen). */
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
  app.decorate('lookupGuard', { preHandler: perAccount });
}
