/**
 * Input PostgreSQL cannot store: text and jsonb refuse U+0000, jsonb refuses
 * a \uD800-style escape without its pair (JSON.stringify writes a lone
 * surrogate that way), and a deeply nested value exhausts the database's
 * stack. Such input is the client's fault: a 400, not a failed query.
 */

/** Message of a string with U+0000 or a lone surrogate. */
export const FORBIDDEN_TEXT = 'El texto contiene caracteres no permitidos';
/** Message of a value nested deeper than MAX_NESTING. */
export const TOO_DEEP = 'Los datos tienen demasiados niveles anidados';
/** Objects and arrays inside one another: the forms use fewer than ten. */
export const MAX_NESTING = 32;

// In a /u pattern \p{Cs} matches only unpaired surrogates: a well-formed pair is one code point.
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what this looks for
const FORBIDDEN = /[\u0000\p{Cs}]/u;

/** True when a string holds U+0000 or a UTF-16 surrogate without its pair. */
export function hasForbiddenText(text: string): boolean {
  return FORBIDDEN.test(text);
}

/** Where a value cannot be stored, and why. */
export interface Unstorable {
  /** Keys from the top of the value down to the problem. */
  path: string[];
  message: string;
}

/**
 * The first part of a parsed value (params, query, body; keys included) that
 * cannot be stored, or null. Walks with its own stack, so no nesting depth
 * can overflow the server's.
 */
export function findUnstorable(value: unknown): Unstorable | null {
  const pending: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (pending.length > 0) {
    const item = pending.pop() as { value: unknown; path: string[] };
    if (typeof item.value === 'string') {
      if (hasForbiddenText(item.value)) return { path: item.path, message: FORBIDDEN_TEXT };
      continue;
    }
    if (item.value === null || typeof item.value !== 'object' || Buffer.isBuffer(item.value)) continue;
    if (item.path.length >= MAX_NESTING) return { path: item.path, message: TOO_DEEP };
    for (const [key, child] of Object.entries(item.value)) {
      const path = [...item.path, key];
      if (hasForbiddenText(key)) return { path, message: FORBIDDEN_TEXT };
      pending.push({ value: child, path });
    }
  }
  return null;
}
