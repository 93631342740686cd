/**
 * Values chosen from a remote list (provincia → municipio → sector,
 * nationality, CIIU activity, bank) must be in the list the browser offered:
 * for each such field the server expands the same `x-source` URL with the
 * same data (`fila` is the field's grid row) and looks the value up in the
 * answer. A municipio of another province, a sector of another municipio or
 * an invented bank id is refused, as the browser's select would never offer it.
 */
import { compileForm, expandUrl, sourceItems, sourceValue, type FormSchema, type SourceDecl } from '@portal/form-engine';
import type { FieldError } from '../../http/HttpError';

type Row = Record<string, unknown>;

export const NOT_IN_LIST = 'Seleccione una opción de la lista';

export interface SourceField {
  /** Template path, `*` for grid rows. */
  tpath: string;
  source: SourceDecl;
  /** The field's JSON type: ids of integer fields compare as numbers, as the browser stores them. */
  type?: string;
}

export function sourceFields(schema: FormSchema): SourceField[] {
  return compileForm(schema).templates.flatMap((t) => (t.node['x-source'] ? [{ tpath: t.tpath, source: t.node['x-source'], type: t.node.type }] : []));
}

const isObj = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Concrete paths of a template with their value and grid row. */
function instances(data: Row, tpath: string): { path: string; value: unknown; row: Row | null }[] {
  const parts = tpath.split('.');
  const out: { path: string; value: unknown; row: Row | null }[] = [];
  const walk = (value: unknown, i: number, path: string[], row: Row | null): void => {
    if (i === parts.length) {
      out.push({ path: path.join('.'), value, row });
      return;
    }
    if (parts[i] === '*') {
      if (Array.isArray(value)) value.forEach((r, idx) => walk(r, i + 1, [...path, String(idx)], isObj(r) ? r : {}));
      return;
    }
    if (isObj(value)) walk(value[parts[i]], i + 1, [...path, parts[i]], row);
  };
  walk(data, 0, [], null);
  return out;
}

/**
 * Errors for chosen values missing from their list. `fetchJson` answers a
 * list URL (the portal's own GET routes); each URL is asked once.
 */
export async function sourceChecks(data: Row, fields: SourceField[], fetchJson: (url: string) => Promise<unknown>): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const answers = new Map<string, Promise<unknown>>();
  for (const { tpath, source, type } of fields) {
    for (const { path, value, row } of instances(data, tpath)) {
      if (value === undefined || value === null || value === '') continue;
      const scope = row ? Object.assign(Object.create(data) as Row, { fila: row }) : data;
      const url = expandUrl(source.url, scope);
      if (url === null) {
        errors.push({ path, message: NOT_IN_LIST });
        continue;
      }
      if (!answers.has(url)) answers.set(url, fetchJson(url));
      const found = sourceItems(source, await answers.get(url)).some((item) => sourceValue(item[source.value], type) === value);
      if (!found) errors.push({ path, message: NOT_IN_LIST });
    }
  }
  return errors;
}
