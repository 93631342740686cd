/**
 * The service catalogue's /v1 reads (spec §7, public): services with filters,
 * text search and pages; one service by slug; areas and institutions with
 * their counts; provinces that have Puntos GOB. Data: the catalogue reference
 * tables (migration 015, replaced with `importReference catalogo-servicios <archivo.json>` and the like).
 */
import {
  areaServiceCountsSchema,
  institutionListSchema,
  provinceListSchema,
  serviceDetailAnswerSchema,
  servicePageSchema,
} from '@portal/api-contract';
import type { FastifyInstance } from 'fastify';
import { commonErrors, errorSchema, publicSecurity } from '../../http/commonSchemas';
import { HttpError } from '../../http/HttpError';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';
import { areaServiceCounts, catalogueLabels, institutionList, listServices, provincesWithPuntosGob, serviceBySlug } from '../../services/catalogue/catalogueStore';
import { cacheKey, createResultCache } from '../../services/catalogue/resultCache';
import { CATALOGUE_TABLES } from '../../services/referenceNotifications';
import { foldFilters, SERVICE_LIST_FILTERS, serviceListQuery, slugParams } from './catalogueQuery';

/** Per address: generous for browsing (each filter change is a call), a wall for scrapers. */
export const CATALOGUE_RATE_LIMIT = { rateLimit: { max: 600, timeWindow: '1 minute' } };
/** Browsers may keep the lists this long: they change only with an import. */
export const CATALOGUE_MAX_AGE_SECONDS = 300;
export const SERVICE_NOT_FOUND = 'El servicio solicitado no existe o ya no está disponible';

export async function catalogueRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();
  const cacheable = { 'cache-control': `public, max-age=${CATALOGUE_MAX_AGE_SECONDS}` };
  const pages = createResultCache<Awaited<ReturnType<typeof listServices>>>();
  // The institutions and areas the lists name, re-read as often as the answers expire.
  const labels = createResultCache<Awaited<ReturnType<typeof catalogueLabels>>>();
  app.referenceChanges.subscribe(CATALOGUE_TABLES, () => {
    pages.clear();
    labels.clear();
  });

  typed.get(
    '/portals/services',
    {
      config: CATALOGUE_RATE_LIMIT,
      preValidation: foldFilters(SERVICE_LIST_FILTERS),
      schema: {
        tags: ['Catálogo'],
        security: publicSecurity,
        operationId: 'listCatalogueServices',
        summary: 'Servicios del catálogo con filtros, búsqueda y páginas (sin sesión)',
        description:
          'Filtros por área, institución, tipo y canal (cada uno con varios valores: se combinan con Y entre filtros y O dentro de uno). ' +
          'Con q, búsqueda de texto completo en español en la base de datos, sin distinguir tildes ni mayúsculas, la mejor coincidencia primero (nombre antes que descripción). ' +
          'Cada respuesta (y los nombres de instituciones y áreas) se guarda en memoria hasta un minuto: una importación del catálogo se ve al momento en todos los servidores (como mucho en un minuto si el aviso de la importación no llega).',
        querystring: serviceListQuery,
        response: { ...commonErrors, 200: servicePageSchema },
      },
    },
    async (request, reply) => {
      const { page = 1, per_page: perPage = 12, ...filters } = request.query;
      const result = await pages.get(cacheKey({ ...filters, page, perPage }), async () =>
        listServices(app.db, filters, page, perPage, await labels.get('', () => catalogueLabels(app.db))));
      void reply.headers(cacheable);
      return { data: result.data, page, per_page: perPage, total: result.total };
    },
  );

  typed.get(
    '/portals/services/:slug/slug',
    {
      config: CATALOGUE_RATE_LIMIT,
      schema: {
        tags: ['Catálogo'],
        security: publicSecurity,
        operationId: 'getCatalogueService',
        summary: 'Un servicio por su slug: requisitos, pasos, costo y Puntos GOB (sin sesión)',
        params: slugParams,
        response: { ...commonErrors, 404: errorSchema, 200: serviceDetailAnswerSchema },
      },
    },
    async (request, reply) => {
      const service = await serviceBySlug(app.db, request.params.slug);
      if (service === null) throw new HttpError(404, SERVICE_NOT_FOUND);
      void reply.headers(cacheable);
      return { data: service };
    },
  );

  typed.get(
    '/portals/area/services',
    {
      config: CATALOGUE_RATE_LIMIT,
      schema: {
        tags: ['Catálogo'],
        security: publicSecurity,
        operationId: 'listCatalogueAreas',
        summary: 'Áreas del catálogo con su número de servicios (sin sesión)',
        response: { ...commonErrors, 200: areaServiceCountsSchema },
      },
    },
    async (_request, reply) => {
      void reply.headers(cacheable);
      return { data: await areaServiceCounts(app.db) };
    },
  );

  typed.get(
    '/portals/institutions',
    {
      config: CATALOGUE_RATE_LIMIT,
      schema: {
        tags: ['Catálogo'],
        security: publicSecurity,
        operationId: 'listCatalogueInstitutions',
        summary: 'Instituciones con su número de servicios (sin sesión)',
        response: { ...commonErrors, 200: institutionListSchema },
      },
    },
    async (_request, reply) => {
      void reply.headers(cacheable);
      return { data: await institutionList(app.db) };
    },
  );

  typed.get(
    '/portals/provinces',
    {
      config: CATALOGUE_RATE_LIMIT,
      schema: {
        tags: ['Catálogo'],
        security: publicSecurity,
        operationId: 'listProvincesWithPuntosGob',
        summary: 'Provincias que tienen al menos un Punto GOB, con su número de centros (sin sesión)',
        description: 'Todas las provincias del país están en GET /v1/region/provincias.',
        response: { ...commonErrors, 200: provinceListSchema },
      },
    },
    async (_request, reply) => {
      void reply.headers(cacheable);
      return { data: await provincesWithPuntosGob(app.db) };
    },
  );
}
