/** Claims on the server (spec §7: /issues, /portals/myclaims, /portals/claim, /portals/claim-comment): SWR keys, fetchers, writes. */
import useSWR from 'swr';
import type { CitizenRequest, Claim, ClaimComment, ClaimCommentBody, ClaimForm, ClaimIssue, ClaimThread } from '@portal/api-contract';
import { api, type CallOptions } from '../../lib/api-client';
import { askEarly } from '../../lib/askEarly';

export type { Claim, ClaimComment, ClaimIssue } from '@portal/api-contract';

/** SWR key (and path) of the claim types. */
export const ISSUES_KEY = 'issues';
/** SWR key (and path) of the citizen's claims. */
export const MY_CLAIMS_KEY = 'portals/myclaims';
/** SWR key of one claim's thread. */
export const threadKey = (claimId: number) => `portals/claim-comment?claim_id=${claimId}`;
const REQUESTS_PATH = 'portals/requests/citizen-profile/getRequestsByCitizenProfile';

/** The claim types (written by the portal). */
export function useClaimIssues() {
  return useSWR(ISSUES_KEY, async () => (await api.get<{ data: ClaimIssue[] }>(ISSUES_KEY)).data);
}

const listMyClaims = async (options?: CallOptions) => (await api.get<{ data: Claim[] }>(MY_CLAIMS_KEY, options)).data;

/** The citizen's claims, newest first. */
export function useMyClaims() {
  return useSWR(MY_CLAIMS_KEY, () => listMyClaims());
}

/** «Mis reclamos» asks for the citizen's claims with the first bundle, not after its code (AppRoutes' SIGNED_IN_DATA). */
export function preloadMyClaims(): void {
  askEarly(MY_CLAIMS_KEY, listMyClaims);
}

/** The citizen's submitted requests, which a claim may be about. */
export function useMyRequestsForClaims(enabled: boolean) {
  return useSWR(enabled ? REQUESTS_PATH : null, async () => (await api.get<{ data: CitizenRequest[] }>(REQUESTS_PATH)).data);
}

/** One claim and its thread (reading it marks the institution's answers read). */
export function useClaimThread(claimId: number | null) {
  return useSWR(claimId === null ? null : threadKey(claimId), async () => (await api.get<{ data: ClaimThread }>(threadKey(claimId as number))).data);
}

/** Files a claim (multipart: the form's text fields, request_id or service_slug, issue_id, description, then the optional file). */
export async function fileClaim(fields: ClaimForm, file: File | null): Promise<Claim> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) body.set(name, value);
  if (file) body.set('file', file);
  return (await api.post<{ data: Claim }>('portals/claim', { body })).data;
}

/** Adds the citizen's comment to the thread of one of their claims. */
export async function commentClaim(claimId: number, content: string): Promise<ClaimComment> {
  return (await api.post<{ data: ClaimComment }>('portals/claim-comment', { json: { claim_id: claimId, content } satisfies ClaimCommentBody })).data;
}
