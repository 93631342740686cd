import { describe, expect, it } from 'vitest';
import { evaluate, type FormSchema } from '@portal/form-engine';
import formalizacion from '../../../../schemas/formalizacion/schema.json';
import srl from '../../../../schemas/formalizacion/fixtures/valid/srl-completa.json';
import { resetDependents } from './resetDependents';
import { applyComputed } from './applyComputed';
import { getAt, setAt } from './paths';

const form = formalizacion as unknown as FormSchema;
const data = srl.data as Record<string, unknown>;

describe('resetDependents', () => {
  it('clears municipio and sector when the provincia changes', () => {
    const next = setAt(data, 'datos_solicitante.provincia', 25);
    const out = resetDependents(form, data, next);
    expect(getAt(out, 'datos_solicitante.provincia')).toBe(25);
    expect(getAt(out, 'datos_solicitante.municipio')).toBeUndefined();
    expect(getAt(out, 'datos_solicitante.sector')).toBeUndefined();
    // Other sections keep their addresses.
    expect(getAt(out, 'datos_representante.municipio')).toBe(getAt(data, 'datos_representante.municipio'));
  });

  it('clears only the sector when the municipio changes', () => {
    const next = setAt(data, 'datos_solicitante.municipio', 151);
    const out = resetDependents(form, data, next);
    expect(getAt(out, 'datos_solicitante.municipio')).toBe(151);
    expect(getAt(out, 'datos_solicitante.sector')).toBeUndefined();
  });

  it('resets inside the same grid row only (fila.*)', () => {
    const base = setAt(setAt(data, 'propietario_socios.0.provincia', 32), 'propietario_socios.0.municipio', 150);
    const withSecond = setAt(setAt(base, 'propietario_socios.1.provincia', 32), 'propietario_socios.1.municipio', 150);
    const next = setAt(withSecond, 'propietario_socios.1.provincia', 25);
    const out = resetDependents(form, withSecond, next);
    expect(getAt(out, 'propietario_socios.1.municipio')).toBeUndefined();
    expect(getAt(out, 'propietario_socios.0.municipio')).toBe(150);
  });

  it('keeps a dependent value that changed in the same update, and ignores row moves', () => {
    const next = setAt(setAt(data, 'datos_solicitante.provincia', 1), 'datos_solicitante.municipio', 7);
    expect(getAt(resetDependents(form, data, next), 'datos_solicitante.municipio')).toBe(7);
    const rows = setAt(data, 'propietario_socios', [{ provincia: 1, municipio: 2 }, { provincia: 3, municipio: 4 }]);
    const removed = setAt(rows, 'propietario_socios', [{ provincia: 3, municipio: 4 }]);
    expect(resetDependents(form, rows, removed)).toBe(removed);
  });

  it('returns the same object when nothing depends on the change', () => {
    const next = setAt(data, 'datos_solicitante.calle', 'Otra');
    expect(resetDependents(form, data, next)).toBe(next);
  });
});

describe('applyComputed', () => {
  it('writes total_cuota and costo_por_cuotas from the evaluation', () => {
    const draft = setAt(setAt(data, 'datos_financieros.total_cuota', 1), 'datos_financieros.costo_por_cuotas', 1);
    const evaluation = evaluate(form, draft, { today: srl.today });
    const out = applyComputed(form, draft, evaluation);
    expect(getAt(out, 'datos_financieros.total_cuota')).toBe(evaluation.computed['datos_financieros.total_cuota']);
    expect(getAt(out, 'datos_financieros.costo_por_cuotas')).toBe(evaluation.computed['datos_financieros.costo_por_cuotas']);
    expect(typeof getAt(out, 'datos_financieros.total_cuota')).toBe('number');
    expect(applyComputed(form, out, evaluate(form, out, { today: srl.today }))).toBe(out);
  });
});
