/**
 * The extras (price variations) chosen for a charge, as every answer that
 * shows the charge gives them (issue 24 §2.3): the citizen's request and its
 * payment view, the payment results, the officer's request view, and the
 * timeline's «Pago confirmado». The choice is kept in request_item_variations
 * (priceVariations.selectVariations) and the quantity on the charge
 * (request_items.quantity, 1 when the price allows no quantity), so each
 * extra is quantity × the variation's price, and base_amount plus the extras
 * is the charge's amount (chargeWithVariations).
 *
 * Prices of variations are reference rows written only by migrations; no
 * route changes them, so the price read now is the price charged.
 */
import { toCents, type ChargeExtra } from '@portal/api-contract';

/**
 * SQL select-list column `extras` of the charge aliased `ri`: its chosen
 * variations as a JSON array of { name, unit_amount }, in the order they are
 * offered. Turn it into the answer's shape with {@link extrasOut}.
 */
export const EXTRAS_COLUMN = `(SELECT coalesce(json_agg(json_build_object('name', v.concept, 'unit_amount', v.price) ORDER BY v.id), '[]'::json)
    FROM request_item_variations riv JOIN price_variations v ON v.id = riv.variation_id WHERE riv.item_id = ri.id) AS extras`;

/** The raw `extras` column (a JSON array; some drivers hand it over as text). */
export type ExtrasColumn = unknown;

/** The charge's extras as the API answers them, from its {@link EXTRAS_COLUMN} and its quantity. */
export function extrasOut(raw: ExtrasColumn, quantity: number): ChargeExtra[] {
  const list = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { name: string; unit_amount: number | string }[] | null;
  const times = Math.max(1, Number(quantity) || 1);
  return (list ?? []).map((e) => {
    const unit = Number(e.unit_amount);
    return { name: e.name, quantity: times, unit_amount: unit, amount: (toCents(unit) * times) / 100 };
  });
}
