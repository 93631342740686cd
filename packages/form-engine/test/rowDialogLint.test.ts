/** `x-row-dialog`: a boolean the grammar accepts on grids only. */
import { describe, expect, it } from 'vitest';
import { lintForm } from '../src/lint/lintForm';
import { form, withChanges } from './forms';
import type { FormSchema } from '../src/types';

const inapa = (changes: Record<string, unknown>): FormSchema =>
  withChanges(form('reclamacion-factura-inapa'), changes) as unknown as FormSchema;

describe('x-row-dialog', () => {
  it('is accepted on a grid', () => {
    expect(lintForm(inapa({ 'properties.facturas.x-row-dialog': true }))).toEqual([]);
    expect(lintForm(inapa({ 'properties.facturas.x-row-dialog': false }))).toEqual([]);
  });

  it('is refused on a section, a field and a grid row, with its pointer', () => {
    expect(lintForm(inapa({ 'properties.contrato.x-row-dialog': true }))).toEqual([
      { pointer: '/properties/contrato/x-row-dialog', message: 'x-row-dialog solo se usa en cuadrículas' },
    ]);
    expect(lintForm(inapa({ 'properties.facturas.items.properties.monto.x-row-dialog': true }))).toEqual([
      { pointer: '/properties/facturas/items/properties/monto/x-row-dialog', message: 'x-row-dialog solo se usa en cuadrículas' },
    ]);
    expect(lintForm(inapa({ 'properties.facturas.items.x-row-dialog': true }))).toEqual([
      { pointer: '/properties/facturas/items/x-row-dialog', message: 'x-row-dialog solo se usa en cuadrículas' },
    ]);
  });

  it('must be a boolean', () => {
    const issues = lintForm(inapa({ 'properties.facturas.x-row-dialog': 'sí' }));
    expect(issues).toEqual([{ pointer: '/properties/facturas/x-row-dialog', message: 'must be boolean' }]);
  });
});
