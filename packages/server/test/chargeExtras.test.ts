/**
 * The extras bought with a charge (issue 24 §2.3): after choosing 2 × «Copia
 * certificada del registro mercantil» for the Cámara's RD$ 5,000 charge, every
 * answer that shows the charge says what it is made of (`base_amount` and
 * `extras`): the payment view, the citizen's request list and page, the
 * payment's result, the timeline's «Pago confirmado» and its notification, and
 * the officer's request view. Also (§2.1) each charge of a formalization can be
 * paid by transfer or deposit with the portal's authorization number.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_STAFF } from '../src/agencies/sandbox/sandboxData';
import { buildTestApp, type TestApp } from './buildTestApp';
import { bearer, DEMO, login, staffLogin } from './helpers';
import { citizenIdOf, paymentViewOf, submitFormalization, uploadPdf } from './paymentFixtures';

let t: TestApp;
let token: string;
let citizenId: number;
let doc: number;

const COPY = 'Copia certificada del registro mercantil';
const TWO_COPIES = { name: COPY, quantity: 2, unit_amount: 450, amount: 900 };

beforeAll(async () => {
  t = await buildTestApp({ rateLimitAllowList: ['127.0.0.1'] });
  token = await login(t.app, DEMO.cedula, DEMO.password);
  citizenId = await citizenIdOf(t, token);
  doc = await uploadPdf(t, token, citizenId);
});
afterAll(() => t.close());

interface Item {
  id: number;
  agency: string;
  concept: string;
  base_amount: number;
  amount: number;
  extras: { name: string; quantity: number; unit_amount: number; amount: number }[];
  status: string;
}

const get = (url: string, as = token) => t.app.inject({ method: 'GET', url, headers: bearer(as) });

/** A formalization whose Cámara charge carries 2 × «Copia certificada» (RD$ 5,000 + 2 × 450). */
async function withTwoCopies(): Promise<{ id: number; code: string; camara: Item }> {
  const { id, code } = await submitFormalization(t, token, doc);
  const view = await paymentViewOf(t, token, id);
  const camara = view.items.find((i: Item) => i.agency === 'CCPSD') as Item;
  const price = view.payment.prices.find((p: { item_id: number }) => p.item_id === camara.id);
  const copy = price.variations.find((v: { concept: string }) => v.concept === COPY);
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/portals/request-variation-select',
    headers: bearer(token),
    payload: { quantity: 2, payment_amount: 5900, request_id: [id], variation_id: [copy.id], estimated_date: '' },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.item).toMatchObject({ id: camara.id, base_amount: 5000, amount: 5900, extras: [TWO_COPIES] });
  return { id, code, camara };
}

const staffToken = (institution: string | null): Promise<string> => staffLogin(t.app, SANDBOX_STAFF.find((x) => x.institution === institution)!);

/** Pays a charge by transfer: its authorization number, then the sandbox bank's confirmation (SIRITE). */
async function payByTransfer(id: number, itemId: number) {
  const slip = await get(`/v1/portals/requests/${id}/payment-code?item_id=${itemId}`);
  expect(slip.statusCode, slip.body).toBe(200);
  const code = slip.json().data.code as string;
  return t.app.inject({ method: 'POST', url: `/v1/portals/sirite/response?code=${code}`, headers: bearer(token), payload: { approval_number: '123456' } });
}

describe('the extras of a charge', () => {
  it('a charge without extras answers its base amount and no extras', async () => {
    const { id } = await submitFormalization(t, token, doc);
    const view = await paymentViewOf(t, token, id);
    for (const item of view.items as Item[]) {
      expect(item.extras).toEqual([]);
      expect(item.base_amount).toBe(item.amount);
    }
    const detail = (await get(`/v1/portals/requests/${id}`)).json().data;
    for (const item of detail.items as Item[]) expect(item).toMatchObject({ extras: [], base_amount: item.amount });
  });

  it('the payment view, the request list and the request page show RD$ 5,000 + 2 × Copia certificada RD$ 900 = RD$ 5,900', async () => {
    const { id, camara } = await withTwoCopies();
    const expected = { id: camara.id, agency: 'CCPSD', concept: 'Registro mercantil', base_amount: 5000, amount: 5900, extras: [TWO_COPIES] };

    const view = await paymentViewOf(t, token, id);
    expect(view.items.find((i: Item) => i.id === camara.id)).toMatchObject(expected);
    // The others keep no extras.
    expect(view.items.filter((i: Item) => i.id !== camara.id).every((i: Item) => i.extras.length === 0)).toBe(true);

    const detail = await get(`/v1/portals/requests/${id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data.items.find((i: Item) => i.id === camara.id)).toEqual({ ...expected, currency: 'DOP', status: 'pendiente' });

    const list = await get('/v1/portals/requests/citizen-profile/getRequestsByCitizenProfile');
    const row = list.json().data.find((r: { id: number }) => r.id === id);
    expect(row.items.find((i: Item) => i.id === camara.id)).toMatchObject(expected);

    // Back to no extras: the charge is its base again, with none listed.
    const none = await t.app.inject({
      method: 'POST', url: '/v1/portals/request-variation-select', headers: bearer(token),
      payload: { quantity: 1, payment_amount: 5000, request_id: [id], variation_id: [], estimated_date: '', item_id: camara.id },
    });
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json().data.item).toMatchObject({ amount: 5000, base_amount: 5000, extras: [] });
  });

  it('paid by transfer: the result, the timeline («Pago confirmado»), the notification and the officer\'s view list the extras', async () => {
    const { id, code, camara } = await withTwoCopies();
    const paid = await payByTransfer(id, camara.id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.item).toMatchObject({ id: camara.id, status: 'pagado', method: 'transferencia', amount: 5900, base_amount: 5000, extras: [TWO_COPIES] });

    const breakdown = 'Registro mercantil RD$ 5,000.00 · 2 × Copia certificada del registro mercantil RD$ 900.00';
    const detail = (await get(`/v1/portals/requests/${id}`)).json().data;
    const note = detail.timeline.find((e: { event: string }) => e.event === 'pago_confirmado');
    expect(note.message).toBe(`Registro mercantil (CCPSD): RD$ 5,900.00 (${breakdown}) · Transferencia o depósito bancario.`);
    const told = await t.app.db.query<{ text: string }>("SELECT text FROM notifications WHERE citizen_id = $1 AND kind = 'pago_confirmado' AND title = $2", [citizenId, `Solicitud ${code}: pago confirmado`]);
    expect(told.rows[0].text).toContain(breakdown);

    for (const institution of ['VUF', null]) {
      const officer = await get(`/v1/backoffice/requests/${id}`, await staffToken(institution));
      expect(officer.statusCode, officer.body).toBe(200);
      expect(officer.json().data.items.find((i: Item) => i.id === camara.id)).toMatchObject({ concept: 'Registro mercantil', base_amount: 5000, amount: 5900, status: 'pagado', extras: [TWO_COPIES] });
    }
  });

  it('the extras\' amounts and the base add up to the charge for every choice of the Cámara (quantity × each variation)', async () => {
    const { id, camara } = await withTwoCopies();
    const view = await paymentViewOf(t, token, id);
    const ids = view.payment.prices.find((p: { item_id: number }) => p.item_id === camara.id).variations.map((v: { id: number }) => v.id);
    const res = await t.app.inject({
      method: 'POST', url: '/v1/portals/request-variation-select', headers: bearer(token),
      payload: { quantity: 3, payment_amount: 8300, request_id: [id], variation_id: ids, estimated_date: '' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const item = res.json().data.item as Item;
    expect(item.extras).toEqual([
      { name: COPY, quantity: 3, unit_amount: 450, amount: 1350 },
      { name: 'Certificación de estatus de la empresa', quantity: 3, unit_amount: 650, amount: 1950 },
    ]);
    expect(item.base_amount + item.extras.reduce((s, e) => s + e.amount, 0)).toBe(item.amount);
  });
});

describe('transfer or deposit for the formalization (issue 24 §2.1)', () => {
  it('each of the three charges (ONAPI, DGII, Cámara) gets an authorization number and is paid by transfer', async () => {
    const { id } = await submitFormalization(t, token, doc);
    const view = await paymentViewOf(t, token, id);
    expect((view.items as Item[]).map((i) => i.agency).sort()).toEqual(['CCPSD', 'DGII', 'ONAPI']);
    for (const item of view.items as Item[]) {
      const paid = await payByTransfer(id, item.id);
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json().data.item).toMatchObject({ id: item.id, status: 'pagado', method: 'transferencia', approval_number: '123456' });
    }
    // Every charge paid: the request moves on to review.
    expect((await get(`/v1/portals/requests/${id}`)).json().data.status).toBe('en_revision');
  });
});
