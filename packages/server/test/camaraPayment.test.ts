/**
 * The Cámara de Comercio's card payment page (issue 13, spec §2 screen 3): the
 * signed form (POST /v1/institution-camara/hash/{code}), the sandbox page and
 * its signed return (POST /v1/institution-camara/return), through the real
 * routes and database.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_PAGE_REQUEST_FIELDS, CARD_PAGE_RESPONSE_FIELDS } from '@portal/api-contract';
import { SANDBOX_JCE_CITIZENS } from '../src/agencies/sandbox/sandboxData';
import { buildTestApp, type TestApp } from './buildTestApp';
import { bearer, DEMO, login, register } from './helpers';
import { citizenIdOf, paymentViewOf, submitFormalization, uploadPdf } from './paymentFixtures';

const HOST = 'portal.test';
const ORIGIN = `http://${HOST}`;

let t: TestApp;
let token: string;
let citizenId: number;
let doc: number;
let otherToken: string;

beforeAll(async () => {
  t = await buildTestApp({ rateLimitAllowList: ['127.0.0.1'] });
  token = await login(t.app, DEMO.cedula, DEMO.password);
  citizenId = await citizenIdOf(t, token);
  doc = await uploadPdf(t, token, citizenId);
  await register(t.app, SANDBOX_JCE_CITIZENS[8].cedula, 'Clave-de-Otra-1');
  otherToken = await login(t.app, SANDBOX_JCE_CITIZENS[8].cedula, 'Clave-de-Otra-1');
});
afterAll(() => t.close());

const key = () => t.app.payments.cardPage.authKey;
/** The documented rule, computed independently: HMAC-SHA512(key, values joined with nothing + key), lowercase hex. */
const hmac = (values: string[]) => createHmac('sha512', key()).update(values.join('') + key(), 'utf8').digest('hex');

/** What the browser builds (spec §2 screen 3): it knows the order, the amount and its own addresses, not the merchant. */
function browserFields(code: string, amount: number) {
  const back = `${ORIGIN}/my-requests/vuf?solicitud_id=${code}`;
  return {
    TrxType: 'Sale',
    OrderNumber: code.replace(/[^A-Za-z0-9]/g, ''),
    Amount: `${amount}00`,
    ITBIS: '000',
    ApprovedUrl: `${ORIGIN}/my-requests/vuf/azul_callback`,
    DeclinedUrl: `${back}&decline=1`,
    CancelUrl: `${back}&canceled=1`,
  };
}

const askHash = (code: string, json: object, as = token) =>
  t.app.inject({ method: 'POST', url: `/v1/institution-camara/hash/${encodeURIComponent(code)}`, headers: { ...bearer(as), host: HOST }, payload: json });

const form = (fields: Record<string, string>) => ({ payload: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

async function ordersOf(code: string) {
  return (await t.app.db.query<{ status: string; amount: string }>('SELECT status, amount FROM card_page_orders WHERE order_number = $1', [code.replace(/[^A-Za-z0-9]/g, '')])).rows;
}

async function camaraCharge(id: number) {
  return (await paymentViewOf(t, token, id)).items.find((i: { agency: string }) => i.agency === 'CCPSD');
}

async function confirmations(id: number) {
  const notes = await t.app.db.query<{ n: number }>("SELECT count(*)::int AS n FROM request_actions WHERE application_id = $1 AND event = 'pago_confirmado'", [id]);
  const told = await t.app.db.query<{ n: number }>("SELECT count(*)::int AS n FROM notifications WHERE citizen_id = $1 AND kind = 'pago_confirmado' AND link = $2", [citizenId, `/mis-solicitudes/${id}`]);
  return { notes: notes.rows[0].n, notifications: told.rows[0].n };
}

/** The hash step, then the sandbox page, then «Pagar» with `card`: the 303's address. */
async function payOnPage(code: string, card: string): Promise<URL> {
  const signed = await askHash(code, browserFields(code, 5000));
  expect(signed.statusCode, signed.body).toBe(201);
  const { data, fields, url } = signed.json();
  const shown = await t.app.inject({ method: 'POST', url, ...form({ ...fields, AuthHash: data }) });
  expect(shown.statusCode, shown.body).toBe(200);
  const paid = await t.app.inject({ method: 'POST', url: `${url}/pagar`, ...form({ ...fields, AuthHash: data, numero: card, vencimiento: '12/39', cvv: '123' }) });
  expect(paid.statusCode, paid.body).toBe(303);
  return new URL(paid.headers.location as string);
}

/** The return route with the page's query fields. */
const postReturn = (fields: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/v1/institution-camara/return', payload: Object.fromEntries([...CARD_PAGE_RESPONSE_FIELDS, 'AuthHash'].map((f) => [f, fields[f] ?? ''])) });

const queryOf = (url: URL) => Object.fromEntries(url.searchParams.entries());

describe('POST /v1/institution-camara/hash/{code}', () => {
  it('answers 201 with the HMAC-SHA512 of the documented fields, signed by the server with the charge\'s amount', async () => {
    const { code } = await submitFormalization(t, token, doc);
    const res = await askHash(code, browserFields(code, 5000));
    expect(res.statusCode, res.body).toBe(201);
    const { data, fields, url } = res.json();
    expect(url).toBe('/sandbox/pagina-de-pago');
    expect(fields).toMatchObject({ ...browserFields(code, 5000), MerchantId: '39038540035', CurrencyCode: '$', UseCustomField1: '0', CustomField1Label: '', UseCustomField2: '0' });
    expect(fields.Amount).toBe('500000');
    expect(data).toBe(hmac(CARD_PAGE_REQUEST_FIELDS.map((f) => fields[f])));
    expect(data).toMatch(/^[0-9a-f]{128}$/);
    expect(await ordersOf(code)).toEqual([{ status: 'abierta', amount: '500000' }]);
  });

  it('a tampered amount, address or merchant is a 422 naming it, and no order is opened', async () => {
    const { code } = await submitFormalization(t, token, doc);
    const good = browserFields(code, 5000);
    for (const [change, named] of [
      [{ Amount: '100' }, 'el monto'],
      [{ ApprovedUrl: 'https://evil.example/my-requests/vuf/azul_callback' }, 'la dirección de pago aprobado'],
      [{ MerchantId: '12345' }, 'el comercio'],
      [{ TrxType: 'Refund' }, 'el tipo de transacción'],
    ] as const) {
      const res = await askHash(code, { ...good, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(422);
      expect(res.json().message).toContain(named);
    }
    expect(await ordersOf(code)).toEqual([]);
    const missing = await askHash(code, { ...good, Amount: undefined });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Datos inválidos');
  });

  it("another citizen's request code is a 404 and opens nothing; no session is a 401", async () => {
    const { code } = await submitFormalization(t, token, doc);
    const res = await askHash(code, browserFields(code, 5000), otherToken);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Pago no encontrado');
    expect((await t.app.inject({ method: 'POST', url: `/v1/institution-camara/hash/${code}`, payload: browserFields(code, 5000) })).statusCode).toBe(401);
    expect(await ordersOf(code)).toEqual([]);
  });
});

describe('the sandbox page and the return', () => {
  it('a full round trip with 4242: the page, the approved address with the signed fields, the return confirms the charge once', async () => {
    const { id, code } = await submitFormalization(t, token, doc);
    const signed = (await askHash(code, browserFields(code, 5000))).json();
    const shown = await t.app.inject({ method: 'POST', url: signed.url, ...form({ ...signed.fields, AuthHash: signed.data }) });
    expect(shown.headers['content-type']).toContain('text/html');
    expect(shown.body).toContain('lang="es"');
    expect(shown.body).toContain('Página de pago de prueba — no se realiza ningún cargo real');
    expect(shown.body).toContain('RD$ 5,000.00');
    expect(shown.body).toContain(`href="${ORIGIN}/my-requests/vuf?solicitud_id=${code}&#38;canceled=1"`);
    expect(shown.headers['content-security-policy']).toContain("form-action 'self'");

    const back = await payOnPage(code, '4242 4242 4242 4242');
    expect(`${back.origin}${back.pathname}`).toBe(`${ORIGIN}/my-requests/vuf/azul_callback`);
    const query = queryOf(back);
    expect(query).toMatchObject({ OrderNumber: code.replace(/-/g, ''), Amount: '500000', IsoCode: '00', ResponseCode: 'ISO8583', ResponseMessage: 'APROBADA' });
    expect(query.DateTime).toMatch(/^\d{14}$/);
    expect(query.AuthHash).toBe(hmac(CARD_PAGE_RESPONSE_FIELDS.map((f) => query[f])));
    expect(back.search).not.toContain('4242');

    const first = await postReturn(query);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ status: 'aprobado', message: 'Pago aprobado', request_id: id, request_code: code, amount: 5000, authorization_code: query.AuthorizationCode });
    const charge = await camaraCharge(id);
    expect(charge).toMatchObject({ status: 'pagado', method: 'pagina_de_pago', reference: query.AuthorizationCode });
    expect(await confirmations(id)).toEqual({ notes: 1, notifications: 1 });
    expect(await ordersOf(code)).toEqual([{ status: 'aprobada', amount: '500000' }]);

    // The same return again (a reload, a replay): the recorded outcome, nothing new.
    const again = await postReturn(query);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    expect(await confirmations(id)).toEqual({ notes: 1, notifications: 1 });

    // Paid: no new order may be signed.
    const twice = await askHash(code, browserFields(code, 5000));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Este cargo ya está pagado');

    // The card number went nowhere.
    for (const table of ['request_actions', 'notifications', 'outbox', 'card_page_orders', 'request_items']) {
      const { rows } = await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} x WHERE to_jsonb(x)::text LIKE '%4242424242424242%'`);
      expect(rows[0].n, table).toBe(0);
    }
  });

  it('a declined card goes back to the declined address with decline=1; the charge stays pending and may be tried again', async () => {
    const { id, code } = await submitFormalization(t, token, doc);
    const back = await payOnPage(code, '4000000000000002');
    expect(back.pathname).toBe('/my-requests/vuf');
    expect(back.searchParams.get('solicitud_id')).toBe(code);
    expect(back.searchParams.get('decline')).toBe('1');
    expect(back.searchParams.get('IsoCode')).toBe('05');
    const res = await postReturn(queryOf(back));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'rechazado', request_id: id, authorization_code: null });
    expect((await camaraCharge(id)).status).toBe('pendiente');
    expect(await ordersOf(code)).toEqual([{ status: 'abierta', amount: '500000' }]);
    const insufficient = await payOnPage(code, '4000000000009995');
    expect(insufficient.searchParams.get('IsoCode')).toBe('51');
    const paid = await postReturn(queryOf(await payOnPage(code, '4242424242424242')));
    expect(paid.json().data.status).toBe('aprobado');
    expect((await camaraCharge(id)).status).toBe('pagado');
  });

  it('a forged return (hash changed, amount changed and re-signed with another key, another charge\'s order) changes nothing', async () => {
    const { id, code } = await submitFormalization(t, token, doc);
    const back = queryOf(await payOnPage(code, '4242424242424242'));
    const other = await submitFormalization(t, token, doc);
    await askHash(other.code, browserFields(other.code, 5000));
    const resign = (fields: Record<string, string>, k = key()) => ({
      ...fields,
      AuthHash: createHmac('sha512', k).update(CARD_PAGE_RESPONSE_FIELDS.map((f) => fields[f]).join('') + k).digest('hex'),
    });
    const forged = [
      { ...back, AuthHash: back.AuthHash.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) },
      { ...back, Amount: '100' },
      resign({ ...back, Amount: '100' }),
      resign({ ...back, Amount: '100' }, 'otra-clave-de-comercio'),
      { ...back, OrderNumber: other.code.replace(/-/g, '') },
      resign({ ...back, OrderNumber: 'NOEXISTE123' }),
      { ...back, AuthHash: '' },
    ];
    for (const fields of forged) {
      const res = await postReturn(fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(422);
      expect(res.json().message).toBe('La respuesta del pago no es válida');
    }
    expect((await camaraCharge(id)).status).toBe('pendiente');
    expect(await confirmations(id)).toEqual({ notes: 0, notifications: 0 });
    expect(await ordersOf(code)).toEqual([{ status: 'abierta', amount: '500000' }]);
    expect(await ordersOf(other.code)).toEqual([{ status: 'abierta', amount: '500000' }]);
  });

  it('the sandbox page refuses a form whose signature does not verify, in Spanish HTML', async () => {
    const { code } = await submitFormalization(t, token, doc);
    const signed = (await askHash(code, browserFields(code, 5000))).json();
    for (const body of [{ ...signed.fields, Amount: '100', AuthHash: signed.data }, { ...signed.fields, AuthHash: '0'.repeat(128) }, { ...signed.fields, TrxType: 'Refund', AuthHash: signed.data }]) {
      for (const url of [signed.url, `${signed.url}/pagar`]) {
        const res = await t.app.inject({ method: 'POST', url, ...form({ ...body, numero: '4242424242424242', vencimiento: '12/39', cvv: '123' }) });
        expect(res.statusCode).toBe(400);
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.body).toContain('Solicitud de pago inválida');
      }
    }
    const bad = await t.app.inject({ method: 'POST', url: `${signed.url}/pagar`, ...form({ ...signed.fields, AuthHash: signed.data, numero: '42', vencimiento: '1', cvv: '' }) });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('role="alert"');
    expect(await ordersOf(code)).toEqual([{ status: 'abierta', amount: '500000' }]);
  });
});

describe('the content security policy', () => {
  it("lets pages post forms to the real card page's origin with PAYMENTS=http, and only to this server in the sandbox", async () => {
    const formAction = (csp: unknown) => /form-action ([^;]*)/.exec(String(csp))?.[1].split(' ').filter(Boolean);
    expect(formAction((await t.app.inject({ method: 'GET', url: '/v1/portals/shell-config' })).headers['content-security-policy'])).toEqual(["'self'", "'self'"]);
    const real = await buildTestApp({
      payments: {
        mode: 'http',
        gatewayUrl: 'https://pasarela.example',
        apiKey: 'clave-de-prueba',
        timeoutMs: 5000,
        cardPage: { url: 'https://pagos.azul.example/PaymentPage/Default.aspx', merchantId: '1', merchantName: 'Cámara', merchantType: 'Registro mercantil', authKey: 'clave-de-comercio-de-prueba' },
      },
    });
    try {
      const res = await real.app.inject({ method: 'GET', url: '/v1/portals/shell-config' });
      expect(formAction(res.headers['content-security-policy'])).toEqual(["'self'", 'https://pagos.azul.example']);
      // Only the sandbox serves the test page.
      expect((await real.app.inject({ method: 'POST', url: '/sandbox/pagina-de-pago', payload: {} })).statusCode).toBe(404);
    } finally {
      await real.close();
    }
  });
});
