/**
 * Reading and writing the draft by dot path (`propietario_socios.0.nombres`).
 * Data updates are immutable: only the objects on the path are copied, so
 * React and RJSF see new identities exactly where something changed. What a
 * path means (its row, `fila`, its template, its schema node) is the engine's
 * (`@portal/form-engine` paths), re-exported here for the renderer.
 */
import { isRowIndex } from '@portal/form-engine';

type Container = Record<string, unknown> | unknown[];

const isContainer = (v: unknown): v is Container => typeof v === 'object' && v !== null;

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
    const base: Container = isContainer(node) ? node : isRowIndex(seg) ? [] : {};
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

/**
 * The engine's path rules: the row of a path, `fila.` references, the scope
 * rules and URL templates read at a path, template paths and schema nodes.
 */
export { rowPathOf, resolveRelative, scopeAt, toTemplatePath, nodeAt } from '@portal/form-engine';
