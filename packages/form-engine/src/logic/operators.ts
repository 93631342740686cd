/**
 * The expression language: json-logic-js plus a few operators of ours.
 * json-logic-js keeps operators in a process-wide table, so ours are added once
 * at module load; the evaluation context (today's date) is passed through a
 * module variable set for the duration of one synchronous evaluation.
 */
import jsonLogic from 'json-logic-js';
import { addDays, todayInDominicanRepublic } from './dates';

let currentToday: string | null = null;

/** Runs `fn` with `today` visible to the `today` operator. Evaluation is synchronous, so this is safe. */
export function withToday<T>(today: string | undefined, fn: () => T): T {
  const previous = currentToday;
  currentToday = today ?? todayInDominicanRepublic();
  try {
    return fn();
  } finally {
    currentToday = previous;
  }
}

/** The date the running evaluation sees (what the `today` operator answers). */
export function evaluationToday(): string {
  return currentToday ?? todayInDominicanRepublic();
}

function isEmptyValue(v: unknown): boolean {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
}

const customOperators: Record<string, (...args: any[]) => unknown> = {
  /** `{"today": []}` -> YYYY-MM-DD of the evaluation context. */
  today: () => evaluationToday(),
  /** `{"date_add": [date, days]}` -> YYYY-MM-DD, or null for an invalid date. */
  date_add: (date: unknown, days: unknown) => addDays(date, days),
  /** `{"empty": [x]}` -> true for undefined, null, "" and []. */
  empty: (v: unknown) => isEmptyValue(v),
  /** `{"count": [list]}` -> number of elements (0 when not a list). */
  count: (list: unknown) => (Array.isArray(list) ? list.length : 0),
  /** `{"sum": [list, "prop"]}` -> sum of a numeric property over a list (non-numbers count 0). */
  sum: (list: unknown, prop?: unknown) => {
    if (!Array.isArray(list)) return 0;
    let total = 0;
    for (const row of list) {
      const v = typeof prop === 'string' && row && typeof row === 'object' ? (row as Record<string, unknown>)[prop] : row;
      const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : 0;
      if (Number.isFinite(n)) total += n;
    }
    return total;
  },
  /** `{"round": [x, decimals]}` -> x rounded half away from zero to N decimals (null when x is not a number). */
  round: (v: unknown, decimals: unknown = 0) => {
    const n = typeof v === 'number' ? v : Number.NaN;
    const d = Math.min(Math.max(Math.trunc(Number(decimals)) || 0, 0), 10);
    if (!Number.isFinite(n)) return null;
    // Decimal shifting through the exponent avoids 1.005 * 100 = 100.49999...
    const text = String(Math.abs(n));
    if (text.includes('e')) return Math.round(n * 10 ** d) / 10 ** d;
    const shifted = Math.round(Number(`${text}e${d}`));
    return Math.sign(n) * Number(`${shifted}e-${d}`);
  },
  /** `{"num": [x, default]}` -> x as a number, or the default (0) when it is not one. */
  num: (v: unknown, fallback: unknown = 0) => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
    return Number.isFinite(n) ? n : fallback;
  },
};

for (const [name, fn] of Object.entries(customOperators)) jsonLogic.add_operation(name, fn);

/** Operators an analyst may use. `method` and `log` of json-logic-js are deliberately left out. */
export const KNOWN_OPERATORS: ReadonlySet<string> = new Set([
  'var', 'missing', 'missing_some', 'if', '?:', '==', '===', '!=', '!==', '!', '!!', 'or', 'and',
  '>', '>=', '<', '<=', 'max', 'min', '+', '-', '*', '/', '%', 'map', 'reduce', 'filter', 'all',
  'none', 'some', 'merge', 'in', 'cat', 'substr',
  ...Object.keys(customOperators),
]);

/** Evaluates a rule against data. Literal (non-logic) values are returned as they are. */
export function applyRule(rule: unknown, data: unknown): unknown {
  if (rule === true || rule === false || rule === undefined) return rule;
  try {
    return jsonLogic.apply(rule as any, data);
  } catch {
    // Hostile values (e.g. an object whose own `toString` is not a function) make JavaScript's
    // comparisons throw. Such a value already fails its type check; the rule reads it as null.
    return null;
  }
}

/** json-logic truthiness ("" and [] are false, "0" is true). */
export function truthy(value: unknown): boolean {
  return jsonLogic.truthy(value);
}

export { isEmptyValue };
