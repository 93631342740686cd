/** Query-string schemas of the catalogue routes and the hook that folds indexed filters (area[0]=3) before validation. */
import { SERVICE_CHANNELS, SERVICE_TYPES } from '@portal/api-contract';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../http/HttpError';
import { numericTextErrors } from '../../http/numericText';
import { foldIndexedFilters, MAX_FILTER_VALUES } from '../../services/catalogue/indexedQuery';

const FORMS = 'Se acepta indexado (x[0]=1&x[1]=2), con corchetes vacíos (x[]=1) o repetido (x=1&x=2).';

const idList = (what: string) =>
  ({
    type: 'array',
    items: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
    maxItems: MAX_FILTER_VALUES,
    description: `Ids de ${what}. ${FORMS}`,
  }) as const;

/** Filters of the service lists (GET /v1/portals/services, GET /v2/portals/classified). */
export const serviceFilterProperties = {
  area: idList('áreas'),
  institutions: idList('instituciones'),
  type: { type: 'array', items: { type: 'string', enum: SERVICE_TYPES }, maxItems: MAX_FILTER_VALUES, description: `Tipos de servicio. ${FORMS}` },
  channel: { type: 'array', items: { type: 'string', enum: SERVICE_CHANNELS }, maxItems: MAX_FILTER_VALUES, description: `Canales. ${FORMS}` },
  q: { type: 'string', maxLength: 200, description: 'Búsqueda de texto en español, sin distinguir tildes ni mayúsculas; ordena por relevancia' },
} as const;

export const SERVICE_LIST_FILTERS = ['area', 'institutions', 'type', 'channel'] as const;

/** GET /v1/portals/services: the filters plus pages. */
export const serviceListQuery = {
  type: 'object',
  properties: {
    ...serviceFilterProperties,
    page: { type: 'integer', minimum: 1, maximum: 10_000, default: 1 },
    per_page: { type: 'integer', minimum: 1, maximum: 100, default: 12 },
  },
} as const;

/** GET /v2/portals/classified. */
export const classifiedQuery = { type: 'object', properties: serviceFilterProperties } as const;

export const PUNTO_GOB_FILTERS = ['areas', 'institutions', 'services', 'provinces'] as const;

/** GET /v2/punto-gob/getall. */
export const puntoGobListQuery = {
  type: 'object',
  properties: { areas: idList('áreas'), institutions: idList('instituciones'), services: idList('servicios'), provinces: idList('provincias') },
} as const;

/** Slug path parameter of the service and Punto GOB pages. */
export const slugParams = {
  type: 'object',
  properties: { slug: { type: 'string', minLength: 1, maxLength: 120 } },
  required: ['slug'],
} as const;

/**
 * A route preValidation hook: gathers the list filters `names` into arrays
 * whichever form they came in, then applies the portal's rule on numbers given
 * as text (installInputGuard ran before the keys had their plain names).
 */
export function foldFilters(names: readonly string[]) {
  return async (request: FastifyRequest): Promise<void> => {
    const query = foldIndexedFilters((request.query ?? {}) as Record<string, unknown>, names);
    request.query = query;
    const errors = numericTextErrors(request.routeOptions.schema?.querystring, query, 'querystring');
    if (errors.length > 0) throw new HttpError(400, 'Datos inválidos', errors);
  };
}
