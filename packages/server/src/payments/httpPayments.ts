/**
 * The real payment adapters (PAYMENTS=http): the government's payment
 * gateway, reached with an API key, answering JSON (its contract is in
 * docs/payments.md). Same interfaces as the sandbox; the card data travels in
 * the request body to the gateway only, over HTTPS, and is never logged.
 */
import { PaymentProviderUnavailableError, type BankConfirmation, type BankGateway, type CardChargeResult, type CardProcessor } from './types';

export interface HttpPaymentSettings {
  gatewayUrl: string;
  apiKey: string;
  timeoutMs: number;
}

async function postJson(settings: HttpPaymentSettings, path: string, body: unknown, idempotencyKey?: string): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(`${settings.gatewayUrl}${path}`, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        'x-api-key': settings.apiKey,
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new PaymentProviderUnavailableError('pasarela', timedOut ? 'tiempo de espera agotado' : 'error de red');
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new PaymentProviderUnavailableError('pasarela', `respuesta HTTP ${response.status}`);
  }
  try {
    const json: unknown = await response.json();
    if (json === null || typeof json !== 'object') throw new Error('no es un objeto');
    return json as Record<string, unknown>;
  } catch {
    throw new PaymentProviderUnavailableError('pasarela', 'respuesta no es JSON válido');
  }
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

export function createHttpCardProcessor(settings: HttpPaymentSettings): CardProcessor {
  return {
    async charge(request): Promise<CardChargeResult> {
      const answer = await postJson(
        settings,
        '/cards/charges',
        { card_number: request.cardNumber, exp_date: request.expDate, cvv: request.cvv, amount: request.amount, currency: 'DOP', description: request.description },
        request.idempotencyKey,
      );
      const brand = text(answer.brand) || 'TARJETA';
      const last4 = request.cardNumber.slice(-4);
      if (answer.approved === true && text(answer.reference) !== '') return { approved: true, reference: text(answer.reference).slice(0, 64), brand, last4 };
      const reason = ['rechazada', 'fondos_insuficientes', 'tarjeta_invalida', 'vencida'].includes(text(answer.reason)) ? (text(answer.reason) as 'rechazada') : 'rechazada';
      return { approved: false, reason, message: text(answer.message).slice(0, 300) || 'El banco emisor rechazó la tarjeta.', brand, last4 };
    },
  };
}

function confirmation(answer: Record<string, unknown>): BankConfirmation {
  if (answer.confirmed === true && text(answer.reference) !== '') return { confirmed: true, reference: text(answer.reference).slice(0, 64) };
  return { confirmed: false, message: text(answer.message).slice(0, 300) || 'El banco no confirma el pago.' };
}

export function createHttpBank(settings: HttpPaymentSettings): BankGateway {
  return {
    async confirmTransfer(code, approvalNumber, amount) {
      return confirmation(await postJson(settings, '/sirite/confirmations', { code, approval_number: approvalNumber, amount }));
    },
    async confirmCardnet(code, approvalNumber, amount) {
      return confirmation(await postJson(settings, '/cardnet/confirmations', { code, approval_number: approvalNumber, amount }));
    },
  };
}
