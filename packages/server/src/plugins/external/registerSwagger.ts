import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { STAFF_COOKIE } from '../app/registerStaffAuth';
import { installRouteContract } from './routeContract';

/**
 * OpenAPI document built from the route schemas, browsable at /docs. Call it
 * before the routes: each one is then held to its description at start-up
 * (operationId, and the security its hooks call for: routeContract.ts).
 */
export async function registerSwagger(app: FastifyInstance): Promise<void> {
  installRouteContract(app);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'API del Portal Ciudadano',
        description: 'Consultas de registros (JCE, ONAPI, DGII, INAPA), datos de referencia, cuenta del ciudadano y documentos.',
        version: '0.1.0',
        // The repository states no license: the terms are the Government's, on the portal's «Términos de uso» page
        // (a relative URL, as OpenAPI allows: resolved against the server below).
        license: { name: 'Uso del Gobierno de la República Dominicana', url: '/terminos' },
      },
      // The document is served by the portal itself: its addresses are relative to where it was read.
      servers: [{ url: '/', description: 'Este portal (las rutas empiezan por /v1 y /v2)' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'Token de sesión (del ciudadano o del personal de una institución) en Authorization: Bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'token', description: 'Cookie de sesión del ciudadano' },
          staffCookie: { type: 'apiKey', in: 'cookie', name: STAFF_COOKIE, description: 'Cookie de sesión del personal de una institución (solo /v1/backoffice)' },
        },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
}
