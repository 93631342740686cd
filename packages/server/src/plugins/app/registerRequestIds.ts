import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { compile } from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';
import type { TrustProxy } from '../../config';

/** A request id the portal accepts from a trusted proxy (anything else is replaced). */
export const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Header that carries the request id in and out. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Whether the peer connected to this server is a proxy TRUST_PROXY trusts: Fastify's own rule
 * (proxy-addr, which Fastify uses for X-Forwarded-For), asked for the first hop. A hop count trusts
 * the peer when it is at least 1; false trusts no one.
 */
export function trustsPeer(trustProxy: TrustProxy): (address: string | undefined) => boolean {
  if (trustProxy === false) return () => false;
  if (typeof trustProxy === 'number') return () => trustProxy > 0;
  const trust = compile(trustProxy);
  return (address) => address !== undefined && trust(address, 0);
}

/**
 * Fastify's genReqId: the proxy's `x-request-id` when the peer is a trusted
 * proxy and the value is well formed, otherwise a new UUID. A client that
 * connects directly can never choose its id.
 */
export function requestIdGenerator(trustProxy: TrustProxy): (raw: IncomingMessage) => string {
  const trusted = trustsPeer(trustProxy);
  return (raw) => {
    const header = raw.headers[REQUEST_ID_HEADER];
    if (typeof header === 'string' && REQUEST_ID.test(header) && trusted(raw.socket?.remoteAddress)) return header;
    return randomUUID();
  };
}

/** Echoes the request id in the `x-request-id` header of every answer (errors, 404s and static files included). */
export function registerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
