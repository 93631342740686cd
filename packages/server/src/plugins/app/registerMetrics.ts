import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { HttpError } from '../../http/HttpError';

/** Route label of answers that matched no route (never the raw URL: it may carry ids or personal data). */
const NO_ROUTE = 'sin_ruta';

function tokenMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const given = Buffer.from(header.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Prometheus metrics at `GET /metrics` (text format): the process' default
 * metrics and `http_request_duration_seconds` by method, route pattern and
 * status code. Opened by `Authorization: Bearer <METRICS_TOKEN>` (401
 * otherwise); without METRICS_TOKEN the route answers 404. A registry per app,
 * so several apps in one process do not register a metric twice.
 */
export function registerMetrics(app: FastifyInstance, token: string | null): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Duración de las solicitudes HTTP en segundos, por método, ruta y código de estado',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? NO_ROUTE;
    duration.observe({ method: request.method, route: request.is404 ? NO_ROUTE : route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });

  app.get('/metrics', { logLevel: 'warn', schema: { hide: true }, config: { pressureHandler: () => undefined } }, async (request, reply) => {
    if (token === null) throw new HttpError(404, 'Recurso no encontrado');
    if (!tokenMatches(request, token)) {
      void reply.header('www-authenticate', 'Bearer');
      throw new HttpError(401, 'Se requiere el token de métricas');
    }
    void reply.header('cache-control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });
}
