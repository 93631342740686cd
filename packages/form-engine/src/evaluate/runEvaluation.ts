/**
 * One pass over the compiled form in dependency order. For every template it
 * creates the concrete instances (one per grid row), decides visibility and
 * deletes hidden values from the working data at once, so no later rule can
 * read a hidden value; then it sets computed values. Everything else
 * (requirement, warnings, checks) reads the settled data afterwards.
 */
import type { CompiledForm, Template } from '../compile/compileForm';
import { applyRule, truthy } from '../logic/operators';
import type { RuleMemo } from '../logic/ruleMemo';
import { isPlainObject, workingCopy } from './workingData';
import { rowScope } from '../paths/paths';

export interface Instance {
  t: Template;
  /** Concrete dot path, '' for the root. */
  path: string;
  /** Object or array holding this node's value. */
  holder: Record<string, unknown> | unknown[];
  key: string | number;
  /** Data rules are applied to: the root, plus `fila` inside grid rows. */
  scope: Record<string, unknown>;
  children: Instance[];
  /** Row index inside its grid, for ordering. */
  rowIndex: number;
  /** Set once `children` are in document order (walkInstances). */
  childrenSorted?: boolean;
}

export interface EvaluationRun {
  form: CompiledForm;
  data: Record<string, unknown>;
  root: Instance;
  /** Visible instances per template. */
  instances: Map<Template, Instance[]>;
  /** Applies a rule at a place (an instance's path): through the memo when the run has one. */
  apply(rule: unknown, scope: object, place: string): unknown;
}

/** Rules applied without a memo: every rule runs. */
const applyEach = (rule: unknown, scope: object): unknown => applyRule(rule, scope);

function valueOf(i: Instance): unknown {
  return (i.holder as Record<string | number, unknown>)[i.key];
}

/** Numbers that are not finite and `undefined` are not stored. */
function storeComputed(holder: Record<string, unknown>, key: string, value: unknown): void {
  if (value === undefined || value === null || (typeof value === 'number' && !Number.isFinite(value))) delete holder[key];
  else holder[key] = value;
}

/**
 * The concrete paths of a template, the same string objects from one run to the next: they key the
 * evaluation's sets and maps, the memo and the renderer's diffs, and a string hashes once in its life.
 * Outside grids a template has one path, its own; inside, one per row, kept per parent path.
 */
const rowPaths = new WeakMap<Template, Map<string, string[]>>();
const childPaths = new WeakMap<Template, Map<string, string>>();

function rowPath(t: Template, parent: string, i: number): string {
  let byParent = rowPaths.get(t);
  if (!byParent) rowPaths.set(t, (byParent = new Map()));
  let list = byParent.get(parent);
  if (!list) byParent.set(parent, (list = []));
  return (list[i] ??= `${parent}.${i}`);
}

function childPath(t: Template, parent: string): string {
  if (!t.row) return t.tpath;
  let byParent = childPaths.get(t);
  if (!byParent) childPaths.set(t, (byParent = new Map()));
  let path = byParent.get(parent);
  if (path === undefined) byParent.set(parent, (path = parent ? `${parent}.${t.key}` : t.key));
  return path;
}

/**
 * Where the memo keeps a rule's answer: outside grids a template has one instance, so the rule alone
 * says where; inside, the row's path does.
 */
export function placeOf(t: Template, path: string): string {
  return t.row ? path : '';
}

/**
 * With a memo (begun for this run's date), a rule whose inputs are as they
 * were at the same place in an earlier run is not run again (ruleMemo.ts).
 */
export function runEvaluation(form: CompiledForm, input: unknown, memo?: RuleMemo): EvaluationRun {
  // A cycle leaves no order in which what a rule reads is settled: such a form runs every rule.
  const apply = memo && form.cycles.length === 0 ? memo.apply.bind(memo) : applyEach;
  const data = workingCopy(form.root, isPlainObject(input) ? input : {}) as Record<string, unknown>;
  const wrapper: Record<string, unknown> = { '': data };
  const root: Instance = { t: form.root, path: '', holder: wrapper, key: '', scope: data, children: [], rowIndex: 0 };
  const instances = new Map<Template, Instance[]>([[form.root, [root]]]);

  for (const t of form.order) {
    if (!t.parent) continue;
    const parents = instances.get(t.parent);
    const list: Instance[] = [];
    instances.set(t, list);
    if (!parents) continue;
    const visibleRule = t.node['x-visible'];
    const computeRule = t.node['x-compute'];
    for (const p of parents) {
      const pv = valueOf(p);
      if (t.isRow) {
        if (!Array.isArray(pv)) continue;
        for (let i = 0; i < pv.length; i++) {
          if (pv[i] === null || pv[i] === undefined) pv[i] = {};
          const row = pv[i];
          const scope = rowScope(data, isPlainObject(row) ? row : {});
          const inst: Instance = { t, path: rowPath(t, p.path, i), holder: pv, key: i, scope, children: [], rowIndex: i };
          p.children.push(inst);
          list.push(inst);
        }
        continue;
      }
      if (!isPlainObject(pv)) continue;
      const path = childPath(t, p.path);
      const place = placeOf(t, path);
      if (visibleRule !== undefined && !truthy(apply(visibleRule, p.scope, place))) {
        delete pv[t.key];
        continue;
      }
      if (computeRule !== undefined) storeComputed(pv, t.key, apply(computeRule, p.scope, place));
      const inst: Instance = { t, path, holder: pv, key: t.key, scope: p.scope, children: [], rowIndex: 0 };
      p.children.push(inst);
      list.push(inst);
    }
  }
  return { form, data, root, instances, apply };
}

const inDocumentOrder = (a: Instance, b: Instance) => a.t.index - b.t.index || a.rowIndex - b.rowIndex;

/** Visits visible instances depth-first in document order (the root itself is not visited). */
export function walkInstances(run: EvaluationRun, visit: (i: Instance, value: unknown) => void): void {
  const walk = (i: Instance): void => {
    const kids = i.children;
    // Children are created in evaluation order; both walks of a run (evaluation, validation) want document order.
    if (kids.length > 1 && !i.childrenSorted) {
      kids.sort(inDocumentOrder);
      i.childrenSorted = true;
    }
    for (const c of kids) {
      visit(c, valueOf(c));
      walk(c);
    }
  };
  walk(run.root);
}

export { valueOf };
