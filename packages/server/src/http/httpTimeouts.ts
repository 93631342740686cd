/**
 * How long a client may take (issue 25 §1.2: a body sent a few bytes at a
 * time held its connection, and a file descriptor, for ever). Four bounds of
 * Node's HTTP server and one of ours:
 *
 * - headers: the request line and headers (`headersTimeout`);
 * - request: the whole request, uploads included (`requestTimeout`): long
 *   enough for a 50 MB document at 256 kbit/s;
 * - body: the body of any other request (JSON, forms, at most 1 MB), much
 *   shorter, counted by {@link installBodyTimeout} from the headers' arrival;
 * - idle: silence on the connection (`server.setTimeout`), longer than the
 *   longest wait for an agency or the payment gateway;
 * - keep-alive: an idle connection between two requests (`keepAliveTimeout`).
 *
 * Past a bound the client gets 408 and the connection is closed. The values
 * are settings (configSchema.ts, HTTP_*_TIMEOUT_MS; docs/operations.md).
 */
import { STATUS_CODES, type ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { STATUS_MESSAGES } from './installErrorHandler';

export type HttpTimeouts = Config['httpTimeouts'];

/** Fastify's options for Node's server. Node checks headers and request times every `connectionsCheckingInterval`. */
export function httpServerTimeouts(timeouts: HttpTimeouts) {
  const headersTimeout = Math.min(timeouts.headersMs, timeouts.requestMs);
  const http: ServerOptions = {
    headersTimeout,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    // Node's default is 30 s, the granularity of both checks: a quarter of the shortest bound, at most 1 s.
    connectionsCheckingInterval: Math.max(25, Math.min(1000, Math.floor(headersTimeout / 4))),
  };
  return { connectionTimeout: timeouts.idleMs, keepAliveTimeout: timeouts.keepAliveMs, requestTimeout: timeouts.requestMs, http, clientErrorHandler };
}

/** A whole HTTP answer written on the socket (the connection is closed after it), with the portal's Spanish message. */
function rawAnswer(status: 400 | 408 | 431): string {
  const body = JSON.stringify({ message: STATUS_MESSAGES[status] });
  return [`HTTP/1.1 ${status} ${STATUS_CODES[status]}`, 'Connection: close', 'Content-Type: application/json; charset=utf-8', `Content-Length: ${Buffer.byteLength(body)}`, '', body].join('\r\n');
}

const TIMEOUT_RESPONSE = rawAnswer(408);

/**
 * Fastify's clientErrorHandler: what Node's server reports before a request reaches Fastify (headers or
 * request too slow, headers too large, malformed HTTP), answered as Fastify's default does but in Spanish.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  if (socket.writable) socket.write(rawAnswer(status));
  socket.destroy(error);
}

/**
 * A request with a body that is not an upload (`multipart/form-data`, bounded
 * by the request time) must have sent all of it `ms` after its headers; if
 * not, 408 and the connection is closed.
 */
export function installBodyTimeout(app: FastifyInstance, ms: number): void {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    const hasBody = raw.headers['transfer-encoding'] !== undefined || Number(raw.headers['content-length'] ?? 0) > 0;
    if (!hasBody || raw.complete || /^multipart\//i.test(raw.headers['content-type'] ?? '')) {
      done();
      return;
    }
    const timer = setTimeout(() => {
      if (raw.complete || reply.raw.headersSent) return;
      request.log.info({ bodyTimeoutMs: ms }, 'el cuerpo de la solicitud no llegó a tiempo: 408 y conexión cerrada');
      const socket = raw.socket;
      if (!socket.destroyed) socket.end(TIMEOUT_RESPONSE, () => socket.destroy());
    }, ms);
    timer.unref();
    const clear = () => clearTimeout(timer);
    raw.once('end', clear);
    reply.raw.once('close', clear);
    done();
  });
}
