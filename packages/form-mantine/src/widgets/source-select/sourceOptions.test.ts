import { describe, expect, it } from 'vitest';
import type { FormSchema, SourceDecl } from '@portal/form-engine';
import formalizacion from '../../../../../schemas/formalizacion/schema.json';
import { nodeAt } from '../../data/paths';
import { coerceOptionValues, dependencyHint, toSourceOptions, uniqueExclusions } from './sourceOptions';

const form = formalizacion as unknown as FormSchema;
const source = (path: string) => nodeAt(form, path)?.['x-source'] as SourceDecl;

describe('toSourceOptions', () => {
  it('reads provinces at the items path with value and label properties', () => {
    const body = { data: [{ id: 32, nombreProvincia: 'Santo Domingo' }, { id: 1, nombreProvincia: 'Distrito Nacional' }] };
    expect(toSourceOptions(body, source('datos_solicitante.provincia'))).toEqual([
      { value: 32, label: 'Santo Domingo' },
      { value: 1, label: 'Distrito Nacional' },
    ]);
  });

  it('joins several label properties with " - " (CIIU) and skips broken items', () => {
    const body = { data: [{ codigoCiiuDGII: '620100', descripcionCrm: 'Programación informática' }, null, { descripcionCrm: 'sin código' }] };
    expect(toSourceOptions(body, source('actividades_empresariales.actividad_principal'))).toEqual([
      { value: '620100', label: '620100 - Programación informática' },
    ]);
    expect(toSourceOptions({ data: 'nope' }, source('datos_solicitante.provincia'))).toEqual([]);
  });

  it('coerces numeric strings for integer fields', () => {
    expect(coerceOptionValues([{ value: '7', label: 'x' }], 'integer')).toEqual([{ value: 7, label: 'x' }]);
    expect(coerceOptionValues([{ value: '7', label: 'x' }], 'string')).toEqual([{ value: '7', label: 'x' }]);
  });
});

describe('uniqueExclusions', () => {
  it('lists banks chosen in the other rows of referencias_bancarias', () => {
    const data = { referencias_bancarias: [{ nombre_del_banco: 1 }, { nombre_del_banco: 4 }, {}] };
    expect(JSON.parse(uniqueExclusions(form, data, 'referencias_bancarias.2.nombre_del_banco'))).toEqual([1, 4]);
    expect(JSON.parse(uniqueExclusions(form, data, 'referencias_bancarias.0.nombre_del_banco'))).toEqual([4]);
  });

  it('excludes nothing where the grid has no x-unique for the field', () => {
    const data = { propietario_socios: [{ provincia: 1 }, { provincia: 1 }] };
    expect(uniqueExclusions(form, data, 'propietario_socios.1.provincia')).toBe('[]');
    expect(uniqueExclusions(form, data, 'datos_solicitante.provincia')).toBe('[]');
  });
});

describe('dependencyHint', () => {
  it('names the field the URL waits for, inside rows too', () => {
    expect(dependencyHint(form, source('datos_solicitante.municipio'), 'datos_solicitante.municipio')).toMatch(/^Seleccione primero: /);
    const rowHint = dependencyHint(form, source('propietario_socios.*.sector'), 'propietario_socios.0.sector');
    expect(rowHint).toBe(`Seleccione primero: ${nodeAt(form, 'propietario_socios.0.municipio')?.title}`);
  });
});
