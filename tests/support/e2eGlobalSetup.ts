/**
 * Global setup of the e2e project, once for every test file of the run:
 * - the SPA built once (each file used to build its own, ~20 s each), handed to them as `e2eAppDir`
 *   (`npm test` builds it beforehand, beside the types and the lint, and names it in PORTAL_E2E_APP_DIR);
 * - one Chromium (a browser server) that every file connects to, handed as `chromiumEndpoint`,
 *   instead of a browser launched per file; each page still opens in a context of its own;
 * - the run's migrated and seeded database template (packages/server/test/databaseTemplate.ts).
 * All removed at the end.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { useDatabaseTemplate } from '../../packages/server/test/databaseTemplate';
import { launchChromiumServer } from './browser';
import { buildSpaInto } from './buildSpa';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built SPA of this run (tests/support/e2eGlobalSetup.ts). */
    e2eAppDir: string;
    /** The run's Chromium: where each file connects (tests/support/browser.ts). */
    chromiumEndpoint: string;
  }
}

/** Set by `npm test` (scripts/test.mjs), which builds the SPA while the types and the lint run. */
const PREBUILT_APP_ENV = 'PORTAL_E2E_APP_DIR';

/** The run's build: `npm test`'s, or one made now (and removed at the end). */
async function builtApp(): Promise<{ dir: string; remove(): Promise<void> }> {
  const prebuilt = process.env[PREBUILT_APP_ENV];
  if (prebuilt) return { dir: prebuilt, remove: async () => undefined };
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-e2e-app-'));
  await buildSpaInto(dir);
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [app, server, releaseTemplate] = await Promise.all([builtApp(), launchChromiumServer(), useDatabaseTemplate()]);
  project.provide('e2eAppDir', app.dir);
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return async () => {
    await server.close();
    await releaseTemplate();
    await app.remove();
  };
}
