import type { FastifyInstance } from 'fastify';

/** Filled by issue 13's work in progress. */
export async function transferPaymentRoutes(_app: FastifyInstance): Promise<void> {}
