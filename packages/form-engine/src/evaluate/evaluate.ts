/** Public evaluation: what is visible, required, disabled, warned about, and which options and limits apply. */
import { compileForm } from '../compile/compileForm';
import type { EvalContext, Evaluation, FormSchema, PathMessage } from '../types';
import { truthy, withToday } from '../logic/operators';
import { fillMessage } from '../validate/messages';
import { placeOf, runEvaluation, walkInstances, type EvaluationRun, type Instance } from './runEvaluation';

/** Evaluates a warning/bound/assert parameter map in an instance's scope. */
export function ruleParams(run: EvaluationRun, params: Record<string, unknown> | undefined, i: Instance): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (params) for (const [k, rule] of Object.entries(params)) out[k] = run.apply(rule, i.scope, placeOf(i.t, i.path));
  return out;
}

export function isRequired(run: EvaluationRun, i: Instance): boolean {
  const r = i.t.node['x-required'];
  if (r === undefined || r === false) return false;
  return r === true || truthy(run.apply(r, i.scope, placeOf(i.t, i.path)));
}

/** Derives the evaluation from a run; shared by evaluate() and validate(). */
export function describeRun(run: EvaluationRun): Evaluation {
  const out: Evaluation = {
    visible: new Set(), required: new Set(), disabled: new Set(), warnings: [], options: {}, limits: {}, computed: {}, data: run.data,
  };
  const apply = (rule: unknown, i: Instance) => run.apply(rule, i.scope, placeOf(i.t, i.path));
  walkInstances(run, (i, value) => {
    const n = i.t.node;
    if (i.t.isRow) return;
    out.visible.add(i.path);
    if (isRequired(run, i)) out.required.add(i.path);
    if (n.readOnly === true || n['x-compute'] !== undefined || (n['x-disabled'] !== undefined && truthy(apply(n['x-disabled'], i)))) {
      out.disabled.add(i.path);
    }
    for (const w of n['x-warnings'] ?? []) {
      if (truthy(apply(w.when, i))) out.warnings.push({ path: i.path, message: fillMessage(w.message, ruleParams(run, w.params, i)) });
    }
    if (n['x-options'] !== undefined) {
      const allowed = apply(n['x-options'], i);
      if (Array.isArray(allowed)) out.options[i.path] = allowed;
    }
    if (n['x-min'] !== undefined || n['x-max'] !== undefined) {
      const lim: { min?: unknown; max?: unknown } = {};
      if (n['x-min']) lim.min = apply(n['x-min'].value, i);
      if (n['x-max']) lim.max = apply(n['x-max'].value, i);
      out.limits[i.path] = lim;
    }
    if (n['x-compute'] !== undefined && value !== undefined) out.computed[i.path] = value;
  });
  return out;
}

/**
 * Evaluates a form's rules against data. `context.today` (YYYY-MM-DD) fixes
 * the date rules see; by default it is today in the Dominican Republic.
 */
export function evaluate(schema: FormSchema, data: unknown, context: EvalContext = {}): Evaluation {
  const form = compileForm(schema);
  return withToday(context.today, () => describeRun(runEvaluation(form, data)));
}

export type { PathMessage };
