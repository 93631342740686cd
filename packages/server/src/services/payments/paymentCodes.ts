/**
 * Paying a charge by bank transfer or deposit with the portal's authorization
 * number (issue 13, GENERATE_CODE_MODAL): each pending charge has at most one
 * current 11-digit number (payment_codes), created on first sight and replaced
 * on request (the old one stops confirming). The citizen pays at the bank with
 * it; the bank (SIRITE for a transfer or deposit, CardNet for a card at a
 * terminal) confirms it with its approval number, and the ledger marks the
 * charge paid (paymentLedger.confirmCharge).
 */
import { authorizationCodeValid, PAYMENT_MESSAGES, type PaymentCode, type PaymentResult } from '@portal/api-contract';
import type { Db, Queryable } from '../../db/Db';
import { HttpError } from '../../http/HttpError';
import { PaymentProviderUnavailableError, type BankConfirmation, type PaymentProviders } from '../../payments/types';
import { iso } from '../applications/applicationStore';
import { chargeOut, confirmCharge, lockCharge, reloadCharge, requirePayable, CHARGE_NOT_FOUND, type ChargeRow } from './paymentLedger';
import { unusedAuthorizationNumber } from './authorizationNumber';

export const CODE_NOT_FOUND = 'Código de autorización no encontrado';
export const BANK_UNAVAILABLE = 'El banco no respondió. Intente de nuevo en unos minutos.';
export const APPROVAL_INVALID = 'El número de aprobación solo admite letras y números (hasta 32)';
export const CODE_PAID = 'Pago confirmado. ¡Gracias!';

/** The sandbox bank's account (fictional: nothing is really paid). */
export const SANDBOX_BANK = {
  name: 'Banco de Pruebas del Portal (ficticio)',
  account_type: 'Cuenta corriente en pesos',
  account: '000-000000-0',
  holder: 'Tesorería Nacional · Portal Ciudadano (entorno de prueba)',
} as const;

/** How to pay with the number, in order (the bank's account only in the sandbox, where the bank is ours). */
function instructionsFor(sandbox: boolean): string[] {
  return [
    sandbox
      ? 'Haga una transferencia o un depósito a la cuenta de destino por el monto exacto.'
      : 'Pague en cualquier banco afiliado a SIRITE (ventanilla o banca en línea, opción «Pagos al Estado») por el monto exacto.',
    'Indique el número de autorización como referencia del pago: sin él, el banco no puede asociar el pago a su solicitud.',
    'Guarde el número de aprobación que le da el banco.',
    'En el portal, active «Ya tengo mi código», escriba el número de autorización y el número de aprobación del banco, y pulse «Pago realizado».',
    'Si genera un número nuevo, este deja de ser válido: pague solo con el número más reciente.',
  ];
}

interface CodeRow {
  code: string;
  created_at: Date | string;
}

/** The charge `itemId` of the citizen's request `requestId`, locked, payable; 404 when either is not theirs or they do not match. */
async function lockOwnPayable(tx: Queryable, citizenId: number, requestId: number, itemId: number): Promise<ChargeRow> {
  const charge = await lockCharge(tx, itemId, { kind: 'ciudadano', citizenId });
  if (charge.application_id !== requestId) throw new HttpError(404, CHARGE_NOT_FOUND);
  requirePayable(charge);
  return charge;
}

async function insertCode(tx: Queryable, itemId: number): Promise<CodeRow> {
  const code = await unusedAuthorizationNumber(tx);
  const { rows } = await tx.query<CodeRow>('INSERT INTO payment_codes (code, item_id) VALUES ($1, $2) RETURNING code, created_at', [code, itemId]);
  return rows[0];
}

function slipOf(charge: ChargeRow, row: CodeRow, sandbox: boolean): PaymentCode {
  return {
    code: row.code,
    item_id: charge.id,
    request_id: charge.application_id,
    request_code: charge.request_code,
    agency: charge.agency,
    concept: charge.concept,
    amount: Number(charge.amount),
    currency: charge.currency,
    created_at: iso(row.created_at) ?? new Date().toISOString(),
    bank: sandbox ? { ...SANDBOX_BANK } : null,
    instructions: instructionsFor(sandbox),
    sandbox,
  };
}

/** The charge's current authorization number, created when it has none (the charge must be pending, its request open). */
export async function currentPaymentCode(db: Db, citizenId: number, requestId: number, itemId: number, sandbox: boolean): Promise<PaymentCode> {
  return db.transaction(async (tx) => {
    const charge = await lockOwnPayable(tx, citizenId, requestId, itemId);
    const current = await tx.query<CodeRow>('SELECT code, created_at FROM payment_codes WHERE item_id = $1 AND replaced_at IS NULL', [itemId]);
    return slipOf(charge, current.rows[0] ?? (await insertCode(tx, itemId)), sandbox);
  });
}

/** A new authorization number for the charge; the previous one is replaced and no longer confirms a payment. */
export async function replacePaymentCode(db: Db, citizenId: number, requestId: number, itemId: number, sandbox: boolean): Promise<PaymentCode> {
  return db.transaction(async (tx) => {
    const charge = await lockOwnPayable(tx, citizenId, requestId, itemId);
    await tx.query('UPDATE payment_codes SET replaced_at = now() WHERE item_id = $1 AND replaced_at IS NULL', [itemId]);
    return slipOf(charge, await insertCode(tx, itemId), sandbox);
  });
}

/** Which bank service confirms the payment: SIRITE (transfer or deposit) or CardNet (a card at a terminal). */
export type CodeChannel = 'transferencia' | 'cardnet';

/** The charge a current code of the citizen's belongs to; 404 (the same for someone else's code, a replaced one and an unknown one). */
async function chargeOfCode(db: Queryable, citizenId: number, code: string): Promise<number> {
  const { rows } = await db.query<{ item_id: number }>(
    `SELECT pc.item_id FROM payment_codes pc JOIN request_items ri ON ri.id = pc.item_id JOIN applications a ON a.id = ri.application_id
     WHERE pc.code = $1 AND pc.replaced_at IS NULL AND a.citizen_id = $2`,
    [code, citizenId],
  );
  if (!rows[0]) throw new HttpError(404, CODE_NOT_FOUND);
  return rows[0].item_id;
}

/** The approval number as the bank wrote it (trimmed); 400 when empty or not letters and digits. */
export function approvalNumberOf(input: string): string {
  const approval = input.trim();
  if (approval === '') throw new HttpError(400, PAYMENT_MESSAGES.required, [{ path: 'approval_number', message: PAYMENT_MESSAGES.required }]);
  if (!/^[0-9A-Za-z-]{1,32}$/.test(approval)) throw new HttpError(400, APPROVAL_INVALID, [{ path: 'approval_number', message: APPROVAL_INVALID }]);
  return approval;
}

/**
 * Confirms with the bank that the citizen paid the charge of `code` and marks
 * it paid: 400 'Código inválido' for a malformed code, 404 when it is not a
 * current code of theirs, 409 when the charge is not payable (already paid),
 * 422 with the bank's message when the bank does not confirm (nothing
 * changes), 503 when the bank does not answer. The bank is asked outside any
 * transaction; the code and the charge are checked again, locked, before the
 * confirmation. The caller runs app.kickMail() afterwards.
 */
export async function payWithCode(db: Db, payments: PaymentProviders, citizenId: number, input: { code: string; approval: string; channel: CodeChannel }): Promise<PaymentResult> {
  const code = input.code.trim();
  if (!authorizationCodeValid(code)) throw new HttpError(400, PAYMENT_MESSAGES.invalidCode, [{ path: 'code', message: PAYMENT_MESSAGES.invalidCode }]);
  const approval = approvalNumberOf(input.approval);
  const citizen = { kind: 'ciudadano' as const, citizenId };
  const itemId = await chargeOfCode(db, citizenId, code);
  const before = await db.transaction(async (tx) => {
    const charge = await lockCharge(tx, itemId, citizen);
    requirePayable(charge);
    return charge;
  });
  let answer: BankConfirmation;
  try {
    const amount = Number(before.amount);
    answer = input.channel === 'cardnet' ? await payments.bank.confirmCardnet(code, approval, amount) : await payments.bank.confirmTransfer(code, approval, amount);
  } catch (error) {
    if (error instanceof PaymentProviderUnavailableError) throw new HttpError(503, BANK_UNAVAILABLE);
    throw error;
  }
  if (!answer.confirmed) throw new HttpError(422, answer.message);
  const reference = answer.reference;
  return db.transaction(async (tx) => {
    const charge = await lockCharge(tx, itemId, citizen);
    requirePayable(charge);
    const used = await tx.query('UPDATE payment_codes SET used_at = now() WHERE code = $1 AND item_id = $2 AND replaced_at IS NULL AND used_at IS NULL RETURNING code', [code, itemId]);
    if (used.rows.length !== 1) throw new HttpError(404, CODE_NOT_FOUND);
    const status = await confirmCharge(tx, charge, { method: input.channel, reference, approvalNumber: approval, actor: citizen });
    return { message: CODE_PAID, item: chargeOut(await reloadCharge(tx, itemId)), request_status: status };
  });
}
