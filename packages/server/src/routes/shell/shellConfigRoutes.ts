/** GET /v1/portals/shell-config: the browser's settings for the portal shell (header script, survey, single registration, analytics). */
import type { FastifyInstance } from 'fastify';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';

/** Browsers and proxies may keep the answer this long: it changes only when the server restarts with new settings. */
export const SHELL_CONFIG_MAX_AGE_SECONDS = 300;

/** Answer of GET /v1/portals/shell-config; the app reads its type from here. */
export const shellConfigSchema = {
  type: 'object',
  properties: {
    headerScriptUrl: { type: ['string', 'null'], description: 'Script externo que dibuja el encabezado (HEADER_SCRIPT_URL); null: el encabezado propio del portal' },
    surveyUrl: { type: 'string', description: 'Encuesta del aviso "Mejoremos juntos" (SURVEY_URL)' },
    registroUnicoUrl: { type: 'string', description: 'Alta en el registro único, botón "REGISTRATE" (REGISTRO_UNICO_URL)' },
    analytics: { type: 'string', enum: ['propio', 'ninguno'], description: 'Adónde van las visitas (ANALYTICS)' },
  },
  required: ['headerScriptUrl', 'surveyUrl', 'registroUnicoUrl', 'analytics'],
} as const;

export async function shellConfigRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();
  const { headerScriptUrl, surveyUrl, registroUnicoUrl, analytics } = app.config;
  const body = { headerScriptUrl, surveyUrl, registroUnicoUrl, analytics };

  typed.get(
    '/portals/shell-config',
    { schema: { tags: ['Portal'], summary: 'Configuración del marco del portal (sin sesión)', response: { 200: shellConfigSchema } } },
    async (_request, reply) => {
      void reply.header('cache-control', `public, max-age=${SHELL_CONFIG_MAX_AGE_SECONDS}`);
      return body;
    },
  );
}
