/**
 * Incremental evaluation: a rule is re-run only when a value it reads
 * changed. Every rule's inputs are known from its text (its `var` paths,
 * `fila.` ones included, and the paths `missing` lists), so a run can read
 * those values in the rule's scope and, when they equal (deeply) what they were
 * when the rule last ran at the same place, reuse its answer.
 *
 * A rule is a pure function of what it reads and of the evaluation's date
 * (the `today` operator; a memo serves one date), so a reused answer is the
 * answer the rule would give: a check with a memo and one without agree on
 * every draft (test/incrementalCheck.property.test.ts edits every form of
 * schemas/ at random, grid rows added and removed). A rule whose inputs
 * cannot be known from its text (a `var` whose path is computed, `var ""`
 * reading the whole scope, an operator outside the dialect) always runs.
 *
 * The values compared are the run's working data. Rules run in dependency
 * order, so what a rule reads is settled when it reads it and is not changed
 * afterwards: the references kept are what the rule saw. A form with a cycle
 * between its rules has no such order, and is evaluated without a memo.
 */
import { applyRule } from './operators';
import { ruleUse } from './ruleVars';

/** How a rule's inputs are read: one property path per input, or null when they cannot be known. */
type Inputs = readonly (readonly string[])[] | null;

const inputsOfRule = new WeakMap<object, Inputs>();

/** The paths a rule reads (from ruleUse, the engine's one walk of a rule), or null when it may read something its text does not name. */
export function ruleInputs(rule: object): Inputs {
  const known = inputsOfRule.get(rule);
  if (known !== undefined) return known;
  const use = ruleUse(rule);
  const result: Inputs = use.named ? [...new Set(use.vars)].map((p) => p.split('.')) : null;
  inputsOfRule.set(rule, result);
  return result;
}

/** What json-logic's `var` reads at `path` (prototype chain included: a grid row's scope inherits the form's). */
function read(scope: unknown, path: readonly string[]): unknown {
  let value = scope;
  for (const key of path) {
    if (value === null || value === undefined) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** Deep equality of data values (plain objects, arrays, primitives; Object.is for primitives). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b) || Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    if (!Object.prototype.hasOwnProperty.call(b, k)) return false;
    if (!sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}

interface Entry {
  inputs: unknown[];
  result: unknown;
}

/** A rule's inputs and its answers by place. */
interface RuleRecord {
  paths: readonly (readonly string[])[] | null;
  byPlace: Map<string, Entry>;
}

/** Counts of one run, for tests and the bench: rules run, and rule answers reused. */
export interface MemoStats {
  ran: number;
  reused: number;
}

/**
 * The answers of a form's rules at each place (concrete path) they last ran,
 * with the values they read. One memo serves one form and one date.
 */
export class RuleMemo {
  private rules = new Map<object, RuleRecord>();
  private today: string | null = null;
  stats: MemoStats = { ran: 0, reused: 0 };

  /** Starts a run on `today`: answers computed for another date are dropped. */
  begin(today: string): void {
    if (today !== this.today) {
      this.rules = new Map();
      this.today = today;
    }
    this.stats = { ran: 0, reused: 0 };
  }

  /** The rule's answer in `scope` at `place`: reused when every value it reads is as it was there last time. */
  apply(rule: unknown, scope: object, place: string): unknown {
    if (rule === null || typeof rule !== 'object') return applyRule(rule, scope);
    let record = this.rules.get(rule);
    if (!record) this.rules.set(rule, (record = { paths: ruleInputs(rule), byPlace: new Map() }));
    const { paths } = record;
    if (paths === null) {
      this.stats.ran++;
      return applyRule(rule, scope);
    }
    const entry = record.byPlace.get(place);
    if (entry) {
      let same = true;
      for (let i = 0; i < paths.length && same; i++) same = sameValue(entry.inputs[i], read(scope, paths[i]));
      if (same) {
        this.stats.reused++;
        return entry.result;
      }
    }
    this.stats.ran++;
    const inputs = paths.map((p) => read(scope, p));
    const result = applyRule(rule, scope);
    record.byPlace.set(place, { inputs, result });
    return result;
  }
}
