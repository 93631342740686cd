/**
 * Renders a json-logic rule as Spanish prose for the generated form tables,
 * using field labels and option titles instead of keys and codes. Anything it
 * does not know how to say is shown as JSON, never dropped.
 */
import { resolveVar, type CompiledForm, type Template } from '../compile/compileForm';
import { optionOf } from '../answers/answers';

type Ctx = { form: CompiledForm; from: Template };

function label(ctx: Ctx, path: string): string {
  const t = resolveVar(ctx.form, ctx.from, path);
  if (!t) return `«${path}»`;
  const title = t.node.title ?? t.key;
  return path.startsWith('fila.') ? `«${title}» (de la misma fila)` : `«${title}»`;
}

function varPath(x: unknown): string | null {
  if (x && typeof x === 'object' && !Array.isArray(x) && 'var' in x) {
    const v = (x as { var: unknown }).var;
    const p = Array.isArray(v) ? v[0] : v;
    return typeof p === 'string' ? p : null;
  }
  return null;
}

function optionTitle(ctx: Ctx, path: string | null, value: unknown): string {
  const t = path ? resolveVar(ctx.form, ctx.from, path) : null;
  const opt = optionOf(t?.node, value);
  if (opt?.title) return `«${opt.title}»`;
  if (value === true) return '«Sí»';
  if (value === false) return '«No»';
  if (value === null) return 'vacío';
  return typeof value === 'string' ? `«${value}»` : JSON.stringify(value);
}

const COMPARE: Record<string, string> = {
  '<': 'es menor que', '<=': 'es menor o igual que', '>': 'es mayor que', '>=': 'es mayor o igual que',
};
const ARITH: Record<string, string> = { '+': '+', '-': '−', '*': '×', '/': '÷', '%': 'módulo' };

function args(x: unknown): unknown[] {
  return Array.isArray(x) ? x : [x];
}

export function describeRule(form: CompiledForm, from: Template, rule: unknown): string {
  const ctx: Ctx = { form, from };
  return say(ctx, rule);
}

function say(ctx: Ctx, rule: unknown): string {
  if (rule === null || typeof rule !== 'object') return optionTitle(ctx, null, rule);
  if (Array.isArray(rule)) return rule.map((r) => say(ctx, r)).join(', ');
  const keys = Object.keys(rule);
  if (keys.length !== 1) return `\`${JSON.stringify(rule)}\``;
  const op = keys[0];
  const a = args((rule as Record<string, unknown>)[op]);
  switch (op) {
    case 'var':
      return label(ctx, String(a[0]));
    case '==': case '===': case '!=': case '!==': {
      const neg = op.startsWith('!');
      const [l, r] = varPath(a[1]) && !varPath(a[0]) ? [a[1], a[0]] : [a[0], a[1]];
      const lp = varPath(l);
      const right = varPath(r) ? label(ctx, varPath(r) as string) : optionTitle(ctx, lp, r);
      if (r === null) return `${say(ctx, l)} ${neg ? 'tiene valor' : 'está vacío'}`;
      return `${say(ctx, l)} ${neg ? 'no es' : 'es'} ${right}`;
    }
    case 'and':
      return a.map((x) => wrap(ctx, x)).join(' y ');
    case 'or':
      return a.map((x) => wrap(ctx, x)).join(' o ');
    case '!':
      if (isOp(a[0], 'empty')) return `${say(ctx, args((a[0] as { empty: unknown }).empty)[0])} tiene valor`;
      return `no (${say(ctx, a[0])})`;
    case '!!':
      return `${say(ctx, a[0])} tiene valor`;
    case 'empty':
      return `${say(ctx, a[0])} está vacío`;
    case 'in': {
      const lp = varPath(a[0]);
      if (Array.isArray(a[1])) return `${say(ctx, a[0])} es uno de: ${a[1].map((v) => optionTitle(ctx, lp, v)).join(', ')}`;
      return `${say(ctx, a[0])} está en ${say(ctx, a[1])}`;
    }
    case '<': case '<=': case '>': case '>=':
      if (a.length === 3) return `${say(ctx, a[1])} está entre ${say(ctx, a[0])} y ${say(ctx, a[2])}`;
      return `${say(ctx, a[0])} ${COMPARE[op]} ${say(ctx, a[1])}`;
    case '+': case '-': case '*': case '/': case '%':
      return a.map((x) => wrap(ctx, x)).join(` ${ARITH[op]} `);
    case 'if': case '?:': {
      const parts: string[] = [];
      for (let i = 0; i + 1 < a.length; i += 2) parts.push(`${i === 0 ? 'si' : 'si no, si'} ${say(ctx, a[i])}: ${say(ctx, a[i + 1])}`);
      if (a.length % 2 === 1) parts.push(`si no: ${say(ctx, a[a.length - 1])}`);
      return parts.join('; ');
    }
    case 'today':
      return 'hoy';
    case 'date_add': {
      const n = Number(a[1]);
      if (Number.isFinite(n)) return `${say(ctx, a[0])} ${n < 0 ? '−' : '+'} ${Math.abs(n)} días`;
      return `${say(ctx, a[0])} + ${say(ctx, a[1])} días`;
    }
    case 'count':
      return `el número de filas de ${say(ctx, a[0])}`;
    case 'sum': {
      const grid = varPath(a[0]);
      const gridT = grid ? resolveVar(ctx.form, ctx.from, grid) : null;
      const prop = gridT?.children[0]?.children.find((c) => c.key === a[1]);
      return `la suma de «${prop?.node.title ?? String(a[1])}» en ${say(ctx, a[0])}`;
    }
    case 'num':
      return say(ctx, a[0]);
    case 'round':
      return `${wrap(ctx, a[0])} redondeado a ${String(a[1] ?? 0)} decimales`;
    case 'max': case 'min':
      return `el ${op === 'max' ? 'mayor' : 'menor'} de ${a.map((x) => say(ctx, x)).join(', ')}`;
    case 'cat':
      return a.map((x) => say(ctx, x)).join(' seguido de ');
    default:
      return `\`${JSON.stringify(rule)}\``;
  }
}

function isOp(x: unknown, op: string): boolean {
  return !!x && typeof x === 'object' && !Array.isArray(x) && Object.keys(x).length === 1 && op in x;
}

function wrap(ctx: Ctx, x: unknown): string {
  const s = say(ctx, x);
  return isOp(x, 'and') || isOp(x, 'or') || isOp(x, 'if') ? `(${s})` : s;
}
