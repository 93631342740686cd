/**
 * The concrete places of a template path (`propietario_socios.*.cedula` ->
 * `propietario_socios.0.cedula`, `propietario_socios.1.cedula`, ...) in a
 * data object, each with its value and the grid row it is in (the scope of
 * `fila.`). The server's submit checks (documents, option lists) and the
 * browser read a form's data through this one walk.
 */
type Row = Record<string, unknown>;

export interface TemplateInstance {
  /** Concrete dot path, row indexes as numbers. */
  path: string;
  /** The value there (undefined when absent). */
  value: unknown;
  /** The innermost grid row holding it, or null outside grids. */
  row: Row | null;
}

const isRow = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every concrete place of `tpath` in `data`; a missing object or grid gives none below it, a missing leaf gives one with value undefined. */
export function templateInstances(data: unknown, tpath: string): TemplateInstance[] {
  const parts = tpath.split('.');
  const out: TemplateInstance[] = [];
  const walk = (value: unknown, i: number, path: string[], row: Row | null): void => {
    if (i === parts.length) {
      out.push({ path: path.join('.'), value, row });
      return;
    }
    if (parts[i] === '*') {
      if (Array.isArray(value)) value.forEach((r, idx) => walk(r, i + 1, [...path, String(idx)], isRow(r) ? r : {}));
      return;
    }
    if (isRow(value)) walk(value[parts[i]], i + 1, [...path, parts[i]], row);
  };
  walk(data, 0, [], null);
  return out;
}

/** The scope rules and URL templates see at a place: the root data, plus `fila` inside a grid row. */
export function rowScope(data: Row, row: Row | null): Row {
  return row ? Object.assign(Object.create(data) as Row, { fila: row }) : data;
}
