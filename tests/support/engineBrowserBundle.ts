/**
 * The form engine built for the browser the way the app builds it: validators
 * precompiled by formValidatorsPlugin, Ajv's run-time compiler swapped out. An
 * IIFE exposing window.FormEngine, kept in memory.
 */
import { resolve } from 'node:path';
import { build, type Rolldown } from 'vite';
import { formValidatorsPlugin } from '../../packages/form-engine/src/node/formValidatorsVitePlugin';

export async function engineBrowserBundle(): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    plugins: [formValidatorsPlugin()],
    resolve: { alias: [{ find: /^\.\/ajvRuntimeCompiler$/, replacement: resolve(import.meta.dirname, '../../packages/form-engine/src/validate/noRuntimeCompiler.ts') }] },
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      lib: { entry: resolve(import.meta.dirname, 'engineBrowserEntry.ts'), formats: ['iife'], name: 'FormEngine', fileName: 'form-engine' },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunk = outputs.flatMap((o) => o.output).find((o) => o.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error('la compilación del motor no produjo código');
  return chunk.code;
}
