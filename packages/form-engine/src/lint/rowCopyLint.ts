/**
 * Static checks of `x-row-copy` (see lintForm): a grid's copy names a section
 * (or the grid itself, for an earlier row), its targets are fields of the rows,
 * its sources are fields of what it copies from, and each source value fits
 * its target (same type, options among the target's).
 */
import type { CompiledForm, Template } from '../compile/compileForm';
import { resolveVar } from '../compile/compileForm';
import { ruleUse } from '../logic/ruleVars';
import { KNOWN_OPERATORS } from '../logic/operators';
import type { FormNode, RowCopyDecl } from '../types';

interface Issue {
  pointer: string;
  message: string;
}

/** The options a field declares (`oneOf` consts or `enum`), or null. */
function optionsOf(node: FormNode): unknown[] | null {
  if (Array.isArray(node.oneOf)) return node.oneOf.map((o) => o.const);
  if (Array.isArray(node.enum)) return node.enum;
  return null;
}

const fits = (source: FormNode, target: FormNode): boolean =>
  source.type === target.type || (source.type === 'integer' && target.type === 'number') || target.type === undefined;

/** The problems of the `x-row-copy` of template `t` (none when it declares none). */
export function rowCopyIssues(form: CompiledForm, t: Template): Issue[] {
  const decl = t.node['x-row-copy'];
  if (decl === undefined) return [];
  const where = `${t.pointer}/x-row-copy`;
  const row = t.children[0];
  if (t.kind !== 'array' || !row) return [{ pointer: where, message: 'x-row-copy solo se usa en cuadrículas' }];
  // The dialog grid has no row on screen to put the buttons on: refused rather than silently ignored.
  if (t.node['x-row-dialog'] === true) return [{ pointer: where, message: 'x-row-copy todavía no se admite en una cuadrícula con x-row-dialog' }];
  const issues: Issue[] = [];
  const rowField = (key: string): Template | undefined => row.children.find((c) => c.key === key && c.kind === 'leaf');
  (decl as RowCopyDecl[]).forEach((copy, i) => {
    const at = `${where}/${i}`;
    const from = resolveVar(form, row, copy.from);
    const fromRows = from === t;
    if (!from || (!fromRows && (from.kind !== 'object' || from.row !== null))) {
      issues.push({ pointer: `${at}/from`, message: `"${copy.from}" no es una sección del formulario ni esta cuadrícula` });
      return;
    }
    const base = fromRows ? row.tpath : from.tpath;
    for (const [key, path] of Object.entries(copy.fields)) {
      const target = rowField(key);
      if (!target) {
        issues.push({ pointer: `${at}/fields/${key}`, message: `"${key}" no es un campo de las filas` });
        continue;
      }
      const source = form.byPath.get(`${base}.${path}`);
      if (!source || source.kind !== 'leaf') {
        issues.push({ pointer: `${at}/fields/${key}`, message: `el campo de origen "${copy.from}.${path}" no existe` });
        continue;
      }
      if (!fits(source.node, target.node)) {
        issues.push({
          pointer: `${at}/fields/${key}`,
          message: `"${key}" (${target.node.type ?? '?'}) no puede recibir "${copy.from}.${path}" (${source.node.type ?? '?'})`,
        });
        continue;
      }
      const accepted = optionsOf(target.node);
      const offered = optionsOf(source.node);
      const foreign = accepted && offered ? offered.filter((o) => !accepted.includes(o)) : [];
      if (foreign.length > 0) {
        issues.push({
          pointer: `${at}/fields/${key}`,
          message: `las opciones ${foreign.map((o) => JSON.stringify(o)).join(', ')} de "${copy.from}.${path}" no están entre las de "${key}"`,
        });
      }
    }
    for (const [key, rule] of Object.entries(copy.set ?? {})) {
      const pointer = `${at}/set/${key}`;
      const target = rowField(key);
      if (!target) {
        issues.push({ pointer, message: `"${key}" no es un campo de las filas` });
        continue;
      }
      const use = ruleUse(rule);
      for (const op of use.operators) if (!KNOWN_OPERATORS.has(op)) issues.push({ pointer, message: `operador desconocido "${op}"` });
      for (const v of use.vars) if (!resolveVar(form, row, v)) issues.push({ pointer, message: `la variable "${v}" no es un campo del formulario` });
      const accepted = optionsOf(target.node);
      if (accepted && (typeof rule !== 'object' || rule === null) && !accepted.includes(rule)) {
        issues.push({ pointer, message: `${JSON.stringify(rule)} no es una opción de "${key}"` });
      }
    }
  });
  return issues;
}
