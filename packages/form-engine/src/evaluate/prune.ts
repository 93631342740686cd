/**
 * prune: the input without hidden values and without keys the form does not
 * know; computed fields take their computed value. What the server stores.
 */
import { compileForm } from '../compile/compileForm';
import type { EvalContext, FormSchema } from '../types';
import { withToday } from '../logic/operators';
import { runEvaluation, type Instance } from './runEvaluation';
import { isPlainObject, knownCopy } from './workingData';

const hasOwn = (o: object, k: string | number): boolean => Object.prototype.hasOwnProperty.call(o, k);

function copyVisible(i: Instance, input: unknown, computed: (i: Instance) => unknown): unknown {
  if (i.t.kind === 'object' && isPlainObject(input)) {
    const out: Record<string, unknown> = {};
    for (const c of [...i.children].sort((a, b) => a.t.index - b.t.index)) {
      const key = c.key as string;
      if (c.t.node['x-compute'] !== undefined) {
        const v = computed(c);
        if (v !== undefined) out[key] = v;
      } else if (hasOwn(input, key)) {
        out[key] = copyVisible(c, input[key], computed);
      }
    }
    return out;
  }
  if (i.t.kind === 'array' && Array.isArray(input)) {
    return input.map((row, idx) => {
      const rowInst = i.children.find((c) => c.rowIndex === idx);
      return rowInst ? copyVisible(rowInst, row, computed) : knownCopy(i.t.children[0] ?? i.t, row);
    });
  }
  return knownCopy(i.t, input);
}

export function prune(schema: FormSchema, data: unknown, context: EvalContext = {}): Record<string, unknown> {
  const form = compileForm(schema);
  if (!isPlainObject(data)) return {};
  return withToday(context.today, () => {
    const run = runEvaluation(form, data);
    const computed = (i: Instance): unknown => (i.holder as Record<string, unknown>)[i.key as string];
    return copyVisible(run.root, data, computed) as Record<string, unknown>;
  });
}
