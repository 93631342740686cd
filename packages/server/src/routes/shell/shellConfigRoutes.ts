/** GET /v1/portals/shell-config: the browser's settings for the portal shell (header script, survey, single registration, analytics). */
// The answer's schema is in the API contract: the app reads its type from there.
import { shellConfigSchema } from '@portal/api-contract';
import type { FastifyInstance } from 'fastify';
import { errorSchema, publicSecurity } from '../../http/commonSchemas';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';
import { SANDBOX_JCE_CITIZENS } from '../../agencies/sandbox/sandboxData';

/** Browsers and proxies may keep the answer this long: it changes only when the server restarts with new settings. */
export const SHELL_CONFIG_MAX_AGE_SECONDS = 300;

export async function shellConfigRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();
  const { headerScriptUrl, surveyUrl, registroUnicoUrl, analytics, agencies, smtpUrl } = app.config;
  // With the simulated agencies (the embedded default), whoever tries the portal gets a few of the
  // fictional JCE people to register with, and is told where mail goes without SMTP_URL (the
  // server's output: codes are never served over HTTP). The demo citizen already has an account.
  const sandbox = agencies.mode === 'sandbox'
    ? {
        identities: SANDBOX_JCE_CITIZENS.filter((p) => p.cedula !== '40229183641')
          .slice(0, 4)
          .map((p) => ({ cedula: p.cedula, nombre: `${p.nombres} ${p.apellidos}`, fechaNacimiento: p.fechaNacimiento })),
        mailInLog: smtpUrl === null,
      }
    : null;
  const body = { headerScriptUrl, surveyUrl, registroUnicoUrl, analytics, sandbox };

  typed.get(
    '/portals/shell-config',
    {
      schema: {
        tags: ['Portal'],
        security: publicSecurity,
        operationId: 'getShellConfig',
        summary: 'Configuración del marco del portal (sin sesión)',
        // 400: a query string the database could not store (installInputGuard, on every route), e.g. ?x=%00.
        response: { 200: shellConfigSchema, 400: errorSchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', `public, max-age=${SHELL_CONFIG_MAX_AGE_SECONDS}`);
      return body;
    },
  );
}
