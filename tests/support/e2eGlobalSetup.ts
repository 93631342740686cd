/**
 * Global setup of the e2e project: the SPA is built once for every test file
 * of the run (each file runs in its own process and used to build its own, ~20 s
 * each), handed to them as `e2eAppDir`, and removed at the end.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildSpaInto } from './buildSpa';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built SPA of this run (tests/support/e2eGlobalSetup.ts). */
    e2eAppDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'portal-e2e-app-'));
  await buildSpaInto(outDir);
  project.provide('e2eAppDir', outDir);
  return () => rm(outDir, { recursive: true, force: true });
}
