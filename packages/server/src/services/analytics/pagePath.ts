/**
 * The page paths the portal stores (page views, error reports) must not carry
 * personal data: the browser's path can hold a query string (?dni=…), a
 * fragment, or a segment that is a person's identifier (/perfil/402-2918364-1,
 * /buscar/maria@example.com). Those are removed before anything is stored.
 */

/** Longest path accepted, before the query string is removed (the API contract's: the error report's body schema holds it too). */
export { PAGE_PATH_MAX } from '@portal/api-contract';

/** What a segment that looks like a person's identifier becomes. */
export const MASKED_SEGMENT = ':oculto';

export const PAGE_PATH_MESSAGE = 'La ruta debe empezar por "/" y no puede contener espacios ni caracteres de control';

/** Separators people write inside numbers: 402-2918364-1, 809.555.1234, (809) 555 1234, +1 809… */
const NUMBER_SEPARATORS = /[\s.\-()+_]/g;

/**
 * A cédula has 11 digits, an RNC 9, a phone number 10; a passport or any
 * other long number identifies someone just as well. Nine digits in a row,
 * once separators are removed, is where a segment stops being a page name
 * or a small record id.
 */
const LONG_NUMBER = /\d{9,}/;

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** True when a (decoded) path segment looks like an identifier of a person: an e-mail or a long number. */
export function looksPersonal(segment: string): boolean {
  return segment.includes('@') || LONG_NUMBER.test(segment.replace(NUMBER_SEPARATORS, ''));
}

/**
 * The path to store: query string and fragment removed, and every segment
 * that looks like a person's identifier (also when percent-encoded) replaced
 * by {@link MASKED_SEGMENT}. Null when it is not a path of the site: it must
 * start with "/", have no whitespace or control characters and decode.
 */
export function cleanPagePath(raw: string): string | null {
  const path = raw.split(/[?#]/, 1)[0];
  if (!path.startsWith('/') || /[\s\p{Cc}]/u.test(path)) return null;
  const segments = path.split('/');
  const cleaned: string[] = [];
  for (const segment of segments) {
    const decoded = decodeSegment(segment);
    if (decoded === null || /\p{Cc}/u.test(decoded)) return null;
    cleaned.push(looksPersonal(decoded) ? MASKED_SEGMENT : segment);
  }
  return cleaned.join('/');
}
