/**
 * The RJSF view of one grid row (`facturas.2`), for the row editor: the row's
 * `items` node as RJSF's root, with the row's data path as base path, so every
 * field keeps its path in the whole draft (the engine's rules, `fila.` and the
 * errors apply unchanged) and its usual DOM id.
 */
import { isRowPath, rowTitle, type FormSchema } from '@portal/form-engine';
import { buildUiSchema, rjsfViewOf, toRjsfSchema, type RjsfView } from '../data/rjsfSchema';
import { nodeAt } from '../data/paths';
import { pathToId } from '../data/pathToId';

const rowViews = new WeakMap<FormSchema, Map<string, RjsfView>>();

/** The view of a row path, built once per form and row. */
export function rowViewOf(schema: FormSchema, rowPath: string, name?: string): RjsfView {
  let cache = rowViews.get(schema);
  if (!cache) {
    cache = new Map();
    rowViews.set(schema, cache);
  }
  let view = cache.get(rowPath);
  if (!view) {
    const node = nodeAt(schema, rowPath) ?? { type: 'object', properties: {} };
    const rjsf = toRjsfSchema(node);
    // The row's group is named for screen readers (ObjectFieldTemplate keeps the legend of a step hidden).
    if (name) rjsf.title = name;
    view = { schema: rjsf, uiSchema: buildUiSchema(node), basePath: rowPath, idPrefix: pathToId(rowPath) };
    cache.set(rowPath, view);
  }
  return view;
}

/** The view SchemaForm renders for its `section`: the whole form, a top-level section or grid, or one grid row. */
export function sectionViewOf(schema: FormSchema, section?: string): RjsfView {
  return isRowPath(section) ? rowViewOf(schema, section, rowTitle(schema, section)) : rjsfViewOf(schema, section);
}

/** "factura" from "Factura" (but "RNC" stays), for "Agregar factura". */
export function lowerFirst(text: string): string {
  return text.length > 1 && text[1] === text[1].toLowerCase() ? text[0].toLowerCase() + text.slice(1) : text;
}
