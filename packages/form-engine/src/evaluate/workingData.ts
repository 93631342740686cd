/**
 * The data rules read: a copy of the input holding only the form's keys,
 * without empty values (null, blank strings), and with every section object
 * present. Wrong-typed values are kept as they are, for AJV to report.
 */
import type { Template } from '../compile/compileForm';

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const hasOwn = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

export function workingCopy(t: Template, v: unknown): unknown {
  if (t.kind === 'object') {
    if (v === null || v === undefined) v = {};
    if (!isPlainObject(v)) return v;
    const out: Record<string, unknown> = {};
    for (const child of t.children) {
      // Missing sections become empty objects, so the fields inside are evaluated (and can be required).
      if (!hasOwn(v, child.key)) {
        if (child.kind === 'object') out[child.key] = workingCopy(child, undefined);
        continue;
      }
      const c = workingCopy(child, v[child.key]);
      if (c !== undefined) out[child.key] = c;
    }
    return out;
  }
  if (t.kind === 'array') {
    if (v === null || v === undefined) return undefined;
    if (!Array.isArray(v)) return v;
    const row = t.children[0];
    return row ? v.map((r) => workingCopy(row, r)) : [...v];
  }
  if (v === null || v === undefined) return undefined;
  if (typeof v === 'string' && v.trim() === '') return undefined;
  return v;
}

/** A copy of the input with only the form's keys (values otherwise untouched), used by prune. */
export function knownCopy(t: Template, v: unknown): unknown {
  if (t.kind === 'object' && isPlainObject(v)) {
    const out: Record<string, unknown> = {};
    for (const child of t.children) if (hasOwn(v, child.key)) out[child.key] = knownCopy(child, v[child.key]);
    return out;
  }
  if (t.kind === 'array' && Array.isArray(v) && t.children[0]) return v.map((r) => knownCopy(t.children[0], r));
  if (typeof v === 'object' && v !== null) return JSON.parse(JSON.stringify(v)) as unknown;
  return v;
}
