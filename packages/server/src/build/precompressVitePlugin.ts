import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** The text assets worth compressing (images other than SVG and fonts are compressed already). */
export const PRECOMPRESSED_EXTENSIONS = ['.js', '.css', '.html', '.svg', '.json'];

async function filesUnder(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    // Dot folders (.vite/manifest.json) are never served: not worth compressing.
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await filesUnder(full)));
    else if (PRECOMPRESSED_EXTENSIONS.includes(path.extname(entry.name))) found.push(full);
  }
  return found;
}

/** Writes `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9) beside `file`. */
export async function precompressFile(file: string): Promise<void> {
  const body = await readFile(file);
  const [br, gzipped] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gz(body, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
}

/** Precompresses every text asset in `dir` (recursively); returns how many files. */
export async function precompressFolder(dir: string): Promise<number> {
  const files = await filesUnder(dir);
  for (const file of files) await precompressFile(file);
  return files.length;
}

/**
 * Vite build plugin: once the bundle is written (the public folder included),
 * every .js, .css, .html, .svg and .json file of the output also gets a .br
 * and a .gz sibling. The server sends them as they are (registerStaticFiles,
 * `preCompressed`), so a citizen receives brotli without the server spending
 * CPU on each request, and at the highest quality, which is too slow to run
 * per request.
 */
export function precompressPlugin(): Plugin {
  return {
    name: 'portal:precompress',
    apply: 'build',
    writeBundle: {
      sequential: true,
      order: 'post',
      async handler(options) {
        if (options.dir) await precompressFolder(options.dir);
      },
    },
  };
}
