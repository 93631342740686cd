/** Paying by transfer or deposit with the portal's authorization number (issue 13, GENERATE_CODE_MODAL): the number, its slip and the bank's confirmation. */
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_JCE_CITIZENS } from '../src/agencies/sandbox/sandboxData';
import { buildTestApp, type TestApp } from './buildTestApp';
import { bearer, DEMO, login, register } from './helpers';
import { citizenIdOf, paymentViewOf, submitFormalization, uploadPdf } from './paymentFixtures';

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
  await register(t.app, SANDBOX_JCE_CITIZENS[6].cedula, 'Clave-de-Otra-1');
  otherToken = await login(t.app, SANDBOX_JCE_CITIZENS[6].cedula, 'Clave-de-Otra-1');
});
afterAll(() => t.close());

/** A fresh formalization and its ONAPI charge (RD$ 7,000). */
async function onapiCharge(): Promise<{ id: number; itemId: number }> {
  const { id } = await submitFormalization(t, token, doc);
  const view = await paymentViewOf(t, token, id);
  return { id, itemId: view.items.find((i: { agency: string }) => i.agency === 'ONAPI').id };
}

const getCode = (id: number, itemId: number, as = token) => t.app.inject({ method: 'GET', url: `/v1/portals/requests/${id}/payment-code?item_id=${itemId}`, headers: bearer(as) });
const newCode = (id: number, itemId: number, as = token) => t.app.inject({ method: 'POST', url: `/v1/portals/requests/${id}/payment-code`, headers: bearer(as), payload: { item_id: itemId } });
const sirite = (code: string, approval: string, as = token) =>
  t.app.inject({ method: 'POST', url: `/v1/portals/sirite/response?code=${encodeURIComponent(code)}`, headers: bearer(as), payload: { approval_number: approval } });
const cardnet = (code: string, approval: string, as = token) =>
  t.app.inject({ method: 'POST', url: '/v1/portals/payment/updatepaycardnet', headers: bearer(as), payload: { code, approval_number: approval } });

/** What a charge's payment looks like in the database (to show nothing changed). */
async function chargeState(itemId: number) {
  const item = await t.app.db.query('SELECT status, method, reference, approval_number, paid_at FROM request_items WHERE id = $1', [itemId]);
  const codes = await t.app.db.query('SELECT code, replaced_at, used_at FROM payment_codes WHERE item_id = $1 ORDER BY created_at, code', [itemId]);
  const notes = await t.app.db.query<{ n: number }>("SELECT count(*)::int AS n FROM notifications WHERE citizen_id = $1 AND kind = 'pago_confirmado'", [citizenId]);
  return { item: item.rows[0], codes: codes.rows, notes: notes.rows[0].n };
}

/** The text a PDF draws: its streams inflated, the hexadecimal strings of its Tj operators decoded (WinAnsi ≈ Latin-1). */
function pdfText(body: Buffer): string {
  const raw = body.toString('latin1');
  const parts: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1], 'latin1')).toString('latin1');
    } catch {
      content = match[1];
    }
    for (const hex of content.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) parts.push(Buffer.from(hex[1], 'hex').toString('latin1'));
  }
  return parts.join('\n');
}

describe('the authorization number', () => {
  it('is 11 digits, stable across reads, with the charge, its request and the bank instructions', async () => {
    const { id, itemId } = await onapiCharge();
    const first = await getCode(id, itemId);
    expect(first.statusCode, first.body).toBe(200);
    const data = first.json().data;
    expect(data.code).toMatch(/^\d{11}$/);
    expect(data).toMatchObject({ item_id: itemId, request_id: id, agency: 'ONAPI', amount: 7000, currency: 'DOP', sandbox: true });
    expect(data.request_code).toMatch(/^\S+$/);
    expect(data.bank.account).toBeTruthy();
    expect(data.instructions.join(' ')).toContain('Pago realizado');
    const again = (await getCode(id, itemId)).json().data;
    expect(again.code).toBe(data.code);
    expect(again.created_at).toBe(data.created_at);
    const rows = await t.app.db.query('SELECT code FROM payment_codes WHERE item_id = $1', [itemId]);
    expect(rows.rows).toEqual([{ code: data.code }]);
  });

  it('a new one replaces it: the old one no longer confirms a payment', async () => {
    const { id, itemId } = await onapiCharge();
    const old = (await getCode(id, itemId)).json().data.code;
    const res = await newCode(id, itemId);
    expect(res.statusCode, res.body).toBe(201);
    const fresh = res.json().data.code;
    expect(fresh).toMatch(/^\d{11}$/);
    expect(fresh).not.toBe(old);
    expect((await getCode(id, itemId)).json().data.code).toBe(fresh);
    const before = await chargeState(itemId);
    const refused = await sirite(old, '123456');
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('Código de autorización no encontrado');
    expect(await chargeState(itemId)).toEqual(before);
  });

  it("another citizen's request or charge is a 404 and no number is made; a charge of another request of the same citizen too", async () => {
    const { id, itemId } = await onapiCharge();
    const other = await getCode(id, itemId, otherToken);
    expect(other.statusCode).toBe(404);
    expect((await newCode(id, itemId, otherToken)).statusCode).toBe(404);
    const second = await onapiCharge();
    expect((await getCode(second.id, itemId)).statusCode).toBe(404);
    expect((await t.app.db.query('SELECT code FROM payment_codes WHERE item_id = $1', [itemId])).rows).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/v1/portals/requests/${id}/payment-code?item_id=${itemId}` })).statusCode).toBe(401);
  });

  it('bad input is a Spanish 400', async () => {
    const { id } = await onapiCharge();
    const res = await t.app.inject({ method: 'GET', url: `/v1/portals/requests/${id}/payment-code?item_id=abc`, headers: bearer(token) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Datos inválidos');
    expect((await t.app.inject({ method: 'POST', url: `/v1/portals/requests/${id}/payment-code`, headers: bearer(token), payload: {} })).statusCode).toBe(400);
  });
});

describe('SIRITE: confirming a transfer or deposit', () => {
  it('the bank confirms: the charge is paid by transfer, with the approval number, in the timeline and told to the citizen; the code is used; a second time is a 409', async () => {
    const { id, itemId } = await onapiCharge();
    const code = (await getCode(id, itemId)).json().data.code;
    const notesBefore = (await chargeState(itemId)).notes;
    const res = await sirite(code, '123456');
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data.item).toMatchObject({ id: itemId, status: 'pagado', method: 'transferencia', approval_number: '123456' });
    expect(data.item.reference).toMatch(/^SBX-/);
    expect(data.request_status).toBe('enviada');
    const state = await chargeState(itemId);
    expect(state.item).toMatchObject({ status: 'pagado', method: 'transferencia', approval_number: '123456' });
    expect(state.codes[0].used_at).not.toBeNull();
    expect(state.notes).toBe(notesBefore + 1);
    const detail = (await t.app.inject({ method: 'GET', url: `/v1/portals/requests/${id}`, headers: bearer(token) })).json().data;
    expect(detail.timeline.map((e: { event: string }) => e.event)).toContain('pago_confirmado');

    const twice = await sirite(code, '654321');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Este cargo ya está pagado');
    expect(await chargeState(itemId)).toEqual(state);
    expect((await getCode(id, itemId)).statusCode).toBe(409);
  });

  it('the bank refuses: 422 with its message and nothing changes', async () => {
    const { id, itemId } = await onapiCharge();
    const code = (await getCode(id, itemId)).json().data.code;
    const before = await chargeState(itemId);
    const res = await sirite(code, '000123');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('El banco no registra un pago con ese número de aprobación.');
    expect(await chargeState(itemId)).toEqual(before);
  });

  it("a malformed code is a 400 'Código inválido'; a missing approval number 'Requerido'; nothing changes", async () => {
    const { id, itemId } = await onapiCharge();
    const code = (await getCode(id, itemId)).json().data.code;
    const before = await chargeState(itemId);
    for (const bad of [code.slice(0, 10), `${code.slice(0, 10)}a`, 'abcdefghijk', `${code}1`]) {
      const res = await sirite(bad, '123456');
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe('Código inválido');
    }
    const empty = await sirite(code, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Requerido');
    expect((await sirite(code, '12<script>')).statusCode).toBe(400);
    expect(await chargeState(itemId)).toEqual(before);
  });

  it("another citizen's code is a 404 as if it did not exist, and nothing changes", async () => {
    const { id, itemId } = await onapiCharge();
    const code = (await getCode(id, itemId)).json().data.code;
    const before = await chargeState(itemId);
    const res = await sirite(code, '123456', otherToken);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Código de autorización no encontrado');
    expect((await sirite('12345678901', '123456', otherToken)).json().message).toBe('Código de autorización no encontrado');
    expect((await cardnet(code, '123456', otherToken)).statusCode).toBe(404);
    expect(await chargeState(itemId)).toEqual(before);
  });
});

describe('CardNet: the number paid with a card at a terminal', () => {
  it('confirms the charge with method cardnet; a refusal is a 422 first; a repeat a 409', async () => {
    const { id, itemId } = await onapiCharge();
    const code = (await getCode(id, itemId)).json().data.code;
    const refused = await cardnet(code, '000999');
    expect(refused.statusCode).toBe(422);
    expect((await chargeState(itemId)).item.status).toBe('pendiente');
    const res = await cardnet(code, '778899');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.item).toMatchObject({ status: 'pagado', method: 'cardnet', approval_number: '778899' });
    expect((await cardnet(code, '778899')).statusCode).toBe(409);
    expect((await cardnet('1234', '778899')).json().message).toBe('Código inválido');
  });
});

describe('the payment slip (PDF)', () => {
  it('is a real PDF, an attachment named after the number, with the number, amount, concept and the bank instructions', async () => {
    const { id, itemId } = await onapiCharge();
    const slip = (await getCode(id, itemId)).json().data;
    const res = await t.app.inject({ method: 'GET', url: `/v1/portals/requests/${id}/payment-code/pdf?item_id=${itemId}`, headers: bearer(token) });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`filename="comprobante-de-pago-${slip.code}.pdf"`);
    const body = res.rawPayload;
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(body);
    expect(text).toContain('Volante de pago');
    expect(text).toContain('Portal Ciudadano');
    expect(text).toContain(slip.code);
    expect(text).toContain('RD$ 7,000.00');
    expect(text).toContain(slip.concept);
    expect(text).toContain(slip.request_code);
    expect(text).toContain(slip.bank.account);
    expect(text).toContain('Número de autorización');
  });

  it("another citizen's is a 404", async () => {
    const { id, itemId } = await onapiCharge();
    const res = await t.app.inject({ method: 'GET', url: `/v1/portals/requests/${id}/payment-code/pdf?item_id=${itemId}`, headers: bearer(otherToken) });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });
});
