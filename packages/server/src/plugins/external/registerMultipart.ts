import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

/** Streaming multipart parser; one file per request, size capped while streaming. */
export async function registerMultipart(app: FastifyInstance, maxFileBytes: number): Promise<void> {
  await app.register(multipart, {
    // Keep the whole original file name (with any path) so the name rule sees what was sent.
    preservePath: true,
    limits: { fileSize: maxFileBytes, files: 1, fields: 10, fieldSize: 4096, parts: 12, headerPairs: 50 },
  });
}
