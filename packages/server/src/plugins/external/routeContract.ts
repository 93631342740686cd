/**
 * What the OpenAPI document says of each API route, held to what the route
 * does, at start-up: every operation under /v1 and /v2 has an operationId
 * (unique, lowerCamelCase: the method name generated clients give the call)
 * and the `security` that the hooks it runs call for:
 * app.authenticate → citizenSecurity; app.authenticateStaff → staffSecurity;
 * neither → publicSecurity, or optionalSecurity for a route that uses a
 * session when one comes (http/commonSchemas.ts). A route that breaks this
 * stops the server from starting (ready() rejects) with the list of what to
 * fix. Routes hidden from the document (schema.hide: /docs, /health,
 * /metrics, the sandbox card page) and routes outside /v1 and /v2 are not checked.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { citizenSecurity, optionalSecurity, publicSecurity, staffSecurity } from '../../http/commonSchemas';

/** The API's addresses, which the OpenAPI document describes. */
const API_PATH = /^\/v[12](\/|$)/;
const OPERATION_ID = /^[a-z][a-zA-Z0-9]*$/;
/** The hooks that run before the handler: where a route's authentication sits. */
const GUARD_HOOKS = ['onRequest', 'preParsing', 'preValidation', 'preHandler'] as const;

interface Security {
  name: string;
  value: readonly object[];
}
const CITIZEN: Security = { name: 'citizenSecurity', value: citizenSecurity };
const STAFF: Security = { name: 'staffSecurity', value: staffSecurity };
const PUBLIC: Security = { name: 'publicSecurity', value: publicSecurity };
const OPTIONAL: Security = { name: 'optionalSecurity', value: optionalSecurity };

const asText = (value: unknown) => JSON.stringify(value);
const describe = (options: Security[]) => options.map((s) => `${s.name} ${asText(s.value)}`).join(' u ');

/** Every function of the route's own hooks that run before its handler. */
function hooksOf(route: RouteOptions): unknown[] {
  return GUARD_HOOKS.flatMap((name) => {
    const value: unknown = route[name];
    if (value === undefined || value === null) return [];
    return Array.isArray(value) ? value : [value];
  });
}

/** What is wrong with the routes' OpenAPI descriptions, one line per problem (empty when nothing is). */
export function routeContractProblems(app: FastifyInstance, routes: readonly RouteOptions[]): string[] {
  // Read now, not when the hook was installed: registerAuth and registerStaffAuth decorate the app after registerSwagger.
  const authenticate = app.hasDecorator('authenticate') ? app.authenticate : undefined;
  const authenticateStaff = app.hasDecorator('authenticateStaff') ? app.authenticateStaff : undefined;
  const problems: string[] = [];
  const operations = new Map<string, string>();
  for (const route of routes) {
    // HEAD routes (Fastify's copies of the GET ones) are not in the document.
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((method) => method !== 'HEAD');
    const schema = route.schema as { hide?: unknown; operationId?: unknown; security?: unknown } | undefined;
    if (methods.length === 0 || schema?.hide === true || !API_PATH.test(route.url)) continue;
    const where = `${methods.join(', ')} ${route.url}`;

    const id = schema?.operationId;
    if (typeof id !== 'string' || !OPERATION_ID.test(id)) {
      const what = id === undefined ? 'falta schema.operationId' : `schema.operationId ${asText(id)} no está en lowerCamelCase`;
      problems.push(`${where}: ${what} (el nombre de la llamada en los clientes generados: verbo y sustantivo en inglés, p. ej. listProvinces)`);
    } else {
      for (const method of methods) {
        const other = operations.get(id);
        if (other === undefined) operations.set(id, `${method} ${route.url}`);
        else problems.push(`${method} ${route.url}: schema.operationId "${id}" repetido (ya lo usa ${other}); cada operación necesita el suyo`);
      }
    }

    const hooks = hooksOf(route);
    const citizen = authenticate !== undefined && hooks.includes(authenticate);
    const staff = authenticateStaff !== undefined && hooks.includes(authenticateStaff);
    if (citizen && staff) {
      problems.push(`${where}: corre app.authenticate y app.authenticateStaff; una ruta es del ciudadano o del personal, no de ambos`);
      continue;
    }
    const allowed = citizen ? [CITIZEN] : staff ? [STAFF] : [PUBLIC, OPTIONAL];
    const reason = citizen
      ? 'corre app.authenticate (sesión del ciudadano)'
      : staff
        ? 'corre app.authenticateStaff (sesión del personal)'
        : 'no corre app.authenticate ni app.authenticateStaff (pública, o con sesión opcional)';
    const declared = schema?.security;
    if (declared === undefined) {
      problems.push(`${where}: falta schema.security; la ruta ${reason}: declare ${describe(allowed)}`);
    } else if (!allowed.some((s) => asText(s.value) === asText(declared))) {
      problems.push(`${where}: schema.security ${asText(declared)} no coincide con sus hooks; la ruta ${reason}: declare ${describe(allowed)}`);
    }
  }
  return problems;
}

/**
 * Installs the check: an onRoute hook, before any route is registered, keeps
 * each route's options; once every route and every other onRoute hook are in
 * (the back office's adds app.authenticateStaff to its routes), onReady checks
 * them and throws when a description is missing or disagrees.
 */
export function installRouteContract(app: FastifyInstance): void {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.addHook('onReady', async () => {
    const problems = routeContractProblems(app, routes);
    routes.length = 0;
    if (problems.length > 0) {
      throw new Error(`El documento OpenAPI no describe bien las rutas de la API; corrija su esquema (${problems.length}):\n- ${problems.join('\n- ')}`);
    }
  });
}
