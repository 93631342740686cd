/**
 * Global setup of the server project, once per run: the database template that every memory://
 * app starts from, and the server built as `npm run build` builds it (into a temporary folder),
 * which the tests that need a real server process start with plain node (serverProcess.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { useDatabaseTemplate } from './databaseTemplate';
import { BUILT_SERVER_ENV } from './serverProcess';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export default async function setup(): Promise<() => Promise<void>> {
  const releaseTemplate = await useDatabaseTemplate();
  const outDir = await mkdtemp(path.join(tmpdir(), 'portal-test-server-'));
  const build = spawnSync(process.execPath, ['scripts/buildServer.mjs', '--outdir', outDir], { cwd: repoRoot, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`No se pudo compilar el servidor para las pruebas:\n${build.stderr || build.stdout}`);
  process.env[BUILT_SERVER_ENV] = path.join(outDir, 'main.js');
  return async () => {
    delete process.env[BUILT_SERVER_ENV];
    await rm(outDir, { recursive: true, force: true });
    await releaseTemplate();
  };
}
