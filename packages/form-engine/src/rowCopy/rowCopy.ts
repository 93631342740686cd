/**
 * `x-row-copy`: a grid row filled from data the citizen already gave (the
 * applicant's section, or an earlier row of the same grid), as the analyst
 * mapped it in the form file. Pure: the browser calls it on «Copiar…», the
 * result goes through the form's normal change path (rules, dependent
 * selects, autosave).
 *
 * What is written:
 * - only values the source has while visible (the source is read from the
 *   evaluated draft: hidden values are not copied);
 * - only into fields of the row that are visible and editable once the copy is
 *   in (a company row never receives a person's names). `set` and the mapped
 *   fields are written in rounds until nothing more can be written, so a field
 *   shown by another copied value (the cédula once the document type is in)
 *   is filled in the same copy, whatever the declaration's order;
 * - only into blank fields: what the citizen already wrote in the row is kept
 *   and reported (`kept`), never replaced;
 * - a value the target refuses (not one of its options) is skipped;
 * - a dependent select (an `x-source` URL reading `fila.` fields, the
 *   municipio of a provincia) is written only once the fields it reads hold
 *   the source's values: a copied sector never lands in a municipio the
 *   citizen chose differently.
 */
import { compileForm } from '../compile/compileForm';
import { evaluate } from '../evaluate/evaluate';
import { applyRule, withToday } from '../logic/operators';
import { isRowIndex, resolveRelative, rowScope, toTemplatePath, valueAt } from '../paths/paths';
import { placeholderNames } from '../placeholders/placeholders';
import type { EvalContext, FormNode, FormSchema, RowCopyDecl } from '../types';

type Data = Record<string, unknown>;

export interface RowCopyOptions extends EvalContext {
  /** For a copy whose `from` is the grid itself: the index of the row copied from (an earlier row). */
  sourceRow?: number;
}

export interface RowCopyResult {
  /** The new draft (the input is not changed); the same object when nothing was written. */
  data: Data;
  /** Row fields written, in the order they were written. */
  copied: string[];
  /** Row fields left as the citizen wrote them, whose value differs from the source's. */
  kept: string[];
}

const isObject = (v: unknown): v is Data => typeof v === 'object' && v !== null && !Array.isArray(v);
const isBlank = (v: unknown): boolean => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
const same = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/** The copy declarations of a grid node (`x-row-copy`), or none. */
export function rowCopies(grid: FormNode | undefined): RowCopyDecl[] {
  const decl = grid?.['x-row-copy'];
  return Array.isArray(decl) ? decl : [];
}

/** True when `copy` takes an earlier row of the grid at `gridPath` (its `from` is the grid itself). */
export function copiesFromRows(copy: RowCopyDecl, gridPath: string): boolean {
  return toTemplatePath(resolveRelative(copy.from, `${gridPath}.0`)) === toTemplatePath(gridPath);
}

/** The rows `copy` may take from for row `rowIndex`: the earlier rows, or none for a copy from a section. */
export function rowCopySources(data: unknown, gridPath: string, rowIndex: number, copy: RowCopyDecl): number[] {
  if (!copiesFromRows(copy, gridPath)) return [];
  const rows = valueAt(data, gridPath);
  if (!Array.isArray(rows)) return [];
  return rows.slice(0, rowIndex).map((_, i) => i);
}

/** Sets the row field `key` of `rows[index]` immutably. */
function withRowValue(data: Data, gridPath: string, index: number, key: string, value: unknown): Data {
  const segs = gridPath.split('.');
  const write = (node: unknown, i: number): unknown => {
    if (i === segs.length) {
      const rows = Array.isArray(node) ? [...node] : [];
      const row = isObject(rows[index]) ? rows[index] : {};
      const next = { ...row };
      if (value === undefined) delete next[key];
      else next[key] = value;
      rows[index] = next;
      return rows;
    }
    const seg = segs[i];
    if (Array.isArray(node) && isRowIndex(seg)) {
      const copy = [...node];
      copy[Number(seg)] = write(node[Number(seg)], i + 1);
      return copy;
    }
    const obj = isObject(node) ? node : {};
    return { ...obj, [seg]: write(obj[seg], i + 1) };
  };
  return write(data, 0) as Data;
}

/** Options a target accepts by its own declaration (`oneOf`/`enum`), or null for any value. */
function declaredOptions(node: FormNode | undefined): unknown[] | null {
  if (!node) return null;
  if (Array.isArray(node.oneOf)) return node.oneOf.map((o) => o.const);
  if (Array.isArray(node.enum)) return node.enum;
  return null;
}

/**
 * Writes into row `rowIndex` of the grid at `gridPath` the values `copy`
 * declares (see the module's comment for what is written and what is not).
 */
export function copyIntoRow(
  schema: FormSchema,
  data: Data,
  gridPath: string,
  rowIndex: number,
  copy: RowCopyDecl,
  options: RowCopyOptions = {},
): RowCopyResult {
  const rowPath = `${gridPath}.${rowIndex}`;
  const rows = valueAt(data, gridPath);
  if (!Array.isArray(rows) || rowIndex < 0 || rowIndex >= rows.length) return { data, copied: [], kept: [] };
  const form = compileForm(schema);
  const rowTemplate = form.byPath.get(`${toTemplatePath(gridPath)}.*`);
  const fieldsOf = rowTemplate?.node.properties ?? {};
  const context = { today: options.today };

  // The source, as the rules see it: hidden values are gone.
  const before = evaluate(schema, data, context);
  let sourcePath = resolveRelative(copy.from, `${rowPath}.x`);
  if (copiesFromRows(copy, gridPath)) {
    const from = options.sourceRow;
    if (from === undefined || from === rowIndex || from < 0 || from >= rows.length) return { data, copied: [], kept: [] };
    sourcePath = `${gridPath}.${from}`;
  }
  const source = valueAt(before.data, sourcePath);

  // What each row field would receive: `set` first, then the mapped fields, in the declaration's order.
  const wanted: [string, unknown][] = [];
  const row = valueAt(before.data, rowPath);
  const scope = rowScope(before.data, isObject(row) ? row : {});
  for (const [key, rule] of Object.entries(copy.set ?? {})) {
    const value = withToday(options.today, () => applyRule(rule, scope));
    if (!isBlank(value)) wanted.push([key, value]);
  }
  for (const [key, from] of Object.entries(copy.fields)) {
    const value = isObject(source) ? valueAt(source, from) : undefined;
    if (!isBlank(value) && !wanted.some(([k]) => k === key)) wanted.push([key, value]);
  }

  let out = data;
  const copied: string[] = [];
  const kept: string[] = [];
  const pending = new Map(wanted);
  const wantedValue = new Map(wanted);
  /** For a dependent select: 'wait' while a field its list reads is still to be written, else whether they match the source. */
  const listFits = (key: string): 'yes' | 'no' | 'wait' => {
    const url = fieldsOf[key]?.['x-source']?.url;
    for (const name of url ? placeholderNames(url) : []) {
      if (!name.startsWith('fila.')) continue;
      const parent = name.slice(5).split('.')[0];
      if (pending.has(parent)) return 'wait';
      if (!wantedValue.has(parent) || !same(valueAt(out, `${rowPath}.${parent}`), wantedValue.get(parent))) return 'no';
    }
    return 'yes';
  };
  for (let round = 0; round <= wanted.length && pending.size > 0; round++) {
    const ev = round === 0 ? before : evaluate(schema, out, context);
    let wrote = false;
    for (const [key, value] of [...pending]) {
      const path = `${rowPath}.${key}`;
      if (!(key in fieldsOf) || !ev.visible.has(path) || ev.disabled.has(path)) continue;
      const current = valueAt(out, path);
      if (same(current, value) || !isBlank(current)) {
        pending.delete(key);
        if (!same(current, value)) kept.push(key);
        continue;
      }
      const fits = listFits(key);
      if (fits === 'wait') continue;
      pending.delete(key);
      if (fits === 'no') continue;
      const allowed = ev.options[path] ?? declaredOptions(fieldsOf[key]);
      if (allowed && !allowed.some((o) => same(o, value))) continue;
      out = withRowValue(out, gridPath, rowIndex, key, value);
      copied.push(key);
      wrote = true;
    }
    if (!wrote) break;
  }

  // A later value may have hidden a field written earlier: take such values back out.
  if (copied.length > 0) {
    const after = evaluate(schema, out, context);
    for (const key of [...copied]) {
      if (after.visible.has(`${rowPath}.${key}`)) continue;
      out = withRowValue(out, gridPath, rowIndex, key, valueAt(data, `${rowPath}.${key}`));
      copied.splice(copied.indexOf(key), 1);
    }
  }
  return { data: copied.length > 0 ? out : data, copied, kept };
}
