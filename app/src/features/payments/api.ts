/**
 * Payments on the server (issue 13): the request's payment view (main
 * client, SWR) and the spec's second client (§7: the single window's
 * service, 120 s time limit), whose failures show the server's message or
 * 'Error al procesar la solicitud. Por favor, inténtalo de nuevo'.
 *
 * The spec's second client carries a bearer token; here the session is the
 * HttpOnly cookie (JavaScript never reads the token), which the server
 * accepts the same way, so the second client differs only in its time limit
 * and its fallback message.
 */
import { useSWRConfig } from 'swr';
import { PAYMENT_MESSAGES, SECOND_CLIENT_TIMEOUT_MS, type DepositReceiptBody, type DgiiProofBody, type OnapiCardPaymentBody, type PaymentResult } from '@portal/api-contract';
import { paymentKey } from '../../api/payments';
import { requestKey, requestListKey } from '../../api/requests';
import { createApiClient } from '../../lib/api-client';
import { errorMessage } from '../../lib/apiError';

export type { PaymentItem, PaymentResult, PaymentView, Price, Variation } from '@portal/api-contract';

/** The single window's client (spec §7 "Second client"). */
export const singleWindow = createApiClient({ timeoutMs: SECOND_CLIENT_TIMEOUT_MS, fallbackMessage: PAYMENT_MESSAGES.secondClientFallback });

/** What a failed second-client call shows; null when nothing should (the session ended). */
export function singleWindowMessage(error: unknown): string | null {
  return errorMessage(error, PAYMENT_MESSAGES.secondClientFallback);
}

export { paymentKey, usePaymentView } from '../../api/payments';

/** Refreshes everything a payment changes: the payment view, the request's page, "Mis solicitudes" (every filter) and Inicio's list. */
export function useRefreshAfterPayment() {
  const { mutate } = useSWRConfig();
  const lists = requestListKey(null);
  return (requestId: number) =>
    Promise.all([
      mutate(paymentKey(requestId)),
      mutate(requestKey(requestId)),
      mutate((key) => typeof key === 'string' && key.startsWith(lists)),
    ]).then(() => undefined);
}

/** Posts a payment call of the single window; answers the charge as it now stands. Each path takes its route's body. */
export async function payWith(path: 'institution-onapi/payment', json: OnapiCardPaymentBody): Promise<PaymentResult>;
export async function payWith(path: 'institution-dgii/upload/document', json: DgiiProofBody): Promise<PaymentResult>;
export async function payWith(path: 'portals/payment/deposit-receipt', json: DepositReceiptBody): Promise<PaymentResult>;
export async function payWith(path: string, json: OnapiCardPaymentBody | DgiiProofBody | DepositReceiptBody): Promise<PaymentResult> {
  return (await singleWindow.post<{ data: PaymentResult }>(path, { json })).data;
}
