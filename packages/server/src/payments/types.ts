/**
 * The outside payment providers behind interfaces (GUIDE §5): the card
 * processor that charges the in-page card form (ONAPI), the card payment page
 * (Azul, for the Cámara de Comercio), and the bank side of transfers and
 * deposits (SIRITE, CardNet terminals). The sandbox adapters are our own code
 * with documented test values (docs/payments.md), like a provider's test mode;
 * PAYMENTS=http selects the real ones (same interfaces).
 */

/** One charge asked of the card processor. The card data lives only in this object, for this call. */
export interface CardChargeRequest {
  /** Digits only. */
  cardNumber: string;
  /** MM/YY. */
  expDate: string;
  cvv: string;
  /** RD$, computed by the server. */
  amount: number;
  /** Our idempotency key (the attempt's id): the processor charges once per key. */
  idempotencyKey: string;
  /** What the cardholder's statement shows. */
  description: string;
}

/** Why a card was not charged. */
export type CardDeclineReason = 'rechazada' | 'fondos_insuficientes' | 'tarjeta_invalida' | 'vencida';

export type CardChargeResult =
  | { approved: true; reference: string; brand: string; last4: string }
  | { approved: false; reason: CardDeclineReason; message: string; brand: string; last4: string };

export interface CardProcessor {
  /** Charges the card; throws {@link PaymentProviderUnavailableError} when the processor does not answer usefully. */
  charge(request: CardChargeRequest): Promise<CardChargeResult>;
}

/** The card payment page (Azul Payment Page) the browser is sent to, and its merchant's key. */
export interface CardPageSettings {
  /** Where the browser posts the signed form: absolute, or a path of this server (the sandbox page). */
  url: string;
  merchantId: string;
  merchantName: string;
  merchantType: string;
  /** Azul's currency code ('$' for pesos). */
  currencyCode: string;
  /** The merchant's authentication key: it keys the HMAC-SHA512 of the request and of the return. */
  authKey: string;
  /** The sandbox page is served by this server (and marked as a test page). */
  sandbox: boolean;
}

/** The bank's answer about a payment made with an authorization number. */
export type BankConfirmation = { confirmed: true; reference: string } | { confirmed: false; message: string };

/** The bank side of transfers and deposits. */
export interface BankGateway {
  /** SIRITE: was a payment of `amount` made at a bank with this authorization number and approval number? */
  confirmTransfer(code: string, approvalNumber: string, amount: number): Promise<BankConfirmation>;
  /** CardNet: was this authorization number paid with a card at a CardNet terminal, with this approval number? */
  confirmCardnet(code: string, approvalNumber: string, amount: number): Promise<BankConfirmation>;
}

export interface PaymentProviders {
  card: CardProcessor;
  cardPage: CardPageSettings;
  bank: BankGateway;
}

/** The provider did not answer usefully (network error, timeout, 5xx, bad JSON). Nothing was charged, as far as we know. */
export class PaymentProviderUnavailableError extends Error {
  constructor(
    readonly provider: string,
    detail: string,
  ) {
    super(`Proveedor de pagos ${provider} no disponible: ${detail}`);
    this.name = 'PaymentProviderUnavailableError';
  }
}
