/**
 * The server's logger (pino through Fastify). Every URL that reaches a log
 * line goes through redactLogUrl.ts: the request's (`req.url`), the ones an
 * error's message and stack quote (`err`, e.g. Fastify's "Reply was already
 * sent … /ruta?…"), and the ones a message quotes. Credentials in headers are
 * never logged. The authenticated actor's id is added to each request's
 * lines by the authentication hooks (plugins/app/requestActor.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { LogLevel } from '../config';
import { redactLogText, redactLogUrl } from './redactLogUrl';

/** pino's shape of a logged error. */
interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** pino's error shape (type, message, stack, own fields, cause) with every URL in its texts redacted. */
export function serializeLoggedError(error: Error, depth = 0): SerializedError {
  const message = redactLogText(String(error.message));
  // The stack starts with "Name: message": the message part is redacted, the file paths below it are kept.
  const stack = typeof error.stack !== 'string' ? '' : error.message === '' ? error.stack : error.stack.replace(error.message, () => message);
  const out: SerializedError = { type: error.name, message, stack };
  for (const [key, value] of Object.entries(error)) {
    if (key === 'message' || key === 'stack') continue;
    if (typeof value === 'string') out[key] = redactLogText(value);
    else if (typeof value === 'number' || typeof value === 'boolean' || value === null) out[key] = value;
  }
  const cause: unknown = error.cause;
  if (cause instanceof Error && depth < 3) out.cause = serializeLoggedError(cause, depth + 1);
  else if (typeof cause === 'string') out.cause = redactLogText(cause);
  return out;
}

export function loggerOptions(level: LogLevel, stream: { write(line: string): void } | undefined) {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactLogUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
      err: (error: Error) => serializeLoggedError(error),
    },
    hooks: {
      /** A message that quotes a URL (Fastify's "Route GET:/… not found", "Reply was already sent … /…") is redacted too. */
      logMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void) {
        method.apply(this, args.map((arg) => (typeof arg === 'string' ? redactLogText(arg) : arg)));
      },
    },
  };
}
