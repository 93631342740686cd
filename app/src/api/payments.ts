/** A request's payment view (GET /v1/portals/requests/{id}/payment), read by the payments feature and by the request page; types from the API contract. */
import useSWR from 'swr';
import type { PaymentView } from '@portal/api-contract';
import { api } from '../lib/api-client';

/** SWR key (and path) of a request's payment view. */
export const paymentKey = (requestId: number) => `portals/requests/${requestId}/payment`;

/** The request's payment view (charges, prices, the agencies' figures); nothing is fetched for a null id. */
export function usePaymentView(requestId: number | null) {
  return useSWR(requestId === null ? null : paymentKey(requestId), async () => (await api.get<{ data: PaymentView }>(paymentKey(requestId as number))).data);
}
