/**
 * Parity: for generated application data, the server's verdict (POST
 * /v1/portals/formalizaciones/validate, real HTTP stack on the embedded
 * database, Ajv compiling at run time) equals the verdict of the engine's
 * browser build (validators precompiled at build time) running in Chromium
 * under a Content Security Policy without 'unsafe-eval'.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { todayInDominicanRepublic, type FormSchema } from '../../packages/form-engine/src/index';
import { arbitraryFor } from '../../packages/form-engine/test/arbitraryData';
import { buildTestApp, type TestApp } from '../../packages/server/test/buildTestApp';
import { DEMO, bearer, login } from '../../packages/server/test/helpers';
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
