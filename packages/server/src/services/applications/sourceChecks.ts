/**
 * Values chosen from a remote list (provincia → municipio → sector,
 * nationality, CIIU activity, bank) must be in the list the browser offered:
 * for each such field the server expands the same `x-source` URL with the
 * same data (`fila` is the field's grid row) and looks the value up in the
 * answer. A municipio of another province, a sector of another municipio or
 * an invented bank id is refused, as the browser's select would never offer it.
 */
import { compileForm, expandUrl, rowScope, sourceItems, sourceValue, templateInstances, type FormSchema, type SourceDecl } from '@portal/form-engine';
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

/**
 * Errors for chosen values missing from their list. `fetchJson` answers a
 * list URL (the portal's own GET routes); each URL is asked once.
 */
export async function sourceChecks(data: Row, fields: SourceField[], fetchJson: (url: string) => Promise<unknown>): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const answers = new Map<string, Promise<unknown>>();
  for (const { tpath, source, type } of fields) {
    for (const { path, value, row } of templateInstances(data, tpath)) {
      if (value === undefined || value === null || value === '') continue;
      const url = expandUrl(source.url, rowScope(data, row));
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
