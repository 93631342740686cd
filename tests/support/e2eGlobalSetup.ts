/**
 * Global setup of the e2e project, once for every test file of the run:
 * - the SPA built once (each file used to build its own, ~20 s each), handed to them as `e2eAppDir`;
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

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'portal-e2e-app-'));
  const [, server, releaseTemplate] = await Promise.all([buildSpaInto(outDir), launchChromiumServer(), useDatabaseTemplate()]);
  project.provide('e2eAppDir', outDir);
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return async () => {
    await server.close();
    await releaseTemplate();
    await rm(outDir, { recursive: true, force: true });
  };
}
