import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';

/** Cookie parsing and reply.setCookie (the session token cookie). */
export async function registerCookie(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
}
