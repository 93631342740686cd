/** How a failed account call is shown: the server's Spanish message on the field it names, else above the form. */
import { ApiError, errorMessage, statusOf } from '../../../lib/apiError';

/** A failed call, split for the form: messages per field (first one each) and the form's message. */
export interface CallFailure {
  /** Field name (as the server's `path`) → its first message. */
  fields: Record<string, string>;
  /** The message above the form (the first of the errors map, else the message), or null when a field shows it. */
  form: string | null;
  /** The server is busy (503) or limiting attempts (429): shown as a warning, not as a mistake of the citizen. */
  busy: boolean;
}

/**
 * Splits a failed call: an error whose path is one of `known` goes on that field; anything else
 * (or a field the form does not show) above the form.
 */
export function describeFailure(error: unknown, known: readonly string[], fallback: string): CallFailure {
  const fields: Record<string, string> = {};
  const list = error instanceof ApiError ? error.fieldErrors : [];
  for (const f of list) if (known.includes(f.path)) fields[f.path] ??= f.message;
  const status = statusOf(error);
  const busy = status === 503 || status === 429;
  const allOnFields = list.length > 0 && list.every((f) => known.includes(f.path));
  return { fields, form: allOnFields && !busy ? null : errorMessage(error, fallback), busy };
}
