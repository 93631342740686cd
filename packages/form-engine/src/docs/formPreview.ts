/**
 * A form read before starting it (the portal's PREVIEW): every section, grid
 * and question in order, with what kind of answer each wants, whether it is
 * required and when a conditional part shows, in plain Spanish for citizens
 * (no URLs, keys or rule syntax). The server computes it from the schema file;
 * the browser only lays it out.
 */
import type { FormNode, FormSchema } from '../types';
import { compileForm, type CompiledForm, type Template } from '../compile/compileForm';
import { describeRule } from './describeRule';
import { FORMATS } from '../validate/formats';

export interface PreviewField {
  title: string;
  /** What kind of answer: «Texto», «Fecha», «Archivo (pdf, jpg)», «Una de: …». */
  kind: string;
  /** «Sí», «No» or «Cuando …». */
  required: string;
  /** When it shows, or null when always. */
  when: string | null;
  description: string | null;
}

export interface PreviewPart {
  title: string;
  description: string | null;
  /** When the part shows, or null when always. */
  when: string | null;
  /** For a grid: how many rows it takes («Entre 1 y 12 filas»); null for a section. */
  rows: string | null;
  fields: PreviewField[];
}

export interface FormPreview {
  title: string;
  description: string | null;
  parts: PreviewPart[];
}

function kindOf(n: FormNode): string {
  if (n['x-widget'] === 'file') return `Archivo${n['x-accept'] ? ` (${n['x-accept'].join(', ')})` : ''}`;
  if (n['x-source']) return 'Selección de una lista';
  if (n.oneOf) return n.type === 'boolean' ? 'Sí o No' : `Una de: ${n.oneOf.map((o) => o.title ?? String(o.const)).join(', ')}`;
  if (n.type === 'boolean') return 'Sí o No';
  if (n['x-widget'] === 'currency') return 'Importe (RD$)';
  if (n.format === 'date') return 'Fecha';
  if (n.format === 'time') return 'Hora';
  if (n.format && FORMATS[n.format] && n.format !== 'nombre') return `Texto: ${FORMATS[n.format].describe}`;
  if (n.type === 'integer' || n.type === 'number') return 'Número';
  if (n['x-widget'] === 'textarea') return 'Texto largo';
  return 'Texto';
}

const whenOf = (form: CompiledForm, t: Template): string | null => (t.node['x-visible'] === undefined ? null : describeRule(form, t, t.node['x-visible']));

function requiredOf(form: CompiledForm, t: Template): string {
  const r = t.node['x-required'];
  if (r === undefined || r === false) return 'No';
  return r === true ? 'Sí' : `Cuando ${describeRule(form, t, r)}`;
}

function fieldsOf(form: CompiledForm, t: Template): PreviewField[] {
  return t.children.flatMap((c) => {
    if (c.kind === 'object') return fieldsOf(form, c);
    if (c.kind !== 'leaf' || c.node['x-compute'] !== undefined) return [];
    return [{ title: c.node.title ?? c.key, kind: kindOf(c.node), required: requiredOf(form, c), when: whenOf(form, c), description: c.node.description ?? null }];
  });
}

function rowsOf(n: FormNode): string {
  const min = n.minItems ?? 0;
  if (n.maxItems !== undefined) return min > 0 ? `Entre ${min} y ${n.maxItems} filas` : `Hasta ${n.maxItems} filas`;
  return min > 0 ? `Al menos ${min} ${min === 1 ? 'fila' : 'filas'}` : 'Las filas que necesite';
}

/** The citizen-facing outline of a form. */
export function formPreview(schema: FormSchema): FormPreview {
  const form = compileForm(schema);
  const parts = form.root.children.map((t): PreviewPart => {
    const grid = t.kind === 'array';
    const row = grid ? t.children[0] : t;
    return {
      title: t.node.title ?? t.key,
      description: t.node.description ?? null,
      when: whenOf(form, t),
      rows: grid ? rowsOf(t.node) : null,
      fields: row ? fieldsOf(form, row) : [],
    };
  });
  return { title: schema.title ?? schema.$id, description: schema.description ?? null, parts };
}
