/**
 * The back office's own HTTP client: never the citizen's. The staff session
 * travels in its HttpOnly cookie `staff_token` (path /v1/backoffice, set at
 * sign-in), so a citizen session is never sent here and this client never
 * touches the citizen's. A 401 sends the staff member to the staff sign-in
 * page (not the citizen home), coming back afterwards.
 */
import ky, { isHTTPError, type Options } from 'ky';
import { navigate } from 'wouter/use-browser-location';
import { ApiError, NO_CONNECTION } from '../../../lib/apiError';
import { staffPaths } from '../../../config/paths';

/** Options of one call: ky's, without the ones the client decides. */
export type StaffCallOptions = Omit<Options, 'prefix' | 'baseUrl' | 'retry' | 'hooks' | 'throwHttpErrors'>;

/** The sign-in page, remembering where the staff member was. */
export function toStaffLogin(): void {
  const here = window.location.pathname + window.location.search;
  if (window.location.pathname === staffPaths.staffLogin.pattern) return;
  navigate(staffPaths.staffLogin.href(here));
}

const http = ky.create({
  baseUrl: window.location.origin,
  retry: 0,
  timeout: 30_000,
  credentials: 'same-origin',
});

async function call<T>(method: 'get' | 'post', path: string, init: StaffCallOptions & { login?: boolean } = {}): Promise<T> {
  const { login, ...options } = init;
  let response: Response;
  try {
    response = await http(`/v1/backoffice/${path}`, { ...options, method });
  } catch (error) {
    if (isHTTPError(error)) {
      const data: unknown = error.data;
      // An ended or missing staff session: back to the staff sign-in (the login's own 401 is a wrong password).
      if (error.response.status === 401 && !login) toStaffLogin();
      throw new ApiError(error.response.status, data !== null && typeof data === 'object' ? (data as Record<string, unknown>) : {});
    }
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, {}, NO_CONNECTION);
  }
  const text = await response.text();
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/** The back office's client: paths are relative to /v1/backoffice/. */
export const staffApi = {
  get: <T>(path: string, init?: StaffCallOptions) => call<T>('get', path, init),
  post: <T>(path: string, init?: StaffCallOptions & { login?: boolean }) => call<T>('post', path, init),
};
