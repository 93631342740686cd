/**
 * Edge values for the fuzz suites, and the JSON text they are sent as. JSON
 * cannot carry 1e309, -0 or an own "__proto__" key through JSON.stringify, so
 * generated values are a small tree (Raw, Entries) written out by toJsonText.
 */
import fc from 'fast-check';

/** JSON text sent verbatim (numbers such as 1e309 or -0, deeply nested values). */
export class Raw {
  constructor(readonly text: string) {}
}

/** An object as a list of entries, so keys like "__proto__" stay own keys of the sent JSON. */
export class Entries {
  constructor(readonly entries: [string, Fuzzed][]) {}
}

/** A generated JSON value. */
export type Fuzzed = null | boolean | number | string | Raw | Entries | Fuzzed[] | { [key: string]: Fuzzed };

/** The JSON text of a generated value (strings with lone surrogates are escaped as \udXXX, as JSON.stringify does). */
export function toJsonText(value: Fuzzed): string {
  if (value instanceof Raw) return value.text;
  if (value instanceof Entries) return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`).join(',')}}`;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : Number.isFinite(value) ? String(value) : 'null';
  if (value !== null && typeof value === 'object') return toJsonText(new Entries(Object.entries(value)));
  return JSON.stringify(value);
}

/** The text of a value in a URL path or query string. */
export function toText(value: Fuzzed): string {
  if (typeof value === 'string') return value;
  if (value instanceof Raw) return value.text;
  if (typeof value === 'number' && Object.is(value, -0)) return '-0';
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  return toJsonText(value);
}

/** Unicode edge strings: lone surrogates, NUL, RTL override, combining marks, emoji, very long. */
export const EDGE_STRINGS: readonly string[] = [
  '\ud800', '\udfff', 'a\ud800b', '\udc00\ud800', 'x\udbff',
  '\u0000', 'a\u0000b', '4022918364\u0000',
  '\u202e', 'abc\u202edef', '\u200f\u202b',
  'e\u0301'.repeat(40), 'Z\u0335\u0321\u0322a\u0337l\u0338g\u0338o', '\u0627\u0644\u0639\u0631\u0628\u064a\u0629',
  '👨‍👩‍👧‍👦', '🇩🇴', '😀'.repeat(30), '\ufeff', '\u2028\u2029', '\uffff', '\u{10ffff}',
  '', ' ', '\t\n\r', '\\', '"', "'; DROP TABLE citizens; --", '../../etc/passwd', '%00', '%', '<script>alert(1)</script>',
  'null', 'true', '[]', '{}', '__proto__', 'constructor', '١٢٣', '１２３', 'İ', 'ß', 'ñÑáéíóú',
  'a'.repeat(300), 'x'.repeat(5000),
];

/** Numeric edges as text (path parameters, query strings, strings where a number is expected). */
export const NUMERIC_TEXTS: readonly string[] = [
  '1e309', '-1e309', 'Infinity', '-Infinity', 'NaN', '9007199254740992', '9007199254740993', '2147483648', '2147483647',
  '-2147483649', '-0', '0', '1.5', '3e9', '1e308', '4.9e-324', '1e-400', '0x1F', '1_000', ' 1', '1 ', '+1', '00000000001', '1e3',
];

/** Numeric edges as JSON numbers. */
export const NUMERIC_EDGES: readonly Fuzzed[] = [
  new Raw('1e309'), new Raw('-1e309'), new Raw('-0'), new Raw('1e-400'), 2 ** 53, 2 ** 53 + 2, 2 ** 31, -(2 ** 31) - 1, 2 ** 31 - 1,
  1.5, 3e9, 1e308, -1e308, 1e14, 0, -1, 1, Number.MIN_VALUE, 0.1,
];

/** Values of every other JSON type, and hostile shapes (deep nesting). */
export const WRONG_TYPES: readonly Fuzzed[] = [
  null, true, false, [], {}, [1, 2], { a: 1 }, 'texto', new Entries([['__proto__', { admin: true }]]),
  new Raw(`${'['.repeat(40)}${']'.repeat(40)}`),
  new Raw(`${'{"a":'.repeat(40)}1${'}'.repeat(40)}`),
  new Raw(`${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`),
];

/** Keys added to generated objects besides the schema's own. */
export const EXTRA_KEYS: readonly string[] = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '\u0000', '\ud800', ''];

export const edgeString = fc.constantFrom(...EDGE_STRINGS);
export const numericText = fc.constantFrom(...NUMERIC_TEXTS);
export const numericEdge = fc.constantFrom(...NUMERIC_EDGES);
export const wrongType = fc.constantFrom(...WRONG_TYPES);

/** Any edge value, of any type. */
export const anyEdge: fc.Arbitrary<Fuzzed> = fc.oneof(edgeString, numericText, numericEdge, wrongType);

/**
 * Percent-encodes text for a URL. A lone surrogate has no UTF-8 form: it is
 * sent as the three bytes of its code unit (what a careless client sends).
 */
export function encodeText(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}
