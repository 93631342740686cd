/**
 * Builds the server for `npm run serve`: one ES module, dist/server/main.js,
 * run by plain node (no tsx at start). The workspace packages (@portal/*,
 * TypeScript sources) are bundled in; every other package stays in
 * node_modules and is imported from there at run time.
 *
 * Files that find their data folder from `import.meta.url` (migrations,
 * reference data, schemas/) keep finding it: their `import.meta.url` becomes
 * the URL of their source file, written relative to the bundle, so the repo
 * can be moved as a whole.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
// `--outdir <folder>` builds elsewhere (the tests build once per run into a temporary folder).
const outDirArg = process.argv.indexOf('--outdir');
const outDir = outDirArg > 0 ? path.resolve(process.argv[outDirArg + 1]) : path.join(root, 'dist/server');

/**
 * Everything outside the repo's own packages is external, imported at run time
 * from the very file esbuild resolved (a path relative to the bundle): a
 * workspace package may have its own version of a dependency in its own
 * node_modules (form-engine's Ajv), which a bare name from dist/ would miss.
 */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith('@portal/') || args.path.startsWith('node:') || args.pluginData === 'resolving') return undefined;
      const found = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: 'resolving' });
      if (found.errors.length > 0 || found.external || !path.isAbsolute(found.path)) return { path: args.path, external: true };
      const relative = path.relative(outDir, found.path).split(path.sep).join('/');
      return { path: relative.startsWith('.') ? relative : `./${relative}`, external: true };
    });
  },
};

/** `import.meta.url` in a bundled source file → that source file's URL, relative to the bundle. */
const sourceFileUrls = {
  name: 'source-file-urls',
  setup(b) {
    b.onLoad({ filter: /[\\/]packages[\\/].*\.ts$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const relative = path.relative(outDir, args.path).split(path.sep).join('/');
      return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`), loader: 'ts' };
    });
  },
};

await build({
  entryPoints: [path.join(root, 'packages/server/src/main.ts')],
  outfile: path.join(outDir, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages, sourceFileUrls],
});
console.log(`servidor compilado en ${path.relative(root, outDir) || '.'}/main.js`);
