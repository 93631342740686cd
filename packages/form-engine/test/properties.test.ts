/** Property-based tests over data generated from each form's schema (fast-check, 1,000 runs each). */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { check, validate } from '../src/validate/validate';
import { prune } from '../src/evaluate/prune';
import { evaluate } from '../src/evaluate/evaluate';
import { compileForm, type CompiledForm } from '../src/compile/compileForm';
import { listForms } from '../src/node/loadForm';
import { arbitraryFor } from './arbitraryData';
import { form, withChanges } from './forms';

const RUNS = { numRuns: 1000 };
const today = '2026-11-23';

/** Every concrete leaf path of the form that exists in `data`'s structure (grid leaves for existing rows). */
function leafPaths(c: CompiledForm, data: unknown): { path: string; computed: boolean }[] {
  const out: { path: string; computed: boolean }[] = [];
  const walk = (t: CompiledForm['root'], value: unknown, path: string): void => {
    for (const child of t.children) {
      if (child.isRow) {
        if (Array.isArray(value)) value.forEach((row, i) => walk(child, row, `${path}.${i}`));
        continue;
      }
      const p = path ? `${path}.${child.key}` : child.key;
      const v = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[child.key] : undefined;
      if (child.kind === 'leaf') out.push({ path: p, computed: child.node['x-compute'] !== undefined });
      else walk(child, v, p);
    }
  };
  walk(c.root, data, '');
  return out;
}

function has(data: unknown, path: string): boolean {
  let cur: unknown = data;
  for (const s of path.split('.')) {
    if (cur === null || typeof cur !== 'object' || !Object.prototype.hasOwnProperty.call(cur, s)) return false;
    cur = (cur as Record<string, unknown>)[s];
  }
  return true;
}

describe.each(listForms())('properties of %s', (name) => {
  const schema = form(name);
  const compiled = compileForm(schema);
  const data = arbitraryFor(schema) as fc.Arbitrary<Record<string, unknown>>;

  it('a hidden field is never required and never carries an error', () => {
    fc.assert(fc.property(data, (d) => {
      const { evaluation, errors } = check(schema, d, { today });
      for (const p of evaluation.required) expect(evaluation.visible.has(p)).toBe(true);
      for (const e of errors) expect(evaluation.visible.has(e.path)).toBe(true);
    }), RUNS);
  });

  it('validate never throws and always answers Spanish {path, message} errors, whatever JSON it gets', () => {
    const anything = fc.oneof(fc.jsonValue(), arbitraryFor(schema, { wild: true }));
    fc.assert(fc.property(anything, (d) => {
      const r = validate(schema, d, { today });
      expect(r.valid).toBe(r.errors.length === 0);
      for (const e of r.errors) {
        expect(typeof e.path).toBe('string');
        expect(e.message).toMatch(/\S/);
      }
      expect(() => prune(schema, d, { today })).not.toThrow();
    }), RUNS);
  });

  it('prune is idempotent and removes exactly the hidden values', () => {
    fc.assert(fc.property(data, (d) => {
      const once = prune(schema, d, { today });
      expect(prune(schema, once, { today })).toEqual(once);
      const { visible } = evaluate(schema, d, { today });
      for (const { path, computed } of leafPaths(compiled, d)) {
        if (computed || !has(d, path)) continue;
        expect(has(once, path), path).toBe(visible.has(path));
      }
    }), RUNS);
  });

  it('changing a hidden value changes neither visibility nor requirement nor errors', () => {
    const scenario = fc.tuple(data, fc.nat(), fc.jsonValue({ maxDepth: 1 }));
    fc.assert(fc.property(scenario, ([d, pick, value]) => {
      const before = check(schema, d, { today });
      const hidden = leafPaths(compiled, d).filter((l) => !before.evaluation.visible.has(l.path));
      if (hidden.length === 0) return;
      const target = hidden[pick % hidden.length].path;
      const after = check(schema, withChanges(d, { [target]: value }), { today });
      expect([...after.evaluation.visible]).toEqual([...before.evaluation.visible]);
      expect([...after.evaluation.required]).toEqual([...before.evaluation.required]);
      expect(after.errors).toEqual(before.errors);
      expect(after.evaluation.warnings).toEqual(before.evaluation.warnings);
    }), RUNS);
  });
});

describe('the §4 table holds for all generated formalization data', () => {
  const schema = form('formalizacion');
  const data = arbitraryFor(schema) as fc.Arbitrary<Record<string, unknown>>;
  const tipo = (d: Record<string, unknown>) => (d.datos_solicitud as Record<string, unknown> | undefined)?.tipo_societario;

  it('PF never shows representative, owners, company name or capital; EIRL never shows owners or applicant type; only SRL shows members documents', () => {
    fc.assert(fc.property(data, (d) => {
      const { visible } = evaluate(schema, d, { today });
      const t = tipo(d);
      if (t === 'PF') {
        for (const p of ['datos_representante', 'propietario_socios', 'datos_solicitud.nombre_de_la_empresa_o_razón_social', 'datos_financieros.capital_aportado_capital_social', 'datos_financieros.costo_por_cuotas', 'informacion_empresarial.fecha_estatutos']) {
          expect(visible.has(p), p).toBe(false);
        }
        expect(visible.has('determinacion_obligaciones')).toBe(true);
      } else {
        expect(visible.has('determinacion_obligaciones')).toBe(false);
      }
      if (t === 'EIRL') {
        for (const p of ['propietario_socios', 'datos_solicitante.tipo_de_solicitante', 'datos_financieros.costo_por_cuotas', 'documentos_requeridos.asamblea_constitutiva']) expect(visible.has(p), p).toBe(false);
        expect(visible.has('documentos_requeridos.carta_bancaria_EIRL')).toBe(true);
      }
      expect(visible.has('documentos_requeridos.cedulas_de_identidad_o_pasaportes_miembros_sociedad')).toBe(t === 'SRL');
      expect(visible.has('documentos_requeridos.cedula_de_identidad')).toBe(t === 'EIRL' || t === 'PF');
      const tn = (d.datos_solicitud as Record<string, unknown> | undefined)?.tienes_nombre_comercial;
      expect(visible.has('datos_solicitud.numero_del_certificado_de_nombre_comercial')).toBe(tn === true);
      if (tn === true) expect(visible.has('datos_solicitud.nombre_de_la_empresa_o_razón_social')).toBe(false);
      // A hidden section hides all it holds.
      for (const p of visible) {
        const parts = p.split('.');
        for (let i = 1; i < parts.length; i++) {
          const parent = parts.slice(0, i).join('.');
          if (!/^\d+$/.test(parts[i - 1])) expect(visible.has(parent), `${parent} de ${p}`).toBe(true);
        }
      }
    }), RUNS);
  });
});
