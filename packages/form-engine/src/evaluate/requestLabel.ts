/**
 * The name a request is listed by (`x-request-label` at the form's root): the
 * first of the named fields that is visible and holds text. Hidden values are
 * pruned first, so a name the citizen typed and then hid never labels it.
 */
import { prune } from './prune';
import type { EvalContext, FormSchema } from '../types';

function textAt(data: unknown, path: string): string | null {
  let cur: unknown = data;
  for (const seg of path.split('.')) {
    if (cur === null || typeof cur !== 'object' || Array.isArray(cur)) return null;
    cur = (cur as Record<string, unknown>)[seg];
  }
  return typeof cur === 'string' && cur.trim() !== '' ? cur.trim() : null;
}

/** The request's label from its data, or null when the form declares none or none of its fields has text yet. */
export function requestLabel(schema: FormSchema, data: unknown, ctx: EvalContext = {}): string | null {
  const paths = schema['x-request-label'];
  if (!paths || paths.length === 0 || data === null || typeof data !== 'object' || Array.isArray(data)) return null;
  const visible = prune(schema, data, ctx);
  for (const path of paths) {
    const text = textAt(visible, path);
    if (text !== null) return text;
  }
  return null;
}
