/** The form engine built for the browser (Vite library build, IIFE exposing window.FormEngine), in memory. */
import { resolve } from 'node:path';
import { build, type Rolldown } from 'vite';

export async function engineBrowserBundle(): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      lib: { entry: resolve(import.meta.dirname, '../../packages/form-engine/src/index.ts'), formats: ['iife'], name: 'FormEngine', fileName: 'form-engine' },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunk = outputs.flatMap((o) => o.output).find((o) => o.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error('la compilación del motor no produjo código');
  return chunk.code;
}
