/**
 * The one HTTP client: ky with the /v1 prefix, no retries, the session cookie.
 * A 401 "Unauthenticated." ends the local session and sends the citizen home
 * (spec: the token is removed and the user goes to /).
 */
import ky, { HTTPError } from 'ky';
import { setSession } from './session';

export const api = ky.create({ prefix: '/v1', retry: 0, timeout: 30_000, credentials: 'same-origin' });

export interface ApiErrorBody {
  message?: string;
  errors?: { path: string; message: string }[];
}

/** The Spanish message of a failed call, for the citizen. */
export async function errorBody(error: unknown): Promise<ApiErrorBody> {
  if (error instanceof HTTPError) {
    const data = (error as HTTPError & { data?: unknown }).data;
    if (data && typeof data === 'object') return data as ApiErrorBody;
    try {
      return (await error.response.clone().json()) as ApiErrorBody;
    } catch {
      return { message: 'El servicio no respondió como se esperaba. Intente de nuevo.' };
    }
  }
  return { message: 'No se pudo conectar con el portal. Revise su conexión e intente de nuevo.' };
}

export function statusOf(error: unknown): number {
  return error instanceof HTTPError ? error.response.status : 0;
}

/** Ends the local session when the server says the token is gone. */
export async function handleUnauthenticated(error: unknown): Promise<boolean> {
  if (statusOf(error) !== 401) return false;
  setSession(null);
  if (window.location.pathname !== '/') window.location.assign('/');
  return true;
}
