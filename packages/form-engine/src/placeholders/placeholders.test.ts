import { describe, expect, it } from 'vitest';
import { expandUrl, fixedSourceUrls, hasPlaceholders, parsePlaceholders, placeholderNames, placeholdersOf, sourceUrls } from './placeholders';
import { scopeAt, valueAt } from '../paths/paths';
import type { FormNode } from '../types';
import { fixtures, form } from '../../test/forms';

describe('URL placeholders', () => {
  it('parses a template into text and placeholders', () => {
    expect(parsePlaceholders('/v1/m?p={ a.b }&q={fila.c}')).toEqual([
      { text: '/v1/m?p=' }, { name: 'a.b', raw: ' a.b ' }, { text: '&q=' }, { name: 'fila.c', raw: 'fila.c' },
    ]);
    expect(parsePlaceholders('/v1/provincias')).toEqual([{ text: '/v1/provincias' }]);
    expect(parsePlaceholders('')).toEqual([]);
    // Empty braces are text, not a placeholder.
    expect(placeholderNames('/x/{}/{y}')).toEqual(['y']);
    expect(placeholdersOf('/x/{ y }').map((p) => p.raw)).toEqual([' y ']);
  });

  it('lists names and tells whether a URL depends on the data', () => {
    expect(placeholderNames('/v1/region/sectores?municipioId={datos.municipio}&p={value}')).toEqual(['datos.municipio', 'value']);
    expect(hasPlaceholders('/v1/region/provincias')).toBe(false);
    expect(hasPlaceholders('/v1/jce/{value}')).toBe(true);
  });

  it('fills placeholders, encoded, and refuses a URL with a missing value', () => {
    expect(expandUrl('/v1/region/municipios?provinciaId={p.id}', { p: { id: 32 } })).toBe('/v1/region/municipios?provinciaId=32');
    expect(expandUrl('/v1/jce/{ value }', { value: '../x y' })).toBe('/v1/jce/..%2Fx%20y');
    expect(expandUrl('/v1/region/sectores?municipioId={m}', {})).toBeNull();
    expect(expandUrl('/v1/x/{m}', { m: '' })).toBeNull();
    expect(expandUrl('/v1/x/{m}', { m: '\uD800' })).toBeNull();
    expect(expandUrl('/v1/x', {})).toBe('/v1/x');
  });

  it('reads `fila` from the row of the field', () => {
    const data = { grid: [{ provincia: 1 }, { provincia: 25 }] };
    expect(expandUrl('/v1/region/municipios?provinciaId={fila.provincia}', scopeAt(data, 'grid.1.municipio'))).toBe('/v1/region/municipios?provinciaId=25');
    expect(expandUrl('/v1/region/municipios?provinciaId={fila.provincia}', scopeAt(data, 'datos.municipio'))).toBeNull();
  });
});

describe('sourceUrls: the option lists a section asks for', () => {
  const schema = form('formalizacion');
  const section = (key: string) => (schema.properties ?? {})[key];

  it('lists a section\'s fixed lists, and those whose values are filled', () => {
    expect(sourceUrls(section('actividades_empresariales'), 'actividades_empresariales', {})).toEqual(['/v1/region/actividades-ciiu']);
    const data = { datos_empresa: { provincia: 25, municipio: 2501 } };
    expect(sourceUrls(section('datos_empresa'), 'datos_empresa', data)).toEqual([
      '/v1/region/provincias?limit=1000&page=1&paisId=1',
      '/v1/region/municipios?limit=100&page=1&provinciaId=25',
      '/v1/region/sectores?limit=500&page=1&municipioId=2501',
    ]);
    // No municipality chosen: the sectors' list cannot be asked for yet.
    expect(sourceUrls(section('datos_empresa'), 'datos_empresa', { datos_empresa: { provincia: 25 } })).toEqual([
      '/v1/region/provincias?limit=1000&page=1&paisId=1',
      '/v1/region/municipios?limit=100&page=1&provinciaId=25',
    ]);
  });

  it('fills `fila.` templates once per grid row, without repeats', () => {
    const data = { propietario_socios: [{ provincia: 1, municipio: 101 }, { provincia: 25 }, { provincia: 1, municipio: 101 }] };
    expect(sourceUrls(section('propietario_socios'), 'propietario_socios', data)).toEqual([
      '/v1/region/nacionalidades',
      '/v1/region/provincias?limit=1000&page=1&paisId=1',
      '/v1/region/municipios?limit=100&page=1&provinciaId=1',
      '/v1/region/sectores?limit=500&page=1&municipioId=101',
      '/v1/region/municipios?limit=100&page=1&provinciaId=25',
    ]);
    expect(sourceUrls(section('propietario_socios'), 'propietario_socios', {})).toEqual([]);
  });

  it('fixedSourceUrls: the lists no answer changes, grid rows\' included with or without rows (what the browser asks for before the draft)', () => {
    expect(fixedSourceUrls(section('actividades_empresariales'))).toEqual(['/v1/region/actividades-ciiu']);
    // The partners' grid: nationality and province lists for any row; municipalities and sectors depend on a row's answers.
    expect(fixedSourceUrls(section('propietario_socios'))).toEqual(['/v1/region/nacionalidades', '/v1/region/provincias?limit=1000&page=1&paisId=1']);
    expect(fixedSourceUrls(section('datos_empresa'))).toEqual(['/v1/region/provincias?limit=1000&page=1&paisId=1']);
    // With a row, each fixed list is one the section's selects ask for.
    const data = { propietario_socios: [{ provincia: 1 }] };
    for (const url of fixedSourceUrls(section('propietario_socios'))) expect(sourceUrls(section('propietario_socios'), 'propietario_socios', data)).toContain(url);
  });

  it('gives the URLs the selects fill: every x-source field of a valid application, filled where it sits', () => {
    for (const { file, data } of fixtures('formalizacion', 'valid')) {
      const expected = new Set<string>();
      const visit = (node: FormNode, path: string) => {
        const source = node['x-source'];
        if (source) {
          const url = expandUrl(source.url, scopeAt(data, path));
          if (url !== null) expected.add(url);
        }
        for (const [key, child] of Object.entries(node.properties ?? {})) visit(child, path ? `${path}.${key}` : key);
        const rows = valueAt(data, path);
        if (node.items && Array.isArray(rows)) rows.forEach((_, i) => visit(node.items as FormNode, `${path}.${i}`));
      };
      visit(schema, '');
      expect(new Set(sourceUrls(schema, '', data)), file).toEqual(expected);
    }
  });
});
