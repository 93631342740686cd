/**
 * A mixed load of virtual users on the portal's API (plain node:http,
 * keep-alive, no load-testing package). Each user has an account prepared
 * beforehand (seedCitizens) and its own loopback source address (127.1.x.y:
 * Linux routes all of 127/8 to lo), so behind a proxy that sets
 * X-Forwarded-For every user is a client of its own for the per-address
 * limits. After a staggered start each user logs in, then loops with a little
 * think time over what a citizen does: a JCE lookup, municipios, the
 * catalogue (list and search), an upload, a formalization draft created and
 * autosaved, its submission and a sandbox ONAPI card payment. Every request
 * kind's count, latencies and answers are recorded, and every ACKNOWLEDGED
 * write (2xx received) for the checks that follow.
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { isDeepStrictEqual } from 'node:util';
import { isValidCedula } from '@portal/form-engine';
import { submittableSrl } from '../../packages/server/test/applicationData';
import { percentile } from '../bench/stats';

/** One prepared account. */
export interface LoadUser {
  index: number;
  cedula: string;
  email: string;
  password: string;
  /** The loopback address this user's connections come from. */
  address: string;
}

/** Figures of one request kind. */
export interface KindStats {
  count: number;
  latencies: number[];
  statuses: Record<string, number>;
  transportErrors: number;
}

export interface AckedDraft {
  id: number;
  citizenId: number;
  /** The content of the last save answered 2xx. */
  data: unknown;
  version: number;
  requestCode: string | null;
}

export interface AckedDocument {
  id: number;
  citizenId: number;
  token: string;
  sha256: string;
  size: number;
}

export interface AckedPayment {
  requestCode: string;
  applicationId: number;
}

/** Everything a run measured and every write the servers acknowledged. */
export interface LoadResult {
  seconds: number;
  kinds: Map<string, KindStats>;
  drafts: Map<number, AckedDraft>;
  documents: AckedDocument[];
  payments: AckedPayment[];
  /** Answers that were not the expected ones: "kind status message". */
  unexpected: string[];
  /** Writes whose answer was lost but that the server had done (seen afterwards): replays of a request retried after a server died. */
  replayed: string[];
  /** Card payments cut by a server's death mid-attempt (the retry answered 409 «Ya hay un pago en curso…»): not acknowledged. */
  interrupted: AckedPayment[];
  tokens: Map<number, string>;
}

export const LOAD_PASSWORD = 'Demo-Portal-2026';
export const APPROVED_CARD = { cardNumber: '4242424242424242', expDate: '12/39', cvv: '123' };
const PDF_HEAD = '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n';

/** Valid cédulas that the sandbox JCE does not know (accounts made for the load only). */
function loadCedulas(count: number, seed: number): string[] {
  const out: string[] = [];
  for (let n = 0; out.length < count; n++) {
    const first10 = `9${String(seed % 1000).padStart(3, '0')}${String(n).padStart(6, '0')}`;
    for (let d = 0; d <= 9; d++) {
      if (isValidCedula(`${first10}${d}`)) {
        out.push(`${first10}${d}`);
        break;
      }
    }
  }
  return out;
}

/** The loopback address of user `i` (127.1.0.1, 127.1.0.2, …). */
export const userAddress = (i: number) => `127.1.${Math.floor((i + 1) / 250)}.${((i + 1) % 250) + 1}`;

/** What seedCitizens needs of a database: pg's Client or the server's own Db (PGlite) both fit. */
export interface SqlRunner {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/**
 * Creates `count` accounts directly in the database, with the password hash
 * of the sandbox's demo citizen (whose password is LOAD_PASSWORD): as fast as
 * one INSERT, and what a registered and confirmed account is.
 */
export async function seedCitizens(db: SqlRunner, count: number): Promise<LoadUser[]> {
  const cedulas = loadCedulas(count, process.pid);
  const { rows } = await db.query<{ password_hash: string }>(`SELECT password_hash FROM citizens WHERE cedula = '40229183641'`);
  if (rows.length === 0) throw new Error('la base no tiene el ciudadano de demostración del sandbox');
  const users = cedulas.map((cedula, index) => ({ index, cedula, email: `carga${cedula}@example.com`, password: LOAD_PASSWORD, address: userAddress(index) }));
  await db.query(
    `INSERT INTO citizens (cedula, email, password_hash, nombres, apellidos)
     SELECT c, e, $3, 'Usuaria', 'De Carga' FROM unnest($1::text[], $2::text[]) AS t(c, e)`,
    [users.map((u) => u.cedula), users.map((u) => u.email), rows[0].password_hash],
  );
  return users;
}

/** Keys in a stable order, so two JSON values compare as the database returns them (jsonb reorders keys). */
export const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : value !== null && typeof value === 'object'
      ? Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical((value as Record<string, unknown>)[k])]))
      : value;

/** One HTTP answer. */
export interface Answer {
  status: number;
  body: Buffer;
  json<T>(): T;
}

/** A keep-alive client bound to one source address. */
export function client(localAddress?: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4, localAddress });
  const send = (method: string, url: string, headers: Record<string, string>, body?: Buffer | string): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body);
      const req = http.request(url, { method, agent, headers: { ...headers, ...(payload ? { 'content-length': String(payload.length) } : {}) }, timeout: 60_000 }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const buf = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, body: buf, json: <T>() => JSON.parse(buf.toString('utf8')) as T });
        });
        res.on('error', reject);
      });
      req.on('timeout', () => req.destroy(new Error('sin respuesta en 60 s')));
      req.on('error', reject);
      req.end(payload);
    });
  return { send, close: () => agent.destroy() };
}

/** A small, valid, unique PDF and its multipart body for POST /v1/portals/documents. */
export function pdfUpload(citizenId: number): { body: Buffer; headers: Record<string, string>; bytes: Buffer } {
  const bytes = Buffer.from(`${PDF_HEAD}% ${randomBytes(24).toString('hex')}\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`);
  const boundary = `----carga${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="citizen_profile_id"\r\n\r\n${citizenId}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="Estatutos.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, bytes, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export interface LoadOptions {
  baseUrl: string;
  users: LoadUser[];
  durationSeconds: number;
  /** Users start spread over this many seconds. */
  rampSeconds: number;
  /** Mean pause between a user's requests, ms (uniform between half and one and a half of it). */
  thinkMs: number;
  /** Called once a second with the elapsed seconds (the proof kills a server from here). */
  onTick?: (elapsed: number) => void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs the load; resolves when every user has finished its last iteration step after the duration. */
export async function runMixedLoad(options: LoadOptions): Promise<LoadResult> {
  const result: LoadResult = {
    seconds: 0, kinds: new Map(), drafts: new Map(), documents: [], payments: [], unexpected: [], replayed: [], interrupted: [], tokens: new Map(),
  };
  const started = performance.now();
  const end = started + options.durationSeconds * 1000;
  const ticker = setInterval(() => options.onTick?.(Math.round((performance.now() - started) / 1000)), 1000);
  const think = () => sleep(options.thinkMs * (0.5 + Math.random()));

  const kind = (name: string): KindStats => {
    let k = result.kinds.get(name);
    if (!k) result.kinds.set(name, (k = { count: 0, latencies: [], statuses: {}, transportErrors: 0 }));
    return k;
  };

  const runUser = async (user: LoadUser) => {
    await sleep((options.rampSeconds * 1000 * user.index) / options.users.length);
    const http = client(user.address);
    /** One timed request; null on a transport error (recorded). */
    const call = async (name: string, method: string, path: string, headers: Record<string, string>, body?: Buffer | string, expect = [200]): Promise<Answer | null> => {
      const k = kind(name);
      const t0 = performance.now();
      try {
        const answer = await http.send(method, `${options.baseUrl}${path}`, headers, body);
        k.count++;
        k.latencies.push(performance.now() - t0);
        k.statuses[answer.status] = (k.statuses[answer.status] ?? 0) + 1;
        if (!expect.includes(answer.status)) result.unexpected.push(`${name} ${answer.status} ${answer.body.toString('utf8').replace(/\s+/g, ' ').slice(0, 160)}`);
        return answer;
      } catch (error) {
        k.count++;
        k.transportErrors++;
        result.unexpected.push(`${name} error de transporte: ${(error as Error).message}`);
        return null;
      }
    };
    try {
      const json = { 'content-type': 'application/json' };
      const login = await call('login', 'POST', '/v1/portals/auth/citizens/login', json, JSON.stringify({ cedula: user.cedula, password: user.password }));
      if (login?.status !== 200) return;
      const token = login.json<{ token: string }>().token;
      const auth = { authorization: `Bearer ${token}` };
      const me = await call('perfil (me)', 'GET', '/v1/portals/auth/citizens/me', auth);
      if (me?.status !== 200) return;
      const citizenId = me.json<{ data: { id: number } }>().data.id;
      result.tokens.set(citizenId, token);
      let serial = 0;
      while (performance.now() < end) {
        serial++;
        await call('consulta JCE', 'GET', '/v1/jce/00104578232', auth);
        await think();
        await call('municipios', 'GET', `/v1/region/municipios?provinciaId=${1 + (serial % 30)}`, {});
        await think();
        await call('catálogo (lista)', 'GET', `/v1/portals/services?page=${1 + (serial % 3)}&per_page=12`, {});
        await think();
        await call('catálogo (búsqueda)', 'GET', `/v1/portals/services?q=${encodeURIComponent(['empresa', 'registro', 'licencia', 'certificado'][serial % 4])}`, {});
        await think();
        if (performance.now() >= end) break;

        const upload = pdfUpload(citizenId);
        const stored = await call('subida (PDF)', 'POST', '/v1/portals/documents', { ...auth, ...upload.headers }, upload.body, [201]);
        if (stored?.status !== 201) continue;
        const docId = stored.json<{ data: { id: number } }>().data.id;
        result.documents.push({ id: docId, citizenId, token, sha256: sha256(upload.bytes), size: upload.bytes.length });
        await think();

        const data = submittableSrl(docId);
        data.datos_solicitud.tienes_nombre_comercial = false;
        data.datos_solicitud['nombre_de_la_empresa_o_razón_social'] = `Carga ${user.index} ${serial} ${process.pid} SRL`;
        delete data.datos_solicitud.numero_del_certificado_de_nombre_comercial;
        delete data.documentos_requeridos.certificado_de_nombre_comercial;
        // The draft starts with the first section, as the form autosaves it, then gets the rest.
        const first = { datos_solicitud: data.datos_solicitud };
        const created = await call('borrador (crear)', 'POST', '/v1/portals/formalizaciones', { ...auth, ...json }, JSON.stringify({ data: first }), [201]);
        if (created?.status !== 201) continue;
        const draft = created.json<{ data: { id: number; version: number } }>().data;
        const acked: AckedDraft = { id: draft.id, citizenId, data: first, version: draft.version, requestCode: null };
        result.drafts.set(draft.id, acked);
        await think();
        const saved = await call('borrador (autoguardado)', 'PUT', `/v1/portals/formalizaciones/${draft.id}`, { ...auth, ...json }, JSON.stringify({ data, version: acked.version }), [200, 409]);
        if (saved?.status === 409) {
          // A save retried by the proxy after its server died having committed it: the retry finds the next
          // version (409). It counts as acknowledged only if the draft now holds exactly what was sent.
          const now = await http.send('GET', `${options.baseUrl}/v1/portals/formalizaciones/${draft.id}`, auth);
          const view = now.json<{ data: { version: number; data: unknown } }>().data;
          if (view.version !== acked.version + 1 || !isDeepStrictEqual(canonical(view.data), canonical(JSON.parse(JSON.stringify(data))))) {
            result.unexpected.push(`autoguardado 409 y el borrador ${draft.id} no tiene lo enviado (versión ${view.version})`);
            continue;
          }
          result.replayed.push(`autoguardado de ${draft.id}`);
          acked.data = data;
          acked.version = view.version;
        } else if (saved?.status === 200) {
          acked.data = data;
          acked.version = saved.json<{ data: { version: number } }>().data.version;
        } else continue;
        await think();
        if (performance.now() >= end) break;

        const sent = await call('envío', 'POST', `/v1/portals/formalizaciones/${draft.id}/submit`, auth, undefined, [200, 409]);
        if (sent?.status === 409) {
          // A submit retried by the proxy after its server died having committed: the first one counted.
          const now = await http.send('GET', `${options.baseUrl}/v1/portals/formalizaciones/${draft.id}`, auth);
          const view = now.json<{ data: { status: string; request_code: string | null; data: unknown } }>().data;
          if (view.status === 'borrador' || !view.request_code) {
            result.unexpected.push(`envío 409 y la solicitud ${draft.id} sigue en borrador`);
            continue;
          }
          result.replayed.push(`envío de ${draft.id} (${view.request_code})`);
          acked.requestCode = view.request_code;
          acked.data = view.data;
        } else if (sent?.status === 200) {
          // The submitted content is what the server stored with the code (it completes the form's derived fields).
          const view = sent.json<{ data: { request_code: string; data?: unknown } }>().data;
          acked.requestCode = view.request_code;
          if (view.data !== undefined) acked.data = view.data;
        } else continue;
        await think();

        const paid = await call('pago ONAPI (tarjeta aprobada)', 'POST', '/v1/institution-onapi/payment', { ...auth, ...json },
          JSON.stringify({ codigoSolicitud: acked.requestCode, ...APPROVED_CARD }), [200, 409]);
        if (paid?.status === 200) result.payments.push({ requestCode: acked.requestCode!, applicationId: draft.id });
        else if (paid?.status === 409) {
          const message = paid.json<{ message: string }>().message;
          if (/en curso/.test(message)) {
            // Retried by the proxy after its server died between opening the card attempt and recording the
            // processor's answer: nothing acknowledged; the attempt stops blocking the charge after 2 minutes.
            result.interrupted.push({ requestCode: acked.requestCode!, applicationId: draft.id });
          } else {
            // Retried after its server died having approved it: refused as already paid; the first one counted,
            // and the checks require the charge paid once.
            result.replayed.push(`pago de ${acked.requestCode}: ${message}`);
            result.payments.push({ requestCode: acked.requestCode!, applicationId: draft.id });
          }
        }
        await think();
      }
    } finally {
      http.close();
    }
  };

  await Promise.all(options.users.map(runUser));
  clearInterval(ticker);
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

/** Totals of a run: requests, req/s, p50/p99 over every request, errors (transport), 5xx, other unexpected answers. */
export function totals(result: LoadResult) {
  const all: number[] = [];
  let requests = 0;
  let transport = 0;
  let fiveXx = 0;
  for (const k of result.kinds.values()) {
    requests += k.count;
    transport += k.transportErrors;
    all.push(...k.latencies);
    for (const [status, n] of Object.entries(k.statuses)) if (Number(status) >= 500) fiveXx += n;
  }
  all.sort((a, b) => a - b);
  return { requests, rps: requests / result.seconds, p50: percentile(all, 50), p99: percentile(all, 99), transport, fiveXx, unexpected: result.unexpected.length };
}

/** One line per request kind: count, p50, p99, answers. */
export function kindLines(result: LoadResult): string[] {
  return [...result.kinds.entries()].map(([name, k]) => {
    const sorted = [...k.latencies].sort((a, b) => a - b);
    const answers = Object.entries(k.statuses).map(([s, n]) => `${s} ×${n}`).join(', ');
    return `  ${name.padEnd(32)} ${String(k.count).padStart(6)}  p50 ${percentile(sorted, 50).toFixed(0).padStart(5)} ms  p99 ${percentile(sorted, 99).toFixed(0).padStart(5)} ms  ${answers}${k.transportErrors ? `, errores de transporte ×${k.transportErrors}` : ''}`;
  });
}
