/**
 * POST /v1/portals/analytics/page-views: the browser reports each completed
 * route change. With ANALYTICS=propio the cleaned path and the server's time
 * are stored (no address, citizen or user agent); with ANALYTICS=ninguno
 * nothing is. Either way the answer is 204.
 */
import type { FastifyInstance } from 'fastify';
import { pageViewBodySchema } from '@portal/api-contract';
import { commonErrors, publicSecurity } from '../../http/commonSchemas';
import { HttpError } from '../../http/HttpError';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';
import { cleanPagePath, PAGE_PATH_MESSAGE } from '../../services/analytics/pagePath';
import { recordPageView } from '../../services/analytics/pageViewStore';

/** Route changes one address may report per minute: far above a person clicking through pages. */
export const PAGE_VIEWS_PER_MINUTE = 120;

/** The body is the API contract's: the app types what it sends from the same schema. */
export const pageViewSchema = {
  tags: ['Portal'],
  security: publicSecurity,
  operationId: 'recordPageView',
  summary: 'Registrar una visita a una página',
  description:
    'Guarda solo la ruta y la hora (ANALYTICS=propio); con ANALYTICS=ninguno no guarda nada. La ruta debe empezar por "/"; ' +
    'se quitan la consulta (?…) y el fragmento (#…), y los segmentos que parecen datos de una persona (correos, números de 9 o más dígitos como cédulas o teléfonos) se guardan como ":oculto". ' +
    `${PAGE_VIEWS_PER_MINUTE} por minuto por dirección.`,
  body: pageViewBodySchema,
  response: { ...commonErrors, 204: { type: 'null', description: 'Visita registrada (o ignorada con ANALYTICS=ninguno)' } },
} as const;

export async function pageViewRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();
  const limit = { rateLimit: { max: PAGE_VIEWS_PER_MINUTE, timeWindow: '1 minute' } };

  typed.post('/portals/analytics/page-views', { schema: pageViewSchema, config: limit }, async (request, reply) => {
    const path = cleanPagePath(request.body.path);
    if (path === null) throw new HttpError(400, 'Datos inválidos', [{ path: 'path', message: PAGE_PATH_MESSAGE }]);
    if (app.config.analytics === 'propio') await recordPageView(app.db, path);
    return reply.code(204).send(null);
  });
}
