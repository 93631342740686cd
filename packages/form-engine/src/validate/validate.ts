/**
 * Validation: structure (AJV), then requirement, bounds, option lists,
 * cross-field assertions and uniqueness, for visible nodes only. At most one
 * error per path (the first found, in that order); errors come out in the
 * form's document order.
 */
import { compileForm, type CompiledForm } from '../compile/compileForm';
import type { EvalContext, Evaluation, FormNode, FormSchema, PathMessage } from '../types';
import { evaluationToday, isEmptyValue, truthy, withToday } from '../logic/operators';
import { RuleMemo, type MemoStats } from '../logic/ruleMemo';
import { parseIsoDate } from '../logic/dates';
import { placeOf, runEvaluation, walkInstances, type EvaluationRun, type Instance } from '../evaluate/runEvaluation';
import { describeRun, isRequired, ruleParams } from '../evaluate/evaluate';
import { fillMessage, messageFor } from './messages';
import { isPlainObject } from '../evaluate/workingData';
import { toTemplatePath } from '../paths/paths';

export interface ValidationResult {
  valid: boolean;
  errors: PathMessage[];
}

function isDateNode(n: FormNode): boolean {
  return n.format === 'date' || n['x-widget'] === 'date';
}

/** -1, 0, 1, or null when the value and the bound cannot be compared. */
function compareToBound(n: FormNode, value: unknown, bound: unknown): number | null {
  if (isDateNode(n)) {
    if (parseIsoDate(value) === null || parseIsoDate(bound) === null) return null;
    const [a, b] = [value as string, bound as string];
    return a < b ? -1 : a > b ? 1 : 0;
  }
  const a = typeof value === 'number' ? value : Number.NaN;
  const b = typeof bound === 'number' ? bound : typeof bound === 'string' && bound.trim() !== '' ? Number(bound) : Number.NaN;
  if (!Number.isFinite(a) || !Number.isFinite(b)) return null;
  return a < b ? -1 : a > b ? 1 : 0;
}

function checkInstance(run: EvaluationRun, i: Instance, value: unknown, add: (path: string, message: string) => void): void {
  const { form } = run;
  const n = i.t.node;
  const empty = i.t.kind === 'array' ? !Array.isArray(value) || value.length === 0 : isEmptyValue(value);
  if (empty) {
    if (isRequired(run, i)) add(i.path, messageFor(form, i.t, 'required'));
    return;
  }
  for (const side of ['x-min', 'x-max'] as const) {
    const decl = n[side];
    if (!decl) continue;
    const bound = run.apply(decl.value, i.scope, placeOf(i.t, i.path));
    const cmp = compareToBound(n, value, bound);
    if (cmp === null || (side === 'x-min' ? cmp >= 0 : cmp <= 0)) continue;
    const key = side === 'x-min' ? 'min' : 'max';
    const params = { ...ruleParams(run, decl.params, i), [key]: bound };
    add(i.path, decl.message ? fillMessage(decl.message, params) : messageFor(form, i.t, key === 'min' ? 'minimum' : 'maximum', params));
  }
  if (n['x-options'] !== undefined) {
    const allowed = run.apply(n['x-options'], i.scope, placeOf(i.t, i.path));
    if (Array.isArray(allowed) && !allowed.includes(value)) add(i.path, messageFor(form, i.t, 'options'));
  }
  for (const a of n['x-assert'] ?? []) {
    if (!truthy(run.apply(a.rule, i.scope, placeOf(i.t, i.path)))) add(i.path, fillMessage(a.message, ruleParams(run, a.params, i)));
  }
  const unique = n['x-unique'];
  if (unique && Array.isArray(value)) {
    const seen = new Set<string>();
    value.forEach((row, idx) => {
      if (!isPlainObject(row) || isEmptyValue(row[unique.by])) return;
      const k = JSON.stringify(row[unique.by]);
      if (seen.has(k)) add(`${i.path}.${idx}.${unique.by}`, unique.message || messageFor(form, i.t, 'unique'));
      seen.add(k);
    });
  }
}

/** Validates a run; shared with callers that also need the evaluation. */
export function validateRun(run: EvaluationRun): PathMessage[] {
  const { form } = run;
  const byPath = new Map<string, string>();
  const add = (path: string, message: string): void => {
    if (!byPath.has(path)) byPath.set(path, message);
  };
  for (const e of form.structural(run.data)) {
    const t = form.byPath.get(toTemplatePath(e.path)) ?? null;
    add(e.path, messageFor(form, t, e.keyword, e.params));
  }
  const order: string[] = [];
  walkInstances(run, (i, value) => {
    order.push(i.path);
    checkInstance(run, i, value, add);
  });
  // Document order; errors on paths outside the walk (the root, a malformed row) come first.
  const rank = new Map(order.map((p, idx) => [p, idx]));
  return [...byPath.entries()]
    .map(([path, message]) => ({ path, message }))
    .sort((a, b) => (rank.get(a.path) ?? -1) - (rank.get(b.path) ?? -1));
}

/** Validates data against a form: Spanish errors `{path, message}` for visible fields only. */
export function validate(schema: FormSchema, data: unknown, context: EvalContext = {}): ValidationResult {
  const form = compileForm(schema);
  if (!isPlainObject(data)) return { valid: false, errors: [{ path: '', message: messageFor(form, null, 'object') }] };
  const errors = withToday(context.today, () => validateRun(runEvaluation(form, data)));
  return { valid: errors.length === 0, errors };
}

/** Evaluation and validation of a draft in one pass. */
export interface CheckResult {
  valid: boolean;
  errors: PathMessage[];
  evaluation: Evaluation;
}

function checkWith(form: CompiledForm, data: unknown, context: EvalContext, memo?: RuleMemo): CheckResult {
  return withToday(context.today, () => {
    memo?.begin(evaluationToday());
    const run = runEvaluation(form, data, memo);
    const evaluation = describeRun(run);
    const errors = isPlainObject(data) ? validateRun(run) : [{ path: '', message: messageFor(form, null, 'object') }];
    return { valid: errors.length === 0, errors, evaluation };
  });
}

/** Evaluation and validation in one pass (what the CLI and the server need). */
export function check(schema: FormSchema, data: unknown, context: EvalContext = {}): CheckResult {
  return checkWith(compileForm(schema), data, context);
}

/** `check` of one form that remembers its rules' answers between calls; `stats` counts the last call's rules. */
export interface IncrementalCheck {
  (data: unknown, context?: EvalContext): CheckResult;
  readonly stats: MemoStats;
}

/**
 * A `check` for a form being edited: it gives the same verdict as `check`,
 * but re-runs only the rules whose inputs changed since its previous call
 * (logic/ruleMemo.ts). One per edited draft: keystrokes change a few values,
 * so most rules are answered from memory.
 */
export function createIncrementalCheck(schema: FormSchema): IncrementalCheck {
  const form = compileForm(schema);
  const memo = new RuleMemo();
  const run = (data: unknown, context: EvalContext = {}) => checkWith(form, data, context, memo);
  return Object.defineProperty(run, 'stats', { get: () => memo.stats }) as IncrementalCheck;
}
