/** Walks a rule, reporting every `var` path and every operator it uses. */
export interface RuleUse {
  vars: string[];
  operators: string[];
}

/** Variables scoped to a `map`/`filter`/... item are not data paths; we stop at those operators. */
const SCOPING = new Set(['map', 'filter', 'reduce', 'all', 'none', 'some']);

export function ruleUse(rule: unknown): RuleUse {
  const vars: string[] = [];
  const operators: string[] = [];
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
    if (op === 'var') {
      const p = Array.isArray(args) ? args[0] : args;
      if (!scoped && typeof p === 'string' && p !== '') vars.push(p);
      if (Array.isArray(args)) for (const a of args.slice(1)) walk(a, scoped);
      return;
    }
    if (op === 'missing' || op === 'missing_some') {
      const list = op === 'missing' ? args : Array.isArray(args) ? args[1] : [];
      if (!scoped && Array.isArray(list)) for (const p of list) if (typeof p === 'string') vars.push(p);
      return;
    }
    if (SCOPING.has(op) && Array.isArray(args)) {
      walk(args[0], scoped);
      for (const a of args.slice(1)) walk(a, true);
      return;
    }
    walk(args, scoped);
  };
  walk(rule, false);
  return { vars, operators };
}
