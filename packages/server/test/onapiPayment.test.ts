/** POST /v1/institution-onapi/payment: ONAPI's in-page card payment through the sandbox card processor (issue 13, spec §7). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_JCE_CITIZENS } from '../src/agencies/sandbox/sandboxData';
import { SANDBOX_CARDS } from '../src/payments/sandboxPayments';
import { buildTestApp, type TestApp } from './buildTestApp';
import { bearer, DEMO, login, register } from './helpers';
import { citizenIdOf, paymentViewOf, submitFormalization, uploadPdf } from './paymentFixtures';

const URL = '/v1/institution-onapi/payment';
const CVV = '123';

let t: TestApp;
let token: string;
let citizenId: number;
let doc: number;
let otherToken: string;

/** Next month, MM/YY: a card that has not expired. */
function validExpiry(): string {
  const d = new Date();
  d.setMonth(d.getMonth() + 13);
  return `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getFullYear()).slice(-2)}`;
}

beforeAll(async () => {
  // The payment routes are limited per address; these tests come from one address, so it is allowed (the limit has its own test).
  t = await buildTestApp({ rateLimitAllowList: ['127.0.0.1'] });
  token = await login(t.app, DEMO.cedula, DEMO.password);
  citizenId = await citizenIdOf(t, token);
  doc = await uploadPdf(t, token, citizenId);
  await register(t.app, SANDBOX_JCE_CITIZENS[8].cedula, 'Clave-de-Otra-1');
  otherToken = await login(t.app, SANDBOX_JCE_CITIZENS[8].cedula, 'Clave-de-Otra-1');
});
afterAll(() => t.close());

const pay = (code: string, cardNumber: string, extra: Record<string, unknown> = {}, who = token) =>
  t.app.inject({ method: 'POST', url: URL, headers: bearer(who), payload: { codigoSolicitud: code, cardNumber, expDate: validExpiry(), cvv: CVV, ...extra } });

type Item = { id: number; agency: string; status: string; method: string | null; card_brand: string | null; card_last4: string | null; reference: string | null };

async function onapiOf(id: number): Promise<Item> {
  return (await paymentViewOf(t, token, id)).items.find((i: Item) => i.agency === 'ONAPI');
}

async function countOf(sql: string, params: unknown[]): Promise<number> {
  return (await t.app.db.query<{ n: number }>(sql, params)).rows[0].n;
}

const attempts = (itemId: number, status?: string) =>
  countOf('SELECT count(*)::int AS n FROM payment_attempts WHERE item_id = $1 AND ($2::text IS NULL OR status = $2)', [itemId, status ?? null]);
const paidNotes = (requestId: number) =>
  countOf("SELECT count(*)::int AS n FROM request_actions WHERE application_id = $1 AND event = 'pago_confirmado'", [requestId]);

/** Everything a request's payments changed, to compare before and after a refused call. */
async function snapshot(requestId: number) {
  const view = await paymentViewOf(t, token, requestId);
  const onapi = view.items.find((i: Item) => i.agency === 'ONAPI');
  return { view, attempts: await attempts(onapi.id), notes: await paidNotes(requestId) };
}

/** No trace of the card number or its security code anywhere the payment writes. */
async function expectNoCardData(cardNumber: string) {
  for (const table of ['payment_attempts', 'request_items', 'request_actions', 'notifications', 'outbox']) {
    const { rows } = await t.app.db.query<{ dump: string }>(`SELECT coalesce(string_agg(x::text, ' '), '') AS dump FROM ${table} x`);
    expect(rows[0].dump, table).not.toContain(cardNumber);
  }
}

describe('an approved card', () => {
  it('pays the ONAPI charge: tarjeta, VISA 4242, timeline pago_confirmado, notification; the card is stored nowhere', async () => {
    const { id, code } = await submitFormalization(t, token, doc);
    const res = await pay(code, SANDBOX_CARDS.approved);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data;
    expect(result.message).toBe('Pago realizado');
    expect(result.item).toMatchObject({ agency: 'ONAPI', status: 'pagado', method: 'tarjeta', card_brand: 'VISA', card_last4: '4242', amount: 7000 });
    expect(result.item.reference).toMatch(/^SBX-/);
    expect(result.request_status).toBe('enviada');
    const onapi = await onapiOf(id);
    expect(onapi).toMatchObject({ status: 'pagado', method: 'tarjeta', card_brand: 'VISA', card_last4: '4242' });
    expect(await paidNotes(id)).toBe(1);
    expect(await attempts(onapi.id, 'aprobado')).toBe(1);
    const note = await t.app.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM notifications WHERE citizen_id = $1 AND kind = 'pago_confirmado' AND text LIKE '%VISA terminada en 4242%' AND title LIKE $2",
      [citizenId, `%${code}%`],
    );
    expect(note.rows[0].n).toBe(1);
    await expectNoCardData(SANDBOX_CARDS.approved);
    const attempt = await t.app.db.query('SELECT * FROM payment_attempts WHERE item_id = $1', [onapi.id]);
    expect(JSON.stringify(attempt.rows)).not.toMatch(/"cvv"|"card_number"/i);
  });

  it('paying again is a 409 and nothing changes', async () => {
    const { id, code } = await submitFormalization(t, token, doc);
    expect((await pay(code, SANDBOX_CARDS.approved)).statusCode).toBe(200);
    const before = await snapshot(id);
    const again = await pay(code, SANDBOX_CARDS.approved);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Este cargo ya está pagado');
    expect(await snapshot(id)).toEqual(before);
  });

  it('five parallel submits: exactly one approved attempt and one timeline note', async () => {
    const { id, code } = await submitFormalization(t, token, doc);
    const answers = await Promise.all(Array.from({ length: 5 }, () => pay(code, SANDBOX_CARDS.approved)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const onapi = await onapiOf(id);
    expect(onapi.status).toBe('pagado');
    expect(await attempts(onapi.id, 'aprobado')).toBe(1);
    expect(await attempts(onapi.id)).toBe(1);
    expect(await paidNotes(id)).toBe(1);
  });
});

describe('a refused card', () => {
  const cases: Array<[string, () => Record<string, unknown>, string]> = [
    ['declined by the issuer', () => ({ cardNumber: SANDBOX_CARDS.declined }), 'El banco emisor rechazó la tarjeta.'],
    ['insufficient funds', () => ({ cardNumber: SANDBOX_CARDS.insufficientFunds }), 'La tarjeta no tiene fondos suficientes.'],
    ['failing the Luhn check', () => ({ cardNumber: '4242424242424241' }), 'El número de la tarjeta no es válido.'],
    ['expired', () => ({ cardNumber: SANDBOX_CARDS.approved, expDate: '01/20' }), 'La tarjeta está vencida.'],
  ];
  for (const [name, body, message] of cases) {
    it(`${name}: 422 with the processor's reason, a refused attempt, the charge still pending`, async () => {
      const { id, code } = await submitFormalization(t, token, doc);
      const sent = body();
      const res = await pay(code, sent.cardNumber as string, sent);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toBe(message);
      expect(res.body).not.toContain(sent.cardNumber as string);
      const onapi = await onapiOf(id);
      expect(onapi).toMatchObject({ status: 'pendiente', method: null, card_last4: null });
      expect(await attempts(onapi.id, 'rechazado')).toBe(1);
      expect(await paidNotes(id)).toBe(0);
      const outcome = await t.app.db.query<{ outcome: string }>('SELECT outcome FROM payment_attempts WHERE item_id = $1', [onapi.id]);
      expect(outcome.rows[0].outcome).toBe(message);
      await expectNoCardData(sent.cardNumber as string);
      // The charge can be paid after a refusal.
      expect((await pay(code, SANDBOX_CARDS.approved)).statusCode).toBe(200);
    });
  }

  it('the processor does not answer: 503, nothing charged; a retry with 4242 succeeds', async () => {
    const { id, code } = await submitFormalization(t, token, doc);
    const res = await pay(code, SANDBOX_CARDS.processorError);
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('El procesador de pagos no respondió. No se hizo ningún cargo; intente de nuevo en unos minutos.');
    const onapi = await onapiOf(id);
    expect(onapi.status).toBe('pendiente');
    expect(await attempts(onapi.id, 'error')).toBe(1);
    const retry = await pay(code, SANDBOX_CARDS.approved);
    expect(retry.statusCode, retry.body).toBe(200);
    expect((await onapiOf(id)).status).toBe('pagado');
    await expectNoCardData(SANDBOX_CARDS.processorError);
  });
});

describe('attempts', () => {
  it("a live attempt blocks a second one (409); one older than 2 minutes is abandoned and no longer blocks", async () => {
    const { id, code } = await submitFormalization(t, token, doc);
    const onapi = await onapiOf(id);
    await t.app.db.query("INSERT INTO payment_attempts (item_id, method, status, amount) VALUES ($1, 'tarjeta', 'en_curso', 7000)", [onapi.id]);
    const blocked = await pay(code, SANDBOX_CARDS.approved);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe('Ya hay un pago en curso para este cargo');
    expect((await onapiOf(id)).status).toBe('pendiente');
    await t.app.db.query("UPDATE payment_attempts SET created_at = now() - interval '3 minutes' WHERE item_id = $1", [onapi.id]);
    const res = await pay(code, SANDBOX_CARDS.approved);
    expect(res.statusCode, res.body).toBe(200);
    expect(await attempts(onapi.id, 'error')).toBe(1);
    expect(await attempts(onapi.id, 'aprobado')).toBe(1);
  });
});

describe('who may pay', () => {
  it("another citizen's request code is a 404 and nothing changes", async () => {
    const { id, code } = await submitFormalization(t, token, doc);
    const before = await snapshot(id);
    const res = await pay(code, SANDBOX_CARDS.approved, {}, otherToken);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Pago no encontrado');
    expect(await snapshot(id)).toEqual(before);
  });

  it('without a session: 401', async () => {
    const { id, code } = await submitFormalization(t, token, doc);
    const res = await t.app.inject({ method: 'POST', url: URL, payload: { codigoSolicitud: code, cardNumber: SANDBOX_CARDS.approved, expDate: validExpiry(), cvv: CVV } });
    expect(res.statusCode).toBe(401);
    expect((await onapiOf(id)).status).toBe('pendiente');
  });

  it('a request code that does not exist: 404', async () => {
    const res = await pay('VUF-1999-000001', SANDBOX_CARDS.approved);
    expect(res.statusCode).toBe(404);
  });
});

describe('bad input', () => {
  const bad: Array<[string, (code: string) => Record<string, unknown>, string]> = [
    ['no card number', (code) => ({ codigoSolicitud: code, expDate: validExpiry(), cvv: CVV }), 'cardNumber'],
    ['no request code', () => ({ cardNumber: SANDBOX_CARDS.approved, expDate: validExpiry(), cvv: CVV }), 'codigoSolicitud'],
    ['no expiry', (code) => ({ codigoSolicitud: code, cardNumber: SANDBOX_CARDS.approved, cvv: CVV }), 'expDate'],
    ['no security code', (code) => ({ codigoSolicitud: code, cardNumber: SANDBOX_CARDS.approved, expDate: validExpiry() }), 'cvv'],
    ['letters in the number', (code) => ({ codigoSolicitud: code, cardNumber: '4242abcd42424242', expDate: validExpiry(), cvv: CVV }), 'cardNumber'],
    ['spaces in the number', (code) => ({ codigoSolicitud: code, cardNumber: '4242 4242 4242 4242', expDate: validExpiry(), cvv: CVV }), 'cardNumber'],
    ['17 digits', (code) => ({ codigoSolicitud: code, cardNumber: '42424242424242424', expDate: validExpiry(), cvv: CVV }), 'cardNumber'],
    ['month 13', (code) => ({ codigoSolicitud: code, cardNumber: SANDBOX_CARDS.approved, expDate: '13/26', cvv: CVV }), 'expDate'],
    ['a number instead of text', (code) => ({ codigoSolicitud: code, cardNumber: 4242424242424242, expDate: validExpiry(), cvv: CVV }), 'cardNumber'],
    ['security code abc', (code) => ({ codigoSolicitud: code, cardNumber: SANDBOX_CARDS.approved, expDate: validExpiry(), cvv: 'abc' }), 'cvv'],
    ['an amount sent by the browser', (code) => ({ codigoSolicitud: code, cardNumber: SANDBOX_CARDS.approved, expDate: validExpiry(), cvv: CVV, amount: 1 }), 'amount'],
  ];
  for (const [name, body, field] of bad) {
    it(`${name}: 400 in Spanish naming ${field}, without echoing the card; nothing changes`, async () => {
      const { id, code } = await submitFormalization(t, token, doc);
      const before = await snapshot(id);
      const payload = body(code);
      const res = await t.app.inject({ method: 'POST', url: URL, headers: bearer(token), payload });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe('Datos inválidos');
      const errors = res.json().errors as Array<{ path: string; message: string }>;
      expect(errors.map((e) => e.path)).toContain(field);
      expect(errors.every((e) => /^[A-ZÁÉÍÓÚ]/.test(e.message))).toBe(true);
      if (typeof payload.cardNumber === 'string') expect(res.body).not.toContain(payload.cardNumber);
      expect(res.body).not.toContain('"cvv":"');
      expect(await snapshot(id)).toEqual(before);
    });
  }
});

describe('the per-address limit', () => {
  it('answers 429 after the limit, without calling the processor', async () => {
    const limited = await buildTestApp({}, { db: t.app.db });
    try {
      const { id, code } = await submitFormalization(t, token, doc);
      const onapi = await onapiOf(id);
      const statuses: number[] = [];
      for (let i = 0; i < 31; i += 1) {
        const res = await limited.app.inject({
          method: 'POST', url: URL, headers: bearer(token), remoteAddress: '203.0.113.90',
          payload: { codigoSolicitud: code, cardNumber: SANDBOX_CARDS.declined, expDate: validExpiry(), cvv: CVV },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 30).every((s) => s === 422)).toBe(true);
      expect(statuses[30]).toBe(429);
      expect(await attempts(onapi.id)).toBe(30);
    } finally {
      await limited.close();
    }
  });
});

describe('the OpenAPI document', () => {
  it('documents the route with a session required and its errors', async () => {
    const spec = t.app.swagger() as unknown as { paths: Record<string, Record<string, { security: unknown; responses: Record<string, unknown>; requestBody: { content: Record<string, { schema: { additionalProperties: boolean } }> } }>> };
    const op = spec.paths['/v1/institution-onapi/payment'].post;
    expect(op.security).toEqual([{ bearer: [] }, { cookie: [] }]);
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '404', '409', '422', '503']));
    expect(op.requestBody.content['application/json'].schema.additionalProperties).toBe(false);
  });
});
