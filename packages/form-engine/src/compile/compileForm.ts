/**
 * Compiles a form once into a flat list of templates (one per schema node,
 * grid rows written `grid.*.field`), an evaluation order that respects the
 * rules' dependencies, and the structural AJV validator. The result is cached
 * per schema object, so callers may pass the same form on every keystroke.
 */
import type { FormNode, FormSchema, Rule } from '../types';
import { ruleUse } from '../logic/ruleVars';
import { compileStructuralValidator, type StructuralValidator } from '../validate/structuralValidator';
import { ANY_ROW, toTemplatePath } from '../paths/paths';

export type TemplateKind = 'object' | 'array' | 'leaf';

export interface Template {
  /** Position in document order (root is 0). */
  index: number;
  /** Data path with `*` for grid rows: `propietario_socios.*.nombres`; '' for the root. */
  tpath: string;
  /** JSON pointer of the node inside the schema file, for error messages. */
  pointer: string;
  key: string;
  kind: TemplateKind;
  node: FormNode;
  parent: Template | null;
  children: Template[];
  /** True for the item template of a grid (one row). */
  isRow: boolean;
  /** Nearest row template at or above this one (scope of `fila.`), or null. */
  row: Template | null;
}

export interface CompiledForm {
  schema: FormSchema;
  root: Template;
  /** All templates in document order, root first. */
  templates: Template[];
  byPath: Map<string, Template>;
  /** Templates in an order where every visibility/compute rule runs after what it reads. */
  order: Template[];
  /** Groups of templates whose visibility or computed rules depend on each other. */
  cycles: Template[][];
  /** Form-level message overrides (root `x-messages`). */
  messages: Record<string, string>;
  structural: StructuralValidator;
}

const cache = new WeakMap<object, CompiledForm>();

/** The templates a rule variable refers to, seen from `from` (resolves `fila.`). Null when unknown. */
export function resolveVar(form: Pick<CompiledForm, 'byPath'>, from: Template, path: string): Template | null {
  let tpath: string;
  if (path === 'fila' || path.startsWith('fila.')) {
    if (!from.row) return null;
    tpath = path === 'fila' ? from.row.tpath : `${from.row.tpath}${path.slice(4)}`;
  } else {
    tpath = toTemplatePath(path);
  }
  return form.byPath.get(tpath) ?? null;
}

function kindOf(node: FormNode): TemplateKind {
  if (node.type === 'object' || (node.properties && !node.type)) return 'object';
  if (node.type === 'array') return 'array';
  return 'leaf';
}

function buildTemplates(schema: FormSchema): Template[] {
  const templates: Template[] = [];
  const visit = (node: FormNode, key: string, tpath: string, pointer: string, parent: Template | null, isRow: boolean): void => {
    const t: Template = {
      index: templates.length, tpath, pointer, key, kind: kindOf(node), node, parent, children: [], isRow,
      row: isRow ? null : parent?.row ?? null,
    };
    if (isRow) t.row = t;
    templates.push(t);
    parent?.children.push(t);
    if (t.kind === 'object' && node.properties && typeof node.properties === 'object') {
      for (const [k, child] of Object.entries(node.properties)) {
        if (child && typeof child === 'object') {
          visit(child, k, tpath ? `${tpath}.${k}` : k, `${pointer}/properties/${escapePointer(k)}`, t, false);
        }
      }
    } else if (t.kind === 'array' && node.items && typeof node.items === 'object' && !Array.isArray(node.items)) {
      visit(node.items, ANY_ROW, `${tpath}.${ANY_ROW}`, `${pointer}/items`, t, true);
    }
  };
  visit(schema, '', '', '', null, false);
  return templates;
}

function escapePointer(s: string): string {
  return s.replace(/~/g, '~0').replace(/\//g, '~1');
}

function descendants(t: Template, out: Template[] = []): Template[] {
  for (const c of t.children) {
    out.push(c);
    descendants(c, out);
  }
  return out;
}

/** Rules that change the data other rules read: visibility (hidden values are removed) and computed values. */
function dataRules(t: Template): Rule[] {
  const rules: Rule[] = [];
  if (t.node['x-visible'] !== undefined) rules.push(t.node['x-visible']);
  if (t.node['x-compute'] !== undefined) rules.push(t.node['x-compute']);
  return rules;
}

/** Kahn's algorithm with document order as the tie-break; leftovers are cycles, appended in document order. */
function orderTemplates(form: Pick<CompiledForm, 'byPath'>, templates: Template[]): { order: Template[]; cycles: Template[][] } {
  const deps = new Map<Template, Set<Template>>();
  for (const t of templates) {
    const d = new Set<Template>();
    if (t.parent) d.add(t.parent);
    for (const rule of dataRules(t)) {
      for (const v of ruleUse(rule).vars) {
        const target = resolveVar(form, t, v);
        if (!target) continue;
        // Reading a section or grid reads everything inside it.
        for (const x of [target, ...descendants(target)]) if (x !== t) d.add(x);
      }
    }
    deps.set(t, d);
  }
  const dependents = new Map<Template, Template[]>();
  const pending = new Map<Template, number>();
  for (const [t, d] of deps) {
    pending.set(t, d.size);
    for (const x of d) {
      const list = dependents.get(x) ?? [];
      list.push(t);
      dependents.set(x, list);
    }
  }
  const ready = templates.filter((t) => pending.get(t) === 0);
  const order: Template[] = [];
  while (ready.length > 0) {
    ready.sort((a, b) => a.index - b.index);
    const t = ready.shift() as Template;
    order.push(t);
    for (const x of dependents.get(t) ?? []) {
      const n = (pending.get(x) ?? 0) - 1;
      pending.set(x, n);
      if (n === 0) ready.push(x);
    }
  }
  const cycles: Template[][] = [];
  if (order.length < templates.length) {
    const placed = new Set(order);
    const rest = templates.filter((t) => !placed.has(t));
    // Only templates whose own rules take part in the cycle are reported.
    const culprits = rest.filter((t) => dataRules(t).length > 0);
    cycles.push(culprits.length > 0 ? culprits : rest);
    order.push(...rest);
  }
  return { order, cycles };
}

/** Compiles (or returns the cached compilation of) a form. */
export function compileForm(schema: FormSchema): CompiledForm {
  const cached = cache.get(schema);
  if (cached) return cached;
  const templates = buildTemplates(schema);
  const byPath = new Map(templates.map((t) => [t.tpath, t]));
  const { order, cycles } = orderTemplates({ byPath }, templates);
  const rootMessages = schema['x-messages'];
  const compiled: CompiledForm = {
    schema,
    root: templates[0],
    templates,
    byPath,
    order,
    cycles,
    messages: rootMessages && typeof rootMessages === 'object' ? { ...rootMessages } : {},
    structural: compileStructuralValidator(schema),
  };
  cache.set(schema, compiled);
  return compiled;
}
