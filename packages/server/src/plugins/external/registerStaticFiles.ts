import { stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Hashed build output: the name changes whenever the content does, so it can be kept for a year. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** HTML names the hashed files of the current deploy: the browser revalidates it on every use. */
export const HTML_CACHE = 'no-cache';
/** Anything else (favicon, files of the public folder): kept for a short while. */
export const SHORT_CACHE = 'public, max-age=3600';

// Vite writes `assets/<name>-<8-character hash>.<ext>` (build.assetsDir, default hash length).
const HASHED_ASSET = /^assets\/.+-[A-Za-z0-9_-]{8}\.[A-Za-z0-9]+$/;
const ENCODING_SUFFIX = /\.(br|gz)$/;

async function isDirectory(dir: string): Promise<boolean> {
  try {
    return (await stat(dir)).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The Cache-Control of a file of the build, given its path relative to the
 * static folder (a precompressed sibling counts as the file it encodes).
 */
export function cacheControlFor(relativePath: string): string {
  const logical = relativePath.split(path.sep).join('/').replace(ENCODING_SUFFIX, '');
  if (logical.endsWith('.html')) return HTML_CACHE;
  if (HASHED_ASSET.test(logical)) return IMMUTABLE_CACHE;
  return SHORT_CACHE;
}

/**
 * Serves the built SPA from `dir` when that folder exists. Returns whether it
 * does, so the not-found handler can fall back to index.html.
 *
 * The build writes `.br` and `.gz` beside each text asset (precompressVitePlugin):
 * `preCompressed` picks one by Accept-Encoding (br, then gzip, else the file
 * itself), with the original's Content-Type, the sibling's Content-Length and
 * `Vary: Accept-Encoding`. Cache-Control is set per file by setHeaders, which
 * also runs for `reply.sendFile` (the history fallback), after send's own
 * headers, so it is the one that stays.
 */
export async function registerStaticFiles(app: FastifyInstance, dir: string): Promise<boolean> {
  if (!(await isDirectory(dir))) return false;
  const root = path.resolve(dir);
  await app.register(fastifyStatic, {
    root,
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply: FastifyReply, filePath: string) => {
      reply.header('cache-control', cacheControlFor(path.relative(root, filePath)));
    },
    // wildcard: false registers one route per file found at start (the build output does
    // not change while running), so unknown paths go straight to the not-found handler.
    // The .br/.gz siblings get no routes of their own: they are reached through their file.
    wildcard: false,
    globIgnore: ['**/*.br', '**/*.gz'],
  });
  return true;
}
