/**
 * The payment rules of the portal spec (§5, §9) as plain functions, used by
 * the browser (what the forms accept and show) and by the server (what it
 * refuses and what it charges), so both give the same verdict.
 */
import { AUTHORIZATION_CODE_LENGTH, CARD_PAGE_RETURN_PATHS } from './paymentSchema';

/** Card number as typed: digits only, at most 16 (spec §5). */
export function cardDigits(input: string): string {
  return input.replace(/\D/g, '').slice(0, 16);
}

/** Card number as shown: groups of 4 ("4242 4242 4242 4242"). */
export function groupCardNumber(input: string): string {
  return cardDigits(input).replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The Luhn check digit of a card number (ISO/IEC 7812). */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The card's brand from its first digits (what the receipt shows with the last four). */
export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'VISA';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'MASTERCARD';
  if (/^3[47]/.test(digits)) return 'AMEX';
  if (/^6(011|5)/.test(digits)) return 'DISCOVER';
  return 'TARJETA';
}

/** Expiry as typed: digits with a slash after the month, "MM/YY", at most 5 characters. */
export function formatExpiry(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** Whether "MM/YY" is a real month that has not ended at `now` (a card is valid through its month). */
export function expiryValid(expDate: string, now: Date = new Date()): boolean {
  const m = /^(\d{2})\/(\d{2})$/.exec(expDate);
  if (!m) return false;
  const month = Number(m[1]);
  if (month < 1 || month > 12) return false;
  const year = 2000 + Number(m[2]);
  const nowYear = now.getUTCFullYear();
  const nowMonth = now.getUTCMonth() + 1;
  return year > nowYear || (year === nowYear && month >= nowMonth);
}

/** Security code as typed: digits, at most 4. */
export function cvvDigits(input: string): string {
  return input.replace(/\D/g, '').slice(0, 4);
}

/** Authorization code as typed: digits only, truncated at 11 (spec §5). */
export function authorizationCodeDigits(input: string): string {
  return input.replace(/\D/g, '').slice(0, AUTHORIZATION_CODE_LENGTH);
}

/** A complete authorization code: exactly 11 digits (shorter shows 'Código inválido'). */
export function authorizationCodeValid(code: string): boolean {
  return new RegExp(`^\\d{${AUTHORIZATION_CODE_LENGTH}}$`).test(code);
}

/** Quantity as typed: at least 1; anything not a number becomes 1 (spec §5). */
export function normalizeQuantity(input: unknown): number {
  const n = typeof input === 'number' ? input : Number.parseInt(String(input ?? ''), 10);
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(Math.floor(n), 999);
}

/** Rounds to cents. */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

/**
 * What a charge costs with the chosen variations: its base amount plus the
 * chosen variations' prices times the quantity (the quantity counts only when
 * the price allows several).
 */
export function chargeWithVariations(baseAmount: number, variationPrices: readonly number[], quantity: number, allowMultiple: boolean): number {
  const each = variationPrices.reduce((sum, p) => sum + toCents(p), 0);
  const times = allowMultiple ? normalizeQuantity(quantity) : 1;
  return (toCents(baseAmount) + each * times) / 100;
}

export interface Duration {
  hours: number;
  days: number;
  months: number;
}

/** Hours of a duration, to compare (a month counted as 30 days). */
function durationHours(d: Duration): number {
  return d.hours + d.days * 24 + d.months * 30 * 24;
}

function unit(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** A duration in words: "1 mes, 2 días y 3 horas"; empty when it is zero. */
export function durationLabel(d: Duration): string {
  const parts: string[] = [];
  if (d.months > 0) parts.push(unit(d.months, 'mes', 'meses'));
  if (d.days > 0) parts.push(unit(d.days, 'día', 'días'));
  if (d.hours > 0) parts.push(unit(d.hours, 'hora', 'horas'));
  if (parts.length <= 1) return parts[0] ?? '';
  return `${parts.slice(0, -1).join(', ')} y ${parts.at(-1)}`;
}

/** The estimated time of a selection: the longest of the chosen variations (spec §9); empty when none has a time. */
export function estimatedTime(selected: readonly Duration[]): string {
  let longest: Duration | null = null;
  for (const d of selected) if (longest === null || durationHours(d) > durationHours(longest)) longest = d;
  return longest === null ? '' : durationLabel(longest);
}

/** The amount field of the card payment page: the total in cents with no separators ("5000" → "500000", the whole total followed by "00"). */
export function cardPageAmount(total: number): string {
  return String(toCents(total));
}

/** The card payment page's transaction type: a sale. */
export const CARD_PAGE_TRX_TYPE = 'Sale';

/** The three return addresses of a request's order on the card payment page (spec §1), on the portal's own origin. */
export function cardPageReturnUrls(origin: string, requestCode: string): { ApprovedUrl: string; DeclinedUrl: string; CancelUrl: string } {
  const back = `${origin}${CARD_PAGE_RETURN_PATHS.declinedOrCanceled}?solicitud_id=${encodeURIComponent(requestCode)}`;
  return { ApprovedUrl: `${origin}${CARD_PAGE_RETURN_PATHS.approved}`, DeclinedUrl: `${back}&decline=1`, CancelUrl: `${back}&canceled=1` };
}

/**
 * The card page's fields that depend on the request, not on the merchant
 * (spec §7: transaction type Sale, order number, amount as the total followed
 * by '00', ITBIS '000', the return addresses): what the browser sends to be
 * signed and what the server signs, built by this one function on both sides.
 */
export function cardPageOrderFields(requestCode: string, total: number, origin: string) {
  return {
    TrxType: CARD_PAGE_TRX_TYPE,
    OrderNumber: cardPageOrderNumber(requestCode),
    Amount: cardPageAmount(total),
    ITBIS: '000',
    ...cardPageReturnUrls(origin, requestCode),
  };
}

/** The card payment page's order number of a request code: its letters and digits (at most 15), e.g. VUF-2026-000123 → VUF2026000123. */
export function cardPageOrderNumber(requestCode: string): string {
  return requestCode.replace(/[^A-Za-z0-9]/g, '').slice(0, 15);
}

/** An amount in pesos as the portal shows money (es-DO): "RD$ 7,000.00". */
export function formatPesos(amount: number): string {
  return `RD$ ${new Intl.NumberFormat('es-DO', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)}`;
}

/** An extra as the citizen and the officer read it: «2 × Copia certificada del registro mercantil RD$ 900.00» (no «1 ×»). */
export function extraLabel(extra: { name: string; quantity: number; amount: number }): string {
  return `${extra.quantity > 1 ? `${extra.quantity} × ` : ''}${extra.name} ${formatPesos(extra.amount)}`;
}

/**
 * What makes up a charge, in one line, or '' when it has no extras:
 * «Registro mercantil RD$ 5,000.00 · 2 × Copia certificada del registro mercantil RD$ 900.00».
 */
export function chargeBreakdown(item: { concept: string; base_amount: number; extras: readonly { name: string; quantity: number; amount: number }[] }): string {
  if (item.extras.length === 0) return '';
  return [`${item.concept} ${formatPesos(item.base_amount)}`, ...item.extras.map(extraLabel)].join(' · ');
}
