/**
 * ONAPI's in-page card payment (spec §7 "POST /institution-onapi/payment"):
 * a card attempt is opened in one transaction, the card processor is called
 * outside any transaction, and the answer is recorded in a second one. The
 * partial unique index on payment_attempts (one 'en_curso' or 'aprobado'
 * attempt per charge) makes a double click, a retry or a second tab charge at
 * most once. The card number and security code live only in this call: never
 * in the database, a log line, an error or the outbox.
 */
import { PAYMENT_STATUS, type PaymentResult } from '@portal/api-contract';
import type { Db } from '../../db/Db';
import { HttpError } from '../../http/HttpError';
import { PaymentProviderUnavailableError, type CardProcessor } from '../../payments/types';
import { ALREADY_PAID, chargeOut, confirmCharge, lockAgencyCharge, lockCharge, reloadCharge, requirePayable } from './paymentLedger';

export const PAYMENT_IN_PROGRESS = 'Ya hay un pago en curso para este cargo';
export const PROCESSOR_UNAVAILABLE = 'El procesador de pagos no respondió. No se hizo ningún cargo; intente de nuevo en unos minutos.';
export const CARD_PAID = 'Pago realizado';
/** An attempt still 'en_curso' after this long was abandoned (the server stopped mid-call); it no longer blocks the charge. */
export const ABANDONED_ATTEMPT_MINUTES = 2;

/** The card as the citizen typed it (digits only, MM/YY): passed to the processor, never kept. */
export interface CardInput {
  cardNumber: string;
  expDate: string;
  cvv: string;
}

/**
 * Pays the citizen's charge of `agency` on the request `requestCode` with a
 * card: 404 when the request is not theirs or has no such charge, 409 when
 * it is not payable or another attempt is live, 422 with the processor's
 * Spanish reason when the card is refused, 503 when the processor does not
 * answer (nothing charged). The caller runs app.kickMail() afterwards.
 */
export async function payChargeWithCard(db: Db, card: CardProcessor, citizenId: number, requestCode: string, agency: string, input: CardInput): Promise<PaymentResult> {
  const opened = await db.transaction(async (tx) => {
    const charge = await lockAgencyCharge(tx, citizenId, { code: requestCode }, agency);
    requirePayable(charge);
    await tx.query(
      `UPDATE payment_attempts SET status = 'error', outcome = 'Intento abandonado: el servidor no registró la respuesta del procesador.', finished_at = now()
       WHERE item_id = $1 AND status = 'en_curso' AND created_at < now() - make_interval(mins => $2)`,
      [charge.id, ABANDONED_ATTEMPT_MINUTES],
    );
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO payment_attempts (item_id, method, status, amount) VALUES ($1, 'tarjeta', 'en_curso', $2)
       ON CONFLICT DO NOTHING RETURNING id`,
      [charge.id, charge.amount],
    );
    if (!rows[0]) throw new HttpError(409, PAYMENT_IN_PROGRESS);
    return { attemptId: rows[0].id, charge };
  });
  const { attemptId, charge } = opened;

  const finish = (status: 'rechazado' | 'error', outcome: string, brand: string | null = null, last4: string | null = null) =>
    db.query(
      `UPDATE payment_attempts SET status = $2, outcome = $3, card_brand = $4, card_last4 = $5, finished_at = now() WHERE id = $1`,
      [attemptId, status, outcome.slice(0, 300), brand, last4],
    );

  let answer;
  try {
    answer = await card.charge({
      cardNumber: input.cardNumber,
      expDate: input.expDate,
      cvv: input.cvv,
      amount: Number(charge.amount),
      idempotencyKey: `attempt-${attemptId}`,
      description: `Solicitud ${charge.request_code}: ${charge.concept} (${charge.agency})`,
    });
  } catch (error) {
    if (error instanceof PaymentProviderUnavailableError) {
      await finish('error', 'El procesador de pagos no respondió.');
      throw new HttpError(503, PROCESSOR_UNAVAILABLE);
    }
    // A fault of ours or of the adapter: the attempt must not stay live; the error goes on without the card data (the request is not part of it).
    await finish('error', 'Error interno al llamar al procesador de pagos.');
    throw error;
  }

  if (!answer.approved) {
    await finish('rechazado', answer.message, answer.brand.slice(0, 20), /^\d{4}$/.test(answer.last4) ? answer.last4 : null);
    throw new HttpError(422, answer.message);
  }

  const approved = answer;
  const outcome = await db.transaction(async (tx) => {
    // The request and the charge first, then the attempt: the order every payment transaction locks in
    // (another submit's first transaction holds the request and then reads this charge's attempts; the
    // other way round, PostgreSQL found a deadlock between them).
    const locked = await lockCharge(tx, charge.id, { kind: 'ciudadano', citizenId });
    await tx.query(
      `UPDATE payment_attempts SET status = 'aprobado', reference = $2, card_brand = $3, card_last4 = $4, outcome = 'Aprobado', finished_at = now() WHERE id = $1`,
      [attemptId, approved.reference.slice(0, 64), approved.brand.slice(0, 20), approved.last4],
    );
    if (locked.status === PAYMENT_STATUS.pagado) {
      // Paid another way while the card was being charged: the attempt stays recorded (approved) for the refund.
      await tx.query(`UPDATE payment_attempts SET outcome = 'Aprobado, pero el cargo ya estaba pagado: requiere reembolso.' WHERE id = $1`, [attemptId]);
      return null;
    }
    const requestStatus = await confirmCharge(tx, locked, {
      method: 'tarjeta',
      reference: approved.reference,
      cardBrand: approved.brand,
      cardLast4: approved.last4,
      actor: { kind: 'ciudadano', citizenId },
    });
    return { message: CARD_PAID, item: chargeOut(await reloadCharge(tx, charge.id)), request_status: requestStatus };
  });
  if (!outcome) throw new HttpError(409, ALREADY_PAID);
  return outcome;
}
