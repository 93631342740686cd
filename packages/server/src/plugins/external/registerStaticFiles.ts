import { stat } from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

async function isDirectory(dir: string): Promise<boolean> {
  try {
    return (await stat(dir)).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Serves the built SPA from `dir` when that folder exists. Returns whether it
 * does, so the not-found handler can fall back to index.html.
 */
export async function registerStaticFiles(app: FastifyInstance, dir: string): Promise<boolean> {
  if (!(await isDirectory(dir))) return false;
  // wildcard: false registers one route per file found at start (the build output does
  // not change while running), so unknown paths go straight to the not-found handler.
  await app.register(fastifyStatic, { root: dir, index: ['index.html'], maxAge: '1h', wildcard: false });
  return true;
}
