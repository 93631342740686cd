/**
 * What RJSF is handed, derived once per form schema (memoized by the caller):
 * the schema itself without keywords RJSF would act on but the engine owns,
 * and a uiSchema naming the widget of every node. Neither changes while the
 * citizen types: visibility, requirement and errors travel through context.
 */
import type { FormNode, FormSchema } from '@portal/form-engine';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { pathToId } from './pathToId';

/** Registry names of the theme's widgets, as used in `ui:widget`. */
export const WIDGET = {
  text: 'TextWidget',
  textarea: 'TextareaWidget',
  number: 'NumberWidget',
  currency: 'CurrencyWidget',
  select: 'SelectWidget',
  source: 'SourceSelectWidget',
  radio: 'RadioWidget',
  switch: 'SwitchWidget',
  checkbox: 'CheckboxWidget',
  date: 'DateWidget',
  time: 'TimeWidget',
  file: 'DocumentWidget',
} as const;

export type WidgetName = (typeof WIDGET)[keyof typeof WIDGET];

const hasOptions = (n: FormNode): boolean => (Array.isArray(n.oneOf) && n.oneOf.length > 0) || (Array.isArray(n.enum) && n.enum.length > 0);

/** The widget a leaf node renders with, from its `x-widget`, `x-source`, options, format and type. */
export function widgetFor(node: FormNode): WidgetName {
  switch (node['x-widget']) {
    case 'file': return WIDGET.file;
    case 'currency': return WIDGET.currency;
    case 'switch': return WIDGET.switch;
    case 'checkbox': return WIDGET.checkbox;
    case 'radio': return WIDGET.radio;
    case 'textarea': return WIDGET.textarea;
    case 'date': return WIDGET.date;
    case 'time': return WIDGET.time;
    case 'select': return node['x-source'] ? WIDGET.source : WIDGET.select;
    default: break;
  }
  if (node['x-source']) return WIDGET.source;
  if (hasOptions(node)) return node.type === 'boolean' ? WIDGET.radio : WIDGET.select;
  if (node.format === 'date') return WIDGET.date;
  if (node.format === 'time') return WIDGET.time;
  if (node.type === 'boolean') return WIDGET.checkbox;
  if (node.type === 'number' || node.type === 'integer') return WIDGET.number;
  return WIDGET.text;
}

/**
 * A uiSchema mirroring a form node: `ui:widget` (and `ui:placeholder` from
 * `x-placeholder`) on every leaf, `items` for grid rows, and global options
 * that leave grids with add and remove only.
 */
export function buildUiSchema(node: FormNode): UiSchema {
  const visit = (n: FormNode): UiSchema => {
    if (n.type === 'object' || n.properties) {
      const ui: UiSchema = {};
      for (const [key, child] of Object.entries(n.properties ?? {})) ui[key] = visit(child);
      return ui;
    }
    if (n.type === 'array') return n.items ? { items: visit(n.items) } : {};
    const ui: UiSchema = { 'ui:widget': widgetFor(n) };
    const placeholder = n['x-placeholder'];
    if (typeof placeholder === 'string') ui['ui:placeholder'] = placeholder;
    return ui;
  };
  return {
    ...visit(node),
    'ui:globalOptions': { orderable: false, copyable: false, removable: true, addable: true },
    'ui:submitButtonOptions': { norender: true },
  };
}

/**
 * The schema RJSF renders: a deep copy without `required` arrays (the
 * engine decides requirement) and without `$schema`/`$id` (RJSF would
 * resolve ids); every `x-` keyword stays for the widgets to read.
 */
export function toRjsfSchema(node: FormNode): RJSFSchema {
  const copy = (n: unknown): unknown => {
    if (Array.isArray(n)) return n.map(copy);
    if (typeof n !== 'object' || n === null) return n;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(n)) {
      if (k === 'required' && Array.isArray(v)) continue;
      if (k === '$schema' || k === '$id') continue;
      out[k] = k.startsWith('x-') ? v : copy(v);
    }
    return out;
  };
  return copy(node) as RJSFSchema;
}

/** What RJSF is given for a form, or for one top-level section of it (a wizard step). */
export interface RjsfView {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  /** Dot path of RJSF's root inside the form data ('' for the whole form). */
  basePath: string;
  /** RJSF `idPrefix` that keeps the ids of the whole form (`root_<section>_<field>`). */
  idPrefix: string;
}

const views = new WeakMap<FormSchema, Map<string, RjsfView>>();

/**
 * The RJSF view of a form or of one section, built once per form and section
 * and then reused: RJSF works on the current step only (its default-state and
 * schema walks are proportional to what it is given), and the objects it
 * receives keep their identity while the citizen types.
 */
export function rjsfViewOf(schema: FormSchema, section?: string): RjsfView {
  let cache = views.get(schema);
  if (!cache) {
    cache = new Map();
    views.set(schema, cache);
  }
  const key = section ?? '';
  let view = cache.get(key);
  if (!view) {
    const node: FormNode = section ? schema.properties[section] ?? { type: 'object', properties: {} } : schema;
    view = { schema: toRjsfSchema(node), uiSchema: buildUiSchema(node), basePath: key, idPrefix: pathToId(key) };
    cache.set(key, view);
  }
  return view;
}
