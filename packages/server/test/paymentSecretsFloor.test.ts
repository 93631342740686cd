/**
 * The payments' security floor, proven (GUIDE §7; issue 13): the real server
 * (a process, as `npm start` runs it) on a data folder on disk, logging at
 * "trace", delivering mail to a local SMTP server, goes through every payment
 * path: ONAPI's card form (approved, declined, insufficient funds, invalid
 * number, expired, processor down, a double click and a retry), the Cámara's
 * card payment page (hash, the sandbox page, the signed return and its
 * replay), the DGII proof accepted by its officer, a transfer confirmed with
 * an authorization number and one paid at a CardNet terminal, the price
 * variations. Then, with the server
 * stopped, every file of the data and upload folders, the server's whole
 * log, the delivered mail and every table row are searched for the test
 * cards and security codes: none may be there. Also: at most one charge per
 * double click, retry or replay; an amount sent by the browser never counts;
 * every payment call is rate limited per address (in-process app, no
 * allow-list: past the limit, 429).
 */
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_PAGE_RESPONSE_FIELDS } from '@portal/api-contract';
import { SANDBOX_STAFF } from '../src/agencies/sandbox/sandboxData';
import { loadConfig } from '../src/config';
import { createDb } from '../src/db/createDb';
import { buildTestApp, type TestApp } from './buildTestApp';
import { routeList } from './fuzz/routeCatalog';
import { bearer, DEMO, login, staffLogin } from './helpers';
import { startMailSink, type MailSink } from './mailSink';
import { startServer, type ServerProcess } from './serverProcess';
import { citizenIdOf, paymentViewOf, submitFormalization, uploadPdf } from './paymentFixtures';


/** Each path's card and a security code used nowhere else (4 digits, none a year, an amount or a round figure). */
const CARDS = {
  approved: { number: '4242424242424242', exp: '12/39', cvv: '7391' },
  declined: { number: '4000000000000002', exp: '12/39', cvv: '8264' },
  insufficient: { number: '4000000000009995', exp: '12/39', cvv: '5817' },
  invalid: { number: '4242424242424241', exp: '12/39', cvv: '6093' },
  expired: { number: '5555555555554444', exp: '01/21', cvv: '4728' },
  processorDown: { number: '4000000000000119', exp: '12/39', cvv: '9356' },
  doubleClick: { number: '4012888888881881', exp: '10/37', cvv: '5283' },
  cardPage: { number: '4111111111111111', exp: '11/38', cvv: '3649' },
} as const;

/** The card number as typed in every way the portal could have kept it: plain and grouped by four. */
const cardForms = (n: string) => [n, n.replace(/(\d{4})(?=\d)/g, '$1 '), n.replace(/(\d{4})(?=\d)/g, '$1-')];

let root: string;
let mail: MailSink;
let child: ServerProcess['child'] | null = null;
/** The server process's output so far (its log). */
let output: () => string = () => '';
let base = '';
let exited: Promise<unknown> = Promise.resolve();

/** The server process's HTTP answers shaped like Fastify's inject (what the payment fixtures read). */
function overHttp(): TestApp {
  const inject = async (o: { method: string; url: string; payload?: unknown; headers?: Record<string, string> }) => {
    const raw = o.payload === undefined || Buffer.isBuffer(o.payload) || typeof o.payload === 'string';
    const res = await fetch(base + o.url, {
      method: o.method,
      headers: { ...(raw ? {} : { 'content-type': 'application/json' }), ...o.headers },
      body: o.payload === undefined ? undefined : raw ? (o.payload as BodyInit) : JSON.stringify(o.payload),
      redirect: 'manual',
    });
    const body = await res.text();
    return { statusCode: res.status, body, headers: Object.fromEntries(res.headers), json: () => JSON.parse(body) };
  };
  return { app: { inject } } as unknown as TestApp;
}

async function startServerProcess(dataDir: string, uploadDir: string): Promise<void> {
  const server = startServer(dataDir, {
    UPLOAD_DIR: uploadDir,
    STATIC_DIR: path.join(root, 'no-static'),
    SMTP_URL: mail.url,
    PAYMENTS: 'sandbox',
    LOG_LEVEL: 'trace',
    // The paths below make more payment calls than one address may; the limit itself is checked in-process.
    RATE_LIMIT_ALLOWLIST: '127.0.0.1,::1,::ffff:127.0.0.1',
  });
  child = server.child;
  exited = server.exited;
  const port = await server.listening;
  if (port === null) throw new Error(`el servidor terminó antes de escuchar:\n${server.output().slice(-3000)}`);
  output = server.output;
  base = `http://127.0.0.1:${port}`;
}

/** Every file under `dir`, with its bytes. */
async function filesUnder(dir: string): Promise<{ file: string; bytes: Buffer }[]> {
  const out: { file: string; bytes: Buffer }[] = [];
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const file = path.join(dir, name);
    const info = await stat(file);
    if (info.isDirectory()) out.push(...(await filesUnder(file)));
    else if (info.isFile()) out.push({ file, bytes: await readFile(file) });
  }
  return out;
}

/**
 * Text to search for security codes, without what is random by design and may hold any four digits as a
 * group of its own: UUIDs (message ids, MIME boundaries, request ids) and the MIME boundaries themselves.
 */
const withoutRandomIds = (text: string) =>
  text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '(uuid)').replace(/^(Message-ID|Content-Type|--).*$/gim, '(mime)');

/** A security code as a token of its own: not inside a longer run of letters or digits (a hash, an id, a random number). */
const cvvToken = (cvv: string) => new RegExp(`(?<![0-9A-Za-z])${cvv}(?![0-9A-Za-z])`);

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'portal-payment-floor-'));
  mail = await startMailSink();
  await startServerProcess(path.join(root, 'data'), path.join(root, 'uploads'));
}, 60_000);
afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await exited;
  await mail?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('every payment path, then no card number or security code anywhere', () => {
  it('runs ONAPI, the Cámara, the DGII proof, a transfer and the variations; at most one charge each; the browser\'s amounts never count; then searches disk, log, mail and tables', async () => {
    const t = overHttp();
    const token = await login(t.app, DEMO.cedula, DEMO.password);
    const citizenId = await citizenIdOf(t, token);
    const doc = await uploadPdf(t, token, citizenId);
    const post = (url: string, payload: unknown, tok = token) => t.app.inject({ method: 'POST', url, headers: bearer(tok), payload: payload as object });
    const onapi = (code: string, card: { number: string; exp: string; cvv: string }, extra: object = {}) =>
      post('/v1/institution-onapi/payment', { codigoSolicitud: code, cardNumber: card.number, expDate: card.exp, cvv: card.cvv, ...extra });
    const chargeOf = async (id: number, agency: string) => (await paymentViewOf(t, token, id)).items.find((i: { agency: string }) => i.agency === agency);

    // ONAPI: each refusal, then the approval, then a retry.
    const first = await submitFormalization(t, token, doc);
    const browserAmount = await onapi(first.code, CARDS.approved, { amount: 1 });
    expect(browserAmount.statusCode, 'un monto del navegador se rechaza').toBe(400);
    for (const card of [CARDS.declined, CARDS.insufficient, CARDS.invalid, CARDS.expired, CARDS.processorDown]) {
      const res = await onapi(first.code, card);
      expect(res.statusCode, `${card.number}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.body).not.toContain(card.number);
      expect(res.body).not.toContain(card.cvv);
    }
    expect((await chargeOf(first.id, 'ONAPI')).status).toBe('pendiente');
    const paid = await onapi(first.code, CARDS.approved);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await onapi(first.code, CARDS.approved)).statusCode, 'un reintento no cobra otra vez').toBe(409);
    expect(await chargeOf(first.id, 'ONAPI')).toMatchObject({ status: 'pagado', amount: 7000, card_last4: '4242' });

    // ONAPI: a double click (two calls at once) charges once.
    const second = await submitFormalization(t, token, doc);
    const clicks = await Promise.all([onapi(second.code, CARDS.doubleClick), onapi(second.code, CARDS.doubleClick)]);
    expect(clicks.map((r) => r.statusCode).filter((s) => s === 200)).toHaveLength(1);

    // Variations: the browser's amount is refused unless it is the server's.
    const view = await paymentViewOf(t, token, second.id);
    const camaraItem = view.items.find((i: { agency: string }) => i.agency === 'CCPSD');
    const price = view.payment.prices.find((p: { item_id: number }) => p.item_id === camaraItem.id);
    const one = price.variations[0];
    const cheap = await post('/v1/portals/request-variation-select', { quantity: 2, payment_amount: 1, request_id: [second.id], variation_id: [one.id] });
    expect(cheap.statusCode).toBe(422);
    const chosen = await post('/v1/portals/request-variation-select', { quantity: 2, payment_amount: 5000 + 2 * one.price, request_id: [second.id], variation_id: [one.id] });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const camaraAmount = 5000 + 2 * one.price;

    // The Cámara: hash (a browser's lower amount refused), the sandbox page, the signed return, its replay.
    const order = second.code.replace(/[^A-Za-z0-9]/g, '');
    const fields = (amount: string) => ({
      TrxType: 'Sale',
      OrderNumber: order,
      Amount: amount,
      ITBIS: '000',
      ApprovedUrl: `${base}/my-requests/vuf/azul_callback`,
      DeclinedUrl: `${base}/my-requests/vuf?solicitud_id=${second.code}&decline=1`,
      CancelUrl: `${base}/my-requests/vuf?solicitud_id=${second.code}&canceled=1`,
    });
    const hashUrl = `/v1/institution-camara/hash/${encodeURIComponent(second.code)}`;
    expect((await post(hashUrl, fields('500000'))).statusCode, 'el monto antes de las variaciones ya no vale').toBe(422);
    const signed = await post(hashUrl, fields(`${camaraAmount}00`));
    expect(signed.statusCode, signed.body).toBe(201);
    const { data: hash, fields: signedFields, url } = signed.json();
    const form = (f: Record<string, string>) => ({ payload: new URLSearchParams(f).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect((await t.app.inject({ method: 'POST', url, ...form({ ...signedFields, AuthHash: hash }) })).statusCode).toBe(200);
    const pagePaid = await t.app.inject({
      method: 'POST', url: `${url}/pagar`,
      ...form({ ...signedFields, AuthHash: hash, numero: CARDS.cardPage.number, vencimiento: CARDS.cardPage.exp, cvv: CARDS.cardPage.cvv }),
    });
    expect(pagePaid.statusCode, pagePaid.body).toBe(303);
    const location = new URL(pagePaid.headers.location as string);
    expect(location.href).not.toContain(CARDS.cardPage.number);
    const returned = Object.fromEntries([...CARD_PAGE_RESPONSE_FIELDS, 'AuthHash'].map((f) => [f, location.searchParams.get(f) ?? '']));
    const settled = await t.app.inject({ method: 'POST', url: '/v1/institution-camara/return', payload: returned });
    expect(settled.statusCode, settled.body).toBe(200);
    const replay = await t.app.inject({ method: 'POST', url: '/v1/institution-camara/return', payload: returned });
    expect(replay.statusCode).toBeLessThan(500);
    const forged = await t.app.inject({ method: 'POST', url: '/v1/institution-camara/return', payload: { ...returned, Amount: '100' } });
    expect(forged.statusCode).toBe(422);
    expect(await chargeOf(second.id, 'CCPSD')).toMatchObject({ status: 'pagado', amount: camaraAmount });

    // DGII: the proof, accepted by the DGII officer.
    const dgii = (await paymentViewOf(t, token, second.id)).request_dgii;
    const proof = await post('/v1/institution-dgii/upload/document', {
      documentUrl: `/v1/portals/documents/${doc}/download`, authorizationNumber: '48213957', requestId: second.id, requestCode: second.code,
    });
    expect(proof.statusCode, proof.body).toBe(200);
    const officer = SANDBOX_STAFF.find((s) => s.institution === 'DGII')!;
    const staffToken = await staffLogin(t.app, officer);
    const accepted = await post(`/v1/backoffice/payments/${dgii.id}/accept`, {}, staffToken);
    expect(accepted.statusCode, accepted.body).toBe(200);

    // Transfer: the authorization number, confirmed by the bank.
    const third = await submitFormalization(t, token, doc);
    const thirdCamara = await chargeOf(third.id, 'CCPSD');
    const number = await t.app.inject({ method: 'GET', url: `/v1/portals/requests/${third.id}/payment-code?item_id=${thirdCamara.id}`, headers: bearer(token) });
    expect(number.statusCode, number.body).toBe(200);
    const sirite = await post(`/v1/portals/sirite/response?code=${number.json().data.code}`, { approval_number: '583920' });
    expect(sirite.statusCode, sirite.body).toBe(200);
    // CardNet: the same number paid with a card at a terminal (the portal only hears the bank's approval).
    const thirdOnapi = await chargeOf(third.id, 'ONAPI');
    const onapiNumber = await t.app.inject({ method: 'GET', url: `/v1/portals/requests/${third.id}/payment-code?item_id=${thirdOnapi.id}`, headers: bearer(token) });
    expect(onapiNumber.statusCode, onapiNumber.body).toBe(200);
    const cardnet = await post('/v1/portals/payment/updatepaycardnet', { code: onapiNumber.json().data.code, approval_number: '771204' });
    expect(cardnet.statusCode, cardnet.body).toBe(200);

    // One charge each: one approved attempt per ONAPI charge, one approved order, one confirmation per paid charge.
    const detail = (await t.app.inject({ method: 'GET', url: `/v1/portals/requests/${second.id}`, headers: bearer(token) })).json().data;
    expect(detail.status).toBe('en_revision');
    await new Promise((r) => setTimeout(r, 1500)); // the mailer delivers in the background

    // Stop the server (PGlite flushes its files), then search everything it wrote.
    child!.kill('SIGTERM');
    await exited;
    const db = await createDb(loadConfig({ DATA_DIR: path.join(root, 'data'), LOG_LEVEL: 'silent' }));
    let rows: string[];
    try {
      const attempts = await db.query<{ item_id: number; n: number }>("SELECT item_id, count(*)::int AS n FROM payment_attempts WHERE status = 'aprobado' GROUP BY item_id");
      expect(attempts.rows.every((r) => r.n === 1)).toBe(true);
      expect(attempts.rows).toHaveLength(2);
      const confirmations = await db.query<{ item: string; n: number }>(
        "SELECT ri.id::text AS item, count(ra.id)::int AS n FROM request_items ri JOIN request_actions ra ON ra.application_id = ri.application_id AND ra.event = 'pago_confirmado' AND ra.message LIKE ri.concept || ' (' || ri.agency || ')%' WHERE ri.status = 'pagado' GROUP BY ri.id",
      );
      expect(confirmations.rows.length).toBeGreaterThanOrEqual(5);
      expect(confirmations.rows.filter((r) => r.n !== 1)).toEqual([]);
      const tables = await db.query<{ name: string }>("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'");
      expect(tables.rows.length).toBeGreaterThan(20);
      rows = [];
      for (const { name } of tables.rows) {
        const dump = await db.query<{ row: string }>(`SELECT to_jsonb(x)::text AS row FROM "${name}" x`);
        rows.push(...dump.rows.map((r) => `${name}: ${r.row}`));
      }
      expect(rows.some((r) => r.startsWith('outbox: '))).toBe(true);
    } finally {
      await db.close();
    }
    const files = [...(await filesUnder(path.join(root, 'data'))), ...(await filesUnder(path.join(root, 'uploads')))];
    expect(files.length).toBeGreaterThan(10);
    expect(output()).toMatch(/"level":10/); // the log really is at trace level
    expect(output()).toContain('/v1/institution-onapi/payment');
    const mailText = mail.received.map((m) => m.raw).join('\n');
    expect(mail.received.length).toBeGreaterThan(0);

    // The searches find what is there: the last four digits and the request codes are kept, as they may be.
    expect(rows.some((r) => r.startsWith('request_items: ') && cvvToken('4242').test(r))).toBe(true);
    expect(output()).toContain(encodeURIComponent(second.code));

    const hits: string[] = [];
    for (const card of Object.values(CARDS)) {
      for (const form of cardForms(card.number)) {
        const needle = Buffer.from(form, 'utf8');
        for (const f of files) if (f.bytes.includes(needle)) hits.push(`${form} en ${path.relative(root, f.file)}`);
        if (output().includes(form)) hits.push(`${form} en el registro del servidor`);
        if (mailText.includes(form)) hits.push(`${form} en un correo`);
        for (const r of rows) if (r.includes(form)) hits.push(`${form} en ${r.slice(0, 120)}`);
      }
      // Security codes: searched in the log, the mail and the rows as text, as tokens of their own. Not in the
      // binary pages of the database: any four digits can occur there by chance (page numbers, offsets, hashes).
      const cvv = cvvToken(card.cvv);
      const [logText, mailBodies, rowTexts] = [withoutRandomIds(output()), withoutRandomIds(mailText), rows.map(withoutRandomIds)];
      if (cvv.test(logText)) hits.push(`CVV ${card.cvv} en el registro del servidor: ${logText.match(new RegExp(`.{0,80}${card.cvv}.{0,40}`))?.[0]}`);
      if (cvv.test(mailBodies)) hits.push(`CVV ${card.cvv} en un correo: ${mailBodies.match(new RegExp(`.{0,120}${card.cvv}.{0,60}`))?.[0]}`);
      for (const r of rowTexts) if (cvv.test(r)) hits.push(`CVV ${card.cvv} en ${r.match(new RegExp(`.{0,160}${card.cvv}.{0,60}`))?.[0]}`);
    }
    expect(hits).toEqual([]);
  }, 180_000);
});

describe('every payment call is limited per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ rateLimitAllowList: [] });
  });
  afterAll(() => t?.close());

  /** The payment routes, read from the server's route list. */
  const paymentRoutes = () =>
    routeList(t.app).filter(
      (r) =>
        r.method !== 'HEAD' &&
        /^\/v1\/(institution-|portals\/(sirite|payment|request-variation-select|requests\/:id\/payment))/.test(r.url) &&
        // ONAPI's trade-name lookups of the formalization form share the prefix; they are not payments (the lookup guard limits them).
        !/^\/v1\/institution-onapi\/(registro|verify)\//.test(r.url),
    );

  it('past the limit, a burst from one address gets 429 on each of them (the read-only payment view excepted)', async () => {
    const token = await login(t.app, DEMO.cedula, DEMO.password);
    const routes = paymentRoutes();
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['POST /v1/institution-onapi/payment', 'POST /v1/institution-camara/hash/:code', 'POST /v1/institution-camara/return', 'POST /v1/institution-dgii/upload/document', 'POST /v1/portals/request-variation-select', 'POST /v1/portals/sirite/response']),
    );
    const unlimited: string[] = [];
    for (const { method, url } of routes) {
      // GET /v1/portals/requests/{id}/payment only reads the citizen's own view (the app reads it after every step).
      if (method === 'GET' && url === '/v1/portals/requests/:id/payment') continue;
      const concrete = url.replace(':id', '999999').replace(':code', 'VUF-2026-999999');
      const burst = await Promise.all(
        Array.from({ length: 40 }, () => t.app.inject({ method: method as 'GET' | 'POST', url: concrete, headers: bearer(token), remoteAddress: '203.0.113.7', ...(method === 'POST' ? { payload: {} } : {}) })),
      );
      const limited = burst.filter((r) => r.statusCode === 429).length;
      if (limited === 0) unlimited.push(`${method} ${url}`);
      else expect(burst.length - limited, `${method} ${url}`).toBeLessThanOrEqual(30);
      // Another address is not held back by the first one's burst.
      const other = await t.app.inject({ method: method as 'GET' | 'POST', url: concrete, headers: bearer(token), remoteAddress: '198.51.100.9', ...(method === 'POST' ? { payload: {} } : {}) });
      expect(other.statusCode, `${method} ${url}`).not.toBe(429);
    }
    expect(unlimited).toEqual([]);
  }, 60_000);
});
