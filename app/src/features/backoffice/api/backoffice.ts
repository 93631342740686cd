/** Calls and SWR reads of the back office (/v1/backoffice), through its own client. */
import useSWR from 'swr';
import type {
  AuditAction,
  RequestStatus,
  Staff,
  StaffAuditPage,
  StaffComment,
  StaffCommentBody,
  PaymentRefusalBody,
  PaymentResult,
  PaymentReviewRow,
  StaffErrorReportPage,
  StaffEventBody,
  StaffLoginBody,
  StaffEnrolmentBody,
  StaffSecondFactorBody,
  StaffLoginResponse,
  StaffMember,
  StaffSessionResponse,
  StaffQueuePage,
  StaffRequest,
  StaffSuggestionPage,
  PublishedForm,
  FormVersionEntry,
} from '@portal/api-contract';
import { staffApi } from './staffClient';

/** SWR key of the signed-in staff member. */
export const STAFF_ME_KEY = 'backoffice/auth/me';

/** The password step: no session yet, the second factor (or its enrolment) comes next (the server sets the pending cookie). */
export function staffLogin(email: string, password: string): Promise<StaffLoginResponse> {
  return staffApi.post<StaffLoginResponse>('auth/login', { json: { email, password } satisfies StaffLoginBody, login: true });
}

/** The second step: the authenticator app's code or a recovery code; the server sets the staff cookie. */
export function staffSecondFactor(input: { code: string } | { recovery_code: string }): Promise<StaffSessionResponse> {
  return staffApi.post<StaffSessionResponse>('auth/second-factor', { json: input satisfies StaffSecondFactorBody, login: true });
}

/** First sign-in (or after a reset): confirms the authenticator app with its first code; answers the recovery codes, once. */
export function staffEnrol(code: string): Promise<StaffSessionResponse> {
  return staffApi.post<StaffSessionResponse>('auth/enrolment', { json: { code } satisfies StaffEnrolmentBody, login: true });
}

/** SWR key of the staff members (administrators). */
export const STAFF_MEMBERS_KEY = 'staff';

/** The staff members and the state of their second factor (administrators only). */
export function useStaffMembers() {
  return useSWR(STAFF_MEMBERS_KEY, async (key: string) => (await staffApi.get<{ data: StaffMember[] }>(key)).data, { revalidateOnFocus: false });
}

/** The published forms and their current version (administrators only). */
export function usePublishedForms() {
  return useSWR('forms', async (key: string) => (await staffApi.get<{ data: PublishedForm[] }>(key)).data, { revalidateOnFocus: false });
}

/** Every version of a form, newest first, with who published it, the note and the changes (null: not asked yet). */
export function useFormVersions(form: string | null) {
  return useSWR(form ? `forms/${encodeURIComponent(form)}/versions` : null, async (key: string) => (await staffApi.get<{ data: FormVersionEntry[] }>(key)).data, {
    revalidateOnFocus: false,
  });
}

/** Resets another member's second factor: they enrol again at their next sign-in. */
export function resetStaffSecondFactor(id: number): Promise<{ message: string }> {
  return staffApi.post(`staff/${id}/second-factor/reset`);
}

export function staffLogout(): Promise<void> {
  return staffApi.post<void>('auth/logout', { login: true });
}

/** The signed-in staff member (a 401 sends to the sign-in page). */
export function useStaffMe() {
  return useSWR(STAFF_ME_KEY, async () => (await staffApi.get<{ data: Staff }>('auth/me')).data, { shouldRetryOnError: false, revalidateOnFocus: false });
}

export interface QueueQuery {
  status: RequestStatus | null;
  form: string | null;
  code: string | null;
  page: number;
}

/** The queue page for the filters. */
export function useQueue(query: QueueQuery) {
  const search = new URLSearchParams();
  if (query.status) search.set('status', query.status);
  if (query.form) search.set('form', query.form);
  if (query.code) search.set('code', query.code);
  search.set('page', String(query.page));
  search.set('per_page', String(QUEUE_PAGE_SIZE));
  return useSWR(`requests?${search.toString()}`, (key: string) => staffApi.get<StaffQueuePage>(key), { keepPreviousData: true });
}

export const QUEUE_PAGE_SIZE = 20;

/** One request (reading it is audited on the server). */
export function useStaffRequest(id: number) {
  return useSWR(`requests/${id}`, async (key: string) => (await staffApi.get<{ data: StaffRequest }>(key)).data, { revalidateOnFocus: false, shouldRetryOnError: false });
}

/** Causes an event on the request (message: needed for solicitar_accion and rechazar; requires_document: solicitar_accion only). */
export function postRequestEvent(id: number, input: StaffEventBody): Promise<{ message: string; data: { id: number; status: RequestStatus; action_id: number } }> {
  return staffApi.post(`requests/${id}/events`, { json: input });
}

export function postStaffComment(id: number, content: string): Promise<{ message: string; data: StaffComment }> {
  return staffApi.post(`requests/${id}/comments`, { json: { content } satisfies StaffCommentBody });
}

export const LIST_PAGE_SIZE = 20;

export function useSuggestions(page: number) {
  return useSWR(`suggestions?page=${page}&per_page=${LIST_PAGE_SIZE}`, (key: string) => staffApi.get<StaffSuggestionPage>(key), { keepPreviousData: true });
}

export function useErrorReports(page: number) {
  return useSWR(`error-reports?page=${page}&per_page=${LIST_PAGE_SIZE}`, (key: string) => staffApi.get<StaffErrorReportPage>(key), { keepPreviousData: true });
}

/** The audit log's filters (null: any) and page, as the audit page keeps them in its address. */
export interface AuditQuery {
  institution: string | null;
  staffId: number | null;
  action: AuditAction | null;
  /** YYYY-MM-DD, Santo Domingo's day, included. */
  from: string | null;
  /** YYYY-MM-DD, included. */
  to: string | null;
  page: number;
}

export const AUDIT_PAGE_SIZE = 20;

/** A page of the audit log (administrators only); null reads nothing (filters not valid yet). */
export function useAuditLog(query: AuditQuery | null) {
  let key: string | null = null;
  if (query) {
    const search = new URLSearchParams();
    if (query.institution) search.set('institution', query.institution);
    if (query.staffId) search.set('staff_id', String(query.staffId));
    if (query.action) search.set('action', query.action);
    if (query.from) search.set('from', query.from);
    if (query.to) search.set('to', query.to);
    search.set('page', String(query.page));
    search.set('per_page', String(AUDIT_PAGE_SIZE));
    key = `audit?${search.toString()}`;
  }
  return useSWR(key, (path: string) => staffApi.get<StaffAuditPage>(path), { keepPreviousData: true, revalidateOnFocus: false, shouldRetryOnError: false });
}

/** SWR key of the proofs of payment waiting for verification. */
export const PAYMENT_REVIEWS_KEY = 'payments';

/** The proofs of payment the staff member may verify, oldest first. */
export function usePaymentReviews() {
  return useSWR(PAYMENT_REVIEWS_KEY, async (key: string) => (await staffApi.get<{ data: PaymentReviewRow[] }>(key)).data);
}

/** Accepts a proof: the charge is paid. */
export function acceptPayment(id: number): Promise<{ message: string; data: PaymentResult }> {
  return staffApi.post(`payments/${id}/accept`);
}

/** Does not accept a proof: the charge is pending again with the reason for the citizen. */
export function refusePayment(id: number, reason: string): Promise<{ message: string; data: PaymentResult }> {
  return staffApi.post(`payments/${id}/refuse`, { json: { reason } satisfies PaymentRefusalBody });
}
