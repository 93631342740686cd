import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { TrustProxy } from '../../config';

/** A request id the portal accepts from a trusted proxy (anything else is replaced). */
export const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Header that carries the request id in and out. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** proxy-addr's keywords, as Fastify's trustProxy list understands them. */
const KEYWORDS: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

function addEntry(list: BlockList, entry: string): void {
  for (const item of KEYWORDS[entry] ?? [entry]) {
    const [address, prefix] = item.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
}

/** Whether the peer connected to this server is a proxy the configuration trusts (the same peers Fastify's trustProxy trusts). */
export function trustsPeer(trustProxy: TrustProxy): (address: string | undefined) => boolean {
  if (trustProxy === false) return () => false;
  if (typeof trustProxy === 'number') return () => trustProxy > 0;
  const list = new BlockList();
  for (const entry of trustProxy) addEntry(list, entry);
  return (address) => {
    if (!address) return false;
    const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
    const type = isIP(plain) === 6 ? 'ipv6' : 'ipv4';
    return isIP(plain) !== 0 && list.check(plain, type);
  };
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
