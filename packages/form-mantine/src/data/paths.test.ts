import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { FormSchema } from '@portal/form-engine';
import { getAt, nodeAt, resolveRelative, rowPathOf, scopeAt, setAt, toDotPath, toTemplatePath } from './paths';

describe('paths', () => {
  it('maps RJSF path lists to dot paths', () => {
    expect(toDotPath([])).toBe('');
    expect(toDotPath(['propietario_socios', 0, 'nombres'])).toBe('propietario_socios.0.nombres');
  });

  it('reads nested values and rows', () => {
    const data = { a: { b: 1 }, grid: [{ x: 'r0' }, { x: 'r1' }] };
    expect(getAt(data, 'a.b')).toBe(1);
    expect(getAt(data, 'grid.1.x')).toBe('r1');
    expect(getAt(data, 'grid.5.x')).toBeUndefined();
    expect(getAt(data, '')).toBe(data);
  });

  it('writes immutably, copying only the objects on the path', () => {
    const data = { a: { b: 1 }, c: { d: 2 }, grid: [{ x: 1 }, { x: 2 }] };
    const next = setAt(data, 'grid.1.x', 9);
    expect(next.grid[1].x).toBe(9);
    expect(data.grid[1].x).toBe(2);
    expect(next.c).toBe(data.c);
    expect(next.grid[0]).toBe(data.grid[0]);
    expect(Array.isArray(next.grid)).toBe(true);
  });

  it('creates missing containers and removes keys with undefined', () => {
    expect(setAt({}, 'a.b', 1)).toEqual({ a: { b: 1 } });
    expect(setAt({}, 'g.0.x', 1)).toEqual({ g: [{ x: 1 }] });
    const removed = setAt({ a: { b: 1, c: 2 } }, 'a.b', undefined);
    expect(removed).toEqual({ a: { c: 2 } });
    expect('b' in removed.a).toBe(false);
  });

  it('round-trips any value written at any path (property)', () => {
    const seg = fc.oneof(fc.constantFrom('a', 'b', 'c'), fc.nat(3).map(String));
    fc.assert(
      fc.property(fc.array(seg, { minLength: 1, maxLength: 4 }), fc.jsonValue(), (segs, value) => {
        const path = segs.join('.');
        const data = setAt({ keep: 1 }, path, value);
        expect(getAt(data, path)).toEqual(value);
        if (segs[0] !== 'keep') expect((data as { keep: number }).keep).toBe(1);
      }),
    );
  });

  it('finds the row of a path and resolves fila references', () => {
    expect(rowPathOf('datos.x')).toBeNull();
    expect(rowPathOf('grid.2.x')).toBe('grid.2');
    expect(rowPathOf('sec.grid.0.x')).toBe('sec.grid.0');
    expect(resolveRelative('fila.nombres', 'grid.3.cedula')).toBe('grid.3.nombres');
    expect(resolveRelative('datos.nombre', 'grid.3.cedula')).toBe('datos.nombre');
    expect(resolveRelative('fila.x', 'datos.y')).toBe('x');
  });

  it('builds the scope of a row for URL templates', () => {
    const data = { grid: [{ p: 1 }, { p: 2 }], d: { q: 3 } };
    expect(scopeAt(data, 'grid.1.m').fila).toEqual({ p: 2 });
    expect(getAt(scopeAt(data, 'grid.1.m'), 'd.q')).toBe(3);
    const withValue = scopeAt(data, 'd.q', { value: 'v' });
    expect(getAt(withValue, 'd.q')).toBe(3);
    expect(withValue.value).toBe('v');
    expect('fila' in scopeAt(data, 'd.q')).toBe(false);
    expect(scopeAt(data, 'd.q')).toBe(data);
  });

  it('walks the schema by data path', () => {
    const schema = {
      $id: 't', type: 'object',
      properties: { grid: { type: 'array', items: { type: 'object', properties: { x: { type: 'string', title: 'X' } } } } },
    } as FormSchema;
    expect(nodeAt(schema, 'grid.4.x')?.title).toBe('X');
    expect(nodeAt(schema, 'grid.*.x')?.title).toBe('X');
    expect(nodeAt(schema, 'nope.x')).toBeUndefined();
    expect(toTemplatePath('grid.4.x')).toBe('grid.*.x');
  });
});
