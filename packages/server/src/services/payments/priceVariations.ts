/**
 * Price variations (spec §2 screen 5, §3, §9): the citizen chooses optional
 * extras, and a quantity when the price allows several, for one charge of
 * their request. The server recomputes the charge from the schedule
 * (chargeWithVariations, the same rule the browser shows) and refuses an
 * amount sent by the browser that differs by a cent; the estimated time kept
 * is the server's (estimatedTime of the chosen variations), the browser's
 * text is ignored. No variation chosen puts the charge back at its base
 * amount.
 */
import { chargeWithVariations, estimatedTime, PAYMENT_STATUS, toCents, type PaymentItem } from '@portal/api-contract';
import type { Queryable } from '../../db/Db';
import { HttpError } from '../../http/HttpError';
import { REQUEST_NOT_FOUND } from '../requests/requestWorkflow';
import { CHARGE_NOT_FOUND, chargeOut, lockCharge, reloadCharge, requirePayable } from './paymentLedger';

export const VARIATION_NOT_FOUND = 'Variación no encontrada';
export const AMOUNT_MISMATCH = 'El monto no coincide con los servicios elegidos';
export const ONE_PRICE_ONLY = 'Las variaciones elegidas deben ser de un mismo precio';
export const NOT_THIS_REQUEST = 'La variación no corresponde a esta solicitud';
export const WHICH_CHARGE = 'Indique el cargo (item_id) cuando no elige variaciones';
export const NO_MULTIPLE = 'Este servicio no admite una cantidad mayor que 1';
export const CARD_IN_FLIGHT = 'Hay un pago con tarjeta en curso para este cargo; espere su resultado';
/** How long after the card payment page was signed for a charge its amount stays fixed (the page's session). */
export const CARD_PAGE_WINDOW_MINUTES = 20;
export const CARD_PAGE_OPEN = `Hay un pago con tarjeta abierto en la página de pago para este cargo. Termínelo, o espere ${CARD_PAGE_WINDOW_MINUTES} minutos, antes de cambiar los servicios adicionales.`;

/** What the citizen chose (POST /v1/portals/request-variation-select). */
export interface VariationChoice {
  citizenId: number;
  requestId: number;
  /** Needed only when no variation is chosen (back to the base amount); else it must be the variations' charge. */
  itemId?: number;
  variationIds: number[];
  quantity: number;
  /** The total the browser showed; refused unless it is the server's to the cent. */
  paymentAmount: number;
}

interface ChosenRow {
  id: number;
  price: string | number;
  hours: number;
  days: number;
  months: number;
  price_id: number;
  form: string;
  agency: string;
  is_allow_multiple: boolean;
}

/** The charge with its new amount, and what the request still owes. */
export interface VariationResult {
  item: PaymentItem;
  total_pending: number;
}

/**
 * Applies the choice in the caller's transaction: 404 when the request, the
 * charge or a variation is not the citizen's to choose; 400 for a choice that
 * cannot be (variations of two prices or of another form, a quantity on a
 * price without multiples); 409 when the charge cannot change (paid, under
 * review, a card payment in flight, request closed); 422 on an amount
 * mismatch. Nothing changes on any refusal.
 */
export async function selectVariations(tx: Queryable, choice: VariationChoice): Promise<VariationResult> {
  const request = (
    await tx.query<{ id: number; form: string }>('SELECT id, form FROM applications WHERE id = $1 AND citizen_id = $2 AND request_code IS NOT NULL', [choice.requestId, choice.citizenId])
  ).rows[0];
  if (!request) throw new HttpError(404, REQUEST_NOT_FOUND);

  const ids = [...new Set(choice.variationIds)];
  let agency: string;
  let allowMultiple = false;
  let chosen: ChosenRow[] = [];
  if (ids.length > 0) {
    chosen = (
      await tx.query<ChosenRow>(
        `SELECT v.id, v.price, v.hours, v.days, v.months, p.id AS price_id, p.form, p.agency, p.is_allow_multiple
         FROM price_variations v JOIN service_prices p ON p.id = v.price_id WHERE v.id = ANY($1::int[]) ORDER BY v.id`,
        [ids],
      )
    ).rows;
    if (chosen.length !== ids.length) throw new HttpError(404, VARIATION_NOT_FOUND, [{ path: 'variation_id', message: VARIATION_NOT_FOUND }]);
    if (new Set(chosen.map((v) => v.price_id)).size > 1) throw new HttpError(400, ONE_PRICE_ONLY, [{ path: 'variation_id', message: ONE_PRICE_ONLY }]);
    if (chosen[0].form !== request.form) throw new HttpError(400, NOT_THIS_REQUEST, [{ path: 'variation_id', message: NOT_THIS_REQUEST }]);
    agency = chosen[0].agency;
    allowMultiple = chosen[0].is_allow_multiple;
  } else {
    if (choice.itemId === undefined) throw new HttpError(400, WHICH_CHARGE, [{ path: 'item_id', message: WHICH_CHARGE }]);
    const item = (await tx.query<{ agency: string }>('SELECT agency FROM request_items WHERE id = $1 AND application_id = $2', [choice.itemId, request.id])).rows[0];
    if (!item) throw new HttpError(404, CHARGE_NOT_FOUND);
    agency = item.agency;
    const price = (await tx.query<{ is_allow_multiple: boolean }>('SELECT is_allow_multiple FROM service_prices WHERE form = $1 AND agency = $2', [request.form, agency])).rows[0];
    allowMultiple = price?.is_allow_multiple ?? false;
  }

  const item = (await tx.query<{ id: number }>('SELECT id FROM request_items WHERE application_id = $1 AND agency = $2 ORDER BY id LIMIT 1', [request.id, agency])).rows[0];
  if (!item || (choice.itemId !== undefined && choice.itemId !== item.id)) throw new HttpError(404, CHARGE_NOT_FOUND);
  const charge = await lockCharge(tx, item.id, { kind: 'ciudadano', citizenId: choice.citizenId });
  requirePayable(charge);
  // A card charge in flight was sent to the processor with the current amount: changing it now would
  // confirm the charge at an amount the card did not pay.
  const inFlight = await tx.query("SELECT 1 FROM payment_attempts WHERE item_id = $1 AND status = 'en_curso'", [charge.id]);
  if (inFlight.rows.length > 0) throw new HttpError(409, CARD_IN_FLIGHT);
  // Likewise the card payment page signed recently for this amount: the citizen may be paying it right
  // now (in another tab), and its return only settles the amount that was signed. After the window the
  // page has expired; a new visit signs the new amount.
  const pageOpen = await tx.query(
    `SELECT 1 FROM card_page_orders WHERE item_id = $1 AND status = 'abierta' AND created_at > now() - make_interval(mins => $2)`,
    [charge.id, CARD_PAGE_WINDOW_MINUTES],
  );
  if (pageOpen.rows.length > 0) throw new HttpError(409, CARD_PAGE_OPEN);
  if (choice.quantity > 1 && !allowMultiple) throw new HttpError(400, NO_MULTIPLE, [{ path: 'quantity', message: NO_MULTIPLE }]);

  const quantity = allowMultiple ? choice.quantity : 1;
  const amount = chargeWithVariations(Number(charge.base_amount), chosen.map((v) => Number(v.price)), quantity, allowMultiple);
  if (toCents(choice.paymentAmount) !== toCents(amount)) throw new HttpError(422, AMOUNT_MISMATCH, [{ path: 'payment_amount', message: AMOUNT_MISMATCH }]);
  const label = estimatedTime(chosen);

  await tx.query('DELETE FROM request_item_variations WHERE item_id = $1', [charge.id]);
  if (chosen.length > 0) {
    await tx.query('INSERT INTO request_item_variations (item_id, variation_id) SELECT $1, unnest($2::int[])', [charge.id, chosen.map((v) => v.id)]);
  }
  await tx.query('UPDATE request_items SET amount = $2, quantity = $3, estimated_date = $4, updated_at = now() WHERE id = $1', [charge.id, amount, quantity, label || null]);
  const pending = await tx.query<{ cents: string }>(
    'SELECT coalesce(sum(round(amount * 100)), 0)::text AS cents FROM request_items WHERE application_id = $1 AND status = $2',
    [request.id, PAYMENT_STATUS.pendiente],
  );
  return { item: chargeOut(await reloadCharge(tx, charge.id)), total_pending: Number(pending.rows[0].cents) / 100 };
}
