/**
 * An answer as people read it back: the form's grids, the review page, the
 * request page and the back office. The engine decides what an answer shows
 * (option titles, Sí/No, amounts in their currency, numbers, dates, masks,
 * document names, the label of an option-list value); the renderers only draw
 * the model. Plain TypeScript: no React, no DOM.
 */
import type { FormNode, SourceDecl } from '../types';
import { nodeAt, resolveRelative, scopeAt, valueAt } from '../paths/paths';
import { expandUrl } from '../placeholders/placeholders';
import { sourceItems, sourceLabel, sourceValue } from '../lookup/sources';
import { applyMask, currencyCode, formatAmount, formatIsoDate, formatNumber } from './format';

/** What is shown for a field with no answer. */
export const NO_ANSWER = '—';

/** A stored document, to name a file answer (`name.extension`). */
export interface AnswerDocument {
  id: unknown;
  name: string;
  extension?: string;
}

/** Where an answer sits: what `fila.`, `x-currency-field` and `x-source` URLs read. */
export interface AnswerContext {
  /** The whole form data (root of every path). */
  data: Record<string, unknown>;
  /** Concrete dot path of the answer (`facturas.0.monto`): its row is the scope of `fila.`. */
  path: string;
  /** The citizen's documents, to name file answers. Default: none. */
  documents?: readonly AnswerDocument[];
}

/** One document of a file answer. */
export interface AnswerFile {
  id: unknown;
  /** `acta.pdf`, or «Documento adjunto (n.º 12)» when the document is not known. */
  name: string;
}

/**
 * The display model of one answer. Every kind carries `text`, what to draw;
 * the other fields say what it is. A `source` answer's text is the value
 * itself until the renderer has fetched `url` and asked `sourceAnswerLabel`.
 */
export type AnswerDisplay =
  | { kind: 'blank'; text: string }
  | { kind: 'option'; text: string; value: unknown }
  | { kind: 'yesNo'; text: 'Sí' | 'No'; value: boolean }
  | { kind: 'files'; text: string; files: AnswerFile[] }
  | { kind: 'currency'; text: string; amount: number; currency: 'DOP' | 'USD' | 'EUR' }
  | { kind: 'number'; text: string; value: number }
  | { kind: 'date'; text: string; iso: string }
  | { kind: 'source'; text: string; value: unknown; url: string | null; source: SourceDecl; type: FormNode['type'] }
  | { kind: 'text'; text: string };

/** Nothing answered: null, undefined, blank text or an empty list. */
export function isBlankAnswer(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
}

/** The option of a field (`oneOf`) a value stands for, or undefined. */
export function optionOf(node: FormNode | undefined, value: unknown): { const: unknown; title?: string } | undefined {
  return node?.oneOf?.find((o) => o.const === value);
}

function fileName(id: unknown, documents: readonly AnswerDocument[] | undefined): string {
  const doc = documents?.find((d) => d.id === id);
  if (doc) return doc.extension ? `${doc.name}.${doc.extension}` : doc.name;
  return `Documento adjunto (n.º ${String(id)})`;
}

/** The currency of an amount field: its `x-currency-field` (`fila.x` is a field of the same row), else DOP. */
function currencyOf(node: FormNode, context: AnswerContext): unknown {
  const field = node['x-currency-field'];
  return typeof field === 'string' ? valueAt(context.data, resolveRelative(field, context.path)) : undefined;
}

/** How the answer `value` of the field `node` at `context.path` reads. */
export function answerDisplay(node: FormNode, value: unknown, context: AnswerContext): AnswerDisplay {
  if (isBlankAnswer(value)) return { kind: 'blank', text: NO_ANSWER };
  const source = node['x-source'];
  if (source) {
    const url = expandUrl(source.url, scopeAt(context.data, context.path));
    return { kind: 'source', text: String(value), value, url, source, type: node.type };
  }
  const option = optionOf(node, value);
  if (option) return { kind: 'option', text: option.title ?? String(value), value };
  if (typeof value === 'boolean') return { kind: 'yesNo', text: value ? 'Sí' : 'No', value };
  if (node['x-widget'] === 'file') {
    const files = (Array.isArray(value) ? value : [value]).map((id) => ({ id, name: fileName(id, context.documents) }));
    return { kind: 'files', text: files.map((f) => f.name).join(', '), files };
  }
  if (node['x-widget'] === 'currency' && typeof value === 'number') {
    const code = currencyOf(node, context);
    return { kind: 'currency', text: formatAmount(value, code), amount: value, currency: currencyCode(code) };
  }
  if (node.format === 'date' && typeof value === 'string') {
    const text = formatIsoDate(value);
    if (text !== null) return { kind: 'date', text, iso: value };
  }
  // Cédula, phones and RNC as they were typed: ###-#######-#, (###) ###-####.
  if (typeof node['x-mask'] === 'string' && typeof value === 'string') return { kind: 'text', text: applyMask(value, node['x-mask']) };
  if (typeof value === 'number') return { kind: 'number', text: formatNumber(value), value };
  return { kind: 'text', text: String(value) };
}

/** The answer at `path` of `data`, read with the form's schema (the field's node is found by path). */
export function answerAt(schema: FormNode, data: Record<string, unknown>, path: string, documents?: readonly AnswerDocument[]): AnswerDisplay {
  const node = nodeAt(schema, path) ?? {};
  return answerDisplay(node, valueAt(data, path), { data, path, documents });
}

/**
 * The text of a `source` answer once its list has been fetched (`body`, the
 * answer of `display.url`): the label of the chosen item, compared as the
 * field stores ids (a service's "7" is the integer field's 7); null when the
 * list does not hold the value.
 */
export function sourceAnswerLabel(display: Extract<AnswerDisplay, { kind: 'source' }>, body: unknown): string | null {
  return sourceItemLabel(display.source, display.type, display.value, body);
}

/**
 * The label of the item of an option list (`body`, the answer of a `source`) whose value is `value`, as a
 * field of type `type` stores it; null when the list does not hold it. The read-back answers and the step
 * drawn before the form's code (form-mantine's StepPreview) read a chosen option's label through it.
 */
export function sourceItemLabel(source: SourceDecl, type: FormNode['type'], value: unknown, body: unknown): string | null {
  for (const item of sourceItems(source, body)) {
    const own = item[source.value];
    if (own === undefined || own === null || own === '') continue;
    if (sourceValue(own, type) === value) return sourceLabel(source, item) || String(own);
  }
  return null;
}

/** One answered field of a section, as it is read back. */
export interface AnswerItem {
  /** Concrete dot path. */
  path: string;
  /** The field's title («Sexo»): a grid row's fields are grouped under the row's name. */
  label: string;
  node: FormNode;
  value: unknown;
  display: AnswerDisplay;
}

/**
 * The answers of a section read back in groups: first the section's own
 * fields, then each grid row (nested grids' rows after their row), named.
 */
export type AnswerGroup =
  | { kind: 'section'; path: string; items: AnswerItem[] }
  | {
      kind: 'row';
      /** The row's path (`socios.1`). */
      path: string;
      /** The grid's item name and the row's number: «Socio 2». */
      title: string;
      /** What identifies the row (its `x-row-label` answers, in order), drawn after « · »; empty when none is answered. */
      label: AnswerDisplay[];
      /** The whole name as text, «Socio 2 · María Pérez» (a `source` answer by its value, not yet by its label). */
      name: string;
      items: AnswerItem[];
    };

/** Between a row's number and what identifies it: «Socio 2 · María Pérez». */
export const ROW_NAME_SEPARATOR = ' · ';

/** What one row of `grid` is called: its `items.title` («Factura»), else the grid's title, else «Fila». */
export function itemName(grid: FormNode | undefined): string {
  for (const title of [grid?.items?.title, grid?.title]) if (title && title.trim() !== '') return title.trim();
  return 'Fila';
}

/** «Factura 2»: the item name of the grid of `rowPath` (`facturas.1`) and the row's number. */
export function rowTitle(schema: FormNode, rowPath: string): string {
  const dot = rowPath.lastIndexOf('.');
  return `${itemName(nodeAt(schema, rowPath.slice(0, dot)))} ${Number(rowPath.slice(dot + 1)) + 1}`;
}

/** The alternatives of an `x-row-label`: a list of fields is one alternative. */
function rowLabelAlternatives(grid: FormNode): string[][] {
  const decl = grid['x-row-label'];
  if (!Array.isArray(decl) || decl.length === 0) return [];
  return decl.every((d) => typeof d === 'string') ? [decl as string[]] : decl.filter(Array.isArray);
}

/**
 * What identifies the row `rowPath` of `grid` (`x-row-label`): the visible,
 * answered fields of the first alternative that has any, in order; empty when
 * the grid declares none or none is answered.
 */
export function rowLabel(
  grid: FormNode,
  rowPath: string,
  data: Record<string, unknown>,
  visible: ReadonlySet<string>,
  documents?: readonly AnswerDocument[],
): AnswerDisplay[] {
  const fields = grid.items?.properties ?? {};
  for (const alternative of rowLabelAlternatives(grid)) {
    const parts: AnswerDisplay[] = [];
    for (const key of alternative) {
      const node = fields[key];
      const path = `${rowPath}.${key}`;
      const value = valueAt(data, path);
      if (!node || !visible.has(path) || isBlankAnswer(value)) continue;
      parts.push(answerDisplay(node, typeof value === 'string' ? value.trim() : value, { data, path, documents }));
    }
    if (parts.length > 0) return parts;
  }
  return [];
}

/** «Socio 2 · María Pérez», or «Socio 2» when nothing identifies the row. */
export function rowNameText(title: string, label: readonly AnswerDisplay[]): string {
  return label.length === 0 ? title : `${title}${ROW_NAME_SEPARATOR}${label.map((d) => d.text).join(' ')}`;
}

const isGrid = (n: FormNode): boolean => n.type === 'array' && n.items?.properties !== undefined;

/**
 * The visible answered fields under `section` (the path of `node`), grouped:
 * the section's own fields first, then each grid row as a group named by its
 * item name, number and `x-row-label` («Socio 2 · María Pérez»), its fields
 * labelled by their own titles. Document order within a group. `visible` is
 * the evaluation's set of visible paths; unanswered fields (undefined, null,
 * '') are left out, a row with none still has its (empty) group.
 */
export function sectionAnswers(
  section: string,
  node: FormNode,
  data: Record<string, unknown>,
  visible: ReadonlySet<string>,
  documents?: readonly AnswerDocument[],
): AnswerGroup[] {
  const own: AnswerGroup = { kind: 'section', path: section, items: [] };
  const rows: AnswerGroup[] = [];
  const walk = (n: FormNode, path: string, label: string, into: AnswerItem[]): void => {
    if (!visible.has(path)) return;
    if (n.type === 'object' && n.properties) {
      for (const [k, child] of Object.entries(n.properties)) walk(child, `${path}.${k}`, child.title ?? k, into);
      return;
    }
    if (isGrid(n)) {
      const values = valueAt(data, path);
      if (!Array.isArray(values)) return;
      values.forEach((_, i) => {
        const rowPath = `${path}.${i}`;
        const title = `${itemName(n)} ${i + 1}`;
        const name = rowLabel(n, rowPath, data, visible, documents);
        const group: AnswerGroup = { kind: 'row', path: rowPath, title, label: name, name: rowNameText(title, name), items: [] };
        rows.push(group);
        for (const [k, child] of Object.entries(n.items?.properties ?? {})) walk(child, `${rowPath}.${k}`, child.title ?? k, group.items);
      });
      return;
    }
    const value = valueAt(data, path);
    if (value === undefined || value === null || value === '') return;
    into.push({ path, label, node: n, value, display: answerDisplay(n, value, { data, path, documents }) });
  };
  walk(node, section, node.title ?? section, own.items);
  return visible.has(section) ? [own, ...rows] : [];
}
