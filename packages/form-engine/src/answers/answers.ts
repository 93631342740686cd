/**
 * An answer as people read it back: the form's grids, the review page, the
 * request page and the back office. The engine decides what an answer shows
 * (option titles, Sí/No, amounts in their currency, numbers, dates, masks,
 * document names, the label of an option-list value); the renderers only draw
 * the model. Plain TypeScript: no React, no DOM.
 */
import type { FormNode, SourceDecl } from '../types';
import { nodeAt, isRowPath, resolveRelative, scopeAt, valueAt } from '../paths/paths';
import { expandUrl } from '../placeholders/placeholders';
import { sourceItems, sourceLabel, sourceValue } from '../lookup/lookup';
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
  const { source, type, value } = display;
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
  /** The field's title, grid rows named («Socios 2: Nombres»). */
  label: string;
  node: FormNode;
  value: unknown;
  display: AnswerDisplay;
}

/**
 * The visible answered fields under `section` (the path of `node`), in
 * document order, grid rows one after the other. `visible` is the evaluation's
 * set of visible paths; unanswered fields (undefined, null, '') are left out.
 */
export function sectionAnswers(
  section: string,
  node: FormNode,
  data: Record<string, unknown>,
  visible: ReadonlySet<string>,
  documents?: readonly AnswerDocument[],
): AnswerItem[] {
  const out: AnswerItem[] = [];
  const walk = (n: FormNode, path: string, label: string): void => {
    if (!visible.has(path) && !isRowPath(path)) return;
    if (n.type === 'object' && n.properties) {
      for (const [k, child] of Object.entries(n.properties)) walk(child, `${path}.${k}`, child.title ?? k);
      return;
    }
    if (n.type === 'array' && n.items) {
      const rows = valueAt(data, path);
      if (!Array.isArray(rows)) return;
      rows.forEach((_, i) => {
        for (const [k, child] of Object.entries(n.items?.properties ?? {})) walk(child, `${path}.${i}.${k}`, `${label} ${i + 1}: ${child.title ?? k}`);
      });
      return;
    }
    const value = valueAt(data, path);
    if (value === undefined || value === null || value === '') return;
    out.push({ path, label, node: n, value, display: answerDisplay(n, value, { data, path, documents }) });
  };
  walk(node, section, node.title ?? section);
  return out;
}
