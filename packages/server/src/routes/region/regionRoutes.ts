import type { FastifyInstance } from 'fastify';
import { commonErrors, publicSecurity } from '../../http/commonSchemas';
import { normalizeText } from '../../text/normalizeText';
import { REGION_LISTS, type RegionList } from './regionLists';
import { createReferenceCache } from './referenceCache';

export const MAX_LIMIT = 1000;

interface ListQuery {
  limit: number;
  page: number;
  q?: string;
  [filter: string]: number | string | undefined;
}

function schemaFor(list: RegionList) {
  const properties: Record<string, unknown> = {
    limit: { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: MAX_LIMIT },
    page: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 },
  };
  if (list.filter) properties[list.filter.param] = { type: 'integer', minimum: 0, maximum: 2_147_483_647 };
  if (list.search) properties.q = { type: 'string', maxLength: 100 };
  return {
    tags: ['Referencia'],
    security: publicSecurity,
    operationId: list.operationId,
    summary: list.summary,
    querystring: { type: 'object', properties },
    response: {
      ...commonErrors,
      200: {
        type: 'object',
        properties: {
          data: { type: 'array', items: list.itemSchema },
          page: { type: 'integer' },
          limit: { type: 'integer' },
          total: { type: 'integer' },
        },
        required: ['data', 'page', 'limit', 'total'],
      },
    },
  };
}

/** GET /v1/region/* reference lists: `{ data, page, limit, total }`, from an in-memory copy of each table. */
export async function regionRoutes(app: FastifyInstance): Promise<void> {
  const cache = createReferenceCache(app.db);
  app.referenceChanges.subscribe(REGION_LISTS.map((list) => list.table), (tables) => cache.forget(tables));
  for (const list of REGION_LISTS) {
    const filterKey = list.filter ? camelToRow(list) : null;
    app.get(list.path, { schema: schemaFor(list) }, async (request, reply) => {
      const query = request.query as ListQuery;
      let rows = await cache.rows(list);
      const wanted = list.filter ? query[list.filter.param] : undefined;
      if (filterKey && wanted !== undefined) rows = rows.filter((r) => r[filterKey] === wanted);
      const q = list.search && query.q !== undefined ? normalizeText(query.q) : '';
      if (q !== '') rows = rows.filter((r) => (r.__busqueda ?? '').includes(q));
      const start = (query.page - 1) * query.limit;
      // Public, non-personal data: let browsers and proxies keep it for five minutes.
      void reply.header('cache-control', 'public, max-age=300');
      return { data: rows.slice(start, start + query.limit), page: query.page, limit: query.limit, total: rows.length };
    });
  }
}

/** The API (camelCase) name of a list's filter column, as the SELECT aliases it. */
function camelToRow(list: RegionList): string {
  const column = list.filter?.column ?? '';
  const alias = new RegExp(`${column} AS "([^"]+)"`).exec(list.select);
  return alias ? alias[1] : column;
}
