/**
 * What a failed API call means to the citizen (portal spec §8): the first
 * entry of the errors map, else the message. Two messages are never shown:
 * 'Unauthenticated.' (the client has already ended the session and gone home)
 * and 'Ruta incorrecta o user no autenticado' (swallowed, as the spec says).
 */
import type { ErrorBody } from '@portal/api-contract';

export const UNAUTHENTICATED = 'Unauthenticated.';
export const SWALLOWED = 'Ruta incorrecta o user no autenticado';
export const NO_CONNECTION = 'No se pudo conectar con el portal. Revise su conexión e intente de nuevo.';
export const UNEXPECTED = 'El servicio no respondió como se esperaba. Intente de nuevo.';

/** The error of every failed call of the one HTTP client. */
export class ApiError extends Error {
  /** HTTP status; 0 when the server was not reached (network, timeout). */
  readonly status: number;
  /** The answer's body as the server sent it (ours: `{ message, errors? }`), when it was JSON. */
  readonly body: Partial<ErrorBody> & Record<string, unknown>;
  /** Nothing to show the citizen: the session ended (sent home) or the spec's swallowed message. */
  readonly silent: boolean;

  constructor(status: number, body: Record<string, unknown>, fallback = UNEXPECTED) {
    const text = readErrorMessage(body) ?? fallback;
    super(text);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.silent = text === UNAUTHENTICATED || text === SWALLOWED || body.message === UNAUTHENTICATED || body.message === SWALLOWED;
  }

  /** The per-field errors of a 422 (`[{ path, message }]`), or none. */
  get fieldErrors(): { path: string; message: string }[] {
    return Array.isArray(this.body.errors) ? this.body.errors : [];
  }
}

/**
 * The first entry of `errors` (ours: a list of `{ path, message }`; the spec's
 * services: a map of field → message or messages), else `message`; null if neither.
 */
export function readErrorMessage(body: unknown): string | null {
  if (body === null || typeof body !== 'object') return null;
  const { errors, message } = body as { errors?: unknown; message?: unknown };
  const first = Array.isArray(errors) ? errors[0] : errors && typeof errors === 'object' ? Object.values(errors)[0] : undefined;
  const fromErrors = Array.isArray(first) ? first[0] : first && typeof first === 'object' ? (first as { message?: unknown }).message : first;
  if (typeof fromErrors === 'string' && fromErrors !== '') return fromErrors;
  return typeof message === 'string' && message !== '' ? message : null;
}

/** The message to show for a failed call, or null when nothing should be shown. */
export function errorMessage(error: unknown, fallback = UNEXPECTED): string | null {
  if (error instanceof ApiError) return error.silent ? null : error.message;
  return fallback;
}

/** The HTTP status of a failed call (0 when it is not an API error or never reached the server). */
export function statusOf(error: unknown): number {
  return error instanceof ApiError ? error.status : 0;
}
