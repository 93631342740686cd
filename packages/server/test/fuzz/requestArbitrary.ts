/**
 * A generated request for one route: path parameters and query string from the
 * route's schemas with edge values, a JSON body from its body schema (or
 * another type, another content type, raw bytes), as the demo citizen
 * (bearer or cookie) or anonymous, from one of several addresses.
 */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { anyEdge, edgeString, encodeText, toJsonText, toText, type Fuzzed } from './edgeValues';
import { fillPath, type RouteInfo } from './routeCatalog';
import { textFor, valueFor, type Schema } from './schemaArbitrary';

export interface FuzzSession {
  /** A live session token of the demo citizen. */
  token: string;
  /** Addresses the requests come from. */
  addresses: readonly string[];
}

/** A generated request, ready for app.inject, with a short description for failure reports. */
export interface FuzzRequest {
  options: InjectOptions;
  auth: 'bearer' | 'cookie' | 'none';
}

const withBody = (method: string) => method !== 'GET' && method !== 'HEAD';

/** Text in a URL: mostly percent-encoded, sometimes raw (stray %, slashes, dot segments). */
const urlText = (arb: fc.Arbitrary<Fuzzed>) =>
  fc.tuple(arb, fc.integer({ min: 0, max: 9 })).map(([value, roll]) => (roll === 0 ? toText(value).replace(/[^\x21-\x7e]|[#?]/g, '') : encodeText(toText(value))));

function queryArb(query: Record<string, Schema>): fc.Arbitrary<string> {
  const known = Object.entries(query).map(([name, schema]) =>
    fc.tuple(fc.integer({ min: 0, max: 9 }), fc.array(urlText(textFor(schema)), { minLength: 1, maxLength: 2 })).map(([roll, values]) =>
      roll < 6 ? values.map((v) => `${encodeURIComponent(name)}=${v}`) : [],
    ),
  );
  const extra = fc.array(fc.tuple(urlText(fc.oneof(edgeString, fc.constantFrom('__proto__', 'constructor', 'limit', 'page', 'q'))), urlText(anyEdge)), { maxLength: 2 });
  return fc.tuple(fc.tuple(...known), extra).map(([pairs, more]) => {
    const all = [...pairs.flat(), ...more.map(([k, v]) => `${k}=${v}`)];
    return all.length > 0 ? `?${all.join('&')}` : '';
  });
}

type Body = Pick<InjectOptions, 'payload'> & { contentType?: string };

function bodyArb(schema: Schema | undefined): fc.Arbitrary<Body> {
  const json = valueFor(schema).map((value): Body => ({ contentType: 'application/json', payload: toJsonText(value) }));
  const other = fc.oneof(
    fc.constant<Body>({}),
    fc.constant<Body>({ contentType: 'application/json', payload: '' }),
    anyEdge.map((v): Body => ({ contentType: 'application/json', payload: toJsonText(v) })),
    edgeString.map((s): Body => ({ contentType: 'text/plain', payload: s })),
    fc.constantFrom('application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/octet-stream', 'application/json; charset=latin1', '')
      .chain((contentType) => fc.uint8Array({ maxLength: 64 }).map((bytes): Body => ({ contentType, payload: Buffer.from(bytes) }))),
  );
  return fc.oneof({ weight: 8, arbitrary: json }, { weight: 2, arbitrary: other });
}

/** Requests for one route. `bodySchema` replaces the route's JSON body schema when the test knows more (see fuzzRoutes.test.ts). */
export function requestFor(route: RouteInfo, session: FuzzSession, bodySchema?: Schema): fc.Arbitrary<FuzzRequest> {
  const params = fc.tuple(...Object.entries(route.params).map(([name, schema]) => urlText(textFor(schema)).map((v) => [name, v] as const)));
  return fc
    .record({
      params,
      query: queryArb(route.query),
      body: withBody(route.method) ? bodyArb(bodySchema ?? route.body) : fc.constant<Body>({}),
      auth: fc.constantFrom<FuzzRequest['auth']>('bearer', 'bearer', 'cookie', 'none'),
      address: fc.constantFrom(...session.addresses),
    })
    .map(({ params: values, query, body, auth, address }) => {
      const headers: Record<string, string> = {};
      if (auth === 'bearer') headers.authorization = `Bearer ${session.token}`;
      if (auth === 'cookie') headers.cookie = `token=${session.token}`;
      if (body.contentType) headers['content-type'] = body.contentType;
      const url = fillPath(route.url, Object.fromEntries(values)) + query;
      const options: InjectOptions = { method: route.method as InjectOptions['method'], url, headers, remoteAddress: address };
      if (body.payload !== undefined) options.payload = body.payload;
      return { options, auth };
    });
}
