/**
 * Dependent option lists: when a select's `x-source` URL reads another field
 * (`{datos_solicitante.provincia}`, `{fila.provincia}`) and that field
 * changes, the select's value belongs to a list that no longer applies, so it
 * is emptied. Emptying a municipio changes the sector URL in turn, so the
 * chain provincia -> municipio -> sector clears in one pass (document order).
 */
import { compileForm, expandUrl, hasPlaceholders, placeholderNames, resolveRelative, scopeAt, templateInstances, type FormSchema } from '@portal/form-engine';
import { getAt, setAt } from './paths';

interface Dependent {
  /** Template path, `grid.*.field` inside grids. */
  tpath: string;
  url: string;
  /** The paths its URL reads (`fila.x` relative to the select's row). */
  names: string[];
}

const cache = new WeakMap<FormSchema, Dependent[]>();

function dependents(schema: FormSchema): Dependent[] {
  let list = cache.get(schema);
  if (!list) {
    list = compileForm(schema)
      .templates.filter((t) => t.node['x-source'] && hasPlaceholders(t.node['x-source'].url))
      .map((t) => {
        const url = (t.node['x-source'] as { url: string }).url;
        return { tpath: t.tpath, url, names: placeholderNames(url) };
      });
    cache.set(schema, list);
  }
  return list;
}

/**
 * Concrete places of a template in `next`, skipping grids whose row count
 * differs from `prev`: rows were added or removed, values moved with their
 * rows, nothing to reset there.
 */
function instances(tpath: string, prev: unknown, next: unknown) {
  return templateInstances(next, tpath, (grid, rows) => {
    const before = getAt(prev, grid);
    return Array.isArray(before) && before.length === rows.length;
  });
}

const isEmpty = (v: unknown): boolean => v === undefined || v === null || v === '';

/**
 * `next` with every dependent select emptied whose source URL changed between
 * `prev` and `next` while its own value did not (so a value the user or a
 * lookup just set is kept). Returns `next` itself when nothing is reset.
 */
export function resetDependents<T extends Record<string, unknown>>(schema: FormSchema, prev: Record<string, unknown>, next: T): T {
  let out = next;
  if (out === prev) return out;
  for (const dep of dependents(schema)) {
    for (const { path, value } of instances(dep.tpath, prev, out)) {
      if (isEmpty(value) || value !== getAt(prev, path)) continue;
      // Drafts change with shared structure: what the URL reads is the same object or value when untouched.
      if (dep.names.every((name) => { const at = resolveRelative(name, path); return getAt(prev, at) === getAt(out, at); })) continue;
      const before = expandUrl(dep.url, scopeAt(prev, path));
      const after = expandUrl(dep.url, scopeAt(out, path));
      if (before !== after) out = setAt(out, path, undefined);
    }
  }
  return out;
}
