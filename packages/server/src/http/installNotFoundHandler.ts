import type { FastifyInstance, FastifyRequest } from 'fastify';

const API_PREFIXES = ['/v1', '/docs'];

function wantsSpa(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const url = request.url.split('?')[0];
  if (API_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`))) return false;
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html');
}

/**
 * 404 `{ message: "Recurso no encontrado" }`, except that a browser navigation
 * outside /v1 and /docs gets the SPA's index.html (history fallback) when the
 * built app is served (precompressed like every other file, never cached
 * without revalidation: a deploy must reach open tabs).
 */
export function installNotFoundHandler(app: FastifyInstance, spa: boolean): void {
  app.setNotFoundHandler((request, reply) => {
    if (spa && wantsSpa(request)) {
      // Cache-Control (no-cache), Content-Encoding and Vary come from registerStaticFiles' options,
      // which sendFile applies after its own headers.
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.code(404).send({ message: 'Recurso no encontrado' });
  });
}
