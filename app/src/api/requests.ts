/** The citizen's requests (submitted applications) and what they do on them; types from the API contract. */
import useSWR from 'swr';
import type {
  CitizenRequest,
  CitizenRequestDetail,
  RequestAttachment,
  RequestComment,
  RequestCommentBody,
  RequestConfirmationBody,
  RequestRating,
  RequestRatingBody,
  RequestStatus,
  RequestStatusChange,
} from '@portal/api-contract';
import { api, type CallOptions } from '../lib/api-client';
import { askEarly } from '../lib/askEarly';

export type { CitizenRequest, CitizenRequestDetail, RequestAttachment, RequestComment, RequestItem, RequestRating, RequestTimelineEntry } from '@portal/api-contract';

/** Whether an address's segment can name a request (a positive integer of up to 10 digits); any other is «not found». */
export const isRequestId = (id: string) => /^[1-9][0-9]{0,9}$/.test(id);

/** SWR key (and path) of one request. */
export const requestKey = (id: number | string) => `portals/requests/${id}`;

/** SWR key (and path) of the citizen's submitted requests, optionally of one status. */
export const requestListKey = (status?: RequestStatus | null) =>
  `portals/requests/citizen-profile/getRequestsByCitizenProfile${status ? `?status=${status}` : ''}`;

/** One of the citizen's requests with its timeline, answers, documents, thread and what they may do. */
export async function getRequest(id: number | string, options?: CallOptions): Promise<CitizenRequestDetail> {
  return (await api.get<{ data: CitizenRequestDetail }>(requestKey(id), options)).data;
}

/** SWR hook of one request; nothing is fetched while `enabled` is false. */
export function useRequest(id: string, enabled: boolean) {
  return useSWR(enabled ? requestKey(id) : null, () => getRequest(id));
}

/** The citizen's submitted requests (of one status, or all). */
async function listRequests(status: RequestStatus | null, options?: CallOptions): Promise<CitizenRequest[]> {
  return (await api.get<{ data: CitizenRequest[] }>(requestListKey(status), options)).data;
}

/** SWR hook of the citizen's submitted requests (of one status, or all). */
export function useRequestList(status: RequestStatus | null) {
  return useSWR(requestListKey(status), () => listRequests(status));
}

/** Starts loading a request for its page, before the page's code arrives. */
export function preloadRequest(id: string): void {
  // Not its form: the answers, which need it, are asked for once the page is painted (RequestPage).
  askEarly(requestKey(id), (options) => getRequest(id, options));
}

/** Starts loading the list of all the citizen's requests for the page about to show it. */
export function preloadRequestList(): void {
  askEarly(requestListKey(null), (options) => listRequests(null, options));
}

/** Adds the citizen's comment to a request (optionally about one of its actions). */
export async function addComment(requestId: number, content: string, requestActionId?: number | null): Promise<RequestComment> {
  return (await api.post<{ data: RequestComment }>('portals/request-comment', { json: { request_id: requestId, request_action_id: requestActionId ?? null, content } satisfies RequestCommentBody })).data;
}

/** Marks an institution's comment read. */
export async function markCommentRead(commentId: number): Promise<RequestComment> {
  return (await api.get<{ data: RequestComment }>(`portals/request-comment/${commentId}/read`)).data;
}

/** Attaches a file to a request (it also joins the citizen's documents), optionally for the action it answers. */
export async function attachToRequest(requestId: number, file: File, requestActionId?: number | null): Promise<RequestAttachment> {
  const body = new FormData();
  body.set('request_id', String(requestId));
  if (requestActionId) body.set('request_action_id', String(requestActionId));
  body.set('file', file);
  return (await api.post<{ data: RequestAttachment }>('portals/citizen-profile/documents/requests/attach', { body })).data;
}

/** Answers the institution's open action. */
export async function answerAction(requestId: number, requestActionId: number, content: string): Promise<RequestStatusChange> {
  return (await api.post<{ data: RequestStatusChange }>('portals/request-dynamic-confirmation', { json: { request_id: requestId, request_action_id: requestActionId, content } satisfies RequestConfirmationBody })).data;
}

/** Withdraws the request. */
export async function withdrawRequest(requestId: number): Promise<RequestStatusChange> {
  return (await api.post<{ data: RequestStatusChange }>(`portals/requests/${requestId}/disable`)).data;
}

/** Rates a finished request (once). */
export async function rateRequest(requestId: number, score: number, comment: string): Promise<RequestRating> {
  return (await api.post<{ data: RequestRating }>('portals/ratings', { json: { request_id: requestId, score, comment } satisfies RequestRatingBody })).data;
}
