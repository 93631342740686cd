/**
 * The request's payment view (spec §3 "Request (payment view)") and the
 * prices with their variations of each of its charges.
 */
import { PAYMENT_STATUS, type PaymentView, type Price } from '@portal/api-contract';
import type { Queryable } from '../../db/Db';
import { HttpError } from '../../http/HttpError';
import { REQUEST_NOT_FOUND } from '../requests/requestWorkflow';
import { serviceNames } from '../applications/onlineForms';
import { chargeOut, chargesOf, type ChargeRow } from './paymentLedger';

interface PriceRow {
  id: number;
  agency: string;
  concept: string;
  is_allow_multiple: boolean;
}

interface VariationRow {
  id: number;
  price_id: number;
  concept: string;
  description: string;
  price: string | number;
  hours: number;
  days: number;
  months: number;
}

/** The prices of a form's charges, by agency, with their variations. */
export async function pricesOf(db: Queryable, form: string): Promise<Map<string, PriceRow & { variations: VariationRow[] }>> {
  const prices = await db.query<PriceRow>('SELECT id, agency, concept, is_allow_multiple FROM service_prices WHERE form = $1 ORDER BY id', [form]);
  const map = new Map<string, PriceRow & { variations: VariationRow[] }>();
  if (prices.rows.length === 0) return map;
  const variations = await db.query<VariationRow>(
    'SELECT id, price_id, concept, description, price, hours, days, months FROM price_variations WHERE price_id = ANY($1::int[]) ORDER BY price_id, id',
    [prices.rows.map((p) => p.id)],
  );
  for (const p of prices.rows) map.set(p.agency, { ...p, variations: variations.rows.filter((v) => v.price_id === p.id) });
  return map;
}

/** The variations chosen for each charge. */
async function chosenVariations(db: Queryable, itemIds: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>();
  if (itemIds.length === 0) return map;
  const { rows } = await db.query<{ item_id: number; variation_id: number }>(
    'SELECT item_id, variation_id FROM request_item_variations WHERE item_id = ANY($1::int[]) ORDER BY variation_id',
    [itemIds],
  );
  for (const r of rows) map.set(r.item_id, [...(map.get(r.item_id) ?? []), r.variation_id]);
  return map;
}

/** The payment view of the citizen's request `id`; 404 when it is not theirs (or a draft). */
export async function paymentView(db: Queryable, citizenId: number, id: number): Promise<PaymentView> {
  const { rows } = await db.query<{ id: number; form: string; status: string; request_code: string }>(
    'SELECT id, form, status, request_code FROM applications WHERE id = $1 AND citizen_id = $2 AND request_code IS NOT NULL',
    [id, citizenId],
  );
  const request = rows[0];
  if (!request) throw new HttpError(404, REQUEST_NOT_FOUND);
  const [charges, prices, names] = await Promise.all([chargesOf(db, id), pricesOf(db, request.form), serviceNames(db, [request.form])]);
  const chosen = await chosenVariations(db, charges.map((c) => c.id));
  const of = (agency: string): ChargeRow | undefined => charges.find((c) => c.agency === agency);
  const camara = of('CCPSD');
  const dgii = of('DGII');
  const onapi = of('ONAPI');
  const pricesOut: Price[] = [];
  for (const charge of charges) {
    const price = prices.get(charge.agency);
    if (!price) continue;
    pricesOut.push({
      id: price.id,
      item_id: charge.id,
      concept: price.concept,
      is_allow_multiple: price.is_allow_multiple ? 1 : 0,
      variations: price.variations.map((v) => ({ id: v.id, concept: v.concept, description: v.description, price: Number(v.price), hours: v.hours, days: v.days, months: v.months })),
      selected: chosen.get(charge.id) ?? [],
      quantity: charge.quantity,
    });
  }
  return {
    id: request.id,
    service: names.get(request.form) ?? request.form,
    form: request.form,
    status: request.status,
    codigoSolicitud: { code: request.request_code },
    request_camara: camara ? { item_id: camara.id, cotizacion: { totalCobrar: Number(camara.amount) } } : null,
    request_dgii: dgii && dgii.no_autorizacion ? { id: dgii.id, no_autorizacion: dgii.no_autorizacion } : null,
    request_onapi: onapi ? { item_id: onapi.id, amount: Number(onapi.amount) } : null,
    payment: { prices: pricesOut },
    items: charges.map(chargeOut),
    total_pending: charges.filter((c) => c.status === PAYMENT_STATUS.pendiente).reduce((sum, c) => sum + Math.round(Number(c.amount) * 100), 0) / 100,
  };
}
