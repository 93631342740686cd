/**
 * Fuzz suite over every route the app serves (read from the app: new routes
 * are covered without being listed here). Bad input of any shape must get a
 * 4xx with a Spanish `{ message }`, never a 5xx. Replay a run with FUZZ_SEED.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_JCE_CITIZENS } from '../src/agencies/sandbox/sandboxData';
import { loadForm } from '@portal/form-engine/node';
import { createSession } from '../src/services/sessionStore';
import { submittableSrl } from './applicationData';
import { buildTestApp, type TestApp } from './buildTestApp';
import { anyEdge, edgeString, numericText, Raw, type Fuzzed, toJsonText } from './fuzz/edgeValues';
import { requestFor, type FuzzSession } from './fuzz/requestArbitrary';
import { routeCatalog, type RouteInfo } from './fuzz/routeCatalog';
import { failureReport, newTally, runOne, runPool } from './fuzz/runRequests';
import type { Schema } from './fuzz/schemaArbitrary';
import { bearer, DEMO, login, multipart, register, SAMPLE_FILES } from './helpers';

const formalizacionSchema = () => loadForm('formalizacion');

/** Generated requests over the route list; the multipart and submit parts below add to it. */
const GENERIC_REQUESTS = 10_000;
/** In flight at once: enough to overlap the event loop with the database, light on a shared 2-core machine. */
const PARALLEL = 4;
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
/** Allow-listed from the per-address rate limits, so requests reach the handlers; LIMITED meets the limits. */
const ADDRESSES = Array.from({ length: 48 }, (_, i) => `10.66.0.${i + 1}`);
const LIMITED = '10.66.1.1';
/** One number per kind of trouble: not finite (JSON 1e309), beyond 2^53, beyond int32, negative zero, a fraction. */
const NUMERIC_KINDS: Fuzzed[] = [new Raw('1e309'), 2 ** 53, 3e9, new Raw('-0'), 1.5];

let t: TestApp;
let session: FuzzSession;
let citizenId: number;
const tally = newTally();

beforeAll(async () => {
  t = await buildTestApp({ rateLimitAllowList: ADDRESSES });
  const token = await login(t.app, DEMO.cedula, DEMO.password);
  session = { token, addresses: [...ADDRESSES, LIMITED] };
  citizenId = (await t.app.inject({ method: 'GET', url: '/v1/portals/auth/citizens/me', headers: bearer(token) })).json().data.id;
  await uploadPdf(token);
  // A few drafts, so generated ids (small integers are among them) reach real rows.
  for (let i = 0; i < 3; i++) await t.app.inject({ method: 'POST', url: '/v1/portals/formalizaciones', headers: bearer(token), payload: { data: {} } });
});

/** Uploads a PDF as the token's citizen; returns its document id. */
async function uploadPdf(token: string): Promise<number> {
  const me = (await t.app.inject({ method: 'GET', url: '/v1/portals/auth/citizens/me', headers: bearer(token) })).json().data.id;
  const form = multipart([
    { name: 'citizen_profile_id', value: String(me) },
    { name: 'file', value: SAMPLE_FILES.pdf, filename: 'Estatutos.pdf', contentType: 'application/pdf' },
  ]);
  const upload = await t.app.inject({ method: 'POST', url: '/v1/portals/documents', payload: form.payload, headers: { ...form.headers, ...bearer(token) } });
  expect(upload.statusCode, upload.body).toBe(201);
  return upload.json().data.id;
}

afterAll(async () => {
  const parts = Object.entries(tally.parts).map(([k, v]) => `${k} ${v}`).join(', ');
  console.log(`fuzz: ${tally.requests} requests (${parts}); 5xx: ${tally.serverErrors}; other problems: ${tally.failures.length - tally.serverErrors}; seed ${SEED}`);
  await t?.close();
});

/**
 * The draft routes declare `data` as any object; it is the formalizacion form,
 * so its bodies are generated from the form's schema to reach the rules engine.
 */
function bodySchemaFor(route: RouteInfo): Schema | undefined {
  const body = route.body;
  if (!route.url.startsWith('/v1/portals/formalizaciones') || !body?.properties?.data) return body;
  return { ...body, properties: { ...body.properties, data: formalizacionSchema() } };
}

/** The logout route ends the session it is called with: each such call gets a session of its own. */
const endsSession = (route: RouteInfo) => route.method === 'POST' && route.url.endsWith('/logout');

describe('fuzz: every route, bad input never gives a 5xx', () => {
  it('generated path parameters, query strings and bodies on every route, signed in and anonymous', { timeout: 180_000 }, async () => {
    const routes = routeCatalog(t.app);
    expect(routes.length).toBeGreaterThan(25);
    // A HEAD route is its GET route without a body to check: a quarter of the requests.
    const weight = (r: RouteInfo) => (r.method === 'HEAD' ? 1 : 4);
    const total = routes.reduce((s, r) => s + weight(r), 0);
    const perRoute = routes.map((route, i) => {
      const numRuns = Math.ceil((GENERIC_REQUESTS * weight(route)) / total);
      return fc.sample(requestFor(route, session, bodySchemaFor(route)), { numRuns, seed: SEED + i }).map((request) => ({ route, request }));
    });
    // Round-robin over routes, so the requests in flight hit different routes.
    const jobs = Array.from({ length: Math.max(...perRoute.map((l) => l.length)) }, (_, i) => perRoute.flatMap((l) => (l[i] ? [l[i]] : []))).flat();
    expect(jobs.length).toBeGreaterThanOrEqual(GENERIC_REQUESTS);
    await runPool(jobs, PARALLEL, async ({ route, request }) => {
      const options = { ...request.options, headers: { ...(request.options.headers as Record<string, string>) } };
      if (endsSession(route) && request.auth !== 'none') {
        const own = await createSession(t.app.db, citizenId, 1);
        if (request.auth === 'bearer') options.headers.authorization = `Bearer ${own}`;
        else options.headers.cookie = `token=${own}`;
      }
      await runOne(t.app, tally, 'routes', `${route.method} ${route.url}`, options);
    });
    // The session survived the fuzzing: the signed-in requests really were signed in.
    expect((await t.app.inject({ method: 'GET', url: '/v1/portals/auth/citizens/me', headers: bearer(session.token) })).statusCode).toBe(200);
    expect(failureReport(tally.failures.filter((f) => !f.route.startsWith('upload') && !f.route.startsWith('submit')))).toBe('');
  });

  // The upload route reads a multipart form in its handler: the generic JSON fuzzing above reaches it only
  // with wrong content types, so its fields (citizen_profile_id, description, file name and content) are fuzzed here.
  it('multipart upload: generated fields, file names and contents', { timeout: 60_000 }, async () => {
    const text = fc.oneof(edgeString, numericText, fc.string({ maxLength: 20 }));
    const forms = fc.sample(
      fc.record({
        profile: fc.oneof(fc.constant(String(citizenId)), text),
        description: fc.option(text),
        fileName: fc.oneof(fc.constantFrom('Estatutos.pdf', 'foto.png', 'plano.dwg'), text.map((s) => `${s}.pdf`), text),
        content: fc.oneof(fc.constantFrom(...Object.values(SAMPLE_FILES)), fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b))),
        extra: fc.option(fc.tuple(fc.oneof(edgeString, fc.constant('file')), text)),
      }),
      { numRuns: 200, seed: SEED },
    );
    await runPool(forms, PARALLEL, async (f) => {
      const parts = [{ name: 'citizen_profile_id', value: f.profile }];
      if (f.description !== null) parts.push({ name: 'description', value: f.description });
      if (f.extra !== null) parts.push({ name: f.extra[0].replace(/"/g, ''), value: f.extra[1] });
      const body = multipart([...parts, { name: 'file', value: f.content, filename: f.fileName.replace(/["\r\n]/g, ''), contentType: 'application/pdf' }]);
      await runOne(t.app, tally, 'upload', 'upload POST /v1/portals/documents', {
        method: 'POST', url: '/v1/portals/documents', payload: body.payload, headers: { ...body.headers, ...bearer(session.token) }, remoteAddress: ADDRESSES[0],
      });
    });
    expect(failureReport(tally.failures.filter((f) => f.route.startsWith('upload')))).toBe('');
  });

  it('submit: a submittable application with one field set to an edge value', { timeout: 120_000 }, async () => {
    // A citizen of its own: the drafts the fuzzing above left open do not count against this one's limit.
    const person = SANDBOX_JCE_CITIZENS[9];
    await register(t.app, person.cedula, 'Clave-de-Prueba-Segura-7');
    const token = await login(t.app, person.cedula, 'Clave-de-Prueba-Segura-7');
    const base = submittableSrl(await uploadPdf(token));
    const headers = bearer(token);
    const newDraft = async () => (await t.app.inject({ method: 'POST', url: '/v1/portals/formalizaciones', headers, payload: { data: {} } })).json().data.id as number;
    // One draft per request in flight, saved over and submitted again (a citizen may keep only a few drafts open).
    const drafts = await Promise.all(Array.from({ length: PARALLEL }, newDraft));
    const submit = async (data: Fuzzed, label: string) => {
      const id = drafts.pop() as number;
      const call = (method: 'PUT' | 'POST', url: string, payload?: string) =>
        runOne(t.app, tally, 'submit', `submit ${label}`, {
          method, url, payload, remoteAddress: ADDRESSES[1], headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        });
      const saved = await call('PUT', `/v1/portals/formalizaciones/${id}`, toJsonText({ data }));
      const res = saved.statusCode === 200 ? await call('POST', `/v1/portals/formalizaciones/${id}/submit`) : saved;
      drafts.push(res.statusCode === 200 ? await newDraft() : id);
      return res;
    };
    // The unchanged application is accepted: each edge below is the only thing wrong with it.
    const unchanged = await submit(base, 'unchanged');
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    const leaves = leafPaths(base);
    // Every numeric field gets one value of each kind of numeric trouble; every other field one generated edge value.
    const cases = leaves.flatMap(({ path, value }, i) =>
      (typeof value === 'number' ? NUMERIC_KINDS : fc.sample(anyEdge, { numRuns: 1, seed: SEED + i })).map((edge) => ({ path, edge })),
    );
    await runPool(cases, PARALLEL, ({ path, edge }) => submit(setAt(base, path, edge), path.join('.')));
    expect(failureReport(tally.failures.filter((f) => f.route.startsWith('submit')))).toBe('');
  });
});

/** Paths of the scalar values of an application (grid rows included). */
function leafPaths(value: unknown, path: string[] = []): { path: string[]; value: unknown }[] {
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => leafPaths(v, [...path, k]));
  return [{ path, value }];
}

/** A copy of `data` with the value at `path` replaced. */
function setAt(data: Record<string, unknown>, path: string[], value: Fuzzed): Fuzzed {
  const copy = structuredClone(data) as Record<string, any>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key];
  node[path[path.length - 1]] = value;
  return copy as Fuzzed;
}
