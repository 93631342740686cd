import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../http/HttpError';

/** The Spanish answer of an overloaded server. */
export const OVERLOADED = 'El portal está atendiendo demasiadas solicitudes; intente de nuevo en unos segundos';

/** Seconds a client is told to wait (Retry-After) when the server is overloaded. */
export const OVERLOAD_RETRY_AFTER_S = 5;

/** The 503 the error handler answers when the server is overloaded. */
export class OverloadedError extends HttpError {
  constructor() {
    super(503, OVERLOADED);
  }
}

/**
 * Answers 503 with Retry-After and a Spanish message, instead of a slow answer
 * or a timeout, while the event loop lags more than `maxEventLoopDelayMs`
 * (0 leaves the plugin out). Routes with `config: { pressureHandler }` (the
 * health routes) keep answering. No status route of the plugin's own.
 */
export async function registerUnderPressure(app: FastifyInstance, maxEventLoopDelayMs: number, sampleIntervalMs?: number): Promise<void> {
  if (maxEventLoopDelayMs <= 0) return;
  await app.register(underPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    retryAfter: OVERLOAD_RETRY_AFTER_S,
    customError: OverloadedError,
    exposeStatusRoute: false,
    ...(sampleIntervalMs ? { sampleInterval: sampleIntervalMs } : {}),
  });
}
