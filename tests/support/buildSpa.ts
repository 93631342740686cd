/**
 * The SPA as it ships (the repo's vite.config.ts, production mode) built into
 * a folder, for the browser tests. The e2e project builds it once for the whole
 * run (e2eGlobalSetup.ts) instead of once per test file.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Runs `work` with NODE_ENV=production (Vitest sets NODE_ENV=test, which would give React's
 * development build: build what ships), then puts the variable back as it was. An unset
 * variable is deleted again: assigning undefined to process.env writes the text "undefined",
 * which made every later build in the process a development build.
 */
export async function asProduction<T>(work: () => Promise<T>): Promise<T> {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    return await work();
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

/**
 * Builds the SPA into `outDir` (emptied first). `precompress: false` leaves out the .br and .gz
 * files (~13 s of the build) for a build whose compressed files no test asks for.
 */
export async function buildSpaInto(outDir: string, { precompress = true } = {}): Promise<void> {
  const previous = process.env.SPA_PRECOMPRESS;
  if (!precompress) process.env.SPA_PRECOMPRESS = 'off';
  try {
    await buildAsShipped(outDir);
  } finally {
    if (previous === undefined) delete process.env.SPA_PRECOMPRESS;
    else process.env.SPA_PRECOMPRESS = previous;
  }
}

function buildAsShipped(outDir: string): Promise<void> {
  return asProduction(() => build({
    mode: 'production',
    configFile: path.join(REPO_ROOT, 'vite.config.ts'),
    // The config's root is relative ('app'): anchor it at the repo, whatever the cwd.
    root: path.join(REPO_ROOT, 'app'),
    build: { outDir, emptyOutDir: true },
    logLevel: 'silent',
  }).then(() => undefined));
}

// `node --import tsx tests/support/buildSpa.ts <folder>`: the same build from the command line
// (`npm test` runs it beside the types and the lint: scripts/test.mjs).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = process.argv[2];
  if (!outDir) {
    console.error('Uso: node --import tsx tests/support/buildSpa.ts <carpeta>');
    process.exit(2);
  }
  await buildSpaInto(path.resolve(outDir));
}
