/**
 * The Cámara de Comercio's card payment page (Azul Payment Page, spec §2
 * screen 3): the server computes and signs the form the browser posts to the
 * page (the browser's copy must agree field by field, amount included), keeps
 * one order per request (card_page_orders), and settles it only from a return
 * whose hash it verified. An order is approved once (abierta → aprobada), so a
 * replayed return answers what was recorded and writes nothing.
 */
import { CARD_PAGE_RESPONSE_FIELDS, cardPageOrderFields, toCents, type CardPageOutcome } from '@portal/api-contract';
import type { Db, Queryable } from '../../db/Db';
import { HttpError, type FieldError } from '../../http/HttpError';
import { signCardPageRequest, verifyCardPageResponse, type CardPageRequest, type CardPageResponse } from '../../payments/cardPageHash';
import type { CardPageSettings } from '../../payments/types';
import { confirmCharge, lockAgencyCharge, lockCharge, requirePayable } from './paymentLedger';

/** The Cámara de Comercio's acronym on its charges. */
export const CAMARA_AGENCY = 'CCPSD';
/** What a return that cannot be trusted gets (forged, altered, unknown order): nothing changes. */
export const INVALID_RETURN = 'La respuesta del pago no es válida';
/** Azul's ISO code of an approved payment. */
export const APPROVED_ISO_CODE = '00';

/** The signed fields plus the transaction type, as the browser posts them to the page. */
export type CardPageForm = CardPageRequest & { TrxType: string };

/** The form the page must receive for a charge of `amount` on request `requestCode`: computed here, never taken from the browser. */
export function expectedCardPageForm(settings: CardPageSettings, requestCode: string, amount: number, origin: string): CardPageForm {
  return {
    MerchantId: settings.merchantId,
    MerchantName: settings.merchantName,
    MerchantType: settings.merchantType,
    CurrencyCode: settings.currencyCode,
    ...cardPageOrderFields(requestCode, amount, origin),
    UseCustomField1: '0',
    CustomField1Label: '',
    CustomField1Value: '',
    UseCustomField2: '0',
    CustomField2Label: '',
    CustomField2Value: '',
  };
}

/** Spanish names of the fields a browser may get wrong, for the 422's message. */
const FIELD_NAMES: Partial<Record<keyof CardPageForm, string>> = {
  Amount: 'el monto',
  OrderNumber: 'el número de orden',
  ITBIS: 'el ITBIS',
  ApprovedUrl: 'la dirección de pago aprobado',
  DeclinedUrl: 'la dirección de pago rechazado',
  CancelUrl: 'la dirección de pago cancelado',
  MerchantId: 'el comercio',
  MerchantName: 'el nombre del comercio',
  MerchantType: 'el tipo de comercio',
  CurrencyCode: 'la moneda',
  TrxType: 'el tipo de transacción',
};

/** The fields the browser sent that differ from the expected ones (a field it left out is not a difference). */
export function formMismatches(sent: Partial<Record<string, string>>, expected: CardPageForm): FieldError[] {
  const errors: FieldError[] = [];
  for (const key of Object.keys(expected) as (keyof CardPageForm)[]) {
    const value = sent[key];
    if (value !== undefined && value !== expected[key]) errors.push({ path: key, message: `No coincide ${FIELD_NAMES[key] ?? 'el campo'} de la solicitud de pago` });
  }
  return errors;
}

export interface OpenedOrder {
  hash: string;
  fields: CardPageForm;
}

/**
 * Opens (or reopens) the card page order of the citizen's request `requestCode`:
 * 404 when the request is not theirs or owes the Cámara nothing, 409 when the
 * charge may not be paid, 422 when the browser's fields differ from ours.
 */
export async function openCardPageOrder(
  tx: Queryable,
  citizenId: number,
  requestCode: string,
  sent: Partial<Record<string, string>>,
  settings: CardPageSettings,
  origin: string,
): Promise<OpenedOrder> {
  const charge = await lockAgencyCharge(tx, citizenId, { code: requestCode }, CAMARA_AGENCY);
  requirePayable(charge);
  const fields = expectedCardPageForm(settings, charge.request_code, Number(charge.amount), origin);
  const errors = formMismatches(sent, fields);
  if (errors.length > 0) throw new HttpError(422, `La solicitud de pago no coincide con el cargo: ${errors.map((e) => FIELD_NAMES[e.path as keyof CardPageForm] ?? e.path).join(', ')}`, errors);
  const { rows } = await tx.query<{ status: string }>(
    `INSERT INTO card_page_orders (order_number, item_id, amount) VALUES ($1, $2, $3)
     ON CONFLICT (order_number) DO UPDATE SET amount = EXCLUDED.amount, status = 'abierta', created_at = now()
       WHERE card_page_orders.status <> 'aprobada' AND card_page_orders.item_id = EXCLUDED.item_id
     RETURNING status`,
    [fields.OrderNumber, charge.id, fields.Amount],
  );
  if (!rows[0]) throw new HttpError(409, 'Este cargo ya está pagado');
  return { hash: signCardPageRequest(fields, settings.authKey), fields };
}


/** The return's fields and its AuthHash, as the page put them in the address. */
export type CardPageReturn = CardPageResponse & { AuthHash: string };

interface OrderRow {
  order_number: string;
  item_id: number;
  amount: string;
  status: string;
  authorization_code: string | null;
  application_id: number;
  request_code: string;
  citizen_id: number;
}

async function orderOf(db: Queryable, orderNumber: string): Promise<OrderRow | undefined> {
  const { rows } = await db.query<OrderRow>(
    `SELECT o.order_number, o.item_id, o.amount, o.status, o.authorization_code, a.id AS application_id, a.request_code, a.citizen_id
     FROM card_page_orders o JOIN request_items ri ON ri.id = o.item_id JOIN applications a ON a.id = ri.application_id
     WHERE o.order_number = $1`,
    [orderNumber],
  );
  return rows[0];
}

function outcomeOf(order: OrderRow, status: CardPageOutcome['status'], authorizationCode: string | null): CardPageOutcome {
  return {
    status,
    message: status === 'aprobado' ? 'Pago aprobado' : 'El banco no aprobó el pago. No se hizo ningún cargo.',
    request_id: order.application_id,
    request_code: order.request_code,
    amount: Number(order.amount) / 100,
    authorization_code: authorizationCode,
  };
}

/**
 * Settles a return of the card page. The hash must verify with the merchant's
 * key and the order and amount must be ours, else 422 and nothing changes. An
 * approval confirms the charge once; its replay answers the recorded outcome;
 * a decline leaves the order open for another try. `notified` is true when a
 * confirmation was written (the caller kicks the mailer after the commit).
 */
export async function settleCardPageReturn(db: Db, settings: CardPageSettings, body: CardPageReturn): Promise<{ outcome: CardPageOutcome; notified: boolean }> {
  const fields = Object.fromEntries(CARD_PAGE_RESPONSE_FIELDS.map((f) => [f, body[f] ?? ''])) as CardPageResponse;
  if (!verifyCardPageResponse(fields, body.AuthHash, settings.authKey)) throw new HttpError(422, INVALID_RETURN);
  const order = await orderOf(db, fields.OrderNumber);
  if (!order || order.amount !== fields.Amount) throw new HttpError(422, INVALID_RETURN);
  if (fields.IsoCode !== APPROVED_ISO_CODE) {
    return { outcome: outcomeOf(order, order.status === 'aprobada' ? 'aprobado' : 'rechazado', order.status === 'aprobada' ? order.authorization_code : null), notified: false };
  }
  return db.transaction(async (tx) => {
    // The request and the charge first (the order the hash route locks them in), then the order.
    const charge = await lockCharge(tx, order.item_id, { kind: 'ciudadano', citizenId: order.citizen_id });
    const settled = await tx.query<{ authorization_code: string }>(
      `UPDATE card_page_orders SET status = 'aprobada', authorization_code = $2, rrn = $3, settled_at = now()
       WHERE order_number = $1 AND status = 'abierta' AND amount = $4 RETURNING authorization_code`,
      [order.order_number, fields.AuthorizationCode.slice(0, 20), fields.RRN.slice(0, 30) || null, fields.Amount],
    );
    if (!settled.rows[0]) {
      const now = await orderOf(tx, order.order_number);
      if (now?.status === 'aprobada') return { outcome: outcomeOf(now, 'aprobado', now.authorization_code), notified: false };
      throw new HttpError(422, INVALID_RETURN);
    }
    if (toCents(Number(charge.amount)) !== Number(fields.Amount)) throw new HttpError(422, INVALID_RETURN);
    await confirmCharge(tx, charge, { method: 'pagina_de_pago', reference: fields.AuthorizationCode || fields.RRN, actor: { kind: 'ciudadano', citizenId: charge.citizen_id } });
    return { outcome: outcomeOf(order, 'aprobado', settled.rows[0].authorization_code), notified: true };
  });
}
