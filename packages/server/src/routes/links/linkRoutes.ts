/**
 * GET /v1/portals/links/interests (spec §7, public): the official links of
 * interest shown on the home page. The list is the reference table
 * enlaces_interes (src/db/reference/enlaces-interes.json at first start,
 * replaced with `importReference enlaces-interes <archivo.csv>`).
 */
import { interestLinksSchema } from '@portal/api-contract';
import type { FastifyInstance } from 'fastify';
import { commonErrors, publicSecurity } from '../../http/commonSchemas';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';
import { listInterestLinks } from '../../services/links/interestLinkStore';

/** Browsers may keep the list this long: it changes only with an import. */
export const LINKS_MAX_AGE_SECONDS = 600;

export async function linkRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();

  typed.get(
    '/portals/links/interests',
    {
      schema: {
        tags: ['Portal'],
        security: publicSecurity,
        operationId: 'listInterestLinks',
        summary: 'Enlaces de interés: sitios oficiales de las instituciones (sin sesión)',
        description: 'En el orden de su id. Se reemplazan con la importación de datos de referencia (tabla enlaces-interes).',
        response: { ...commonErrors, 200: interestLinksSchema },
      },
    },
    async (_request, reply) => {
      const rows = await listInterestLinks(app.db);
      void reply.header('cache-control', `public, max-age=${LINKS_MAX_AGE_SECONDS}`);
      return { data: rows };
    },
  );
}
