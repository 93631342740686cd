/**
 * Writes the engine's computed values (`x-compute`) back into the draft, so
 * read-only totals show what the server will store. A computed field that has
 * no value any more (e.g. a division by zero) is removed.
 */
import { compileForm, type Evaluation, type FormSchema } from '@portal/form-engine';
import { getAt, setAt, toTemplatePath } from './paths';

const computedPaths = new WeakMap<FormSchema, Set<string>>();

function computedTemplates(schema: FormSchema): Set<string> {
  let set = computedPaths.get(schema);
  if (!set) {
    set = new Set(compileForm(schema).templates.filter((t) => t.node['x-compute'] !== undefined).map((t) => t.tpath));
    computedPaths.set(schema, set);
  }
  return set;
}

/** `data` with every visible computed field set to the evaluation's value; the same object when nothing changes. */
export function applyComputed<T extends Record<string, unknown>>(schema: FormSchema, data: T, evaluation: Evaluation): T {
  const templates = computedTemplates(schema);
  if (templates.size === 0) return data;
  let out = data;
  for (const path of evaluation.visible) {
    if (!templates.has(toTemplatePath(path))) continue;
    const value = evaluation.computed[path];
    if (getAt(out, path) !== value) out = setAt(out, path, value);
  }
  return out;
}
