/**
 * Every route of the app, read from the app itself: Fastify's route tree
 * (printRoutes, which also lists the routes hidden from the OpenAPI document,
 * such as /docs) joined with each route's schemas from the OpenAPI document.
 * A new route is fuzzed without anyone adding it to a list.
 */
import type { FastifyInstance } from 'fastify';
import type { Schema } from './schemaArbitrary';

export interface RouteInfo {
  method: string;
  /** Fastify pattern: /v1/portals/formalizaciones/:id, /docs/* */
  url: string;
  /** Path parameter name -> schema ({} when the route declares none). */
  params: Record<string, Schema>;
  /** Query parameter name -> schema. */
  query: Record<string, Schema>;
  /** JSON body schema, when the route declares one. */
  body?: Schema;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

/** Method and pattern of every route, from printRoutes' tree (each line's segment extends its parent's). */
export function routeList(app: FastifyInstance): { method: string; url: string }[] {
  const out: { method: string; url: string }[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    const url = (prefixes[depth - 1] ?? '') + match[2];
    prefixes[depth] = url;
    prefixes.length = depth + 1;
    for (const method of match[3]?.split(', ') ?? []) out.push({ method, url });
  }
  return out;
}

const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** Every route with the schemas of its path parameters, query and JSON body. */
export function routeCatalog(app: FastifyInstance): RouteInfo[] {
  const doc = app.swagger() as { paths?: Record<string, Record<string, OpenApiOperation>> };
  return routeList(app).map(({ method, url }) => {
    const op = doc.paths?.[toOpenApiPath(url)]?.[(method === 'HEAD' ? 'GET' : method).toLowerCase()];
    const params: Record<string, Schema> = {};
    const query: Record<string, Schema> = {};
    for (const name of url.match(/:([A-Za-z0-9_]+)/g) ?? []) params[name.slice(1)] = {};
    if (url.endsWith('*')) params['*'] = { type: 'string' };
    for (const p of op?.parameters ?? []) {
      if (p.in === 'path') params[p.name] = p.schema ?? {};
      if (p.in === 'query') query[p.name] = p.schema ?? {};
    }
    return { method, url, params, query, body: op?.requestBody?.content?.['application/json']?.schema };
  });
}

/** The URL of a route with its parameters filled in (values already encoded). */
export function fillPath(url: string, values: Record<string, string>): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => values[name] ?? '').replace(/\*$/, () => values['*'] ?? '');
}
