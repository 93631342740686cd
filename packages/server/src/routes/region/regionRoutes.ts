import type { FastifyInstance } from 'fastify';
import { commonErrors, publicSecurity } from '../../http/commonSchemas';
import { wordMatcher } from '@portal/form-engine';
import { referenceTables, type ReferenceColumn, type ReferenceList, type ReferenceTableDescriptor } from '../../db/referenceTables';
import { createReferenceCache } from './referenceCache';
import { sendHeldCompressible } from '../../http/compressedBody';

export const MAX_LIMIT = 1000;

interface ListQuery {
  limit: number;
  page: number;
  q?: string;
  [filter: string]: number | string | undefined;
}

/** A reference table that feeds a /v1/region list. */
type Listed = ReferenceTableDescriptor & { list: ReferenceList };

/** The tables with a list, in route order. */
const listed = (): Listed[] => referenceTables().filter((d): d is Listed => d.list !== undefined);

/** The list's URL under /v1: the table's import name. */
export const regionPath = (descriptor: ReferenceTableDescriptor) => `/region/${descriptor.name}`;

const JSON_TYPES: Record<ReferenceColumn['type'], Record<string, unknown>> = {
  integer: { type: 'integer' },
  text: { type: 'string' },
  numeric: { type: 'number' },
  json: { type: 'array', items: { type: 'string' } },
};

/** The JSON schema of one row: every column, null allowed where the table allows it, and the search text of lists with ?q=. */
function itemSchema(columns: readonly ReferenceColumn[], search: boolean) {
  const properties: Record<string, unknown> = {};
  for (const c of columns) {
    const schema = JSON_TYPES[c.type];
    properties[c.key] = c.required ? schema : { ...schema, type: [schema.type, 'null'] };
  }
  if (search) {
    properties.busqueda = {
      type: 'string',
      description: 'Texto en que busca ?q= (sin tildes, en minúsculas); los formularios filtran la lista cargada con él y la misma regla.',
    };
  }
  return { type: 'object', properties, required: Object.keys(properties) };
}

function schemaFor({ columns, list }: Listed) {
  const properties: Record<string, unknown> = {
    limit: { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: MAX_LIMIT },
    page: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 },
  };
  for (const filter of list.filters ?? []) properties[filter] = { type: 'integer', minimum: 0, maximum: 2_147_483_647 };
  if (list.search) {
    properties.q = {
      type: 'string',
      maxLength: 100,
      description: 'Palabras a buscar, en cualquier orden, sin distinguir tildes ni mayúsculas; cada una debe ser el comienzo de una palabra de `busqueda`.',
    };
  }
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
          data: { type: 'array', items: itemSchema(columns, list.search === true) },
          page: { type: 'integer' },
          limit: { type: 'integer' },
          total: { type: 'integer' },
        },
        required: ['data', 'page', 'limit', 'total'],
      },
    },
  };
}

/** GET /v1/region/* reference lists: `{ data, page, limit, total }`, from an in-memory copy of each table (db/referenceTables.ts). */
export async function regionRoutes(app: FastifyInstance): Promise<void> {
  const cache = createReferenceCache(app.db);
  const tables = listed();
  app.referenceChanges.subscribe(tables.map((d) => d.table), (changed) => cache.forget(changed));
  for (const descriptor of tables) {
    const { list } = descriptor;
    app.get(regionPath(descriptor), { schema: schemaFor(descriptor) }, async (request, reply) => {
      const query = request.query as ListQuery;
      // Each filter is an integer column; its query parameter has the column's key as its name.
      // The cache answers from its index per filter (no scan of the table).
      let rows = await cache.matching(descriptor, query);
      // ?q=: every word, in any order, starts a word of the row's search text (accents and case ignored),
      // the rule the forms' searchable selects apply in the browser (@portal/form-engine's wordMatcher).
      if (list.search && query.q !== undefined && query.q.trim() !== '') {
        const matches = wordMatcher(query.q);
        rows = rows.filter((r) => matches(r.busqueda ?? ''));
      }
      const start = (query.page - 1) * query.limit;
      // Public, non-personal data: let browsers and proxies keep it for five minutes.
      void reply.header('cache-control', 'public, max-age=300');
      const answer = () => ({ data: rows.slice(start, start + query.limit), page: query.page, limit: query.limit, total: rows.length });
      // A list answered whole (a municipio's sectors) is serialized by the route's schema once, and its body kept with the cached rows.
      const whole = start === 0 && query.limit >= rows.length ? cache.wholeAnswer(rows, query.limit, () => reply.serialize(answer())) : null;
      // Compressed when large (once per copy of the list): the CIIU activities are 124 KB of JSON.
      if (whole !== null) return sendHeldCompressible(request, reply, rows, whole);
      return answer();
    });
  }
}
