import { describe, expect, it } from 'vitest';
import type { FormNode } from '../types';
import {
  isRowIndex, isRowPath, nodeAt, resolveRelative, rowPathOf, rowScope, scopeAt, templateInstances, toTemplatePath, valueAt, withNames,
} from './paths';

describe('paths: rows and fila', () => {
  it('knows row indexes and row paths', () => {
    expect(isRowIndex('0')).toBe(true);
    expect(isRowIndex('12')).toBe(true);
    expect(isRowIndex('x1')).toBe(false);
    expect(isRowIndex('')).toBe(false);
    expect(isRowPath('facturas.2')).toBe(true);
    expect(isRowPath('facturas.2.monto')).toBe(false);
    expect(isRowPath('facturas')).toBe(false);
    expect(isRowPath(undefined)).toBe(false);
  });

  it('finds the row of a path (the innermost one) and resolves fila references from it', () => {
    expect(rowPathOf('datos.x')).toBeNull();
    expect(rowPathOf('')).toBeNull();
    expect(rowPathOf('grid.2.x')).toBe('grid.2');
    expect(rowPathOf('grid.2')).toBe('grid.2');
    expect(rowPathOf('a.1.b.3.c')).toBe('a.1.b.3');
    expect(resolveRelative('fila.nombres', 'grid.3.cedula')).toBe('grid.3.nombres');
    expect(resolveRelative('fila', 'grid.3.cedula')).toBe('grid.3');
    expect(resolveRelative('datos.nombre', 'grid.3.cedula')).toBe('datos.nombre');
    expect(resolveRelative('fila.x', 'datos.y')).toBe('x');
  });

  it('builds the scope of a place: the data itself outside grids, `fila` inside, extra names on top', () => {
    const data = { grid: [{ p: 1 }, { p: 2 }, 'not a row'], d: { q: 3 } };
    expect(scopeAt(data, 'd.q')).toBe(data);
    const inRow = scopeAt(data, 'grid.1.m');
    expect(inRow.fila).toEqual({ p: 2 });
    expect(valueAt(inRow, 'd.q')).toBe(3);
    expect(scopeAt(data, 'grid.2.m').fila).toEqual({});
    const withValue = scopeAt(data, 'grid.0.m', { value: 'v' });
    expect(withValue.value).toBe('v');
    expect(valueAt(withValue, 'fila.p')).toBe(1);
    expect('value' in data).toBe(false);
    expect(withNames(data, { value: 1 }).value).toBe(1);
    expect(rowScope(data, null)).toBe(data);
    expect(rowScope(data, { p: 9 }).fila).toEqual({ p: 9 });
  });
});

describe('paths: templates', () => {
  it('turns data paths into template paths', () => {
    expect(toTemplatePath('grid.4.x')).toBe('grid.*.x');
    expect(toTemplatePath('a.0.b.12.c')).toBe('a.*.b.*.c');
    expect(toTemplatePath('datos.x')).toBe('datos.x');
    expect(toTemplatePath('grid.*.x')).toBe('grid.*.x');
    expect(toTemplatePath('')).toBe('');
  });

  it('finds the schema node of a data or template path', () => {
    const schema: FormNode = {
      type: 'object',
      properties: { grid: { type: 'array', items: { type: 'object', properties: { x: { type: 'string', title: 'X' } } } } },
    };
    expect(nodeAt(schema, 'grid.4.x')?.title).toBe('X');
    expect(nodeAt(schema, 'grid.*.x')?.title).toBe('X');
    expect(nodeAt(schema, '')).toBe(schema);
    expect(nodeAt(schema, 'nope.x')).toBeUndefined();
  });

  it('walks every concrete place of a template path, with its row', () => {
    const data = { grid: [{ x: 1 }, null, { x: 3, sub: [{ y: 'a' }] }], d: { q: 2 } };
    // A row that is not an object holds no fields.
    expect(templateInstances(data, 'grid.*.x')).toEqual([
      { path: 'grid.0.x', value: 1, row: { x: 1 } },
      { path: 'grid.2.x', value: 3, row: data.grid[2] },
    ]);
    expect(templateInstances(data, 'grid.*').map((i) => [i.path, i.row])).toEqual([['grid.0', { x: 1 }], ['grid.1', {}], ['grid.2', data.grid[2]]]);
    expect(templateInstances(data, 'grid.*.sub.*.y')).toEqual([{ path: 'grid.2.sub.0.y', value: 'a', row: { y: 'a' } }]);
    expect(templateInstances(data, 'd.q')).toEqual([{ path: 'd.q', value: 2, row: null }]);
    expect(templateInstances(data, 'd.missing')).toEqual([{ path: 'd.missing', value: undefined, row: null }]);
    expect(templateInstances(data, 'none.*.x')).toEqual([]);
  });

  it('skips the grids a filter refuses', () => {
    const data = { grid: [{ x: 1 }, { x: 2 }], other: [{ x: 3 }] };
    const seen: string[] = [];
    const kept = templateInstances(data, 'grid.*.x', (grid, rows) => {
      seen.push(`${grid}:${rows.length}`);
      return false;
    });
    expect(kept).toEqual([]);
    expect(seen).toEqual(['grid:2']);
    expect(templateInstances(data, 'grid.*.x', () => true).map((i) => i.path)).toEqual(['grid.0.x', 'grid.1.x']);
  });
});
