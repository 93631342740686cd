import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers (CSP, nosniff, frame denial, HSTS...) on every answer.
 * upgrade-insecure-requests is left out so the app also works when served
 * over plain HTTP on a LAN address (HTTPS is the reverse proxy's job).
 * With HEADER_SCRIPT_URL, only that script's origin joins script-src: the
 * external page header may load, nothing else from elsewhere may run.
 */
export async function registerHelmet(app: FastifyInstance, headerScriptUrl: string | null = null): Promise<void> {
  const directives: Record<string, string[] | null> = { upgradeInsecureRequests: null };
  if (headerScriptUrl !== null) directives.scriptSrc = ["'self'", new URL(headerScriptUrl).origin];
  await app.register(helmet, { global: true, contentSecurityPolicy: { directives } });
}
