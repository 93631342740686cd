/** The back office's claim calls (/v1/backoffice/claims), through the back office's own client. */
import useSWR from 'swr';
import type { ClaimStatus, StaffClaim, StaffClaimComment, StaffClaimCommentBody, StaffClaimDetail, StaffClaimList, StaffClaimStatusBody } from '@portal/api-contract';
import { staffApi } from '../api/staffClient';

/** The institution's claims (an administrator's: all), open ones first, oldest first; optionally one status. */
export function useStaffClaims(status: ClaimStatus | null) {
  return useSWR(status ? `claims?status=${status}` : 'claims', (key: string) => staffApi.get<StaffClaimList>(key), { keepPreviousData: true });
}

/** One claim and its thread (reading it is audited and marks the citizen's comments read). */
export function useStaffClaim(id: number) {
  return useSWR(`claims/${id}`, async (key: string) => (await staffApi.get<{ data: StaffClaimDetail }>(key)).data, { revalidateOnFocus: false, shouldRetryOnError: false });
}

/** Answers the claim: it becomes «Respondido» and the citizen is told. */
export async function answerClaim(id: number, content: string): Promise<StaffClaimComment> {
  return (await staffApi.post<{ data: StaffClaimComment }>(`claims/${id}/comments`, { json: { content } satisfies StaffClaimCommentBody })).data;
}

/** Sets a status staff may set (en_proceso, cerrado); 409 otherwise. */
export async function setClaimStatus(id: number, status: ClaimStatus): Promise<StaffClaim> {
  return (await staffApi.post<{ data: StaffClaim }>(`claims/${id}/status`, { json: { status } satisfies StaffClaimStatusBody })).data;
}

/** Where the claim's file downloads (the staff cookie goes with it: path /v1/backoffice; reading it is audited). */
export const claimDocumentHref = (id: number): string => `/v1/backoffice/claims/${id}/document`;
