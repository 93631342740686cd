/**
 * The catalogue's /v2 reads (spec §7, public): services grouped by area, the
 * home page's statistics, and the Puntos GOB centres.
 */
import { classifiedServicesSchema, portalStatisticsSchema, puntoGobDetailSchema, puntoGobListSchema } from '@portal/api-contract';
import type { FastifyInstance } from 'fastify';
import { commonErrors, errorSchema, publicSecurity } from '../../http/commonSchemas';
import { HttpError } from '../../http/HttpError';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';
import { classifyServices, listPuntosGob, portalStatistics, puntoGobBySlug } from '../../services/catalogue/catalogueStore';
import { cacheKey, createResultCache } from '../../services/catalogue/resultCache';
import { CATALOGUE_TABLES } from '../../services/referenceNotifications';
import { CATALOGUE_MAX_AGE_SECONDS, CATALOGUE_RATE_LIMIT } from './catalogueRoutes';
import { classifiedQuery, foldFilters, PUNTO_GOB_FILTERS, puntoGobListQuery, SERVICE_LIST_FILTERS, slugParams } from './catalogueQuery';

export const PUNTO_GOB_NOT_FOUND = 'El Punto GOB solicitado no existe';

export async function catalogueV2Routes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();
  const cacheable = { 'cache-control': `public, max-age=${CATALOGUE_MAX_AGE_SECONDS}` };
  const groups = createResultCache<Awaited<ReturnType<typeof classifyServices>>>();
  app.referenceChanges.subscribe(CATALOGUE_TABLES, () => groups.clear());

  typed.get(
    '/portals/classified',
    {
      config: CATALOGUE_RATE_LIMIT,
      preValidation: foldFilters(SERVICE_LIST_FILTERS),
      schema: {
        tags: ['Catálogo'],
        security: publicSecurity,
        operationId: 'listClassifiedServices',
        summary: 'Servicios agrupados por área, con los mismos filtros y búsqueda que /v1/portals/services (sin sesión)',
        description: 'Sin páginas: cada área con sus servicios; las áreas sin servicios que cumplan los filtros no aparecen.',
        querystring: classifiedQuery,
        response: { ...commonErrors, 200: classifiedServicesSchema },
      },
    },
    async (request, reply) => {
      void reply.headers(cacheable);
      return groups.get(cacheKey(request.query), () => classifyServices(app.db, request.query));
    },
  );

  typed.get(
    '/portal/dashboard/statistics',
    {
      config: CATALOGUE_RATE_LIMIT,
      schema: {
        tags: ['Catálogo'],
        security: publicSecurity,
        operationId: 'getPortalStatistics',
        summary: 'Cifras de la portada: servicios, instituciones, servicios en línea, solicitudes del mes y valoración media (sin sesión)',
        description: 'Contadas en la base de datos en cada llamada. average_rating es null hasta que existan valoraciones de servicios.',
        response: { ...commonErrors, 200: portalStatisticsSchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-cache');
      return { data: await portalStatistics(app.db) };
    },
  );

  typed.get(
    '/punto-gob/getall',
    {
      config: CATALOGUE_RATE_LIMIT,
      preValidation: foldFilters(PUNTO_GOB_FILTERS),
      schema: {
        tags: ['Catálogo'],
        security: publicSecurity,
        operationId: 'listPuntosGob',
        summary: 'Puntos GOB, filtrados por provincia y por los servicios que ofrecen (sin sesión)',
        description: 'areas, institutions y services eligen los centros que ofrecen al menos un servicio que cumpla esos filtros; provinces, los de esas provincias.',
        querystring: puntoGobListQuery,
        response: { ...commonErrors, 200: puntoGobListSchema },
      },
    },
    async (request, reply) => {
      const data = await listPuntosGob(app.db, request.query);
      void reply.headers(cacheable);
      return { data, total: data.length };
    },
  );

  typed.get(
    '/portal-punto-gob/:slug/slug',
    {
      config: CATALOGUE_RATE_LIMIT,
      schema: {
        tags: ['Catálogo'],
        security: publicSecurity,
        operationId: 'getPuntoGob',
        summary: 'Un Punto GOB por su slug, con dirección, horario y servicios (sin sesión)',
        params: slugParams,
        response: { ...commonErrors, 404: errorSchema, 200: puntoGobDetailSchema },
      },
    },
    async (request, reply) => {
      const punto = await puntoGobBySlug(app.db, request.params.slug);
      if (punto === null) throw new HttpError(404, PUNTO_GOB_NOT_FOUND);
      void reply.headers(cacheable);
      return { data: punto };
    },
  );
}
