/** `x-row-label`: on grids only, naming fields of the grid's rows (one list, or a list of alternatives). */
import { describe, expect, it } from 'vitest';
import { lintForm } from '../src/lint/lintForm';
import { form, withChanges } from './forms';
import type { FormSchema } from '../src/types';

const formalizacion = (changes: Record<string, unknown>): FormSchema =>
  withChanges(form('formalizacion'), changes) as unknown as FormSchema;

describe('x-row-label', () => {
  it('is accepted on a grid as one list of its row fields or as alternatives', () => {
    expect(lintForm(formalizacion({ 'properties.propietario_socios.x-row-label': ['nombres', 'apellidos'] }))).toEqual([]);
    expect(lintForm(formalizacion({ 'properties.propietario_socios.x-row-label': [['nombres', 'apellidos'], ['nombre_empresa']] }))).toEqual([]);
  });

  it('refuses a name that is not a field of the rows, with its pointer', () => {
    expect(lintForm(formalizacion({ 'properties.propietario_socios.x-row-label': ['nombres', 'apellido'] }))).toEqual([
      { pointer: '/properties/propietario_socios/x-row-label/1', message: '"apellido" no es un campo de las filas' },
    ]);
    expect(lintForm(formalizacion({ 'properties.propietario_socios.x-row-label': [['nombres'], ['empresa']] }))).toEqual([
      { pointer: '/properties/propietario_socios/x-row-label/1/0', message: '"empresa" no es un campo de las filas' },
    ]);
    // A field of the section, not of the rows.
    expect(lintForm(formalizacion({ 'properties.referencias_bancarias.x-row-label': ['referencias_bancarias'] }))).toEqual([
      { pointer: '/properties/referencias_bancarias/x-row-label/0', message: '"referencias_bancarias" no es un campo de las filas' },
    ]);
  });

  it('is refused outside a grid', () => {
    expect(lintForm(formalizacion({ 'properties.datos_solicitante.x-row-label': ['nombre'] }))).toEqual([
      { pointer: '/properties/datos_solicitante/x-row-label', message: 'x-row-label solo se usa en cuadrículas' },
    ]);
  });

  it('must be a non-empty list of field names', () => {
    expect(lintForm(formalizacion({ 'properties.propietario_socios.x-row-label': 'nombres' })).map((i) => i.pointer)).toContain('/properties/propietario_socios/x-row-label');
    expect(lintForm(formalizacion({ 'properties.propietario_socios.x-row-label': [] })).map((i) => i.pointer)).toContain('/properties/propietario_socios/x-row-label');
  });
});
