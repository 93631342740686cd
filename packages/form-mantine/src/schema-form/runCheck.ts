/**
 * One engine pass over the draft: evaluation plus validation, with the
 * computed fields written back into the data. Used on every change, so it is
 * incremental: one checker per form remembers its rules' answers, and a key
 * re-runs only the rules that read what changed (the same verdict as a full
 * check: the engine's property test proves it).
 */
import { createIncrementalCheck, type Evaluation, type FormSchema, type IncrementalCheck, type PathMessage } from '@portal/form-engine';
import { applyComputed } from '../data/applyComputed';
import { resetDependents } from '../data/resetDependents';

export interface CheckedDraft {
  data: Record<string, unknown>;
  evaluation: Evaluation;
  errors: PathMessage[];
}

const checkers = new WeakMap<FormSchema, IncrementalCheck>();

/** The incremental check of a form, shared by the SchemaForms showing it (its answers depend on values only). */
function checkerOf(schema: FormSchema): IncrementalCheck {
  let checker = checkers.get(schema);
  if (!checker) checkers.set(schema, (checker = createIncrementalCheck(schema)));
  return checker;
}

/**
 * Compiles a form's check now (its rules and structural validator, ~30 ms with the CPU 4× slower for the
 * company form), so the first check of a draft does not pay for it in the same task.
 */
export function prepareCheck(schema: FormSchema): void {
  checkerOf(schema);
}

/** The last draft checked: the page that loads a draft checks it, then the form it draws asks again. */
let last: { schema: FormSchema; data: Record<string, unknown>; today: string | undefined; result: CheckedDraft } | null = null;

/**
 * Evaluates and validates `data` as it is (for drafts coming from the app). Drafts are never changed in
 * place (a change makes a new object), so the same draft, form and day give the same verdict: asked again
 * for the last one, it is answered from memory.
 */
export function checkDraft(schema: FormSchema, data: Record<string, unknown>, today: string | undefined): CheckedDraft {
  if (last && last.schema === schema && last.data === data && last.today === today) return last.result;
  const checked = checkerOf(schema)(data, { today });
  const result = { data, evaluation: checked.evaluation, errors: checked.errors };
  last = { schema, data, today, result };
  return result;
}

/**
 * The draft after a change: dependent selects whose source changed are
 * emptied, then the engine runs and computed values are stored.
 */
export function processChange(schema: FormSchema, prev: Record<string, unknown>, next: Record<string, unknown>, today: string | undefined): CheckedDraft {
  const reset = resetDependents(schema, prev, next);
  const checked = checkDraft(schema, reset, today);
  return { ...checked, data: applyComputed(schema, reset, checked.evaluation) };
}
