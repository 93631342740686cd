/**
 * The pure half of `x-source`: reading options (and their search text) out
 * of an answer, the values other grid rows already took (`x-unique`), and the
 * hint shown while the URL still misses a value.
 */
import { placeholdersOf, searchText, sourceItems, sourceLabel, sourceValue, type FormSchema, type SourceDecl } from '@portal/form-engine';
import { getAt, nodeAt, resolveRelative, rowPathOf, splitPath } from '../../data/paths';
import { optionKey, type OptionLike } from '../../theme/widgets/selectOptions';

/**
 * Options at `decl.items` of an answer body; labels of several properties are joined with " - ". Items without a value are skipped.
 * A searchable source with `searchIn` gives each option the text of those properties too, in search form.
 */
export function toSourceOptions(body: unknown, decl: SourceDecl): OptionLike[] {
  const out: OptionLike[] = [];
  const searchIn = decl.searchable && decl.searchIn !== undefined ? [decl.searchIn].flat() : [];
  for (const item of sourceItems(decl, body)) {
    const value = item[decl.value];
    if (value === undefined || value === null || value === '') continue;
    const label = sourceLabel(decl, item);
    const option: OptionLike = { value, label: label || String(value) };
    const search = searchIn.length > 0 ? searchText(searchIn.map((key) => textOf(item[key])).join(' ')) : '';
    if (search !== '') option.search = search;
    out.push(option);
  }
  return out;
}

/** Options already read, per answer body (the cache's, shared by every select asking the same URL) and what is read out of it. */
const readOptions = new WeakMap<object, Map<string, OptionLike[]>>();

/**
 * `toSourceOptions` with the field's stored type (`coerceOptionValues`), read once per answer body and
 * declaration: the five partners' rows ask for the same nationalities and provinces, and the two CIIU
 * selects for the same ~800 activities, each item's search text normalized (a few milliseconds per select
 * when a step is drawn). The array is shared: nobody changes it.
 */
export function sourceOptionsOf(body: unknown, decl: SourceDecl, type: string | undefined): OptionLike[] {
  if (typeof body !== 'object' || body === null) return coerceOptionValues(toSourceOptions(body, decl), type);
  const key = JSON.stringify([decl.items, decl.value, decl.label, decl.searchable === true ? (decl.searchIn ?? null) : null, type ?? null]);
  let byDecl = readOptions.get(body);
  if (!byDecl) readOptions.set(body, (byDecl = new Map()));
  let options = byDecl.get(key);
  if (!options) byDecl.set(key, (options = coerceOptionValues(toSourceOptions(body, decl), type)));
  return options;
}

/** A property's text for search: strings and numbers; anything else adds nothing. */
const textOf = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** The extra search text of each option by its choice key (`optionKey`), for `wordFilter`. */
export function searchTextsByKey(options: readonly OptionLike[]): Map<string, string> {
  const texts = new Map<string, string>();
  for (const option of options) if (option.search) texts.set(optionKey(option.value), option.search);
  return texts;
}

/** The stored type of a field: ids of integer fields come back as numbers even if the service sends strings. */
export function coerceOptionValues(options: OptionLike[], type: string | undefined): OptionLike[] {
  if (type !== 'integer' && type !== 'number') return options;
  return options.map((o) => ({ ...o, value: sourceValue(o.value, type) }));
}

/** The grid holding `fieldPath` and the field's path in its row, when the grid declares `x-unique` by this field. */
function uniqueGrid(schema: FormSchema | null, fieldPath: string): { gridPath: string; field: string; own: number } | null {
  const row = rowPathOf(fieldPath);
  if (row === null || !schema) return null;
  const rowSegs = splitPath(row);
  const gridPath = rowSegs.slice(0, -1).join('.');
  const field = splitPath(fieldPath).slice(rowSegs.length).join('.');
  const unique = nodeAt(schema, gridPath)?.['x-unique'];
  return unique && unique.by === field ? { gridPath, field, own: Number(rowSegs.at(-1)) } : null;
}

/** The data `uniqueExclusions` reads for this field: its grid, or nothing outside an `x-unique` grid. */
export function uniqueGridPaths(schema: FormSchema | null, fieldPath: string): string[] {
  const grid = uniqueGrid(schema, fieldPath);
  return grid ? [grid.gridPath] : [];
}

/**
 * Values chosen in the other rows of the grid holding `fieldPath`, when the
 * grid declares `x-unique` by this field; a JSON list (a primitive, so a store
 * selector can return it without re-rendering).
 */
export function uniqueExclusions(schema: FormSchema, data: unknown, fieldPath: string): string {
  const grid = uniqueGrid(schema, fieldPath);
  if (!grid) return '[]';
  const rows = getAt(data, grid.gridPath);
  if (!Array.isArray(rows)) return '[]';
  const taken = rows
    .map((r, i) => (i === grid.own ? undefined : getAt(r, grid.field)))
    .filter((v) => v !== undefined && v !== null && v !== '');
  return JSON.stringify(taken);
}

/** The data paths a source URL template reads, seen from `fieldPath` (`{fila.provincia}` -> `grid.2.provincia`). */
export function urlParameters(template: string, fieldPath: string): string[] {
  return placeholdersOf(template).map((p) => resolveRelative(p.name, fieldPath));
}

/** "Seleccione primero: Provincia" — names the fields a source URL waits for. */
export function dependencyHint(schema: FormSchema | null, decl: SourceDecl, fieldPath: string): string {
  const names: string[] = [];
  for (const placeholder of placeholdersOf(decl.url)) {
    const path = resolveRelative(placeholder.name, fieldPath);
    const title = schema ? nodeAt(schema, path)?.title : undefined;
    names.push(title ?? placeholder.raw);
  }
  return names.length > 0 ? `Seleccione primero: ${names.join(', ')}` : 'Seleccione primero los campos anteriores';
}
