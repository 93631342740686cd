import type { FastifyInstance } from 'fastify';
import { commonErrors } from '../../http/commonSchemas';
import { normalizeText } from '../../text/normalizeText';
import { REGION_LISTS, type RegionList } from './regionLists';

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

/** GET /v1/region/* reference lists: `{ data, page, limit, total }`. */
export async function regionRoutes(app: FastifyInstance): Promise<void> {
  for (const list of REGION_LISTS) {
    app.get(list.path, { schema: schemaFor(list) }, async (request) => {
      const query = request.query as ListQuery;
      const where: string[] = [];
      const params: unknown[] = [];
      if (list.filter && query[list.filter.param] !== undefined) {
        params.push(query[list.filter.param]);
        where.push(`${list.filter.column} = $${params.length}`);
      }
      const q = list.search && query.q !== undefined ? normalizeText(query.q) : '';
      if (q !== '') {
        params.push(q);
        where.push(`position($${params.length} in busqueda) > 0`);
      }
      const whereSql = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
      const [{ rows }, count] = await Promise.all([
        app.db.query(
          `SELECT ${list.select} FROM ${list.table} ${whereSql} ORDER BY ${list.orderBy} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
          [...params, query.limit, (query.page - 1) * query.limit],
        ),
        app.db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${list.table} ${whereSql}`, params),
      ]);
      return { data: rows, page: query.page, limit: query.limit, total: count.rows[0].total };
    });
  }
}
