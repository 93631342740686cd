import { describe, expect, it } from 'vitest';
import type { FormSchema, SourceDecl } from '@portal/form-engine';
import formalizacion from '../../../../../schemas/formalizacion/schema.json';
import { nodeAt } from '../../data/paths';
import { readdirSync, readFileSync } from 'node:fs';
import { coerceOptionValues, dependencyHint, searchTextsByKey, sourceOptionsOf, toSourceOptions, uniqueExclusions } from './sourceOptions';

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

  it('gives options the searchIn properties as search text (CIIU: `busqueda`, with the division and section titles)', () => {
    const decl = source('actividades_empresariales.actividad_principal');
    expect(decl).toMatchObject({ searchable: true, searchIn: 'busqueda' });
    const body = { data: [{ codigoCiiuDGII: '4610', descripcionCrm: 'Venta al por mayor', busqueda: '4610 venta al por mayor Comercio al por MAYOR' }] };
    const options = toSourceOptions(body, decl);
    expect(options).toEqual([{ value: '4610', label: '4610 - Venta al por mayor', search: '4610 venta al por mayor comercio al por mayor' }]);
    expect(searchTextsByKey(options)).toEqual(new Map([['"4610"', '4610 venta al por mayor comercio al por mayor']]));
    // Not searchable, or without searchIn: no search text.
    expect(toSourceOptions(body, { ...decl, searchable: false })[0]).not.toHaveProperty('search');
    expect(toSourceOptions({ data: [{ id: 1, nombreProvincia: 'Santo Domingo' }] }, source('datos_solicitante.provincia'))[0]).not.toHaveProperty('search');
  });

  it('reads a body once per declaration and stored type (every select of one list shares the options), each reading as toSourceOptions gives it', () => {
    const principal = source('actividades_empresariales.actividad_principal');
    const secundaria = source('actividades_empresariales.actividad_secundaria');
    const body = { data: [{ codigoCiiuDGII: '4610', descripcionCrm: 'Venta al por mayor', busqueda: 'Comercio' }, { codigoCiiuDGII: '620100', descripcionCrm: 'Programación' }] };
    const first = sourceOptionsOf(body, principal, 'string');
    expect(first).toEqual(toSourceOptions(body, principal));
    // Another field with the same declaration (another object), the same body: the same array.
    expect(secundaria).not.toBe(principal);
    expect(sourceOptionsOf(body, { ...principal }, 'string')).toBe(first);
    // What is read differs: another reading.
    expect(sourceOptionsOf(body, { ...principal, label: 'descripcionCrm' }, 'string')).toEqual([
      { value: '4610', label: 'Venta al por mayor', search: 'comercio' },
      { value: '620100', label: 'Programación' },
    ]);
    expect(sourceOptionsOf(body, { ...principal, searchable: false }, 'string')[0]).not.toHaveProperty('search');
    const provinces = { data: [{ id: '7', nombreProvincia: 'Santo Domingo' }] };
    expect(sourceOptionsOf(provinces, source('datos_solicitante.provincia'), 'integer')).toEqual([{ value: 7, label: 'Santo Domingo' }]);
    expect(sourceOptionsOf(provinces, source('datos_solicitante.provincia'), 'string')).toEqual([{ value: '7', label: 'Santo Domingo' }]);
    // Another body (a list read again): read again.
    expect(sourceOptionsOf({ data: [...body.data] }, principal, 'string')).not.toBe(first);
    expect(sourceOptionsOf('no es una lista', principal, 'string')).toEqual([]);
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

describe('the forms in schemas/', () => {
  const schemasDir = new URL('../../../../../schemas/', import.meta.url);
  /** Every x-source of every form, with the form's name. */
  const sources = readdirSync(schemasDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const found: [string, SourceDecl][] = [];
      const walk = (node: unknown): void => {
        if (Array.isArray(node)) node.forEach(walk);
        else if (node && typeof node === 'object') {
          const decl = (node as { 'x-source'?: SourceDecl })['x-source'];
          if (decl) found.push([entry.name, decl]);
          Object.values(node).forEach(walk);
        }
      };
      walk(JSON.parse(readFileSync(new URL(`${entry.name}/schema.json`, schemasDir), 'utf8')));
      return found;
    });

  it('make every Provincia, Municipio, Sector, Nacionalidad and CIIU select searchable', () => {
    const lists = sources.filter(([, decl]) => /^\/v1\/region\/(provincias|municipios|sectores|nacionalidades|actividades-ciiu)\b/.test(decl.url));
    expect(lists.length).toBeGreaterThanOrEqual(25);
    expect(lists.filter(([, decl]) => decl.searchable !== true).map(([form, decl]) => `${form}: ${decl.url}`)).toEqual([]);
    // The CIIU selects also search the division and section titles the list serves in `busqueda`.
    for (const [, decl] of lists.filter(([, d]) => d.url.startsWith('/v1/region/actividades-ciiu'))) expect(decl.searchIn).toBe('busqueda');
  });
});
