/**
 * The sandbox payment providers: our own code, answering like a provider's
 * test mode with the documented test values of docs/payments.md. Nothing here
 * stores or logs a card number or security code.
 *
 * Card processor (in-page card form):
 * - 4242 4242 4242 4242 (and any other number passing the Luhn check): approved;
 * - 4000 0000 0000 0002: declined by the issuer;
 * - 4000 0000 0000 9995: insufficient funds;
 * - 4000 0000 0000 0119: the processor fails (no answer): nothing is charged;
 * - a number failing the Luhn check: invalid card; an expiry before this month: expired card.
 *
 * Bank (SIRITE transfers and deposits, CardNet terminals): an approval number
 * of 6 to 12 digits confirms the payment, except one starting with 000, which
 * the bank does not know.
 */
import { randomBytes } from 'node:crypto';
import { cardBrand, expiryValid, luhnValid } from '@portal/api-contract';
import { PaymentProviderUnavailableError, type BankConfirmation, type BankGateway, type CardChargeRequest, type CardChargeResult, type CardProcessor } from './types';

/** The sandbox's test cards (docs/payments.md). */
export const SANDBOX_CARDS = {
  approved: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  processorError: '4000000000000119',
} as const;

/** A sandbox reference: SBX- and 12 hexadecimal digits. */
function sandboxReference(): string {
  return `SBX-${randomBytes(6).toString('hex').toUpperCase()}`;
}

/** The sandbox's decision for a card, without charging (shared by the card processor and the sandbox card payment page). */
export function sandboxCardOutcome(cardNumber: string, expDate: string, now = new Date()): CardChargeResult | 'error' {
  const brand = cardBrand(cardNumber);
  const last4 = cardNumber.slice(-4);
  if (!luhnValid(cardNumber)) return { approved: false, reason: 'tarjeta_invalida', message: 'El número de la tarjeta no es válido.', brand, last4 };
  if (!expiryValid(expDate, now)) return { approved: false, reason: 'vencida', message: 'La tarjeta está vencida.', brand, last4 };
  if (cardNumber === SANDBOX_CARDS.declined) return { approved: false, reason: 'rechazada', message: 'El banco emisor rechazó la tarjeta.', brand, last4 };
  if (cardNumber === SANDBOX_CARDS.insufficientFunds) return { approved: false, reason: 'fondos_insuficientes', message: 'La tarjeta no tiene fondos suficientes.', brand, last4 };
  if (cardNumber === SANDBOX_CARDS.processorError) return 'error';
  return { approved: true, reference: sandboxReference(), brand, last4 };
}

/** The sandbox card processor: one answer per idempotency key (a retry of the same attempt is not charged twice). */
export function createSandboxCardProcessor(): CardProcessor {
  const answered = new Map<string, CardChargeResult>();
  return {
    async charge(request: CardChargeRequest): Promise<CardChargeResult> {
      const previous = answered.get(request.idempotencyKey);
      if (previous) return previous;
      const outcome = sandboxCardOutcome(request.cardNumber, request.expDate);
      if (outcome === 'error') throw new PaymentProviderUnavailableError('sandbox', 'el procesador no respondió');
      if (answered.size >= 10_000) answered.clear();
      answered.set(request.idempotencyKey, outcome);
      return outcome;
    },
  };
}

function sandboxBankAnswer(approvalNumber: string): BankConfirmation {
  if (!/^\d{6,12}$/.test(approvalNumber)) return { confirmed: false, message: 'El número de aprobación debe tener entre 6 y 12 dígitos.' };
  if (approvalNumber.startsWith('000')) return { confirmed: false, message: 'El banco no registra un pago con ese número de aprobación.' };
  return { confirmed: true, reference: sandboxReference() };
}

export function createSandboxBank(): BankGateway {
  return {
    async confirmTransfer(_code, approvalNumber) {
      return sandboxBankAnswer(approvalNumber);
    },
    async confirmCardnet(_code, approvalNumber) {
      return sandboxBankAnswer(approvalNumber);
    },
  };
}
