import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers (CSP, nosniff, frame denial, HSTS...) on every answer.
 * upgrade-insecure-requests is left out so the app also works when served
 * over plain HTTP on a LAN address (HTTPS is the reverse proxy's job).
 */
export async function registerHelmet(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } },
  });
}
