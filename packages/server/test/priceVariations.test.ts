/** Price variations (issue 13; spec §2 screen 5, §3, §5, §9): POST /v1/portals/request-variation-select. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_JCE_CITIZENS } from '../src/agencies/sandbox/sandboxData';
import { buildTestApp, type TestApp } from './buildTestApp';
import { bearer, DEMO, login, register } from './helpers';
import { citizenIdOf, paymentViewOf, submitFormalization, uploadPdf } from './paymentFixtures';

let t: TestApp;
let token: string;
let doc: number;
let otherToken: string;

beforeAll(async () => {
  t = await buildTestApp({ rateLimitAllowList: ['127.0.0.1'] });
  token = await login(t.app, DEMO.cedula, DEMO.password);
  doc = await uploadPdf(t, token, await citizenIdOf(t, token));
  await register(t.app, SANDBOX_JCE_CITIZENS[8].cedula, 'Clave-de-Otra-1');
  otherToken = await login(t.app, SANDBOX_JCE_CITIZENS[8].cedula, 'Clave-de-Otra-1');
});
afterAll(() => t.close());

interface View {
  items: { id: number; agency: string; amount: number; base_amount: number; status: string; estimated_date: string | null }[];
  payment: { prices: { id: number; item_id: number; is_allow_multiple: number; selected: number[]; quantity: number; variations: { id: number; concept: string; price: number; days: number; hours: number }[] }[] };
  total_pending: number;
}

const select = (tok: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/v1/portals/request-variation-select', headers: bearer(tok), payload });

async function formalization() {
  const { id, code } = await submitFormalization(t, token, doc);
  const view = (await paymentViewOf(t, token, id)) as View;
  const priceOf = (agency: string) => {
    const item = view.items.find((i) => i.agency === agency)!;
    return { item, price: view.payment.prices.find((p) => p.item_id === item.id)! };
  };
  return { id, code, view, ccpsd: priceOf('CCPSD'), onapi: priceOf('ONAPI') };
}

/** Every row a refused choice could have touched. */
async function chargeState(id: number) {
  const { rows } = await t.app.db.query<{ row: string }>(
    `SELECT to_jsonb(x)::text AS row FROM (
       SELECT ri.id, ri.amount, ri.quantity, ri.estimated_date, ri.status, ri.updated_at,
         (SELECT array_agg(variation_id ORDER BY variation_id) FROM request_item_variations v WHERE v.item_id = ri.id) AS chosen
       FROM request_items ri WHERE ri.application_id = $1 ORDER BY ri.id) x`,
    [id],
  );
  return rows.map((r) => r.row);
}

describe('the prices in the payment view', () => {
  it('a submitted formalization lists the prices of ONAPI (one) and the Cámara (several allowed) with their variations', async () => {
    const { ccpsd, onapi } = await formalization();
    expect(ccpsd.price.is_allow_multiple).toBe(1);
    expect(onapi.price.is_allow_multiple).toBe(0);
    expect(ccpsd.price.variations.map((v) => v.price)).toEqual([450, 650]);
    expect(onapi.price.variations.map((v) => v.price).sort((a, b) => a - b)).toEqual([700, 3500]);
    expect(ccpsd.price.selected).toEqual([]);
    expect(ccpsd.price.quantity).toBe(1);
  });
});

describe('choosing variations', () => {
  it('both Cámara variations × 3: the charge is 5000 + 3 × (450 + 650), the time the longest (2 días), and the view says so', async () => {
    const { id, ccpsd, view } = await formalization();
    const ids = ccpsd.price.variations.map((v) => v.id);
    const res = await select(token, { quantity: 3, payment_amount: 8300, request_id: [id], variation_id: ids, estimated_date: 'lo que diga el navegador' });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.item).toMatchObject({ id: ccpsd.item.id, agency: 'CCPSD', base_amount: 5000, amount: 8300, estimated_date: '2 días', status: 'pendiente' });
    expect(data.total_pending).toBe(view.total_pending + 3300);
    const after = (await paymentViewOf(t, token, id)) as View;
    const price = after.payment.prices.find((p) => p.item_id === ccpsd.item.id)!;
    expect(price.selected).toEqual([...ids].sort((a, b) => a - b));
    expect(price.quantity).toBe(3);
    expect(after.items.find((i) => i.agency === 'CCPSD')!.amount).toBe(8300);
    // The Cámara's quotation follows the charge.
    expect((await paymentViewOf(t, token, id)).request_camara.cotizacion.totalCobrar).toBe(8300);

    // Fewer variations, then none (item_id names the charge): back to the base amount, no time.
    const one = await select(token, { quantity: 2, payment_amount: 5900, request_id: [id], variation_id: [ids[0]] });
    expect(one.json().data.item).toMatchObject({ amount: 5900, estimated_date: '1 día' });
    const none = await select(token, { quantity: 1, payment_amount: 5000, request_id: [id], variation_id: [], item_id: ccpsd.item.id });
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json().data.item).toMatchObject({ amount: 5000, estimated_date: null });
    expect(((await paymentViewOf(t, token, id)) as View).payment.prices.find((p) => p.item_id === ccpsd.item.id)!.selected).toEqual([]);
  });

  it('ONAPI (no multiples): the express variation of 24 horas at quantity 1', async () => {
    const { id, onapi } = await formalization();
    const express = onapi.price.variations.find((v) => v.hours === 24)!;
    const res = await select(token, { quantity: 1, payment_amount: 10500, request_id: [id], variation_id: [express.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.item).toMatchObject({ amount: 10500, estimated_date: '24 horas' });
  });
});

describe('refusals change nothing', () => {
  it('an amount the server does not compute (even by a cent) is a 422 with the Spanish message', async () => {
    const { id, ccpsd } = await formalization();
    const before = await chargeState(id);
    for (const amount of [8299.99, 5000, 0]) {
      const res = await select(token, { quantity: 3, payment_amount: amount, request_id: [id], variation_id: ccpsd.price.variations.map((v) => v.id) });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toBe('El monto no coincide con los servicios elegidos');
    }
    expect(await chargeState(id)).toEqual(before);
  });

  it('variations of two prices, of another form, unknown ones or of another charge are refused', async () => {
    const { id, ccpsd, onapi } = await formalization();
    const before = await chargeState(id);
    const mixed = await select(token, { quantity: 1, payment_amount: 6150, request_id: [id], variation_id: [ccpsd.price.variations[0].id, onapi.price.variations[0].id] });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toBe('Las variaciones elegidas deben ser de un mismo precio');
    const pgr = (await t.app.db.query<{ id: number }>("SELECT v.id FROM price_variations v JOIN service_prices p ON p.id = v.price_id WHERE p.form = 'certificado-no-antecedentes' LIMIT 1")).rows[0].id;
    const otherForm = await select(token, { quantity: 1, payment_amount: 5200, request_id: [id], variation_id: [pgr] });
    expect(otherForm.statusCode).toBe(400);
    expect(otherForm.json().message).toBe('La variación no corresponde a esta solicitud');
    const unknown = await select(token, { quantity: 1, payment_amount: 5000, request_id: [id], variation_id: [999999] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Variación no encontrada');
    const wrongItem = await select(token, { quantity: 1, payment_amount: 5450, request_id: [id], variation_id: [ccpsd.price.variations[0].id], item_id: onapi.item.id });
    expect(wrongItem.statusCode).toBe(404);
    const noItem = await select(token, { quantity: 1, payment_amount: 5000, request_id: [id], variation_id: [] });
    expect(noItem.statusCode).toBe(400);
    expect(noItem.json().message).toBe('Indique el cargo (item_id) cuando no elige variaciones');
    expect(await chargeState(id)).toEqual(before);
  });

  it('a quantity below 1 or not a number is a Spanish 400 (the browser makes it 1 first); a quantity on a price without multiples is a 400', async () => {
    const { id, ccpsd, onapi } = await formalization();
    const before = await chargeState(id);
    for (const quantity of [0, -2, 'abc', 1.5]) {
      const res = await select(token, { quantity, payment_amount: 5450, request_id: [id], variation_id: [ccpsd.price.variations[0].id] });
      expect(res.statusCode, String(quantity)).toBe(400);
      expect(res.json().message).toBe('Datos inválidos');
    }
    const two = await select(token, { quantity: 2, payment_amount: 7700, request_id: [id], variation_id: [onapi.price.variations.find((v) => v.price === 700)!.id] });
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe('Este servicio no admite una cantidad mayor que 1');
    expect(await chargeState(id)).toEqual(before);
  });

  it("another citizen's request is a 404 and nothing changes; without a session a 401", async () => {
    const { id, ccpsd } = await formalization();
    const before = await chargeState(id);
    const payload = { quantity: 1, payment_amount: 5450, request_id: [id], variation_id: [ccpsd.price.variations[0].id] };
    const res = await select(otherToken, payload);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Solicitud no encontrada');
    expect((await t.app.inject({ method: 'POST', url: '/v1/portals/request-variation-select', payload })).statusCode).toBe(401);
    expect(await chargeState(id)).toEqual(before);
  });

  it('a paid charge, or one with a card payment in flight, is a 409', async () => {
    const { id, ccpsd } = await formalization();
    const payload = { quantity: 1, payment_amount: 5450, request_id: [id], variation_id: [ccpsd.price.variations[0].id] };
    await t.app.db.query("INSERT INTO payment_attempts (item_id, method, status, amount) VALUES ($1, 'pagina_de_pago', 'en_curso', 5000)", [ccpsd.item.id]);
    const before = await chargeState(id);
    const inFlight = await select(token, payload);
    expect(inFlight.statusCode).toBe(409);
    expect(inFlight.json().message).toBe('Hay un pago con tarjeta en curso para este cargo; espere su resultado');
    await t.app.db.query("UPDATE payment_attempts SET status = 'aprobado' WHERE item_id = $1", [ccpsd.item.id]);
    await t.app.db.query("UPDATE request_items SET status = 'pagado', method = 'pagina_de_pago', reference = 'X', paid_at = now() WHERE id = $1", [ccpsd.item.id]);
    const paidBefore = await chargeState(id);
    expect(paidBefore).not.toEqual(before);
    const paid = await select(token, payload);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe('Este cargo ya está pagado');
    expect(await chargeState(id)).toEqual(paidBefore);
  });

  it('a charge whose card payment page was signed in the last 20 minutes keeps its amount (409); after that, it may change', async () => {
    const { id, ccpsd } = await formalization();
    const payload = { quantity: 1, payment_amount: 5450, request_id: [id], variation_id: [ccpsd.price.variations[0].id] };
    await t.app.db.query("INSERT INTO card_page_orders (order_number, item_id, amount) VALUES ($1, $2, '500000')", [`T${ccpsd.item.id}`, ccpsd.item.id]);
    const before = await chargeState(id);
    const open = await select(token, payload);
    expect(open.statusCode).toBe(409);
    expect(open.json().message).toMatch(/^Hay un pago con tarjeta abierto en la página de pago/);
    expect(await chargeState(id)).toEqual(before);
    await t.app.db.query("UPDATE card_page_orders SET created_at = now() - interval '21 minutes' WHERE item_id = $1", [ccpsd.item.id]);
    expect((await select(token, payload)).statusCode).toBe(200);
  });
});

describe('after choosing', () => {
  it('the ONAPI card payment charges the new amount', async () => {
    const { id, code, onapi } = await formalization();
    const express = onapi.price.variations.find((v) => v.hours === 24)!;
    expect((await select(token, { quantity: 1, payment_amount: 10500, request_id: [id], variation_id: [express.id] })).statusCode).toBe(200);
    const pay = await t.app.inject({
      method: 'POST',
      url: '/v1/institution-onapi/payment',
      headers: bearer(token),
      payload: { codigoSolicitud: code, cardNumber: '4242424242424242', expDate: '12/39', cvv: '123' },
    });
    expect(pay.statusCode, pay.body).toBe(200);
    const after = (await paymentViewOf(t, token, id)) as View;
    expect(after.items.find((i) => i.agency === 'ONAPI')).toMatchObject({ status: 'pagado', amount: 10500 });
    const attempt = await t.app.db.query<{ amount: string }>("SELECT amount FROM payment_attempts WHERE item_id = $1 AND status = 'aprobado'", [onapi.item.id]);
    expect(Number(attempt.rows[0].amount)).toBe(10500);
  });
});
