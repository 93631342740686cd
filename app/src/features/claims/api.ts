/** Claims on the server (spec §7: /issues, /portals/myclaims, /portals/claim, /portals/claim-comment): SWR keys, fetchers, writes. */
import useSWR from 'swr';
import type { CitizenRequest, Claim, ClaimComment, ClaimIssue } from '@portal/api-contract';
import { api } from '../../lib/api-client';

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

/** The citizen's claims, newest first. */
export function useMyClaims() {
  return useSWR(MY_CLAIMS_KEY, async () => (await api.get<{ data: Claim[] }>(MY_CLAIMS_KEY)).data);
}

/** The citizen's submitted requests, which a claim may be about. */
export function useMyRequestsForClaims(enabled: boolean) {
  return useSWR(enabled ? REQUESTS_PATH : null, async () => (await api.get<{ data: CitizenRequest[] }>(REQUESTS_PATH)).data);
}

export interface ClaimThread {
  claim: Claim;
  comments: ClaimComment[];
}

/** One claim and its thread (reading it marks the institution's answers read). */
export function useClaimThread(claimId: number | null) {
  return useSWR(claimId === null ? null : threadKey(claimId), async () => (await api.get<{ data: ClaimThread }>(threadKey(claimId as number))).data);
}

/** What a new claim is about: one of the citizen's requests, or a catalogue service. */
export type ClaimAbout = { requestId: number } | { serviceSlug: string };

export interface NewClaim {
  about: ClaimAbout;
  issueId: number;
  description: string;
  file: File | null;
}

/** Files a claim (multipart: optional file, request_id or service_slug, issue_id, description). */
export async function fileClaim(claim: NewClaim): Promise<Claim> {
  const body = new FormData();
  if ('requestId' in claim.about) body.set('request_id', String(claim.about.requestId));
  else body.set('service_slug', claim.about.serviceSlug);
  body.set('issue_id', String(claim.issueId));
  body.set('description', claim.description);
  if (claim.file) body.set('file', claim.file);
  return (await api.post<{ data: Claim }>('portals/claim', { body })).data;
}

/** Adds the citizen's comment to the thread of one of their claims. */
export async function commentClaim(claimId: number, content: string): Promise<ClaimComment> {
  return (await api.post<{ data: ClaimComment }>('portals/claim-comment', { json: { claim_id: claimId, content } })).data;
}
