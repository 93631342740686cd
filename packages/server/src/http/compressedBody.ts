/**
 * Large answers sent compressed when the browser accepts it (Brotli, else
 * gzip): bodies that never change for a given key (a published form
 * version's JSON, its validators module), compressed once per key and kept;
 * a reference list answered whole (public data: the CIIU activities are
 * 124 KB of JSON), compressed once per cached copy of the list; and a
 * citizen's own draft, compressed on each answer. The API compresses
 * nothing else: most answers are small, and an answer that mixes a secret
 * with what someone else can make it say must not be compressed (BREACH).
 * These hold no secret (a draft holds what its owner typed; nobody else can
 * write to it). The form of the company application is 110 KB of JSON and
 * ~10 KB with gzip, a full draft ~36 KB: on a slow phone network, seconds.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Encoding = 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Bodies smaller than this go as they are (the headers would cost about as much as the saving). */
const MIN_BYTES = 1024;
/** Bodies kept (forms × versions × the body and its two encodings); the oldest goes first beyond it. */
const KEPT = 300;
const kept = new Map<string, Promise<Buffer>>();

/** The encoding to answer with: Brotli, else gzip, when the Accept-Encoding header accepts it (q > 0). */
export function chooseEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    accepted.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const wants = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (wants('br')) return 'br';
  if (wants('gzip')) return 'gzip';
  return null;
}

/** Kept bodies are compressed hard once; per-answer ones quickly (a few milliseconds at most). */
function compress(encoding: Encoding, body: Buffer, hard = true): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: hard ? 9 : 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipped(body, { level: hard ? 9 : 6 });
}

/** Keeps `make()` under `id` (the oldest goes first beyond KEPT). */
function keep(id: string, make: () => Promise<Buffer>): Promise<Buffer> {
  let entry = kept.get(id);
  if (!entry) {
    entry = make();
    entry.catch(() => kept.delete(id));
    kept.set(id, entry);
    if (kept.size > KEPT) kept.delete(kept.keys().next().value as string);
  }
  return entry;
}

/**
 * Sends the body `make` builds (the same for the same `key`, forever) with
 * `type`, compressed when the request accepts it; `Vary: Accept-Encoding`
 * always, since caches must keep each encoding apart. The body and each
 * encoding are built once per key: a request for a kept version costs a
 * lookup, not a serialization of 110 KB.
 */
export async function sendCompressible(request: FastifyRequest, reply: FastifyReply, key: string, make: () => Buffer, type: string): Promise<FastifyReply> {
  void reply.header('vary', 'accept-encoding').type(type);
  const body = await keep(`raw\n${key}`, async () => make());
  const encoding = body.length >= MIN_BYTES ? chooseEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(body);
  return reply.header('content-encoding', encoding).send(await keep(`${encoding}\n${key}`, () => compress(encoding, body)));
}

/**
 * Sends `payload` as the route's JSON answer (serialized by its response
 * schema, as Fastify would), compressed when it is large and the request
 * accepts it. For answers that change (a draft): nothing is kept.
 */
export async function sendJsonCompressible(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<FastifyReply> {
  const serialized = reply.serialize(payload);
  const body = typeof serialized === 'string' ? Buffer.from(serialized) : Buffer.from(serialized as Uint8Array);
  void reply.header('vary', 'accept-encoding').type('application/json; charset=utf-8');
  const encoding = body.length >= MIN_BYTES ? chooseEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(body);
  return reply.header('content-encoding', encoding).send(await compress(encoding, body, false));
}

/** Encodings of bodies that live as long as an object does (a reference list's cached rows): gone with it. */
type HeldBody = string | Uint8Array | ArrayBuffer;
const heldEncodings = new WeakMap<object, Map<Encoding, { body: HeldBody; encoded: Promise<Buffer> }>>();

/**
 * Sends `body` (JSON; the same while `holder` lives, as a cached list's serialized answer is for its
 * rows) compressed when it is large and the request accepts it; each encoding is made once per holder
 * and body, quickly (the holder is read again within minutes).
 */
export async function sendHeldCompressible(request: FastifyRequest, reply: FastifyReply, holder: object, body: HeldBody): Promise<FastifyReply> {
  void reply.header('vary', 'accept-encoding').type('application/json; charset=utf-8');
  const size = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
  const encoding = size >= MIN_BYTES ? chooseEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(body);
  let encodings = heldEncodings.get(holder);
  if (!encodings) heldEncodings.set(holder, (encodings = new Map()));
  let entry = encodings.get(encoding);
  if (entry?.body !== body) {
    const bytes = typeof body === 'string' ? Buffer.from(body) : Buffer.from(body instanceof ArrayBuffer ? new Uint8Array(body) : body);
    const made = { body, encoded: compress(encoding, bytes, false) };
    made.encoded.catch(() => encodings.get(encoding) === made && encodings.delete(encoding));
    encodings.set(encoding, made);
    entry = made;
  }
  return reply.header('content-encoding', encoding).send(await entry.encoded);
}
