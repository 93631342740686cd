/**
 * `npm run security:pass`: the attacker's pass of issue 25 §1 repeated against
 * a real portal server, for the issue's proof. One server process
 * (packages/server/test/serverProcess.ts: `node --import tsx src/main.ts`, no
 * build) on a temporary data folder (embedded database, sandbox agencies, mail
 * delivered to an SMTP sink of this process, packages/server/test/mailSink.ts),
 * every attack over real HTTP or raw sockets. Each finding prints one line:
 * its request, the figure of the issue's report («antes (informe)», copied
 * from the issue) and the figure measured now, with ✓ (closed) or ✗ (open).
 *
 * Settings of the run that differ from the defaults (printed at the start):
 *  - TRUST_PROXY=127.0.0.1: each actor (owner, thief, the six attacking
 *    addresses) sends its own X-Forwarded-For, as through a balancer;
 *  - HTTP_BODY_TIMEOUT_MS=5000 (default 60000), so the slow-body attack is
 *    measured in seconds;
 *  - DISK_MIN_FREE_MB=4 and, when the process is root and may mount one, the
 *    data folder on a 256 MB tmpfs that finding 4 fills (otherwise finding 4
 *    is skipped: packages/server/test/diskFull.test.ts covers it in CI).
 *
 * Exits 1 when a finding is open or a step fails. About 40 s (15 s of them the server start).
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SANDBOX_JCE_CITIZENS, SANDBOX_STAFF } from '../../packages/server/src/agencies/sandbox/sandboxData';
import { freeBytes } from '../../packages/server/src/services/storage/diskSpace';
import { submittableSrl } from '../../packages/server/test/applicationData';
import { startMailSink, type MailSink } from '../../packages/server/test/mailSink';
import { startServer, type ServerProcess } from '../../packages/server/test/serverProcess';
import { nextStaffCode } from '../../packages/server/test/staffCodes';

const root = path.resolve(import.meta.dirname, '../..');
const SETTINGS = { TRUST_PROXY: '127.0.0.1', HTTP_BODY_TIMEOUT_MS: '5000', DISK_MIN_FREE_MB: '4' };
const BODY_BOUND_MS = Number(SETTINGS.HTTP_BODY_TIMEOUT_MS);
const PASSWORD = 'Clave-del-Pase-Atacante-25';
/** A minimal PDF (ASCII), as the API tests upload. */
const PDF = '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n';
const UNDO_LINK = /\/cuenta\/deshacer-cambio-correo\?token=[A-Za-z0-9_-]{43}/;
const started = Date.now();

let base = '';
let server: ServerProcess | null = null;
let mail: MailSink | null = null;
let failures = 0;
/** One line per finding, printed again in order (1 to 8) at the end: what the issue's proof pastes. */
const summary: { n: string; line: string }[] = [];

// ---------------------------------------------------------------- output

const decimal = (x: number) => x.toFixed(1).replace('.', ',');
const seconds = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;

/** One finding's line: request, the report's figure, the figure now, closed or not. */
function finding(n: string, title: string, request: string, before: string, now: string, closed: boolean, details: string[] = []): void {
  if (!closed) failures++;
  summary.push({ n, line: `${closed ? '✓' : '✗ ABIERTO'} ${n}. ${title}: antes (informe) ${before} → ahora ${now}` });
  console.log(`\n${closed ? '✓' : '✗ ABIERTO'} ${n}. ${title}`);
  console.log(`   petición: ${request}`);
  console.log(`   antes (informe): ${before}`);
  console.log(`   ahora (medido):  ${now}`);
  for (const d of details) console.log(`   · ${d}`);
}

async function step(n: string, title: string, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    failures++;
    console.log(`\n✗ ERROR ${n}. ${title}: ${(error as Error).stack ?? String(error)}`);
    summary.push({ n, line: `✗ ERROR ${n}. ${title}: ${(error as Error).message}` });
  }
}

// ---------------------------------------------------------------- HTTP

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: any;
}

interface CallOptions {
  token?: string;
  json?: unknown;
  form?: FormData;
  body?: string;
  contentType?: string;
  /** The client address the trusted proxy reports (X-Forwarded-For). */
  from?: string;
  cookie?: string;
}

async function call(method: string, url: string, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.from) headers['x-forwarded-for'] = options.from;
  if (options.cookie) headers.cookie = options.cookie;
  let body: string | FormData | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = options.form;
  } else if (options.body !== undefined) {
    headers['content-type'] = options.contentType ?? 'text/plain';
    body = options.body;
  }
  const res = await fetch(`${base}${url}`, { method, headers, body, redirect: 'manual' });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, headers: res.headers, text, json };
}

function expectStatus(answer: Answer, status: number, what: string): void {
  if (answer.status !== status) throw new Error(`${what}: ${answer.status} (se esperaba ${status}) ${answer.text.slice(0, 300)}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------- actors

async function citizenLogin(cedula: string, password: string, from: string, cookie?: string): Promise<Answer> {
  return call('POST', '/v1/portals/auth/citizens/login', { json: { cedula, password }, from, cookie });
}

async function tokenOf(cedula: string, password: string, from: string): Promise<string> {
  const res = await citizenLogin(cedula, password, from);
  expectStatus(res, 200, `inicio de sesión de ${cedula}`);
  return res.json.token as string;
}

async function citizenId(token: string): Promise<number> {
  const me = await call('GET', '/v1/portals/auth/citizens/me', { token });
  expectStatus(me, 200, 'GET /me');
  return me.json.data.id as number;
}

/** Registers a sandbox JCE person the whole way (code read from the mail sink); returns nothing. */
async function register(person: (typeof SANDBOX_JCE_CITIZENS)[number], email: string, from: string): Promise<void> {
  const since = mail!.received.length;
  const begun = await call('POST', '/v1/portals/auth/citizens/register', {
    json: { cedula: person.cedula, fecha_nacimiento: person.fechaNacimiento, email, password: PASSWORD, password_confirmation: PASSWORD },
    from,
  });
  expectStatus(begun, 202, `registro de ${person.cedula}`);
  const code = await mail!.codeFor(email, { since, timeoutMs: 20_000 });
  const confirmed = await call('POST', '/v1/portals/auth/citizens/confirm', { json: { registration_token: begun.json.registration_token, code }, from });
  expectStatus(confirmed, 201, `confirmación de ${person.cedula}`);
}

/** A staff member signed in the whole way (password, then the authenticator's TOTP code); token and id. */
async function staffLogin(institution: string | null, from: string): Promise<{ token: string; id: number }> {
  const account = SANDBOX_STAFF.find((s) => s.institution === institution)!;
  const first = await call('POST', '/v1/backoffice/auth/login', { json: { email: account.email, password: account.password }, from });
  expectStatus(first, 200, `ingreso de ${account.email}`);
  if (first.json.step !== 'codigo') throw new Error(`ingreso de ${account.email}: paso ${first.json.step} (se esperaba codigo)`);
  const { code } = await nextStaffCode('pase-atacante', account.email);
  const second = await call('POST', '/v1/backoffice/auth/second-factor', { json: { pending_token: first.json.pending_token, code }, from });
  expectStatus(second, 200, `segundo factor de ${account.email}`);
  return { token: second.json.token as string, id: second.json.staff.id as number };
}

async function uploadPdf(token: string, ownerId: number, filename: string): Promise<Answer> {
  const form = new FormData();
  form.set('citizen_profile_id', String(ownerId));
  form.set('file', new Blob([PDF], { type: 'application/pdf' }), filename);
  return call('POST', '/v1/portals/documents', { token, form });
}

const mailsTo = (to: string, since: number) => mail!.received.slice(since).filter((m) => m.to.includes(to));

// ---------------------------------------------------------------- findings

/** 1. A session alone changes the account's e-mail. */
async function emailChange(): Promise<void> {
  const person = SANDBOX_JCE_CITIZENS[0];
  const oldEmail = 'duena@example.com';
  const thiefEmail = 'ladron@example.com';
  const newEmail = 'nueva.duena@example.com';
  await register(person, oldEmail, '203.0.113.20');
  const owner = await tokenOf(person.cedula, PASSWORD, '203.0.113.21');
  const stolen = await tokenOf(person.cedula, PASSWORD, '198.51.100.99');
  const id = await citizenId(owner);
  const update = (token: string, fields: Record<string, string>, from: string) => {
    const form = new FormData();
    const all = { telefono: '', celular: '', provincia: '1', municipio: '101', sector: '1', calle: 'Calle Duarte', numero_de_casa_o_apartamento: '', ...fields };
    for (const [name, value] of Object.entries(all)) form.set(name, value);
    return call('POST', `/v1/portals/citizen-profile/${id}/update`, { token, form, from });
  };

  const since = mail!.received.length;
  const attack = await update(stolen, { correo_electronico: thiefEmail }, '198.51.100.99');
  await sleep(2000);
  const toThief = mailsTo(thiefEmail, since).length;
  const reason = attack.json?.errors?.[0] ? `${attack.json.errors[0].path}: «${attack.json.errors[0].message}»` : attack.text.slice(0, 120);
  finding('1a', 'Cambio de correo con una sesión robada',
    `POST /v1/portals/citizen-profile/${id}/update (sesión robada) correo_electronico=${thiefEmail}, sin current_password`,
    '200, código enviado a la dirección nueva',
    `${attack.status} (${reason}); correos a la dirección nueva: ${toThief}`,
    attack.status >= 400 && attack.status < 500 && toThief === 0);

  const before = mail!.received.length;
  const change = await update(owner, { correo_electronico: newEmail, current_password: PASSWORD }, '203.0.113.21');
  expectStatus(change, 200, 'cambio de correo con la contraseña');
  const code = await mail!.codeFor(newEmail, { since: before, timeoutMs: 20_000 });
  const confirmSince = mail!.received.length;
  const confirmed = await call('POST', '/v1/portals/citizen-profile/email/confirm', { token: owner, json: { code }, from: '203.0.113.21' });
  expectStatus(confirmed, 200, 'confirmación del correo nuevo');
  await mail!.waitFor(oldEmail, { since: confirmSince, timeoutMs: 20_000 }).catch(() => null);
  const undoMails = mailsTo(oldEmail, confirmSince).filter((m) => UNDO_LINK.test(m.raw)).length;
  const stolenAfter = (await call('GET', '/v1/portals/auth/citizens/me', { token: stolen })).status;
  finding('1b', 'Cambio de correo con la contraseña: aviso a la dirección anterior',
    `POST …/update correo_electronico=${newEmail} con current_password, luego POST /v1/portals/citizen-profile/email/confirm`,
    '— (el informe da la cifra de 1a)',
    `${change.status} pendiente (email_change_pending=${change.json.email_change_pending}); confirmar ${confirmed.status}; ` +
      `correos a la dirección anterior con enlace para deshacer: ${undoMails}; la sesión robada después: ${stolenAfter}`,
    change.json.email_change_pending === true && undoMails === 1 && stolenAfter === 401);
}

/** 2. A body trickled a few bytes at a time holds its connection. */
async function slowBody(port: number): Promise<void> {
  const CONNECTIONS = 20;
  const checkAt = BODY_BOUND_MS + 5000;
  const head = 'POST /v1/portals/auth/citizens/login HTTP/1.1\r\nHost: portal\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n';
  const drip = '{"ce';
  const sockets = await Promise.all(Array.from({ length: CONNECTIONS }, () => new Promise<{ socket: net.Socket; answer: () => string; closedAt: () => number }>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let closedAt = 0;
    const opened = Date.now();
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('close', () => (closedAt = Date.now() - opened));
    socket.on('error', () => undefined);
    socket.once('connect', () => {
      socket.write(head + drip);
      const timer = setInterval(() => {
        if (socket.destroyed || !socket.writable) clearInterval(timer);
        else socket.write(drip);
      }, 10_000);
      socket.once('close', () => clearInterval(timer));
      resolve({ socket, answer: () => answer, closedAt: () => closedAt });
    });
    socket.once('error', reject);
  })));
  await sleep(checkAt);
  const open = sockets.filter((s) => !s.socket.destroyed && s.closedAt() === 0).length;
  const answered408 = sockets.filter((s) => /^HTTP\/1\.1 408/.test(s.answer())).length;
  const closedTimes = sockets.map((s) => s.closedAt()).filter((t) => t > 0).sort((a, b) => a - b);
  for (const s of sockets) s.socket.destroy();
  finding('2', 'Cuerpo lento (4 bytes cada 10 s)',
    `${CONNECTIONS} conexiones: POST /v1/portals/auth/citizens/login, Content-Length: 200, 4 bytes del cuerpo cada 10 s`,
    `${CONNECTIONS}/${CONNECTIONS} abiertas a los 100 s`,
    `${open}/${CONNECTIONS} abiertas a los ${checkAt / 1000} s (HTTP_BODY_TIMEOUT_MS=${BODY_BOUND_MS} + 5 s); ${answered408} respondidas 408 y cerradas` +
      (closedTimes.length ? `, cerradas entre ${decimal(closedTimes[0] / 1000)} y ${decimal(closedTimes.at(-1)! / 1000)} s` : ''),
    open === 0,
    ['el servidor corre con HTTP_BODY_TIMEOUT_MS=5000 para esta pasada; con el valor por defecto (60000) el corte llega a los 60 s']);
}

/** 3. Authenticated answers without Cache-Control: no-store. */
async function caching(citizen: string, admin: string): Promise<void> {
  const doc = await call('GET', '/docs/json');
  expectStatus(doc, 200, 'GET /docs/json');
  const paths = Object.entries(doc.json.paths as Record<string, Record<string, unknown>>).filter(([, ops]) => 'get' in ops).map(([p]) => p);
  const fill = (p: string) => p.replace(/\{[^}]+\}/g, '1');
  const authenticated: string[] = [];
  const without: string[] = [];
  for (const p of paths) {
    const anonymous = await call('GET', fill(p));
    if (anonymous.status !== 401) continue;
    const staffRoute = p.startsWith('/v1/backoffice/');
    const res = await call('GET', fill(p), { token: staffRoute ? admin : citizen });
    authenticated.push(p);
    const cacheControl = res.headers.get('cache-control') ?? '';
    if (res.status === 401 || !/(^|[\s,])no-store($|[\s,])/.test(cacheControl)) without.push(`GET ${p} → ${res.status}, Cache-Control: ${cacheControl || '(ninguno)'}`);
  }
  finding('3', 'Respuestas autenticadas sin Cache-Control: no-store',
    `cada GET del documento OpenAPI del servidor (${paths.length} rutas GET) que responde 401 sin sesión, repetido con la sesión de su tipo (ciudadano o personal)`,
    '26 de 34 rutas GET autenticadas sin no-store',
    `${without.length} de ${authenticated.length} rutas GET autenticadas sin no-store`,
    without.length === 0 && authenticated.length >= 34,
    [
      'rutas leídas de /docs/json del servidor en marcha; las ocultas al documento (/health/*, /metrics, la página de pago de prueba) no usan sesión',
      ...without,
    ]);
}

/** 5. Anonymous requests lock the owner out (login and forgot). */
async function lockout(): Promise<void> {
  const person = SANDBOX_JCE_CITIZENS[6];
  await register(person, 'asediada@example.com', '203.0.113.40');
  const first = await citizenLogin(person.cedula, PASSWORD, '203.0.113.10');
  expectStatus(first, 200, 'primer ingreso de la dueña');
  const device = first.headers.getSetCookie().map((c) => /^device=([A-Za-z0-9_-]+)/.exec(c)?.[1]).find(Boolean);
  if (!device) throw new Error(`el primer ingreso no dejó la cookie device (Set-Cookie: ${first.headers.getSetCookie().join(' | ')})`);
  const statuses: number[] = [];
  for (let i = 0; i < 29; i++) statuses.push((await citizenLogin(person.cedula, `Equivocada-${i}-xx`, `198.51.100.${(i % 6) + 1}`)).status);
  const fromTrusted = await citizenLogin(person.cedula, PASSWORD, '203.0.113.11', `device=${device}`);
  const fromNew = await citizenLogin(person.cedula, PASSWORD, '203.0.113.12');
  const counts = [...new Set(statuses)].map((s) => `${statuses.filter((x) => x === s).length} × ${s}`).join(', ');
  finding('5a', 'Bloqueo del titular con contraseñas erróneas',
    'POST /v1/portals/auth/citizens/login: 29 contraseñas erróneas desde 6 direcciones, luego la contraseña correcta del titular',
    '429 durante una hora',
    `ataque: ${counts}; titular desde su navegador de confianza (cookie device de un ingreso anterior): ${fromTrusted.status}; desde un navegador nuevo: ${fromNew.status}`,
    fromTrusted.status === 200,
    [`navegador nuevo: «${fromNew.json?.message ?? fromNew.text.slice(0, 160)}»`]);

  const other = SANDBOX_JCE_CITIZENS[7];
  const email = 'olvidadiza@example.com';
  await register(other, email, '203.0.113.41');
  const since = mail!.received.length;
  const anonymous: number[] = [];
  for (let i = 0; i < 3; i++) anonymous.push((await call('GET', `/v1/portals/forgot?dni=${other.cedula}`, { from: `198.51.100.${20 + i}` })).status);
  for (let waited = 0; mailsTo(email, since).length < 3 && waited < 10_000; waited += 100) await sleep(100);
  const anonymousMails = mailsTo(email, since).length;
  const anonymousCode = anonymousMails > 0 ? await mail!.codeFor(email, { since }) : null;
  const ownSince = mail!.received.length;
  const own = await call('GET', `/v1/portals/forgot?dni=${other.cedula}`, { from: '203.0.113.30' });
  const ownCode = await mail!.codeFor(email, { since: ownSince, timeoutMs: 15_000 }).catch(() => null);
  const reset = ownCode === null ? null : await call('POST', '/v1/portals/auth/citizens/reset', { json: { dni: other.cedula, code: ownCode, password: 'Clave-de-la-duena-66' }, from: '203.0.113.30' });
  finding('5b', 'Recuperar la contraseña tras pedidos anónimos',
    'GET /v1/portals/forgot?dni=…: 3 pedidos anónimos desde 3 direcciones, luego el del titular',
    'el pedido del titular no envía nada',
    `anónimos ${anonymous.join(', ')} (${anonymousMails} correos al titular); pedido del titular ${own.status}, su correo ${ownCode === null ? 'NO llegó' : 'llegó'}` +
      (ownCode === null ? '' : `, código ${ownCode === anonymousCode ? 'el mismo de los anónimos' : anonymousCode === null ? 'nuevo' : 'distinto del de los anónimos'}; restablecer con él: ${reset!.status}`),
    ownCode !== null && reset!.status === 200,
    [`respuesta al titular: «${own.json?.message ?? own.text.slice(0, 160)}»`]);
}

/** 6. Card data sent in a URL reaches the log. */
async function cardsInLogs(): Promise<void> {
  const urls = ['/sandbox/pagina-de-pago/pagar?numero=4242+4242+4242+4242&cvv=8317', '/sandbox/pagina-de-pago/pagar?cardNumber=4242424242424242&cvv=123'];
  const logStart = server!.output().length;
  const statuses: number[] = [];
  for (const url of urls) statuses.push((await call('POST', url, { body: 'x=1', contentType: 'application/x-www-form-urlencoded', from: '203.0.113.60' })).status);
  await sleep(1000);
  const lines = server!.output().slice(logStart).split('\n').filter((l) => l.includes('pagina-de-pago'));
  const all = server!.output().split('\n');
  const digits = (l: string) => l.replace(/%2[0bB]|[\s+-]/g, '').includes('4242424242424242');
  // The security codes, in the lines of these requests or in any line that names a cvv (8317 alone could be a time).
  const cvv = (l: string) => /cvv(=|%3D|"\s*:\s*")(8317|123)\b/i.test(l) || (/pagina-de-pago|cvv/i.test(l) && l.includes('8317'));
  const withDigits = all.filter(digits).length;
  const withCvv = all.filter(cvv).length;
  const logged = [...new Set(lines.map((l) => /"url":"([^"]*pagina-de-pago[^"]*)"/.exec(l)?.[1]).filter(Boolean))];
  finding('6', 'Datos de tarjeta en el registro (log)',
    `POST ${urls.join(' y POST ')} (respuestas ${statuses.join(', ')}), luego buscar en la salida del servidor`,
    'número y cvv registrados tal cual',
    `líneas del registro con los 16 dígitos: ${withDigits}; con el cvv (8317 o cvv=123): ${withCvv}; ${lines.length} líneas de esas peticiones`,
    withDigits === 0 && withCvv === 0 && lines.length > 0,
    logged.map((u) => `URL registrada: ${u}`));
}

/** 7 and 8 share the demo citizen's requests and the officers' sessions. */
async function officers(demo: string, demoId: number, staff: Record<'vuf' | 'dgii' | 'intrant' | 'admin', { token: string; id: number }>): Promise<void> {
  await step('7', 'Oficial de la VUF acepta un comprobante de la DGII', async () => {
    const upload = await uploadPdf(demo, demoId, 'Comprobante DGII.pdf');
    expectStatus(upload, 201, 'subida del comprobante');
    const doc = upload.json.data.id as number;
    const data = submittableSrl(doc);
    data.datos_solicitud.tienes_nombre_comercial = false;
    data.datos_solicitud['nombre_de_la_empresa_o_razón_social'] = `Pase del Atacante ${process.pid} SRL`;
    delete data.datos_solicitud.numero_del_certificado_de_nombre_comercial;
    delete data.documentos_requeridos.certificado_de_nombre_comercial;
    const created = await call('POST', '/v1/portals/formalizaciones', { token: demo, json: { data } });
    expectStatus(created, 201, 'borrador de la formalización');
    const id = created.json.data.id as number;
    const sent = await call('POST', `/v1/portals/formalizaciones/${id}/submit`, { token: demo });
    expectStatus(sent, 200, 'envío de la formalización');
    const code = sent.json.data.request_code as string;
    const view = await call('GET', `/v1/portals/requests/${id}/payment`, { token: demo });
    expectStatus(view, 200, 'vista de pagos');
    const item = (view.json.data.items as { id: number; agency: string }[]).find((i) => i.agency === 'DGII')!;
    const proof = await call('POST', '/v1/institution-dgii/upload/document', {
      token: demo,
      json: { documentUrl: `/v1/portals/documents/${doc}/download`, authorizationNumber: '123456', requestId: id, requestCode: code },
    });
    expectStatus(proof, 200, 'comprobante de la DGII');
    const byVuf = await call('POST', `/v1/backoffice/payments/${item.id}/accept`, { token: staff.vuf.token });
    const byDgii = await call('POST', `/v1/backoffice/payments/${item.id}/accept`, { token: staff.dgii.token });
    finding('7', 'Oficial de la VUF acepta un comprobante de la DGII',
      `POST /v1/backoffice/payments/${item.id}/accept (oficial de la VUF; cargo DGII de ${code} con comprobante)`,
      '200',
      `${byVuf.status} «${byVuf.json?.message ?? ''}»; el oficial de la DGII después: ${byDgii.status} (${byDgii.json?.data?.item?.status ?? '?'})`,
      byVuf.status === 403 && byDgii.status === 200);
  });

  await step('8', 'Oficial del INTRANT abre una solicitud de la PGR', async () => {
    const fixture = JSON.parse(await readFile(path.join(root, 'schemas/certificado-no-antecedentes/fixtures/valid/empleo-uso-nacional.json'), 'utf8'));
    const created = await call('POST', '/v1/portals/solicitudes-en-linea/certificado-no-antecedentes', { token: demo, json: { data: fixture.data } });
    expectStatus(created, 201, 'borrador del certificado de no antecedentes');
    const id = created.json.data.id as number;
    const sent = await call('POST', `/v1/portals/solicitudes-en-linea/certificado-no-antecedentes/${id}/submit`, { token: demo });
    expectStatus(sent, 200, 'envío del certificado de no antecedentes');
    const asPgr = await call('GET', `/v1/backoffice/requests/${id}`, { token: staff.admin.token });
    const institution = asPgr.json?.data?.institution ?? '?';
    const logStart = server!.output().length;
    const res = await call('GET', `/v1/backoffice/requests/${id}`, { token: staff.intrant.token });
    await sleep(1000);
    const audit = await call('GET', '/v1/backoffice/audit?action=acceso_denegado', { token: staff.admin.token });
    expectStatus(audit, 200, 'GET /v1/backoffice/audit');
    const rows = (audit.json.data as { staff_id: number; application_id: number | null; detail: { request?: string } }[])
      .filter((r) => r.staff_id === staff.intrant.id && (r.application_id === id || r.detail?.request === `GET /v1/backoffice/requests/${id}`));
    const logLines = server!.output().slice(logStart).split('\n').filter((l) => l.startsWith('{')).map((l) => {
      try {
        return JSON.parse(l) as { msg?: string; staffId?: number };
      } catch {
        return {};
      }
    }).filter((l) => l.staffId === staff.intrant.id);
    const denied = logLines.filter((l) => l.msg === 'acceso denegado').length;
    finding('8', 'Oficial del INTRANT abre una solicitud de la PGR',
      `GET /v1/backoffice/requests/${id} (solicitud ${sent.json.data.request_code}, institución ${institution}) con la sesión del oficial del INTRANT (id ${staff.intrant.id})`,
      '404, sin fila de auditoría ni línea del registro con el id del personal',
      `${res.status}; filas «acceso_denegado» de ese oficial en GET /v1/backoffice/audit: ${rows.length}; líneas del registro con staffId ${staff.intrant.id}: ${logLines.length} (${denied} «acceso denegado»)`,
      res.status === 404 && rows.length >= 1 && denied >= 1);
  });
}

/** 4. A full data disk. */
async function fullDisk(dataDir: string, mounted: boolean, demo: string, demoId: number): Promise<void> {
  if (!mounted) {
    console.log('\n– 4. Disco lleno: OMITIDO (hace falta root y poder montar un tmpfs); lo prueba packages/server/test/diskFull.test.ts en CI.');
    console.log('   antes (informe): 500 y /health/ready 200');
    summary.push({ n: '4', line: '– 4. Disco lleno: antes (informe) 500 y /health/ready 200 → ahora OMITIDO (sin root o sin tmpfs; ver packages/server/test/diskFull.test.ts)' });
    return;
  }
  const created = await call('POST', '/v1/portals/formalizaciones', { token: demo, json: { data: { nombre: 'Antes del disco lleno' } } });
  expectStatus(created, 201, 'borrador para el autoguardado');
  const draft = created.json.data as { id: number; version: number };
  const filler = path.join(dataDir, 'relleno-pase-atacante');
  await writeFile(filler, Buffer.alloc(Math.max(0, await freeBytes(dataDir)), 7)).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOSPC') throw error;
  });
  const free = await freeBytes(dataDir);
  let upload: Answer;
  let save: Answer;
  let ready: Answer;
  try {
    upload = await uploadPdf(demo, demoId, 'Sin espacio.pdf');
    save = await call('PUT', `/v1/portals/formalizaciones/${draft.id}`, { token: demo, json: { data: { nombre: 'Después' }, version: draft.version } });
    ready = await call('GET', '/health/ready');
  } finally {
    await rm(filler, { force: true });
  }
  let readyAfter = await call('GET', '/health/ready');
  for (let i = 0; i < 20 && readyAfter.status !== 200; i++) {
    await sleep(250);
    readyAfter = await call('GET', '/health/ready');
  }
  finding('4', 'Disco lleno',
    `tmpfs de 256 MB con DATA_DIR lleno (${free} bytes libres; DISK_MIN_FREE_MB=4): POST /v1/portals/documents, PUT /v1/portals/formalizaciones/${draft.id}, GET /health/ready`,
    '500 y /health/ready 200',
    `subida ${upload.status}, autoguardado ${save.status}, /health/ready ${ready.status} (storage: ${ready.json?.checks?.storage ?? '?'}); con espacio de nuevo /health/ready ${readyAfter.status}`,
    upload.status === 507 && save.status === 507 && ready.status === 503 && readyAfter.status === 200,
    [`mensajes: «${upload.json?.message ?? ''}» / «${save.json?.message ?? ''}»`]);
}

// ---------------------------------------------------------------- run

async function mountTmpfs(dir: string): Promise<boolean> {
  if (process.getuid?.() !== 0) return false;
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256m,mode=0700', 'tmpfs', dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  const load = os.loadavg().map((l) => l.toFixed(2)).join(' / ');
  console.log(`Pase del atacante (issue 25 §1) — ${new Date().toISOString()}`);
  console.log(`Carga de la máquina (1/5/15 min): ${load} en ${os.cpus().length} núcleos`);

  const work = await mkdtemp(path.join(os.tmpdir(), 'portal-atacante-'));
  const dataDir = path.join(work, 'data');
  await mkdir(dataDir, { mode: 0o700 });
  const mounted = await mountTmpfs(dataDir);
  const watchdog = setTimeout(() => {
    console.log(`\n✗ El pase pasó de 6 minutos (${seconds()}): se detiene.`);
    server?.child.kill('SIGKILL');
    if (mounted) execFileSync('umount', ['-l', dataDir], { stdio: 'ignore' });
    process.exit(1);
  }, 6 * 60_000);
  watchdog.unref();

  try {
    mail = await startMailSink();
    server = startServer(dataDir, { SMTP_URL: mail.url, LOG_LEVEL: 'info', ...SETTINGS });
    const port = await Promise.race([server.listening, sleep(120_000).then(() => null)]);
    if (port === null) throw new Error(`el servidor no arrancó:\n${server.output().slice(-3000)}`);
    base = `http://127.0.0.1:${port}`;
    for (let i = 0; (await call('GET', '/health/ready').catch(() => ({ status: 0 }))).status !== 200; i++) {
      if (i > 240) throw new Error('/health/ready no respondió 200 en 60 s');
      await sleep(250);
    }
    console.log(`Servidor: ${base} (pid ${server.pid}, src/main.ts con tsx), listo en ${seconds()}; DATA_DIR ${mounted ? 'en un tmpfs de 256 MB' : 'temporal'} (${dataDir})`);
    console.log(`Ajustes de esta pasada: ${Object.entries(SETTINGS).map(([k, v]) => `${k}=${v}`).join(', ')}; AGENCIES=sandbox, base embebida, correo a un servidor SMTP de prueba`);

    const demoCedula = SANDBOX_JCE_CITIZENS[1].cedula;
    const demo = await tokenOf(demoCedula, 'Demo-Portal-2026', '203.0.113.1');
    const demoId = await citizenId(demo);
    const staff = {
      vuf: await staffLogin('VUF', '203.0.113.2'),
      dgii: await staffLogin('DGII', '203.0.113.2'),
      intrant: await staffLogin('INTRANT', '203.0.113.2'),
      admin: await staffLogin(null, '203.0.113.2'),
    };

    await step('1', 'Cambio de correo con una sesión robada', emailChange);
    await step('2', 'Cuerpo lento', () => slowBody(port));
    await step('3', 'Cache-Control', () => caching(demo, staff.admin.token));
    await step('5', 'Bloqueo del titular', lockout);
    await step('6', 'Datos de tarjeta en el registro', cardsInLogs);
    await officers(demo, demoId, staff);
    // Last: the disk is filled and freed while the server runs.
    await step('4', 'Disco lleno', () => fullDisk(dataDir, mounted, demo, demoId));
  } catch (error) {
    failures++;
    console.log(`\n✗ ERROR: ${(error as Error).stack ?? String(error)}`);
  } finally {
    if (server) {
      server.child.kill('SIGTERM');
      const code = await Promise.race([server.exited, sleep(15_000).then(() => 'sin salir')]);
      if (code === 'sin salir') server.child.kill('SIGKILL');
    }
    await mail?.close();
    if (mounted) execFileSync('umount', ['-l', dataDir], { stdio: 'ignore' });
    await rm(work, { recursive: true, force: true });
  }
  console.log('\nResumen (antes según el informe del issue 25 §1 → ahora, medido en esta pasada):');
  for (const { line } of [...summary].sort((a, b) => a.n.localeCompare(b.n))) console.log(`  ${line}`);
  console.log(`\n${failures === 0 ? 'Todos los hallazgos cerrados' : `${failures} hallazgo(s) abierto(s) o paso(s) con error`} — ${seconds()}; carga al final: ${os.loadavg().map((l) => l.toFixed(2)).join(' / ')}`);
  process.exitCode = failures === 0 ? 0 : 1;
}

await main();
