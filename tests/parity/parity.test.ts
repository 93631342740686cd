/**
 * Parity: for generated application data, the server's verdict (POST
 * /v1/portals/formalizaciones/validate, real HTTP stack on the embedded
 * database, Ajv compiling at run time) equals the verdict of the engine's
 * browser build (validators precompiled at build time) running in Chromium
 * under a Content Security Policy without 'unsafe-eval'. The same holds for
 * the lookups (x-lookup) the browser re-runs and the server runs on submit:
 * same fields asked, same URLs, same verdicts and the same registry values filled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  lookupTasks, runLookups, todayInDominicanRepublic, withLookupFills, type FormSchema, type LookupAnswer,
} from '../../packages/form-engine/src/index';
import { arbitraryFor } from '../../packages/form-engine/test/arbitraryData';
import { buildTestApp, type TestApp } from '../../packages/server/test/buildTestApp';
import { DEMO, bearer, login } from '../../packages/server/test/helpers';
import { SANDBOX_JCE_CITIZENS, SANDBOX_ONAPI_CERTIFICATES, SANDBOX_ONAPI_NAMES } from '../../packages/server/src/agencies/sandbox/sandboxData';
import { launchChromium } from '../support/browser';
import { engineBrowserBundle } from '../support/engineBrowserBundle';

const schema = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../schemas/formalizacion/schema.json'), 'utf8')) as FormSchema;
let browser: Browser;
let page: Page;
let server: TestApp;
let token: string;

beforeAll(async () => {
  const [code, b, s] = await Promise.all([engineBrowserBundle(), launchChromium(), buildTestApp()]);
  browser = b;
  server = s;
  page = await browser.newPage();
  // The portal's policy forbids eval: the engine must run on its precompiled validators.
  await page.setContent(`<!doctype html><html lang="es"><head><meta http-equiv="Content-Security-Policy" content="script-src 'unsafe-inline'"></head><body></body></html>`);
  await page.addScriptTag({ content: code });
  token = await login(server.app, DEMO.cedula, DEMO.password);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('server and browser give the same verdict', () => {
  it('on the fixtures and 300 generated applications (plus hostile shapes)', async () => {
    const fixturesDir = resolve(import.meta.dirname, '../../schemas/formalizacion/fixtures');
    const fixtures = ['valid', 'invalid'].flatMap((kind) =>
      readdirSync(resolve(fixturesDir, kind)).map((f) => JSON.parse(readFileSync(resolve(fixturesDir, kind, f), 'utf8')).data as unknown));
    const cases: unknown[] = [
      ...fixtures,
      ...fc.sample(arbitraryFor(schema), { numRuns: 250, seed: 20261123 }),
      ...fc.sample(arbitraryFor(schema, { wild: true }), { numRuns: 50, seed: 7 }),
    ];
    const today = todayInDominicanRepublic();
    const inBrowser = await page.evaluate(
      ({ form, list, day }) => {
        const engine = (window as unknown as { FormEngine: { check: (f: unknown, d: unknown, c: unknown) => { valid: boolean; errors: unknown[] } } }).FormEngine;
        return list.map((d) => {
          const r = engine.check(form, d, { today: day });
          return { valid: r.valid, errors: r.errors };
        });
      },
      { form: schema, list: cases, day: today },
    );
    let invalid = 0;
    for (let i = 0; i < cases.length; i++) {
      const res = await server.app.inject({ method: 'POST', url: '/v1/portals/formalizaciones/validate', headers: bearer(token), payload: { data: cases[i] } });
      expect(res.statusCode).toBe(200);
      expect(res.json(), `caso ${i}`).toEqual(inBrowser[i]);
      if (!inBrowser[i].valid) invalid++;
    }
    // The generated data must exercise errors, or the comparison proves little.
    expect(invalid).toBeGreaterThan(100);
  }, 120_000);
});

/** Every online service's form (the catalogue's `formulario`), the formalization apart (above, with more cases). */
const ONLINE_FORMS = [...new Set(
  (JSON.parse(readFileSync(resolve(import.meta.dirname, '../../packages/server/src/db/reference/catalogo/servicios.json'), 'utf8')) as { formulario?: string | null }[])
    .flatMap((s) => (s.formulario && s.formulario !== 'formalizacion' ? [s.formulario] : [])),
)];

describe('every online service\'s form gives the same verdict in the browser and on the server', () => {
  it('there are online services besides the formalization', () => {
    expect(ONLINE_FORMS.length).toBeGreaterThanOrEqual(3);
  });

  it.each(ONLINE_FORMS)('%s: on its fixtures and 120 generated applications (plus hostile shapes)', async (name) => {
    const form = JSON.parse(readFileSync(resolve(import.meta.dirname, `../../schemas/${name}/schema.json`), 'utf8')) as FormSchema;
    const fixturesDir = resolve(import.meta.dirname, `../../schemas/${name}/fixtures`);
    const cases: unknown[] = [
      ...['valid', 'invalid'].flatMap((kind) => readdirSync(resolve(fixturesDir, kind)).map((f) => JSON.parse(readFileSync(resolve(fixturesDir, kind, f), 'utf8')).data as unknown)),
      ...fc.sample(arbitraryFor(form), { numRuns: 100, seed: 20261124 }),
      ...fc.sample(arbitraryFor(form, { wild: true }), { numRuns: 20, seed: 11 }),
    ];
    const today = todayInDominicanRepublic();
    const inBrowser = await page.evaluate(
      ({ schema: f, list, day }) => {
        const engine = (window as unknown as { FormEngine: { check: (f: unknown, d: unknown, c: unknown) => { valid: boolean; errors: unknown[] } } }).FormEngine;
        return list.map((d) => {
          const r = engine.check(f, d, { today: day });
          return { valid: r.valid, errors: r.errors };
        });
      },
      { schema: form, list: cases, day: today },
    );
    let invalid = 0;
    for (let i = 0; i < cases.length; i++) {
      const res = await server.app.inject({ method: 'POST', url: `/v1/portals/solicitudes-en-linea/${name}/validate`, headers: bearer(token), payload: { data: cases[i] } });
      // A hostile shape with a prototype key is refused whole by the server's JSON parser (400) before any rule runs.
      if (res.statusCode === 400 && /"(__proto__|constructor)"\s*:/.test(JSON.stringify(cases[i]))) continue;
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json(), `${name}, caso ${i}`).toEqual(inBrowser[i]);
      if (!inBrowser[i].valid) invalid++;
    }
    expect(invalid).toBeGreaterThan(20);
  }, 120_000);
});

type Row = Record<string, any>;
const isRow = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Generated data with registry values in the lookup fields (known, unknown, expired, taken), so the lookups fill and refuse. */
function withRegistryValues(data: unknown, i: number): unknown {
  if (!isRow(data)) return data;
  const pick = <T>(list: readonly T[], n: number): T => list[n % list.length];
  const cedulas = [...SANDBOX_JCE_CITIZENS.map((p) => p.cedula), '40212345678', '40212345673'];
  if (isRow(data.datos_solicitante)) data.datos_solicitante.cedula = pick(cedulas, i);
  if (isRow(data.datos_representante)) data.datos_representante.cedula = pick(cedulas, i + 3);
  if (Array.isArray(data.propietario_socios)) data.propietario_socios.forEach((r, n) => isRow(r) && (r.numero_de_cedula = pick(cedulas, i + n)));
  if (isRow(data.datos_solicitud)) {
    data.datos_solicitud.numero_del_certificado_de_nombre_comercial = pick([...SANDBOX_ONAPI_CERTIFICATES.map((c) => c.numero), '999999'], i);
    data.datos_solicitud['nombre_de_la_empresa_o_razón_social'] = pick([...SANDBOX_ONAPI_NAMES, 'Dulces Doña Ana SRL'], i);
  }
  return data;
}

describe('server and browser run the lookups alike', () => {
  it('same fields, URLs, verdicts and registry values filled, on the fixtures and 120 generated applications', async () => {
    const fixturesDir = resolve(import.meta.dirname, '../../schemas/formalizacion/fixtures');
    const cases: unknown[] = [
      ...['valid', 'invalid'].flatMap((kind) => readdirSync(resolve(fixturesDir, kind)).map((f) => JSON.parse(readFileSync(resolve(fixturesDir, kind, f), 'utf8')).data as unknown)),
      ...fc.sample(arbitraryFor(schema), { numRuns: 120, seed: 31 }).map(withRegistryValues),
    ];
    const today = todayInDominicanRepublic();
    // The registry's answers, as the portal's own lookup routes give them to a signed-in citizen.
    const answers: Record<string, LookupAnswer> = {};
    for (const url of new Set(cases.flatMap((d) => lookupTasks(schema, d, { today }).flatMap((t) => (t.url ? [t.url] : []))))) {
      const res = await server.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(res.statusCode, url).toBeLessThan(500);
      answers[url] = { status: res.statusCode, body: res.json() };
    }
    const onServer = await Promise.all(cases.map(async (d) => {
      const verdicts = await runLookups(schema, d, async (url) => answers[url] ?? null, { today });
      return { verdicts, filled: isRow(d) ? withLookupFills(d, verdicts) : null };
    }));
    const inBrowser = await page.evaluate(
      async ({ form, list, day, registry }) => {
        type Engine = {
          runLookups: (f: unknown, d: unknown, a: (u: string) => Promise<unknown>, o: unknown) => Promise<unknown[]>;
          withLookupFills: (d: unknown, v: unknown[]) => unknown;
        };
        const engine = (window as unknown as { FormEngine: Engine }).FormEngine;
        return Promise.all(list.map(async (d) => {
          const verdicts = await engine.runLookups(form, d, async (url) => registry[url] ?? null, { today: day });
          return { verdicts, filled: typeof d === 'object' && d !== null && !Array.isArray(d) ? engine.withLookupFills(d, verdicts) : null };
        }));
      },
      { form: schema, list: cases, day: today, registry: answers },
    );
    let filled = 0;
    let refused = 0;
    for (let i = 0; i < cases.length; i++) {
      expect(JSON.parse(JSON.stringify(inBrowser[i])), `caso ${i}`).toEqual(JSON.parse(JSON.stringify(onServer[i])));
      filled += onServer[i].verdicts.filter((v) => v.valid && Object.keys(v.changes).length > 0).length;
      refused += onServer[i].verdicts.filter((v) => !v.valid).length;
    }
    // The cases must reach both outcomes, or the comparison proves little.
    expect(filled).toBeGreaterThan(50);
    expect(refused).toBeGreaterThan(50);
  }, 120_000);
});
