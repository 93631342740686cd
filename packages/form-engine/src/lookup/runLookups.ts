/**
 * A form's `x-lookup` declarations run over a whole draft: which visible
 * fields are due a lookup, what each registry answer means and which values it
 * fills. The browser runs it on a loaded draft and before "Siguiente" advances
 * (a remote verdict must survive a reload); the server runs it on submit and
 * stores the values the registries fill (names from the JCE, the certificate's
 * holder and expiry from ONAPI), never the browser's copy. One implementation,
 * so both sides ask the same URLs and read the answers the same way.
 */
import { compileForm } from '../compile/compileForm';
import { runEvaluation, walkInstances } from '../evaluate/runEvaluation';
import { isPlainObject } from '../evaluate/workingData';
import { withToday } from '../logic/operators';
import type { EvalContext, FormSchema, LookupDecl } from '../types';
import { failsFormat, formatInvalid, interpretLookup, lookupChanges, lookupDue, type LookupOutcome } from './lookup';
import { expandUrl } from '../placeholders/placeholders';
import { withNames } from '../paths/paths';

/** A registry's answer as the rule dialect reads it. */
export interface LookupAnswer {
  status: number;
  body: unknown;
}

/** One field due a lookup. */
export interface LookupTask {
  /** Concrete path of the field (`propietario_socios.0.numero_de_cedula`). */
  path: string;
  /** The value looked up. */
  value: string;
  decl: LookupDecl;
  /** The URL to ask; null when the field's format rejects the value or the URL cannot be built (nothing is asked: invalid). */
  url: string | null;
}

/** The verdict on one field: the outcome plus the data changes it makes (targets resolved). */
export interface LookupVerdict extends LookupOutcome {
  path: string;
  value: string;
  changes: Record<string, unknown>;
}

/** Answers a lookup URL; null when there is no usable answer (the field then gets no verdict). */
export type LookupFetch = (url: string) => Promise<LookupAnswer | null>;

export interface LookupOptions extends EvalContext {
  /** Only fields whose path passes (e.g. one step's section). Default: every field. */
  only?: (path: string) => boolean;
}

/**
 * The visible fields with an `x-lookup` whose value triggers it (as typing
 * would: the length reached, or any text for a pause trigger), in document order.
 */
export function lookupTasks(schema: FormSchema, data: unknown, options: LookupOptions = {}): LookupTask[] {
  if (!isPlainObject(data)) return [];
  const form = compileForm(schema);
  return withToday(options.today, () => {
    const tasks: LookupTask[] = [];
    walkInstances(runEvaluation(form, data), (i, value) => {
      const decl = i.t.node['x-lookup'];
      if (!decl || typeof value !== 'string' || !lookupDue(decl.trigger, value)) return;
      if (options.only && !options.only(i.path)) return;
      // A value its format rejects, or that cannot be put in the URL, is judged invalid without asking.
      const url = failsFormat(i.t.node.format, value) ? null : expandUrl(decl.url, withNames(i.scope, { value }));
      tasks.push({ path: i.path, value, decl, url });
    });
    return tasks;
  });
}

/**
 * Runs the lookups of `data` (see lookupTasks). Each URL is asked once; a
 * field whose answer is null gets no verdict. The caller decides what a
 * failed call means: the browser leaves the field unjudged, the server refuses
 * to submit without the registries (it throws from `fetchAnswer`).
 */
export async function runLookups(schema: FormSchema, data: unknown, fetchAnswer: LookupFetch, options: LookupOptions = {}): Promise<LookupVerdict[]> {
  const tasks = lookupTasks(schema, data, options);
  const asked = new Map<string, Promise<LookupAnswer | null>>();
  const answers = await Promise.all(tasks.map((task) => {
    if (task.url === null) return null;
    if (!asked.has(task.url)) asked.set(task.url, fetchAnswer(task.url));
    return asked.get(task.url) as Promise<LookupAnswer | null>;
  }));
  const verdicts: LookupVerdict[] = [];
  tasks.forEach((task, n) => {
    const answer = answers[n];
    if (task.url !== null && answer === null) return;
    const outcome = answer ? interpretLookup(task.decl, answer) : formatInvalid(task.decl);
    verdicts.push({ ...outcome, path: task.path, value: task.value, changes: lookupChanges(outcome, task.path) });
  });
  return verdicts;
}

/** Sets `value` at a dot path of `root` (a private copy), creating missing objects; undefined removes the key. */
function setPath(root: Record<string, unknown>, path: string, value: unknown): void {
  const segs = path.split('.');
  let cur: Record<string, unknown> = root;
  for (const seg of segs.slice(0, -1)) {
    const next = cur[seg];
    if (typeof next !== 'object' || next === null) cur[seg] = {};
    cur = cur[seg] as Record<string, unknown>;
  }
  const last = segs[segs.length - 1];
  if (value === undefined) delete cur[last];
  else cur[last] = value;
}

/**
 * A copy of `data` holding what the registries filled for every valid
 * verdict (the registry's names, holder and expiry replace whatever was
 * typed; a value the registry lacks is removed, so a required field says so).
 * Invalid verdicts change nothing: their field is refused with its message.
 */
export function withLookupFills(data: Record<string, unknown>, verdicts: readonly LookupVerdict[]): Record<string, unknown> {
  const copy = structuredClone(data);
  for (const v of verdicts) {
    if (!v.valid) continue;
    for (const [path, value] of Object.entries(v.changes)) setPath(copy, path, value);
  }
  return copy;
}
