import { describe, expect, it } from 'vitest';
import { expandUrl, hasPlaceholders, parsePlaceholders, placeholderNames, placeholdersOf } from './placeholders';
import { scopeAt } from '../paths/paths';

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
