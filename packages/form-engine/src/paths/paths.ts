/**
 * Dot paths of the rule dialect, in one place. A data path names a concrete
 * place (`propietario_socios.0.nombres`, row indexes as numbers); a template
 * path names every row at once (`propietario_socios.*.nombres`). Inside a grid
 * row rules and URL templates also see `fila`, the row itself. The engine, the
 * server, the renderer and the answers pages all read paths through here.
 */
import type { FormNode } from '../types';

type Row = Record<string, unknown>;

/** The segment that stands for every row of a grid in a template path. */
export const ANY_ROW = '*';

const ROW_INDEX = /^\d+$/;

const isRow = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);

/** True for a segment that is a row index (`2` in `grid.2.x`). */
export function isRowIndex(segment: string): boolean {
  return ROW_INDEX.test(segment);
}

/** True for the path of a grid row itself: its last segment is a row index (`facturas.2`, not `facturas.2.monto`). */
export function isRowPath(path: string | undefined | null): path is string {
  if (typeof path !== 'string') return false;
  const dot = path.lastIndexOf('.');
  return dot > 0 && isRowIndex(path.slice(dot + 1));
}

/** The value at a concrete dot path (`grid.0.field`; row indexes as numbers), or undefined. */
export function valueAt(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const seg of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[seg];
  }
  return cur;
}

/** The path of the grid row holding `path` (`grid.2` for `grid.2.x`, `grid.2` for itself), or null outside grids. */
export function rowPathOf(path: string): string | null {
  const segs = path === '' ? [] : path.split('.');
  for (let i = segs.length - 1; i >= 0; i--) {
    if (isRowIndex(segs[i])) return segs.slice(0, i + 1).join('.');
  }
  return null;
}

/** Resolves a reference seen from `fieldPath`: `fila.x` is a field of the same row; others are absolute. */
export function resolveRelative(target: string, fieldPath: string): string {
  if (target !== 'fila' && !target.startsWith('fila.')) return target;
  const row = rowPathOf(fieldPath);
  if (row === null) return target.slice(5);
  return target === 'fila' ? row : `${row}.${target.slice(5)}`;
}

/**
 * The scope rules and URL templates see at a place: the root data, plus `fila`
 * (the row) inside a grid row. The data is the prototype, not copied.
 */
export function rowScope(data: Row, row: Row | null): Row {
  return row ? Object.assign(Object.create(data) as Row, { fila: row }) : data;
}

/**
 * The scope at a concrete path `fieldPath`: the root data, plus `fila` inside
 * a grid row (a row that is not an object reads as `{}`), plus any `extra`
 * names (a lookup's `value`). Returns `data` itself outside grids without
 * extras: this runs for every dependent select on every change.
 */
export function scopeAt(data: Row, fieldPath: string, extra?: Row): Row {
  const row = rowPathOf(fieldPath);
  if (row === null) return extra ? withNames(data, extra) : data;
  const fila = valueAt(data, row);
  const scope = rowScope(data, isRow(fila) ? fila : {});
  return extra ? Object.assign(scope, extra) : scope;
}

/** `scope` seen with more names (a lookup's own `value`), without copying or changing it. */
export function withNames(scope: Row, extra: Row): Row {
  return Object.assign(Object.create(scope) as Row, extra);
}

const templateCache = new Map<string, string>();

/** The template path of a data path: row indexes become `*` (`grid.4.x` -> `grid.*.x`). */
export function toTemplatePath(path: string): string {
  let tpath = templateCache.get(path);
  if (tpath === undefined) {
    // Every field asks on every change; a form has a few hundred paths (emptied past 5,000).
    if (templateCache.size >= 5000) templateCache.clear();
    tpath = path === '' ? '' : path.split('.').map((s) => (isRowIndex(s) ? ANY_ROW : s)).join('.');
    templateCache.set(path, tpath);
  }
  return tpath;
}

/** The schema node of a data or template path (row indexes and `*` step into `items`), or undefined. */
export function nodeAt(schema: FormNode, path: string): FormNode | undefined {
  let cur: FormNode | undefined = schema;
  if (path === '') return cur;
  for (const seg of path.split('.')) {
    if (!cur) return undefined;
    cur = isRowIndex(seg) || seg === ANY_ROW ? cur.items : cur.properties?.[seg];
  }
  return cur;
}

export interface TemplateInstance {
  /** Concrete dot path, row indexes as numbers. */
  path: string;
  /** The value there (undefined when absent). */
  value: unknown;
  /** The innermost grid row holding it, or null outside grids. */
  row: Row | null;
}

/**
 * Every concrete place of a template path in `data` (`grid.*.x` ->
 * `grid.0.x`, `grid.1.x`, ...), each with its value and the row it is in (the
 * scope of `fila.`). A missing object or grid gives none below it, a missing
 * leaf gives one with value undefined. `keepGrid`, when given, is asked for
 * each grid met (its concrete path and rows): false skips that grid's rows.
 */
export function templateInstances(
  data: unknown,
  tpath: string,
  keepGrid?: (gridPath: string, rows: readonly unknown[]) => boolean,
): TemplateInstance[] {
  const parts = tpath === '' ? [] : tpath.split('.');
  const out: TemplateInstance[] = [];
  const walk = (value: unknown, i: number, path: string[], row: Row | null): void => {
    if (i === parts.length) {
      out.push({ path: path.join('.'), value, row });
      return;
    }
    if (parts[i] === ANY_ROW) {
      if (!Array.isArray(value) || (keepGrid && !keepGrid(path.join('.'), value))) return;
      value.forEach((r, idx) => walk(r, i + 1, [...path, String(idx)], isRow(r) ? r : {}));
      return;
    }
    if (isRow(value)) walk(value[parts[i]], i + 1, [...path, parts[i]], row);
  };
  walk(data, 0, [], null);
  return out;
}
