/**
 * `npm run proof:cluster`: the proof that several servers on one PostgreSQL
 * behave as one portal. Three servers (PROOF_SERVERS) on a fresh database of
 * PROOF_DATABASE_URL's PostgreSQL and on PROOF_REDIS_URL, behind haproxy;
 * 200 virtual users (PROOF_USERS) for 60 s (PROOF_SECONDS) of mixed load; one
 * server killed with `kill -9` at 20 s (PROOF_KILL_AT) while the load goes
 * on. Then every check prints PASS or FAIL with its figures, and the process
 * exits 1 on any FAIL:
 *  - no transport error, no 5xx, no unexpected answer;
 *  - every acknowledged write in the database with its content (drafts'
 *    last saved data, submissions' codes, approved payments, documents);
 *  - every uploaded file downloads byte-identical through another server
 *    (files stored by the killed server too);
 *  - each mail sent once: the SMTP sink received exactly the outbox rows
 *    marked sent, no message twice;
 *  - the per-address limit counted across servers (limit + 5 requests from
 *    one new address through haproxy: exactly `limit` accepted);
 *  - a pg_dump of the database restores into a fresh database on which one
 *    server serves the same data.
 * The databases it creates (portal_proof_*) are dropped at the end
 * (PROOF_KEEP=1 keeps them).
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { freePort, waitForOk } from '../bench/realServer';
import { MAX_ATTEMPTS } from '../../packages/server/src/services/mail/deliverOutbox';
import { startCluster, startServer, type Cluster, type ClusterServer } from './cluster';
import { SANDBOX_STAFF } from '../../packages/server/src/agencies/sandbox/sandboxData';
import { nextStaffCode } from '../../packages/server/test/staffCodes';
import { canonical, client, kindLines, pdfUpload, runMixedLoad, seedCitizens, sha256, totals, type LoadResult } from './mixedLoad';

const root = path.resolve(import.meta.dirname, '../..');
const env = process.env;
const number = (name: string, fallback: number) => (env[name] ? Number(env[name]) : fallback);

const SERVERS = number('PROOF_SERVERS', 3);
const USERS = number('PROOF_USERS', 200);
const SECONDS = number('PROOF_SECONDS', 60);
const KILL_AT = number('PROOF_KILL_AT', Math.round(SECONDS / 3));
const THINK_MS = number('PROOF_THINK_MS', 1500);
const RAMP = number('PROOF_RAMP_SECONDS', Math.min(10, Math.max(1, Math.round(SECONDS / 6))));

const results: { name: string; ok: boolean; detail: string }[] = [];
function check(name: string, ok: boolean, detail: string): void {
  results.push({ name, ok, detail });
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}: ${detail}`);
}

/** The newest Debian PostgreSQL client programs (pg_dump, pg_restore). */
function pgBin(program: string): string {
  const found = spawnSync('sh', ['-c', `ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1`], { encoding: 'utf8' }).stdout.trim();
  return found ? path.join(found, program) : program;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function admin(url: string, sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** The per-address limit of GET /v1/portals/forgot, read from its route (no copy of the number here). */
async function forgotLimit(): Promise<number> {
  const source = await readFile(path.join(root, 'packages/server/src/routes/auth/passwordRoutes.ts'), 'utf8');
  const match = /const limited = \{ rateLimit: \{ max: (\d+),/.exec(source);
  if (!match) throw new Error('no se encontró el límite por dirección de /portals/forgot en passwordRoutes.ts');
  return Number(match[1]);
}

/** The path of the first difference between two JSON values (for the FAIL line). */
function firstDifference(a: unknown, b: unknown, at = ''): string {
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys) {
      const inner = firstDifference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${at}.${k}`);
      if (inner) return inner;
    }
    return '';
  }
  return isDeepStrictEqual(a, b) ? '' : `${at || '.'} (${JSON.stringify(a)?.slice(0, 60)} ≠ ${JSON.stringify(b)?.slice(0, 60)})`;
}

/** Runs `work` over `items` with `parallel` at a time. */
async function inParallel<T>(items: T[], parallel: number, work: (item: T, i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: parallel }, async () => {
    while (next < items.length) {
      const i = next++;
      await work(items[i], i);
    }
  }));
}

async function checkWrites(db: pg.Client, load: LoadResult): Promise<void> {
  const drafts = [...load.drafts.values()];
  const { rows } = await db.query<{ id: number; data: unknown; version: number; status: string; request_code: string | null }>(
    'SELECT id, data, version, status, request_code FROM applications WHERE id = ANY($1::int[])', [drafts.map((d) => d.id)],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const wrong: string[] = [];
  for (const d of drafts) {
    const row = byId.get(d.id);
    if (!row) wrong.push(`borrador ${d.id} no está`);
    else if (!isDeepStrictEqual(canonical(row.data), canonical(JSON.parse(JSON.stringify(d.data))))) wrong.push(`borrador ${d.id}: contenido distinto en ${firstDifference(row.data, JSON.parse(JSON.stringify(d.data)))}`);
    else if (d.requestCode !== null && (row.request_code !== d.requestCode || row.status === 'borrador')) wrong.push(`solicitud ${d.id}: ${row.status} ${row.request_code} (se respondió ${d.requestCode})`);
    else if (d.requestCode === null && row.version < d.version) wrong.push(`borrador ${d.id}: versión ${row.version} < ${d.version}`);
  }
  const submitted = drafts.filter((d) => d.requestCode !== null).length;
  check('Borradores y envíos confirmados', wrong.length === 0,
    `${drafts.length} borradores (último guardado confirmado) y ${submitted} envíos con su código; faltan o difieren ${wrong.length}${wrong.length ? ` (${wrong.slice(0, 5).join('; ')})` : ''}`);

  const paid = await db.query<{ request_code: string; n: number }>(
    `SELECT a.request_code, count(*)::int AS n FROM payment_attempts pa JOIN request_items ri ON ri.id = pa.item_id JOIN applications a ON a.id = ri.application_id
     WHERE pa.status = 'aprobado' AND ri.agency = 'ONAPI' AND ri.status = 'pagado' AND a.request_code = ANY($1::text[]) GROUP BY a.request_code`,
    [load.payments.map((p) => p.requestCode)],
  );
  const paidCodes = new Map(paid.rows.map((r) => [r.request_code, r.n]));
  const missing = load.payments.filter((p) => !paidCodes.has(p.requestCode));
  const twice = paid.rows.filter((r) => r.n > 1);
  check('Pagos aprobados confirmados', missing.length === 0 && twice.length === 0,
    `${load.payments.length} pagos ONAPI aprobados; sin pago en la base ${missing.length}, cobrados dos veces ${twice.length}`);

  if (load.interrupted.length > 0) {
    // A payment cut by the kill: its attempt stays 'en_curso' (no longer blocking after 2 minutes), never charged twice.
    const { rows: states } = await db.query<{ request_code: string; live: number; approved: number }>(
      `SELECT a.request_code, count(*) FILTER (WHERE pa.status = 'en_curso')::int AS live, count(*) FILTER (WHERE pa.status = 'aprobado')::int AS approved
       FROM payment_attempts pa JOIN request_items ri ON ri.id = pa.item_id JOIN applications a ON a.id = ri.application_id
       WHERE ri.agency = 'ONAPI' AND a.request_code = ANY($1::text[]) GROUP BY a.request_code`,
      [load.interrupted.map((p) => p.requestCode)],
    );
    const consistent = states.filter((r) => r.approved + r.live === 1).length;
    check('Pagos cortados por la caída', consistent === load.interrupted.length,
      `${load.interrupted.length} pago(s) en curso en el servidor matado: su reintento respondió 409 «Ya hay un pago en curso para este cargo» ` +
        `(nada confirmado al ciudadano; el intento deja de bloquear el cargo a los 2 min); con un solo intento vivo o aprobado ${consistent}`);
  }

  const docs = await db.query<{ id: number; size: string }>('SELECT id, size FROM documents WHERE id = ANY($1::int[])', [load.documents.map((d) => d.id)]);
  const sizes = new Map(docs.rows.map((r) => [r.id, Number(r.size)]));
  const lost = load.documents.filter((d) => sizes.get(d.id) !== d.size);
  check('Documentos confirmados', lost.length === 0, `${load.documents.length} documentos subidos; faltan o con otro tamaño ${lost.length}`);
}

/** Downloads every acknowledged document through the surviving servers directly, alternating. */
async function checkDownloads(load: LoadResult, survivors: ClusterServer[], stored: { server: ClusterServer; id: number; token: string; sha: string }[]): Promise<void> {
  const http = client();
  let bad = 0;
  const failures: string[] = [];
  await inParallel(load.documents, 16, async (doc, i) => {
    const server = survivors[i % survivors.length];
    const res = await http.send('GET', `${server.url}/v1/portals/documents/${doc.id}/download`, { authorization: `Bearer ${doc.token}` }).catch((e: Error) => ({ status: 0, body: Buffer.from(e.message) }));
    if (res.status !== 200 || sha256(res.body) !== doc.sha256) {
      bad++;
      if (failures.length < 5) failures.push(`${doc.id} → ${res.status}`);
    }
  });
  check('Descargas de lo subido con carga (servidores supervivientes, directo)', bad === 0,
    `${load.documents.length} archivos, idénticos byte a byte ${load.documents.length - bad}${failures.length ? ` (${failures.join(', ')})` : ''}`);
  let crossBad = 0;
  const pairs: string[] = [];
  for (const s of stored) {
    for (const other of survivors.filter((x) => x !== s.server)) {
      const res = await http.send('GET', `${other.url}/v1/portals/documents/${s.id}/download`, { authorization: `Bearer ${s.token}` });
      pairs.push(`${s.server.name}→${other.name}`);
      if (res.status !== 200 || sha256(res.body) !== s.sha) crossBad++;
    }
  }
  check('Archivo subido a un servidor, descargado de otro', crossBad === 0 && stored.length > 0,
    `${pairs.length} descargas (${[...new Set(pairs)].join(', ')}; incluye lo guardado por el servidor matado), distintas ${crossBad}`);
  http.close();
}

/** Uploads one file per token directly to `server` (no proxy). */
async function uploadTo(server: ClusterServer, who: { token: string; citizenId: number }[]) {
  const http = client();
  const out: { server: ClusterServer; id: number; token: string; sha: string }[] = [];
  for (const w of who) {
    const upload = pdfUpload(w.citizenId);
    const res = await http.send('POST', `${server.url}/v1/portals/documents`, { authorization: `Bearer ${w.token}`, ...upload.headers }, upload.body);
    if (res.status !== 201) throw new Error(`subida directa a ${server.name}: ${res.status} ${res.body.toString('utf8')}`);
    out.push({ server, id: res.json<{ data: { id: number } }>().data.id, token: w.token, sha: sha256(upload.bytes) });
  }
  http.close();
  return out;
}

async function checkLimits(cluster: Cluster, cedula: string): Promise<void> {
  const limit = await forgotLimit();
  const http = client('127.2.0.1');
  const statuses: number[] = [];
  for (let i = 0; i < limit + 5; i++) {
    const res = await http.send('GET', `${cluster.proxyUrl}/v1/portals/forgot?dni=${cedula}`, {});
    statuses.push(res.status);
  }
  http.close();
  const ok = statuses.filter((s) => s === 200).length;
  const refused = statuses.filter((s) => s === 429).length;
  check('Límite por dirección contado entre servidores', ok === limit && refused === 5,
    `${limit + 5} solicitudes de /v1/portals/forgot desde 127.2.0.1 por haproxy (reparto round-robin): ${ok} aceptadas, ${refused} con 429 (límite ${limit})`);
}

/**
 * Issue 26 §4: a form published through one server (the balancer sends the calls anywhere) is served by
 * every server at once: the publication's notification makes each forget its current version (the
 * 30-second cache bounds it when the notification connection is down). Each server is asked directly.
 */
async function checkFormPublished(cluster: Cluster): Promise<void> {
  const form = 'certificado-no-antecedentes';
  const http = client();
  const versionAt = async (server: ClusterServer) => (await http.send('GET', `${server.url}/v1/forms/${form}/version`, {})).json<{ data: { version: number } }>().data.version;
  const before = await Promise.all(cluster.servers.map(versionAt));
  const current = (await http.send('GET', `${cluster.proxyUrl}/v1/forms/${form}`, {})).json<{ data: { version: number; schema: Record<string, unknown> } }>().data;
  const admin = SANDBOX_STAFF.find((s) => s.role === 'administrador')!;
  const json = { 'content-type': 'application/json' };
  const step = (await http.send('POST', `${cluster.proxyUrl}/v1/backoffice/auth/login`, json, JSON.stringify({ email: admin.email, password: admin.password }))).json<{ pending_token: string }>();
  const { code } = await nextStaffCode(cluster.proxyUrl, admin.email);
  const session = (await http.send('POST', `${cluster.proxyUrl}/v1/backoffice/auth/second-factor`, json, JSON.stringify({ pending_token: step.pending_token, code }))).json<{ token: string }>();
  const schema = { ...current.schema, title: `${String(current.schema.title)} (prueba del clúster)` };
  const started = Date.now();
  const published = await http.send('POST', `${cluster.proxyUrl}/v1/backoffice/forms/${form}/versions`, { ...json, authorization: `Bearer ${session.token}` },
    JSON.stringify({ schema, note: 'Prueba del clúster: un servidor publica, todos sirven', base_version: current.version }));
  const version = published.json<{ data?: { version: number } }>().data?.version ?? -1;
  const seen: string[] = [];
  for (const server of cluster.servers) {
    let at = -1;
    while (Date.now() - started < 60_000) {
      if ((await versionAt(server)) === version) {
        at = Date.now() - started;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    seen.push(`${server.name} ${at < 0 ? 'no la sirvió en 60 s' : `en ${at} ms`}`);
  }
  http.close();
  check('Un formulario publicado por un servidor lo sirven todos', published.status === 201 && before.every((v) => v === current.version) && seen.every((l) => !l.includes('no la')),
    `${form}: versión ${current.version} → ${version} (POST ${published.status}); ${seen.join(', ')}`);
}

type MailState = { sent: number; pending: number; held: number; failed: number };

/** The outbox's figures once settled: nothing left to send, and the same figures a second later (no live server mid-send). */
async function settledOutbox(cluster: Cluster, db: pg.Client, timeoutMs: number): Promise<MailState> {
  const deadline = Date.now() + timeoutMs;
  let state: MailState = { sent: -1, pending: -1, held: -1, failed: -1 };
  for (;;) {
    const { rows } = await db.query<MailState>(
      `SELECT count(*) FILTER (WHERE sent_at IS NOT NULL)::int AS sent,
              count(*) FILTER (WHERE sent_at IS NULL AND attempts < $1 AND (claimed_until IS NULL OR claimed_until < now()))::int AS pending,
              count(*) FILTER (WHERE sent_at IS NULL AND attempts = 0 AND claimed_until >= now())::int AS held,
              count(*) FILTER (WHERE sent_at IS NULL AND attempts > 0)::int AS failed
       FROM outbox`,
      [MAX_ATTEMPTS],
    );
    const settled = rows[0].pending === 0 && cluster.mail.received.length >= rows[0].sent && isDeepStrictEqual(rows[0], state);
    state = rows[0];
    if (settled || Date.now() > deadline) return state;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

const messageIdOf = (raw: string) => /^Message-ID:\s*<([^>]+)>/im.exec(raw)?.[1] ?? '';

/**
 * Each outbox message reached the SMTP server, under its own Message-ID, once. The one exception
 * SMTP cannot avoid: the message the killed server was sending, if the SMTP server had accepted it
 * before the kill and the send was not yet recorded, goes again when its claim expires (at least
 * once). The check does not wait the 5 minutes: it ends that claim, lets a surviving server send the
 * message, and requires the second copy to carry the same Message-ID (the same message to the
 * recipient's mail system) and no other message to arrive twice.
 */
async function checkMail(cluster: Cluster, db: pg.Client): Promise<void> {
  const before = await settledOutbox(cluster, db, 60_000);
  const heldIds = (await db.query<{ message_id: string }>('SELECT message_id FROM outbox WHERE sent_at IS NULL AND attempts = 0 AND claimed_until >= now()')).rows.map((r) => r.message_id);
  const acceptedBeforeKill = heldIds.filter((id) => cluster.mail.received.some((m) => messageIdOf(m.raw).startsWith(`${id}@`)));
  let state = before;
  if (heldIds.length > 0) {
    // The claim's 5 minutes, over: a surviving server sends the message at its next round (every 30 s).
    await db.query('UPDATE outbox SET claimed_until = now() WHERE message_id = ANY($1::uuid[])', [heldIds]);
    state = await settledOutbox(cluster, db, 45_000);
  }
  const copies = new Map<string, number>();
  for (const m of cluster.mail.received) copies.set(messageIdOf(m.raw), (copies.get(messageIdOf(m.raw)) ?? 0) + 1);
  const { rows } = await db.query<{ message_id: string }>('SELECT message_id FROM outbox WHERE sent_at IS NOT NULL');
  const sentIds = new Set(rows.map((r) => r.message_id));
  const idOf = (key: string) => key.slice(0, key.indexOf('@'));
  const unknown = [...copies.keys()].filter((key) => !sentIds.has(idOf(key))).length;
  const missing = [...sentIds].filter((id) => ![...copies.keys()].some((key) => idOf(key) === id)).length;
  const twice = [...copies.entries()].filter(([, n]) => n > 1).map(([key]) => idOf(key));
  const expectedTwice = twice.length === acceptedBeforeKill.length && twice.every((id) => acceptedBeforeKill.includes(id));
  check('Cada correo enviado una vez', unknown === 0 && missing === 0 && expectedTwice && copies.get('') === undefined &&
      state.pending === 0 && state.held === 0 && state.failed === 0 && before.held <= 1,
    `filas del outbox enviadas ${state.sent}, mensajes distintos recibidos por SMTP ${copies.size} (por Message-ID), sin Message-ID del outbox ${unknown}, ` +
      `sin recibir ${missing}, pendientes ${state.pending}, con envío fallido ${state.failed}; ` +
      (before.held === 0
        ? 'el servidor matado no estaba enviando ninguno'
        : `el que enviaba el servidor matado (reservado sin anotar; sale al vencer su reserva de 5 min, aquí adelantada) ` +
          (acceptedBeforeKill.length
            ? `ya lo había aceptado el SMTP: llegó dos veces con el mismo Message-ID (el buzón entrega al menos una vez; el correo del destinatario lo reconoce como el mismo mensaje)`
            : 'no lo había recibido el SMTP: llegó una vez') +
          `; recibidos dos veces ${twice.length}`));
}

async function checkRestore(databaseUrl: string, restoredUrl: string, workDir: string, survivor: ClusterServer, load: LoadResult, documentStorage: string): Promise<void> {
  const dumpFile = path.join(workDir, 'portal.dump');
  const dump = spawnSync(pgBin('pg_dump'), ['-Fc', '-f', dumpFile, databaseUrl], { encoding: 'utf8' });
  if (dump.status !== 0) return check('pg_dump y restauración', false, `pg_dump falló: ${dump.stderr}`);
  const restore = spawnSync(pgBin('pg_restore'), ['--no-owner', '--no-privileges', '--exit-on-error', '-d', restoredUrl, dumpFile], { encoding: 'utf8' });
  if (restore.status !== 0) return check('pg_dump y restauración', false, `pg_restore falló: ${restore.stderr}`);
  const port = await freePort();
  const server = startServer('restaurado', port, {
    DATABASE_URL: restoredUrl, REDIS_URL: '', DATA_DIR: path.join(workDir, 'restored-data'), STATIC_DIR: path.join(workDir, 'no-static'),
    UPLOAD_DIR: path.join(workDir, 'restored-uploads'), SMTP_URL: '', AGENCIES: 'sandbox', PAYMENTS: 'sandbox', DOCUMENT_STORAGE: documentStorage,
    LOG_LEVEL: 'warn', TRUST_PROXY: 'false',
  });
  try {
    await Promise.race([waitForOk(`${server.url}/health/ready`, 120_000), server.exited.then((c) => { throw new Error(`el servidor restaurado terminó (${c}): ${server.output()}`); })]);
    const http = client();
    const differences: string[] = [];
    let compared = 0;
    const same = async (label: string, url: string, token: string, bytes = false) => {
      const [a, b] = await Promise.all([survivor.url, server.url].map((base) => http.send('GET', `${base}${url}`, { authorization: `Bearer ${token}` })));
      compared++;
      const equal = a.status === 200 && b.status === 200 && (bytes ? a.body.equals(b.body) : isDeepStrictEqual(a.json(), b.json()));
      if (!equal) differences.push(`${label}: ${a.status}/${b.status}`);
    };
    const sample = [...load.drafts.values()].filter((d) => d.requestCode !== null).slice(0, 5);
    for (const d of sample) {
      const token = load.tokens.get(d.citizenId)!;
      await same(`solicitudes de ${d.citizenId}`, '/v1/portals/requests/citizen-profile/getRequestsByCitizenProfile', token);
      await same(`solicitud ${d.requestCode}`, `/v1/portals/requests/${d.id}`, token);
      await same(`formalización ${d.id}`, `/v1/portals/formalizaciones/${d.id}`, token);
    }
    for (const doc of load.documents.slice(0, 5)) await same(`documento ${doc.id}`, `/v1/portals/documents/${doc.id}/download`, doc.token, true);
    http.close();
    check('pg_dump restaurado en una base nueva sirve los mismos datos', differences.length === 0 && compared > 0,
      `${compared} respuestas comparadas (listas de solicitudes, solicitudes por código, formularios, bytes de documentos) entre un servidor original y uno sobre la copia; distintas ${differences.length}${differences.length ? ` (${differences.slice(0, 5).join('; ')})` : ''}`);
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
}

async function main(): Promise<void> {
  const baseUrl = env.PROOF_DATABASE_URL;
  const redisUrl = env.PROOF_REDIS_URL;
  if (!baseUrl || !redisUrl) {
    console.error('Faltan PROOF_DATABASE_URL (un PostgreSQL donde crear bases de prueba) y PROOF_REDIS_URL (un Redis), por ejemplo:\n' +
      '  PROOF_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres PROOF_REDIS_URL=redis://127.0.0.1:6379 npm run proof:cluster');
    process.exit(2);
  }
  const started = Date.now();
  const name = `portal_proof_${Date.now()}_${process.pid}`;
  const databaseUrl = withDatabase(baseUrl, name);
  const restoredUrl = withDatabase(baseUrl, `${name}_r`);
  const workDir = await mkdtemp(path.join(tmpdir(), 'portal-proof-'));
  // Shared document storage: the database (the pg_dump then carries the documents too).
  const documentStorage = 'postgres';
  await admin(baseUrl, `CREATE DATABASE ${name}`);
  await admin(baseUrl, `CREATE DATABASE ${name}_r`);
  let cluster: Cluster | null = null;
  try {
    console.log(`== ${SERVERS} servidores en PostgreSQL (${name}) y Redis detrás de haproxy; ${USERS} usuarios × ${SECONDS} s; kill -9 de s1 a los ${KILL_AT} s; DOCUMENT_STORAGE=${documentStorage} ==`);
    cluster = await startCluster({
      servers: SERVERS, databaseUrl, redisUrl, workDir,
      env: { REDIS_PREFIX: `prueba${process.pid}:`, DOCUMENT_STORAGE: documentStorage },
    });
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const users = await seedCitizens(db, USERS + 1);
      const [limitUser] = users.splice(USERS, 1);
      const [victim, ...survivors] = cluster.servers;

      // Files stored by the server that will be killed, before the load: read later through the others.
      const http = client();
      const sampleUsers = [];
      for (const u of users.slice(0, 3)) {
        const res = await http.send('POST', `${cluster.proxyUrl}/v1/portals/auth/citizens/login`, { 'content-type': 'application/json' }, JSON.stringify({ cedula: u.cedula, password: u.password }));
        const me = await http.send('GET', `${cluster.proxyUrl}/v1/portals/auth/citizens/me`, { authorization: `Bearer ${res.json<{ token: string }>().token}` });
        sampleUsers.push({ token: res.json<{ token: string }>().token, citizenId: me.json<{ data: { id: number } }>().data.id });
      }
      http.close();
      const stored = await uploadTo(victim, sampleUsers);
      await checkFormPublished(cluster);

      let killedAt: number | null = null;
      const load = await runMixedLoad({
        baseUrl: cluster.proxyUrl, users, durationSeconds: SECONDS, rampSeconds: RAMP, thinkMs: THINK_MS,
        onTick: (elapsed) => {
          if (killedAt === null && elapsed >= KILL_AT && SERVERS > 1) {
            killedAt = elapsed;
            console.log(`kill -9 ${victim.child.pid} (${victim.name}) a los ${elapsed} s`);
            void cluster!.kill9(victim);
          }
        },
      });
      stored.push(...(await uploadTo(survivors[0], sampleUsers)));
      const t = totals(load);
      console.log(`\nCarga: ${t.requests} peticiones en ${load.seconds.toFixed(1)} s = ${t.rps.toFixed(1)} req/s, p50 ${t.p50.toFixed(0)} ms, p99 ${t.p99.toFixed(0)} ms`);
      for (const line of kindLines(load)) console.log(line);
      if (load.replayed.length) console.log(`Reintentos de haproxy tras la caída que el servidor ya había hecho (se comprueba su efecto en la base): ${load.replayed.length}: ${load.replayed.slice(0, 5).join('; ')}`);
      console.log('');

      const stats = await cluster.proxyStats();
      console.log(`haproxy: ${stats.map((r) => `${r.name} ${r.status}, reintentos ${r.retries}, redirigidas ${r.redispatches}`).join('; ')}`);
      const down = cluster.proxyOutput().split('\n').filter((l) => /s1 is DOWN/.test(l));
      check('Servidor matado con kill -9 durante la carga', killedAt !== null && victim.child.signalCode === 'SIGKILL' && down.length > 0,
        `s1 (pid ${victim.child.pid}) a los ${killedAt} s, terminado por ${victim.child.signalCode}; haproxy: ${down[0]?.trim() ?? 'no lo marcó caído'}`);
      check('Sin errores de transporte ni 5xx', t.transport === 0 && t.fiveXx === 0, `${t.requests} peticiones: errores de transporte ${t.transport}, respuestas 5xx ${t.fiveXx}`);
      check('Sin respuestas inesperadas', t.unexpected === 0, `${t.unexpected}${t.unexpected ? `: ${load.unexpected.slice(0, 5).join(' | ')}` : ''}`);
      await checkWrites(db, load);
      await checkDownloads(load, survivors, stored);
      await checkLimits(cluster, limitUser.cedula);
      await checkMail(cluster, db);
      await checkRestore(databaseUrl, restoredUrl, workDir, survivors[0], load, documentStorage);

      console.log('\n== Resumen ==');
      console.log(`${SERVERS} servidores + haproxy, ${USERS} usuarios, ${SECONDS} s: ${t.rps.toFixed(1)} req/s, p50 ${t.p50.toFixed(0)} ms, p99 ${t.p99.toFixed(0)} ms, errores ${t.transport}, 5xx ${t.fiveXx}`);
      for (const r of results) console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name}`);
    } finally {
      await db.end();
    }
  } catch (error) {
    check('La prueba llegó al final', false, (error as Error).stack ?? String(error));
    if (cluster) for (const s of cluster.servers) console.error(`-- ${s.name}:\n${s.output().slice(-3000)}`);
  } finally {
    await cluster?.stop();
    if (!env.PROOF_KEEP) {
      await admin(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await admin(baseUrl, `DROP DATABASE IF EXISTS ${name}_r WITH (FORCE)`).catch(() => {});
      await rm(workDir, { recursive: true, force: true });
    }
  }
  const failed = results.filter((r) => !r.ok).length;
  console.log(`\n${failed === 0 ? 'PRUEBA SUPERADA' : `PRUEBA FALLIDA (${failed})`} en ${Math.round((Date.now() - started) / 1000)} s`);
  process.exit(failed === 0 ? 0 : 1);
}

// Ctrl+C or a CI timeout: exit through 'exit', where the cluster's processes are killed.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
await main();
