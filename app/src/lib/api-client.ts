/**
 * The one HTTP client (ky), applying the portal spec's rules (§7, §8) once for
 * every call, SWR reads included:
 * - a path without a version gets the `/v1` prefix (`portals/x` → `/v1/portals/x`; `/v2/x` stays);
 * - the body comes back directly (parsed JSON; undefined when there is none);
 * - a failure is an ApiError whose message is the first entry of the errors, else the message;
 * - an answer 'Unauthenticated.' removes the stored session and this browser's copies of the citizen's data, and goes to / (whatever the call);
 * - 'Ruta incorrecta o user no autenticado' is swallowed (a silent ApiError: nothing to show);
 * - no retries; the session travels in its HttpOnly cookie (same origin).
 */
import ky, { isHTTPError, type KyInstance, type Options } from 'ky';
import { ApiError, NO_CONNECTION, UNAUTHENTICATED } from './apiError';
import { forgetAllCopies } from './localCopies';
import { getSession, markSessionEnded, setSession } from './session';

/** Options of one call: ky's, without the ones the client decides. */
export type CallOptions = Omit<Options, 'prefix' | 'baseUrl' | 'retry' | 'hooks' | 'throwHttpErrors'>;

export interface ApiClient {
  get<T>(path: string, options?: CallOptions): Promise<T>;
  post<T>(path: string, options?: CallOptions): Promise<T>;
  put<T>(path: string, options?: CallOptions): Promise<T>;
  delete<T = void>(path: string, options?: CallOptions): Promise<T>;
  /** The raw answer, whatever its status (lookups read the status themselves); the session rule still applies. */
  answer(path: string, options?: CallOptions): Promise<Response>;
}

export interface ApiClientOptions {
  /** Where the API is. Default: the page's origin. */
  baseUrl?: string;
  /** What 'Unauthenticated.' does. Default: remove the stored session and go to /. */
  onUnauthenticated?: () => void;
  /** Per-call time limit in ms. Default: 30000. */
  timeoutMs?: number;
  /** What a failure without a server message says (no connection included). Default: the portal's own messages. */
  fallbackMessage?: string;
}

/** `portals/x` and `/portals/x` → `/v1/portals/x`; a path that starts with a version (`v2/…`, `/v1/…`) keeps it. */
export function versionedPath(path: string): string {
  const bare = path.replace(/^\/+/, '');
  return /^v\d+(\/|$)/.test(bare) ? `/${bare}` : `/v1/${bare}`;
}

/**
 * Spec: the token is removed and the citizen goes to /. On / itself, the page shows the login form
 * once the session is gone. A citizen who was signed in is told why there (markSessionEnded).
 */
export function endSession(): void {
  // Nothing can be sent with the ended session: this browser's copies of the citizen's data go (lib/localCopies).
  const unsentRemoved = forgetAllCopies() > 0;
  if (getSession() !== null) markSessionEnded(unsentRemoved);
  setSession(null);
  if (window.location.pathname !== '/') window.location.assign('/');
}

async function jsonOf(response: Response): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await response.clone().json();
    return body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

async function bodyOf<T>(response: Response): Promise<T> {
  const text = await response.text();
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const onUnauthenticated = options.onUnauthenticated ?? endSession;
  const http: KyInstance = ky.create({
    baseUrl: options.baseUrl ?? window.location.origin,
    retry: 0,
    timeout: options.timeoutMs ?? 30_000,
    credentials: 'same-origin',
    hooks: {
      afterResponse: [
        async ({ response }) => {
          if (response.status === 401 && (await jsonOf(response)).message === UNAUTHENTICATED) onUnauthenticated();
        },
      ],
    },
  });

  const call = async <T>(method: 'get' | 'post' | 'put' | 'delete', path: string, init?: CallOptions): Promise<T> => {
    let response: Response;
    try {
      response = await http(versionedPath(path), { ...init, method });
    } catch (error) {
      if (isHTTPError(error)) {
        // ky has already read the body into `data` (parsed when it is JSON).
        const data: unknown = error.data;
        throw new ApiError(error.response.status, data !== null && typeof data === 'object' ? (data as Record<string, unknown>) : {}, options.fallbackMessage);
      }
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, {}, options.fallbackMessage ?? NO_CONNECTION);
    }
    try {
      return await bodyOf<T>(response);
    } catch {
      throw new ApiError(response.status, {}, options.fallbackMessage);
    }
  };

  return {
    get: (path, init) => call('get', path, init),
    post: (path, init) => call('post', path, init),
    put: (path, init) => call('put', path, init),
    delete: (path, init) => call('delete', path, init),
    answer: (path, init) => http(versionedPath(path), { ...init, throwHttpErrors: false }),
  };
}

/** The portal's client. */
export const api = createApiClient();
