/**
 * Static checks an analyst runs before committing a form (`npm run schemas:check`):
 * the grammar of the dialect, variables that name real fields, known
 * operators, placeholders of URLs, no cycles among visibility and computed
 * rules, and a structural schema AJV can compile. Each issue carries the JSON
 * pointer of the offending place inside the file.
 */
import Ajv from 'ajv';
import type { FormSchema, Rule } from '../types';
import { compileForm, resolveVar, type CompiledForm, type Template } from '../compile/compileForm';
import { ruleUse } from '../logic/ruleVars';
import { KNOWN_OPERATORS } from '../logic/operators';
import { META_SCHEMA } from './metaSchema';
import { rowCopyIssues } from './rowCopyLint';
import { FORMATS } from '../validate/formats';
import { placeholderNames } from '../placeholders/placeholders';

export interface LintIssue {
  pointer: string;
  message: string;
}

let metaValidator: ReturnType<Ajv['compile']> | null = null;

function grammarIssues(schema: unknown): LintIssue[] {
  metaValidator ??= new Ajv({ allErrors: true, strict: false }).compile(META_SCHEMA);
  if (metaValidator(schema)) return [];
  return (metaValidator.errors ?? [])
    .filter((e) => e.keyword !== 'anyOf' && e.keyword !== '$ref')
    .map((e) => ({
      pointer: e.instancePath,
      message:
        e.keyword === 'additionalProperties'
          ? `palabra clave desconocida "${String((e.params as { additionalProperty: string }).additionalProperty)}"`
          : `${e.message ?? 'valor inválido'}`,
    }));
}

/** Rules of a node with the pointer suffix where each one lives. */
function rulesOf(t: Template): { where: string; rule: Rule }[] {
  const n = t.node;
  const out: { where: string; rule: Rule }[] = [];
  for (const k of ['x-visible', 'x-required', 'x-disabled', 'x-compute', 'x-options'] as const) {
    if (n[k] !== undefined) out.push({ where: k, rule: n[k] });
  }
  (n['x-warnings'] ?? []).forEach((w, i) => {
    out.push({ where: `x-warnings/${i}/when`, rule: w.when });
    for (const [p, r] of Object.entries(w.params ?? {})) out.push({ where: `x-warnings/${i}/params/${p}`, rule: r });
  });
  (n['x-assert'] ?? []).forEach((a, i) => {
    out.push({ where: `x-assert/${i}/rule`, rule: a.rule });
    for (const [p, r] of Object.entries(a.params ?? {})) out.push({ where: `x-assert/${i}/params/${p}`, rule: r });
  });
  for (const k of ['x-min', 'x-max'] as const) {
    const b = n[k];
    if (!b) continue;
    out.push({ where: `${k}/value`, rule: b.value });
    for (const [p, r] of Object.entries(b.params ?? {})) out.push({ where: `${k}/params/${p}`, rule: r });
  }
  return out;
}

function operatorIssues(rule: Rule, pointer: string): LintIssue[] {
  return ruleUse(rule)
    .operators.filter((op) => !KNOWN_OPERATORS.has(op))
    .map((op) => ({ pointer, message: `operador desconocido "${op}"` }));
}

function placeholderIssues(form: CompiledForm, t: Template, url: string, pointer: string, allowValue: boolean): LintIssue[] {
  const issues: LintIssue[] = [];
  for (const path of placeholderNames(url)) {
    if (allowValue && path === 'value') continue;
    if (!resolveVar(form, t, path)) issues.push({ pointer, message: `la URL usa {${path}}, que no es un campo del formulario` });
  }
  return issues;
}

function templateIssues(form: CompiledForm, t: Template): LintIssue[] {
  const issues: LintIssue[] = [];
  const n = t.node;
  for (const { where, rule } of rulesOf(t)) {
    const pointer = `${t.pointer}/${where}`;
    issues.push(...operatorIssues(rule, pointer));
    for (const v of ruleUse(rule).vars) {
      if (!resolveVar(form, t, v)) {
        issues.push({
          pointer,
          message: v.startsWith('fila.') && !t.row
            ? `la variable "${v}" usa fila. fuera de una cuadrícula`
            : `la variable "${v}" no es un campo del formulario`,
        });
      }
    }
  }
  if (t.isRow && n['x-visible'] !== undefined) issues.push({ pointer: `${t.pointer}/x-visible`, message: 'las filas de una cuadrícula no admiten x-visible; póngalo en sus campos' });
  if (n.format && !FORMATS[n.format] && !['uri', 'date-time', 'uuid', 'ipv4', 'ipv6', 'hostname', 'duration'].includes(n.format)) {
    issues.push({ pointer: `${t.pointer}/format`, message: `formato desconocido "${n.format}"` });
  }
  if (n['x-source']) issues.push(...placeholderIssues(form, t, n['x-source'].url, `${t.pointer}/x-source/url`, false));
  const lookup = n['x-lookup'];
  if (lookup) {
    issues.push(...placeholderIssues(form, t, lookup.url, `${t.pointer}/x-lookup/url`, true));
    issues.push(...operatorIssues(lookup.valid, `${t.pointer}/x-lookup/valid`));
    for (const target of [...Object.keys(lookup.fill ?? {}), ...(lookup.clearOnInvalid ?? [])]) {
      if (!resolveVar(form, t, target)) issues.push({ pointer: `${t.pointer}/x-lookup`, message: `el campo destino "${target}" no existe` });
    }
  }
  const unique = n['x-unique'];
  if (unique) {
    const row = t.children[0];
    if (t.kind !== 'array' || !row) issues.push({ pointer: `${t.pointer}/x-unique`, message: 'x-unique solo se usa en cuadrículas' });
    else if (!row.children.some((c) => c.key === unique.by)) {
      issues.push({ pointer: `${t.pointer}/x-unique/by`, message: `"${unique.by}" no es un campo de las filas` });
    }
  }
  issues.push(...rowCopyIssues(form, t));
  if (n['x-row-dialog'] !== undefined && t.kind !== 'array') {
    issues.push({ pointer: `${t.pointer}/x-row-dialog`, message: 'x-row-dialog solo se usa en cuadrículas' });
  }
  const rowLabel = n['x-row-label'];
  if (Array.isArray(rowLabel)) {
    const row = t.children[0];
    if (t.kind !== 'array' || !row) issues.push({ pointer: `${t.pointer}/x-row-label`, message: 'x-row-label solo se usa en cuadrículas' });
    else {
      // One list of fields, or a list of alternatives (lists of fields).
      const alternatives = rowLabel.every((f) => typeof f === 'string') ? [rowLabel.map((f, i) => ({ f, at: `${i}` }))]
        : rowLabel.map((alt, i) => (Array.isArray(alt) ? alt.map((f, j) => ({ f, at: `${i}/${j}` })) : []));
      for (const { f, at } of alternatives.flat()) {
        const field = row.children.find((c) => c.key === f);
        if (typeof f === 'string' && (!field || field.kind !== 'leaf')) {
          issues.push({ pointer: `${t.pointer}/x-row-label/${at}`, message: `"${f}" no es un campo de las filas` });
        }
      }
    }
  }
  const label = n['x-request-label'];
  if (label) {
    if (t.tpath !== '') issues.push({ pointer: `${t.pointer}/x-request-label`, message: 'x-request-label solo se usa en la raíz del formulario' });
    label.forEach((path, i) => {
      const target = resolveVar(form, t, path);
      if (!target || target.kind !== 'leaf' || target.row) issues.push({ pointer: `${t.pointer}/x-request-label/${i}`, message: `"${path}" no es un campo del formulario fuera de una cuadrícula` });
    });
  }
  const currency = typeof n['x-currency-field'] === 'string' ? n['x-currency-field'] : undefined;
  if (currency && !resolveVar(form, t, currency)) issues.push({ pointer: `${t.pointer}/x-currency-field`, message: `"${currency}" no es un campo del formulario` });
  if (t.tpath !== '' && t.kind === 'leaf' && !n.title) issues.push({ pointer: t.pointer, message: 'el campo no tiene título (title)' });
  return issues;
}

/** All problems of a form file; an empty list means the form is correct. */
export function lintForm(schema: FormSchema): LintIssue[] {
  const grammar = grammarIssues(schema);
  if (grammar.length > 0) return grammar;
  let form: CompiledForm;
  try {
    form = compileForm(schema);
  } catch (e) {
    return [{ pointer: '', message: `el esquema no se puede compilar: ${(e as Error).message}` }];
  }
  const issues = form.templates.flatMap((t) => templateIssues(form, t));
  for (const cycle of form.cycles) {
    issues.push({
      pointer: cycle[0].pointer,
      message: `ciclo entre reglas de visibilidad o campos calculados: ${cycle.map((t) => t.tpath).join(', ')}`,
    });
  }
  return issues;
}
