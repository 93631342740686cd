/**
 * The citizen's session is structural: the routes that need it are registered
 * in one encapsulated context (routes/registerRoutes.ts, citizenRoutes) whose
 * onRoute hook puts app.authenticate first among each route's onRequest hooks,
 * as the back office does for staff. This file fails when a route declaring
 * citizenSecurity is registered outside that context (or a route inside it
 * declares anything else), when a route or plugin file brings app.authenticate
 * itself, and checks the mechanism on bare apps. Which routes answer 401 to an
 * anonymous caller is routeAccess.test.ts's matrix.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import Fastify, { type FastifyInstance, type FastifyRequest, type RouteOptions } from 'fastify';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { citizenSecurity, publicSecurity } from '../src/http/commonSchemas';
import { registerSwagger } from '../src/plugins/external/registerSwagger';
import { citizenRoutes, registerRoutes, requireCitizenSession } from '../src/routes/registerRoutes';
import { buildTestApp, type TestApp } from './buildTestApp';
import { startError } from './helpers';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
/** The files that may name app.authenticate: the citizen context, where it is defined, and the start-up check that reads it. */
const MAY_NAME_AUTHENTICATE = new Set(['routes/registerRoutes.ts', 'plugins/app/registerAuth.ts', 'plugins/external/routeContract.ts']);
/** The hooks that run before the handler (as routeContract.ts reads them). */
const GUARD_HOOKS = ['onRequest', 'preParsing', 'preValidation', 'preHandler'] as const;

const hookList = (value: unknown): unknown[] => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]);

/** Whether `instance` is the citizen context or a plugin registered inside it (Fastify's contexts inherit from their parent). */
function inCitizenContext(instance: FastifyInstance): boolean {
  for (let i: object | null = instance; i !== null; i = Object.getPrototypeOf(i) as object | null) {
    const name = (i as { pluginName?: unknown }).pluginName;
    if (typeof name === 'string' && name.split(' -> ').includes(citizenRoutes.name)) return true;
  }
  return false;
}

/** Where `text` names `authenticate` as a property (app.authenticate, { authenticate } = app), one line per place. */
function namesAuthenticate(fileName: string, text: string): number[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const lines: number[] = [];
  const visit = (node: ts.Node): void => {
    const named =
      (ts.isPropertyAccessExpression(node) && node.name.text === 'authenticate') ||
      (ts.isBindingElement(node) && (node.propertyName ?? node.name).getText(source) === 'authenticate');
    if (named) lines.push(source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return lines;
}

describe('las rutas del ciudadano, en un contexto con app.authenticate', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('una ruta declara citizenSecurity si y solo si está en el contexto del ciudadano, con app.authenticate primero y una sola vez', async () => {
    // The app's routes registered again on a bare instance with the app's decorators, where an
    // onRoute hook sees, for each route, the context it is registered in.
    const probe = Fastify({ logger: false });
    const own = new Set(Object.getOwnPropertyNames(probe));
    for (const name of Object.getOwnPropertyNames(t.app)) {
      if (!own.has(name)) probe.decorate(name, (t.app as unknown as Record<string, unknown>)[name]);
    }
    const seen: { route: RouteOptions; inside: boolean }[] = [];
    probe.addHook('onRoute', function (this: FastifyInstance, route) {
      seen.push({ route, inside: inCitizenContext(this) });
    });
    try {
      await registerRoutes(probe);
    } finally {
      await probe.close().catch(() => undefined);
    }

    const problems: string[] = [];
    let citizen = 0;
    for (const { route, inside } of seen) {
      const methods = hookList(route.method).filter((method) => method !== 'HEAD');
      if (methods.length === 0) continue;
      const where = `${methods.join(', ')} ${route.url}`;
      const schema = route.schema as { hide?: unknown; security?: unknown } | undefined;
      const declaresCitizen = schema?.hide !== true && isDeepStrictEqual(schema?.security, citizenSecurity);
      const onRequest = hookList(route.onRequest);
      const runs = GUARD_HOOKS.flatMap((name) => hookList(route[name])).filter((hook) => hook === t.app.authenticate).length;
      if (declaresCitizen && !inside) problems.push(`${where}: declara citizenSecurity y está fuera del contexto del ciudadano`);
      if (inside && !declaresCitizen) problems.push(`${where}: está en el contexto del ciudadano y no declara citizenSecurity`);
      if (inside && (onRequest[0] !== t.app.authenticate || runs !== 1)) problems.push(`${where}: app.authenticate no es su primer onRequest, o corre ${runs} veces`);
      if (!inside && runs > 0) problems.push(`${where}: corre app.authenticate fuera del contexto del ciudadano`);
      if (inside) citizen += 1;
    }
    expect(problems).toEqual([]);
    // The citizen's routes are there (about sixty /v1 operations): the probe saw the real tree.
    expect(citizen).toBeGreaterThan(50);
    expect(seen.length).toBeGreaterThan(citizen);
  });

  it('ningún archivo de rutas ni plugin añade app.authenticate por su cuenta (solo el contexto del ciudadano)', () => {
    const files = ['routes', 'plugins'].flatMap((dir) =>
      readdirSync(path.join(SRC, dir), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
        .map((file) => path.posix.join(dir, file.split(path.sep).join('/'))),
    );
    expect(files.length).toBeGreaterThan(40);
    const problems = files
      .filter((file) => !MAY_NAME_AUTHENTICATE.has(file))
      .flatMap((file) => namesAuthenticate(file, readFileSync(path.join(SRC, file), 'utf8')).map((line) => `src/${file}:${line}`));
    expect(problems, 'registre la ruta en el contexto del ciudadano (routes/registerRoutes.ts) en lugar de añadir app.authenticate').toEqual([]);
  });

  it('encuentra app.authenticate en un archivo (la prueba puede fallar)', () => {
    const sample = ["// app.authenticate in a comment does not count", 'app.get(url, { onRequest: app.authenticate }, h);', 'const { authenticate } = app;'].join('\n');
    expect(namesAuthenticate('muestra.ts', sample)).toEqual([2, 3]);
  });
});

/** A handler for the bare apps below. */
const ok = async () => ({ ok: true });

/**
 * A bare app in the order of buildApp (registerSwagger installs the start-up
 * check, then the two authentication hooks) with `routes` under /v1. Its
 * authenticate lets `Bearer ciudadano` through and answers anyone else 401;
 * `calls` records the hooks in the order they run. Answered inside an object:
 * a Fastify instance is thenable, and awaiting it would start it here.
 */
async function bareApp(routes: (v1: FastifyInstance) => Promise<void>, calls: string[] = []): Promise<{ app: FastifyInstance }> {
  const app = Fastify({ logger: false });
  await registerSwagger(app);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    calls.push('authenticate');
    if (request.headers.authorization !== 'Bearer ciudadano') throw Object.assign(new Error('Unauthenticated.'), { statusCode: 401 });
  });
  app.decorate('authenticateStaff', async () => undefined);
  void app.register(routes, { prefix: '/v1' });
  return { app };
}


describe('el contexto del ciudadano (requireCitizenSession)', () => {
  it('pone app.authenticate antes de los onRequest de la ruta: un anónimo recibe 401 y los demás hooks no corren', async () => {
    const calls: string[] = [];
    const { app } = await bareApp(async (v1) => {
      await v1.register(async (citizen) => {
        requireCitizenSession(citizen);
        const own = async () => {
          calls.push('propio');
        };
        citizen.get('/cuenta', { onRequest: own, schema: { operationId: 'getAccount', security: citizenSecurity } }, ok);
      });
    }, calls);
    try {
      await app.ready();
      const anonymous = await app.inject({ method: 'GET', url: '/v1/cuenta' });
      expect([anonymous.statusCode, calls]).toEqual([401, ['authenticate']]);
      calls.length = 0;
      const signedIn = await app.inject({ method: 'GET', url: '/v1/cuenta', headers: { authorization: 'Bearer ciudadano' } });
      expect([signedIn.statusCode, calls]).toEqual([200, ['authenticate', 'propio']]);
    } finally {
      await app.close();
    }
  });

  it('no arranca con una ruta que declara citizenSecurity fuera del contexto', async () => {
    const { app } = await bareApp(async (v1) => {
      v1.get('/cuenta', { schema: { operationId: 'getAccount', security: citizenSecurity } }, ok);
    });
    expect((await startError(app))?.message).toMatch(/GET \/v1\/cuenta: schema\.security .* no coincide con sus hooks; la ruta no corre app\.authenticate/);
  });

  it('no arranca con una ruta del contexto que añade app.authenticate por su cuenta', async () => {
    const { app } = await bareApp(async (v1) => {
      await v1.register(async (citizen) => {
        requireCitizenSession(citizen);
        citizen.get('/cuenta', { onRequest: citizen.authenticate, schema: { operationId: 'getAccount', security: citizenSecurity } }, ok);
      });
    });
    expect((await startError(app))?.message).toMatch(/GET \/v1\/cuenta: la ruta añade app\.authenticate/);
  });

  it('no arranca con una ruta pública dentro del contexto', async () => {
    const { app } = await bareApp(async (v1) => {
      await v1.register(async (citizen) => {
        requireCitizenSession(citizen);
        citizen.get('/lista', { schema: { operationId: 'listThings', security: publicSecurity } }, ok);
      });
    });
    expect((await startError(app))?.message).toMatch(/GET \/v1\/lista: schema\.security \[\] no coincide con sus hooks; la ruta corre app\.authenticate/);
  });
});
