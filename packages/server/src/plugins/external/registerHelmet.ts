import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** The card payment page's origin when it is not this server's (PAYMENTS=http), else 'self'. */
function cardPageOrigin(app: FastifyInstance): string {
  const payments = (app as Partial<Pick<FastifyInstance, 'config'>>).config?.payments;
  return payments?.mode === 'http' ? new URL(payments.cardPage.url).origin : "'self'";
}

/**
 * Security headers (CSP, nosniff, frame denial, HSTS...) on every answer.
 * upgrade-insecure-requests is left out so the app also works when served
 * over plain HTTP on a LAN address (HTTPS is the reverse proxy's job).
 * With HEADER_SCRIPT_URL, only that script's origin joins script-src: the
 * external page header may load, nothing else from elsewhere may run.
 */
export async function registerHelmet(app: FastifyInstance, headerScriptUrl: string | null = null): Promise<void> {
  const directives: Record<string, Array<string | (() => string)> | null> = { upgradeInsecureRequests: null };
  if (headerScriptUrl !== null) directives.scriptSrc = ["'self'", new URL(headerScriptUrl).origin];
  // The Cámara de Comercio's signed form is posted to the card payment page (PAYMENTS=http): its origin joins
  // form-action (read per answer: the configuration is decorated after helmet is registered).
  directives.formAction = ["'self'", () => cardPageOrigin(app)];
  await app.register(helmet, { global: true, contentSecurityPolicy: { directives } });
}
