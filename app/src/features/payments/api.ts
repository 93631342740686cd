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
import useSWR, { useSWRConfig } from 'swr';
import { PAYMENT_MESSAGES, SECOND_CLIENT_TIMEOUT_MS, type PaymentResult, type PaymentView } from '@portal/api-contract';
import { requestKey, requestListKey } from '../../api/requests';
import { api, createApiClient } from '../../lib/api-client';
import { errorMessage } from '../../lib/apiError';

export type { PaymentItem, PaymentResult, PaymentView, Price, Variation } from '@portal/api-contract';

/** The single window's client (spec §7 "Second client"). */
export const singleWindow = createApiClient({ timeoutMs: SECOND_CLIENT_TIMEOUT_MS, fallbackMessage: PAYMENT_MESSAGES.secondClientFallback });

/** What a failed second-client call shows; null when nothing should (the session ended). */
export function singleWindowMessage(error: unknown): string | null {
  return errorMessage(error, PAYMENT_MESSAGES.secondClientFallback);
}

/** SWR key (and path) of a request's payment view. */
export const paymentKey = (requestId: number) => `portals/requests/${requestId}/payment`;

/** The request's payment view (charges, prices, the agencies' figures). */
export function usePaymentView(requestId: number | null) {
  return useSWR(requestId === null ? null : paymentKey(requestId), async () => (await api.get<{ data: PaymentView }>(paymentKey(requestId as number))).data);
}

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

/** Posts a payment call of the single window; answers the charge as it now stands. */
export async function payWith<T = PaymentResult>(path: string, json: unknown): Promise<T> {
  return (await singleWindow.post<{ data: T }>(path, { json })).data;
}
