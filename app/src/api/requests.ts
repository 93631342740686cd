/** The citizen's requests (submitted applications) with their payments; types from the API contract. */
import useSWR from 'swr';
import type { CitizenRequest } from '@portal/api-contract';
import { api } from '../lib/api-client';

export type { CitizenRequest, RequestItem } from '@portal/api-contract';

/** SWR key (and path) of one request. */
export const requestKey = (id: number | string) => `portals/requests/${id}`;

/** One of the citizen's requests. */
export async function getRequest(id: number | string): Promise<CitizenRequest> {
  return (await api.get<{ data: CitizenRequest }>(requestKey(id))).data;
}

/** SWR hook of one request; nothing is fetched while `enabled` is false. */
export function useRequest(id: string, enabled: boolean) {
  return useSWR(enabled ? requestKey(id) : null, () => getRequest(id));
}
