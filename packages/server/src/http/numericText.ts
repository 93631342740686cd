/**
 * Numbers that arrive as text (path parameters, query strings, a JSON string
 * where the schema wants a number) before Ajv coerces them. Ajv turns "1e309"
 * or "Infinity" into Infinity and then skips minimum and maximum, which only
 * apply to finite numbers, so the handler received Infinity; "1.5e3" or
 * "0x1F" are not numbers a person types either. Only plain decimal text whose
 * value is exact in a double passes; the schema's bounds then apply as written.
 */
import type { FieldError } from './HttpError';

export const NOT_AN_INTEGER = 'Debe ser un número entero';
export const NOT_A_NUMBER = 'Debe ser un número';

const INTEGER_TEXT = /^-?\d{1,16}$/;
const DECIMAL_TEXT = /^-?\d{1,16}(\.\d{1,16})?$/;

type Schema = { type?: unknown; properties?: Record<string, unknown>; items?: unknown };

const typesOf = (schema: Schema): unknown[] => (Array.isArray(schema.type) ? schema.type : [schema.type]);
const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The message for numeric text the schema cannot take, or null when it is fine (or not numeric text at all). */
function textProblem(types: unknown[], text: string): string | null {
  if (types.includes('string') || (text === '' && types.includes('null'))) return null;
  if (types.includes('integer') && !types.includes('number')) {
    return INTEGER_TEXT.test(text) && Number.isSafeInteger(Number(text)) ? null : NOT_AN_INTEGER;
  }
  if (types.includes('number')) return DECIMAL_TEXT.test(text) ? null : NOT_A_NUMBER;
  return null;
}

/**
 * Field errors for numeric text in `value` that its `schema` declares integer
 * or number. `context` names the part ("params", "querystring", "body") when
 * the problem is the whole value, as the validation errors do.
 */
export function numericTextErrors(schema: unknown, value: unknown, context: string): FieldError[] {
  const errors: FieldError[] = [];
  const walk = (node: unknown, data: unknown, path: string[]): void => {
    if (!isObject(node)) return;
    const s = node as Schema;
    const types = typesOf(s);
    // A repeated query parameter arrives as a list; Ajv unwraps a single item.
    const texts = typeof data === 'string' ? [data] : Array.isArray(data) && !types.includes('array') ? data.filter((d) => typeof d === 'string') : [];
    for (const text of texts) {
      const message = textProblem(types, text);
      if (message) {
        errors.push({ path: path.length > 0 ? path.join('.') : context, message });
        return;
      }
    }
    if (isObject(data) && isObject(s.properties)) {
      for (const [key, child] of Object.entries(s.properties)) if (Object.hasOwn(data, key)) walk(child, data[key], [...path, key]);
    }
    if (Array.isArray(data) && types.includes('array')) data.forEach((item, i) => walk(s.items, item, [...path, String(i)]));
    // Ajv (coerceTypes 'array') wraps a lone value where a list is wanted: "1e309" becomes [Infinity].
    else if (data !== undefined && data !== null && !Array.isArray(data) && types.includes('array') && !(typeof data === 'string' && types.includes('string'))) {
      walk(s.items, data, [...path, '0']);
    }
  };
  walk(schema, value, []);
  return errors;
}

/**
 * A row id sent as text in a multipart field (request_id, issue_id, …): plain
 * decimal digits, 1 to 2147483647 (a PostgreSQL integer); null for anything else.
 */
export function positiveIdText(value: string | undefined): number | null {
  const text = value?.trim() ?? '';
  if (!/^[0-9]{1,10}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= 2147483647 ? n : null;
}
