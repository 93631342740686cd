/** Payments (issue 13): the data model, the payment view and the ledger every payment route goes through. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '@portal/api-contract';
import { SANDBOX_JCE_CITIZENS } from '../src/agencies/sandbox/sandboxData';
import { confirmCharge, lockCharge } from '../src/services/payments/paymentLedger';
import { buildTestApp, type TestApp } from './buildTestApp';
import { bearer, DEMO, login, register } from './helpers';
import { citizenIdOf, paymentViewOf, submitFormalization, uploadPdf } from './paymentFixtures';

let t: TestApp;
let token: string;
let citizenId: number;
let doc: number;
let otherToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  token = await login(t.app, DEMO.cedula, DEMO.password);
  citizenId = await citizenIdOf(t, token);
  doc = await uploadPdf(t, token, citizenId);
  await register(t.app, SANDBOX_JCE_CITIZENS[7].cedula, 'Clave-de-Otra-1');
  otherToken = await login(t.app, SANDBOX_JCE_CITIZENS[7].cedula, 'Clave-de-Otra-1');
});
afterAll(() => t.close());

/** This test's own table's constraint: on PostgreSQL other test files create and drop their schemas meanwhile, and reading theirs fails. */
const constraint = async (name: string) =>
  (await t.app.db.query<{ def: string }>("SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = to_regclass('request_items') AND conname = $1", [name])).rows[0].def;

describe('the data model', () => {
  it("the database's statuses and methods are the contract's", async () => {
    const statuses = await constraint('request_items_status_check');
    for (const s of PAYMENT_STATUSES) expect(statuses).toContain(`'${s}'`);
    expect(statuses.match(/'[a-z_]+'/g)).toHaveLength(PAYMENT_STATUSES.length);
    const methods = await constraint('request_items_method_check');
    for (const m of PAYMENT_METHODS) expect(methods).toContain(`'${m}'`);
    expect(methods.match(/'[a-z_]+'/g)).toHaveLength(PAYMENT_METHODS.length);
  });
});

describe('the payment view', () => {
  it('a formalization without a trade-name certificate owes ONAPI, DGII and the Cámara; the view has the spec\'s fields', async () => {
    const { id, code } = await submitFormalization(t, token, doc);
    const view = await paymentViewOf(t, token, id);
    expect(view.codigoSolicitud).toEqual({ code });
    expect(view.request_onapi).toMatchObject({ amount: 7000 });
    expect(view.request_camara).toMatchObject({ cotizacion: { totalCobrar: 5000 } });
    expect(view.request_dgii.no_autorizacion).toMatch(/^\d{11}$/);
    expect(view.items.map((i: { agency: string }) => i.agency).sort()).toEqual(['CCPSD', 'DGII', 'ONAPI']);
    expect(view.items.every((i: { status: string; method: null }) => i.status === 'pendiente' && i.method === null)).toBe(true);
    const agencies = view.payment.prices.map((p: { item_id: number }) => view.items.find((i: { id: number }) => i.id === p.item_id).agency).sort();
    expect(agencies).toEqual(['CCPSD', 'ONAPI']);
    expect(view.payment.prices.every((p: { variations: unknown[] }) => p.variations.length > 0)).toBe(true);
    expect(view.total_pending).toBe(view.items.reduce((s: number, i: { amount: number }) => s + i.amount, 0));
  });

  it("another citizen's request is a 404, with or without a session of theirs", async () => {
    const { id } = await submitFormalization(t, token, doc);
    const other = await t.app.inject({ method: 'GET', url: `/v1/portals/requests/${id}/payment`, headers: bearer(otherToken) });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Solicitud no encontrada');
    expect((await t.app.inject({ method: 'GET', url: `/v1/portals/requests/${id}/payment` })).statusCode).toBe(401);
  });
});

describe('the ledger', () => {
  it('each confirmation is told in the timeline and to the citizen; the last one moves the request into review; a second one changes nothing', async () => {
    const { id } = await submitFormalization(t, token, doc);
    const view = await paymentViewOf(t, token, id);
    const actor = { kind: 'ciudadano' as const, citizenId };
    for (const [n, item] of view.items.entries()) {
      const status = await t.app.db.transaction(async (tx) => {
        const charge = await lockCharge(tx, item.id, actor);
        return confirmCharge(tx, charge, { method: 'tarjeta', reference: `REF-${n}`, cardBrand: 'VISA', cardLast4: '4242', actor });
      });
      expect(status).toBe(n === view.items.length - 1 ? 'en_revision' : 'enviada');
    }
    const again = t.app.db.transaction(async (tx) => confirmCharge(tx, await lockCharge(tx, view.items[0].id, actor), { method: 'tarjeta', reference: 'REF-X', actor }));
    await expect(again).rejects.toMatchObject({ statusCode: 409 });
    const detail = (await t.app.inject({ method: 'GET', url: `/v1/portals/requests/${id}`, headers: bearer(token) })).json().data;
    expect(detail.status).toBe('en_revision');
    const events = detail.timeline.map((e: { event: string }) => e.event);
    expect(events.filter((e: string) => e === 'pago_confirmado')).toHaveLength(3);
    expect(events.at(-1)).toBe('completar_pagos');
    expect(detail.timeline.at(-1)).toMatchObject({ actor: 'sistema', label: 'Pagos completados: la solicitud pasa a revisión' });
    const paid = await paymentViewOf(t, token, id);
    expect(paid.total_pending).toBe(0);
    expect(paid.items[0]).toMatchObject({ status: 'pagado', method: 'tarjeta', card_brand: 'VISA', card_last4: '4242', reference: 'REF-0' });
    const notes = await t.app.db.query<{ kind: string }>("SELECT kind FROM notifications WHERE citizen_id = $1 AND link = $2 AND kind IN ('pago_confirmado', 'cambio_estado')", [citizenId, `/mis-solicitudes/${id}`]);
    expect(notes.rows.filter((r) => r.kind === 'pago_confirmado')).toHaveLength(3);
    expect(notes.rows.filter((r) => r.kind === 'cambio_estado')).toHaveLength(1);
  });

  it("another citizen cannot lock a charge: 404 and nothing changes", async () => {
    const { id } = await submitFormalization(t, token, doc);
    const item = (await paymentViewOf(t, token, id)).items[0];
    const otherId = await citizenIdOf(t, otherToken);
    await expect(t.app.db.transaction((tx) => lockCharge(tx, item.id, { kind: 'ciudadano', citizenId: otherId }))).rejects.toMatchObject({ statusCode: 404 });
  });
});
