/** Walks a rule, reporting every `var` path and every operator it uses. */
import { KNOWN_OPERATORS } from './operators';

export interface RuleUse {
  /** The data paths the rule reads (`var`, and the names `missing` lists), outside item scopes. */
  vars: string[];
  operators: string[];
  /**
   * False when the rule may read data its text does not name: a `var` whose path is computed or
   * empty (the whole scope), a `missing` whose names are computed, an operator outside the dialect.
   * Incremental evaluation (ruleMemo.ts) re-runs such a rule every time.
   */
  named: boolean;
}

/** Operators whose later arguments run on each item: `var` there reads the item, not the form. */
const ITEM_SCOPED = new Set(['map', 'filter', 'all', 'none', 'some']);

export function ruleUse(rule: unknown): RuleUse {
  const vars: string[] = [];
  const operators: string[] = [];
  let named = true;
  const walk = (node: unknown, scoped: boolean): void => {
    if (Array.isArray(node)) {
      for (const n of node) walk(n, scoped);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const keys = Object.keys(node);
    if (keys.length !== 1) {
      // Not a json-logic operation: a plain object literal. Still look inside.
      for (const k of keys) walk((node as Record<string, unknown>)[k], scoped);
      return;
    }
    const op = keys[0];
    const args = (node as Record<string, unknown>)[op];
    operators.push(op);
    if (!KNOWN_OPERATORS.has(op)) named = false;
    if (op === 'var') {
      const list = Array.isArray(args) ? args : [args];
      const p = list[0];
      if (!scoped) {
        if (typeof p === 'string' && p !== '') vars.push(p);
        else named = false;
      }
      for (const a of list.slice(1)) walk(a, scoped);
      return;
    }
    if (op === 'missing' || op === 'missing_some') {
      if (op === 'missing_some' && Array.isArray(args)) walk(args[0], scoped);
      const list = op === 'missing' ? args : Array.isArray(args) ? args[1] : undefined;
      if (scoped) return;
      for (const p of Array.isArray(list) ? list : [list]) {
        if (typeof p === 'string' && p !== '') vars.push(p);
        else named = false;
      }
      return;
    }
    if (ITEM_SCOPED.has(op) && Array.isArray(args)) {
      walk(args[0], scoped);
      for (const a of args.slice(1)) walk(a, true);
      return;
    }
    if (op === 'reduce' && Array.isArray(args)) {
      // The list and the initial value are read in the rule's scope; the reducer reads `current` and `accumulator`.
      walk(args[0], scoped);
      walk(args[1], true);
      walk(args.slice(2), scoped);
      return;
    }
    walk(args, scoped);
  };
  walk(rule, false);
  return { vars, operators, named };
}
