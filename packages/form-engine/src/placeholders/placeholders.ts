/**
 * URL templates of the dialect (`x-source.url`, `x-lookup.url`):
 * `/v1/region/municipios?provinciaId={datos_solicitante.provincia}`. A
 * placeholder `{…}` names a path of the scope (`fila.x` inside a grid row,
 * `value` for a lookup's own value). Parsing, listing and filling live here
 * only: the linter, the browser's selects and lookups and the server's checks
 * read templates the same way.
 */
import { scopeAt, valueAt } from '../paths/paths';
import type { FormNode } from '../types';

/** One placeholder of a template: the path it names (trimmed) and the text between its braces. */
export interface Placeholder {
  name: string;
  raw: string;
}

/** A template cut into literal text and placeholders, in order. */
export type TemplatePart = { text: string } | Placeholder;

const PLACEHOLDER = /\{([^{}]+)\}/g;

/** Parsed templates: a form has a few dozen, filled on every change (emptied past 1,000). */
const parsed = new Map<string, readonly TemplatePart[]>();

/** The parts of a URL template, in order (literal text and placeholders). */
export function parsePlaceholders(template: string): readonly TemplatePart[] {
  let parts = parsed.get(template);
  if (!parts) {
    const out: TemplatePart[] = [];
    let last = 0;
    for (const m of template.matchAll(PLACEHOLDER)) {
      const at = m.index ?? 0;
      if (at > last) out.push({ text: template.slice(last, at) });
      out.push({ name: m[1].trim(), raw: m[1] });
      last = at + m[0].length;
    }
    if (last < template.length) out.push({ text: template.slice(last) });
    if (parsed.size >= 1000) parsed.clear();
    parts = Object.freeze(out.map((p) => Object.freeze(p)));
    parsed.set(template, parts);
  }
  return parts;
}

/** The placeholders of a template, in order. */
export function placeholdersOf(template: string): Placeholder[] {
  return parsePlaceholders(template).filter((p): p is Placeholder => 'name' in p);
}

/** The paths a template's placeholders name, in order (`fila.` references as written, not resolved). */
export function placeholderNames(template: string): string[] {
  return placeholdersOf(template).map((p) => p.name);
}

/** True when a template has at least one placeholder (its URL depends on the data). */
export function hasPlaceholders(template: string): boolean {
  return placeholdersOf(template).length > 0;
}

/**
 * Fills the placeholders of a URL template from `scope` (root data plus
 * `fila` in grids; `value` is the field's own value), each value URL-encoded.
 * Returns null while a placeholder has no value (or one that cannot be
 * encoded), so callers do not call half-built URLs.
 */
export function expandUrl(template: string, scope: Record<string, unknown>): string | null {
  let url = '';
  for (const part of parsePlaceholders(template)) {
    if ('text' in part) {
      url += part.text;
      continue;
    }
    const v = valueAt(scope, part.name);
    if (v === undefined || v === null || v === '') return null;
    try {
      url += encodeURIComponent(String(v));
    } catch {
      // A lone surrogate cannot be encoded: such a URL is never asked.
      return null;
    }
  }
  return url;
}

/** The option-list URL of the select at data path `path` (its `x-source` template filled from `data`), null while it cannot be filled or the node has no source. */
export function sourceUrl(node: FormNode, path: string, data: Record<string, unknown>): string | null {
  const source = node['x-source'];
  return source ? expandUrl(source.url, scopeAt(data, path)) : null;
}

/**
 * The option-list URLs (`x-source`) that the selects under `node` (the schema
 * at data path `path`: a section, or the whole form at '') ask for with
 * `data`, as they would fill them: one per grid row where the template reads
 * `fila.`, none while a placeholder has no value. In document order, without
 * repeats. The application's page asks for a step's lists with its form and
 * draft, before the step's code arrives.
 */
export function sourceUrls(node: FormNode, path: string, data: Record<string, unknown>): string[] {
  const urls = new Set<string>();
  const walk = (at: FormNode, where: string) => {
    if (at['x-source']) {
      const url = sourceUrl(at, where, data);
      if (url !== null) urls.add(url);
      return;
    }
    for (const [key, child] of Object.entries(at.properties ?? {})) walk(child, where ? `${where}.${key}` : key);
    const rows = at.items?.properties ? valueAt(data, where) : undefined;
    if (Array.isArray(rows)) rows.forEach((_, i) => walk(at.items as FormNode, `${where}.${i}`));
  };
  walk(node, path);
  return [...urls];
}

/**
 * The option-list URLs under `node` that no answer changes: its `x-source` templates without
 * placeholders, grid rows' included (whether the draft has rows or not). What a step may ask for
 * whatever its draft holds, so the browser can ask for them before it has the draft (AppRoutes).
 */
export function fixedSourceUrls(node: FormNode): string[] {
  const urls = new Set<string>();
  const walk = (at: FormNode) => {
    const source = at['x-source'];
    if (source) {
      if (!hasPlaceholders(source.url)) urls.add(source.url);
      return;
    }
    for (const child of Object.values(at.properties ?? {})) walk(child);
    if (at.items?.properties) walk(at.items as FormNode);
  };
  walk(node);
  return [...urls];
}
