/**
 * `npm test`: every check of the project, with the wall time of each part.
 *
 * 1. At the same time (two cores; each of these is mostly one thread): the types (tsc), the lint
 *    (eslint), the schemas (form-engine lint) and the SPA build the browser tests serve (vite
 *    build, as it ships, into a temporary folder).
 * 2. Then vitest (every project), told where that build is (E2E_APP_DIR_ENV): the e2e project's
 *    global setup uses it instead of building again (tests/support/e2eGlobalSetup.ts).
 *
 * Arguments after `--` go to vitest (`npm test -- --project server`). Exits with the first
 * failing part's code after every part of the first step has finished.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => path.join(root, 'node_modules/.bin', name);
/** Read by tests/support/e2eGlobalSetup.ts. */
const E2E_APP_DIR_ENV = 'PORTAL_E2E_APP_DIR';

const seconds = (ms) => `${Math.round(ms / 1000)} s`;

/** Runs a command; its output is printed when it ends (parts running together do not interleave). */
function part(name, command, args) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', (error) => {
      output += `${error.message}\n`;
    });
    child.once('close', (code) => {
      const ok = code === 0;
      if (!ok || output.trim() !== '') process.stdout.write(`\n--- ${name} ---\n${output}`);
      console.log(`== ${name}: ${ok ? 'bien' : `falló (código ${code})`}, ${seconds(Date.now() - started)} ==`);
      resolve(code ?? 1);
    });
  });
}

const started = Date.now();
const appDir = mkdtempSync(path.join(tmpdir(), 'portal-test-app-'));
let code = 0;
try {
  const first = await Promise.all([
    part('tipos (tsc)', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']),
    part('lint (eslint)', bin('eslint'), ['.', '--max-warnings', '0']),
    part('esquemas (form-engine lint)', bin('form-engine'), ['lint']),
    // As it ships, by the same function the e2e project's global setup would call (tests/support/buildSpa.ts).
    part('aplicación compilada para las pruebas de navegador (vite build)', process.execPath, ['--import', 'tsx', 'tests/support/buildSpa.ts', appDir]),
  ]);
  code = first.find((c) => c !== 0) ?? 0;
  if (code === 0) {
    const extra = process.argv.slice(2);
    const tests = Date.now();
    code = await new Promise((resolve) => {
      const child = spawn(bin('vitest'), ['run', ...extra], { cwd: root, env: { ...process.env, [E2E_APP_DIR_ENV]: appDir }, stdio: 'inherit' });
      child.once('close', (c) => resolve(c ?? 1));
    });
    console.log(`== pruebas (vitest): ${code === 0 ? 'bien' : `fallaron (código ${code})`}, ${seconds(Date.now() - tests)} ==`);
  }
} finally {
  rmSync(appDir, { recursive: true, force: true });
}
console.log(`== npm test: ${seconds(Date.now() - started)} en total ==`);
process.exit(code);
