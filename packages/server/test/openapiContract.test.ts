/**
 * The OpenAPI document lints clean with Redocly's recommended rules, which the
 * client generators of institutions and mobile apps rely on (an operationId on
 * every operation, security declared on every one, a server, a license, a 4xx
 * answer...), and the start-up check (src/plugins/external/routeContract.ts)
 * refuses to start an app whose route descriptions disagree with the routes.
 */
import { createConfig, lintFromString } from '@redocly/openapi-core';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { citizenSecurity, optionalSecurity, publicSecurity, staffSecurity } from '../src/http/commonSchemas';
import { registerSwagger } from '../src/plugins/external/registerSwagger';
import { buildTestApp, type TestApp } from './buildTestApp';
import { startError } from './helpers';

/** Recommended rules turned off, each with its reason. None: the document meets every one. */
const RULES_OFF: Record<string, string> = {};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('documento OpenAPI con las reglas recomendadas de Redocly', () => {
  it('no tiene ningún problema', async () => {
    const config = await createConfig({
      extends: ['recommended'],
      rules: Object.fromEntries(Object.keys(RULES_OFF).map((rule) => [rule, 'off'])),
    });
    const problems = await lintFromString({ source: JSON.stringify(t.app.swagger()), absoluteRef: '/openapi.json', config });
    const lines = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? 'sin ubicación'})`);
    expect(lines, `${problems.length} problemas de Redocly`).toEqual([]);
  });

  it('el personal entra con Bearer o con su propia cookie, staff_token', () => {
    const doc = t.app.swagger() as unknown as {
      components: { securitySchemes: Record<string, unknown> };
      paths: Record<string, Record<string, { security?: unknown }>>;
    };
    expect(doc.components.securitySchemes.staffCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'staff_token' });
    expect(doc.paths['/v1/backoffice/requests'].get.security).toEqual(staffSecurity);
    expect(doc.paths['/v1/backoffice/auth/login'].post.security).toEqual(publicSecurity);
  });

  it('las dos direcciones de las solicitudes en línea tienen cada una su operationId', () => {
    const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, { operationId?: string }>> };
    expect(doc.paths['/v1/portals/formalizaciones'].post.operationId).toBe('createFormalizationDraft');
    expect(doc.paths['/v1/portals/solicitudes-en-linea/{form}'].post.operationId).toBe('createOnlineApplicationDraft');
    expect(doc.paths['/v1/portals/solicitudes-en-linea/{form}/{id}/submit'].post.operationId).toBe('submitOnlineApplication');
  });

  it('GET /v1/portals/shell-config da el 400 que declara', async () => {
    const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    expect(Object.keys(doc.paths['/v1/portals/shell-config'].get.responses)).toContain('400');
    // A query string the database could not store: installInputGuard answers it on every route.
    const res = await t.app.inject({ method: 'GET', url: '/v1/portals/shell-config?x=%00' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: expect.any(String) });
  });
});

/** A handler for the routes of the bare apps below. */
const ok = async () => ({ ok: true });

/**
 * A bare app in the order of buildApp: registerSwagger, then the two
 * authentication hooks, then `routes` under /v1. ready() runs the start-up check.
 */
async function bareApp(routes: (v1: FastifyInstance) => void): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await registerSwagger(app);
  app.decorate('authenticate', async () => undefined);
  app.decorate('authenticateStaff', async () => undefined);
  await app.register(async (v1) => routes(v1), { prefix: '/v1' });
  return app;
}


describe('comprobación de las rutas al arrancar', () => {
  it('arranca cuando cada ruta declara su operationId y la seguridad de sus hooks', async () => {
    const app = await bareApp((v1) => {
      v1.get('/cuenta', { onRequest: v1.authenticate, schema: { operationId: 'getAccount', security: citizenSecurity } }, ok);
      v1.get('/oficina', { onRequest: [v1.authenticateStaff], schema: { operationId: 'getOffice', security: staffSecurity } }, ok);
      v1.get('/lista', { schema: { operationId: 'listThings', security: publicSecurity } }, ok);
      v1.post('/aviso', { schema: { operationId: 'sendNotice', security: optionalSecurity } }, ok);
      // Hidden from the document: no description to check.
      v1.get('/oculta', { schema: { hide: true } }, ok);
    });
    expect(await startError(app)).toBeNull();
  });

  it('no arranca con una ruta que corre app.authenticate y declara security: []', async () => {
    const app = await bareApp((v1) => {
      v1.get('/cuenta', { onRequest: v1.authenticate, schema: { operationId: 'getAccount', security: publicSecurity } }, ok);
    });
    expect((await startError(app))?.message).toMatch(
      /GET \/v1\/cuenta: schema\.security \[\] no coincide con sus hooks; la ruta corre app\.authenticate \(sesión del ciudadano\): declare citizenSecurity/,
    );
  });

  it('no arranca con una ruta de /v1 sin operationId', async () => {
    const app = await bareApp((v1) => {
      v1.get('/lista', { schema: { security: publicSecurity } }, ok);
    });
    expect((await startError(app))?.message).toMatch(/GET \/v1\/lista: falta schema\.operationId/);
  });

  it('no arranca sin schema.security, con un operationId repetido, ni con la sesión del ciudadano en una ruta del personal', async () => {
    const app = await bareApp((v1) => {
      v1.get('/a', { schema: { operationId: 'listThings' } }, ok);
      v1.get('/b', { schema: { operationId: 'listThings', security: publicSecurity } }, ok);
      v1.get('/oficina', { onRequest: v1.authenticateStaff, schema: { operationId: 'getOffice', security: citizenSecurity } }, ok);
    });
    const message = (await startError(app))?.message ?? '';
    expect(message).toMatch(/GET \/v1\/a: falta schema\.security/);
    expect(message).toMatch(/GET \/v1\/b: schema\.operationId "listThings" repetido \(ya lo usa GET \/v1\/a\)/);
    expect(message).toMatch(/GET \/v1\/oficina: .*corre app\.authenticateStaff .*declare staffSecurity/);
  });
});
