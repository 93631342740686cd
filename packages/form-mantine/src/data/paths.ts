/**
 * Dot paths over form data (`propietario_socios.0.nombres`) and over the form
 * schema. Data updates are immutable: only the objects on the path are copied,
 * so React and RJSF see new identities exactly where something changed.
 */
import type { FormNode, FormSchema } from '@portal/form-engine';

type Container = Record<string, unknown> | unknown[];

const isContainer = (v: unknown): v is Container => typeof v === 'object' && v !== null;
const isIndex = (segment: string): boolean => /^\d+$/.test(segment);

const ROOT: readonly string[] = Object.freeze([]);
const splitCache = new Map<string, readonly string[]>();

/**
 * Splits a dot path into its segments; '' is the root (no segments). Every
 * field reads its value and view by path after each change, so the splits are
 * kept (a form has a few hundred paths; the cache is emptied past 5,000).
 */
export function splitPath(path: string): readonly string[] {
  if (path === '') return ROOT;
  let segs = splitCache.get(path);
  if (!segs) {
    if (splitCache.size >= 5000) splitCache.clear();
    segs = Object.freeze(path.split('.'));
    splitCache.set(path, segs);
  }
  return segs;
}

/** RJSF's `fieldPathId.path` (strings and numeric indexes) as our dot path. */
export function toDotPath(list: readonly (string | number)[]): string {
  return list.join('.');
}

/** The value at a dot path, or undefined when any step is missing. */
export function getAt(data: unknown, path: string): unknown {
  let cur: unknown = data;
  for (const seg of splitPath(path)) {
    if (!isContainer(cur)) return undefined;
    cur = (cur as Record<string, unknown>)[seg];
  }
  return cur;
}

/**
 * A copy of `data` with `value` at `path` (missing objects are created).
 * `undefined` removes the key (array slots are set to undefined instead, so
 * rows keep their positions).
 */
export function setAt<T>(data: T, path: string, value: unknown): T {
  const segs = splitPath(path);
  if (segs.length === 0) return value as T;
  const write = (node: unknown, i: number): unknown => {
    const seg = segs[i];
    const base: Container = isContainer(node) ? node : isIndex(seg) ? [] : {};
    const copy: Container = Array.isArray(base) ? [...base] : { ...base };
    const slot = copy as Record<string, unknown>;
    if (i === segs.length - 1) {
      if (value === undefined && !Array.isArray(copy)) delete slot[seg];
      else slot[seg] = value;
    } else {
      slot[seg] = write(slot[seg], i + 1);
    }
    return copy;
  };
  return write(data, 0) as T;
}

/** The path of the grid row holding `path` (`grid.2` for `grid.2.x`), or null outside grids. */
export function rowPathOf(path: string): string | null {
  const segs = splitPath(path);
  for (let i = segs.length - 1; i >= 0; i--) {
    if (isIndex(segs[i])) return segs.slice(0, i + 1).join('.');
  }
  return null;
}

/** Resolves a rule-dialect reference seen from `fieldPath`: `fila.x` is a field of the same row; others are absolute (the engine's rule). */
export { resolveRelative } from '@portal/form-engine';

/**
 * The scope rules and URL templates read at `fieldPath`: the root data plus
 * `fila` inside a grid row (and any `extra` names). The root data is the
 * prototype, not copied: this runs for every dependent select on every change.
 */
export function scopeAt(data: Record<string, unknown>, fieldPath: string, extra?: Record<string, unknown>): Record<string, unknown> {
  const row = rowPathOf(fieldPath);
  if (row === null && !extra) return data;
  const scope = Object.create(data) as Record<string, unknown>;
  if (row !== null) {
    const fila = getAt(data, row);
    scope.fila = isContainer(fila) ? fila : {};
  }
  return extra ? Object.assign(scope, extra) : scope;
}

/** The schema path of a data path: row indexes become `*` (`grid.*.x`). */
export function toTemplatePath(path: string): string {
  return splitPath(path)
    .map((s) => (isIndex(s) ? '*' : s))
    .join('.');
}

/** The schema node describing a data path (row indexes step into `items`), or undefined. */
export function nodeAt(schema: FormSchema | FormNode, path: string): FormNode | undefined {
  let cur: FormNode | undefined = schema;
  for (const seg of splitPath(path)) {
    if (!cur) return undefined;
    cur = isIndex(seg) || seg === '*' ? cur.items : cur.properties?.[seg];
  }
  return cur;
}
