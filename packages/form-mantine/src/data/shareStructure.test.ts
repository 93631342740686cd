import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { shareStructure } from './shareStructure';
import { setAt } from './paths';

describe('shareStructure', () => {
  it('keeps untouched sections and rows, replaces the changed path', () => {
    const prev = { a: { x: 1 }, grid: [{ n: 1 }, { n: 2 }], b: { y: 2 } };
    const next = structuredClone(setAt(prev, 'grid.1.n', 3));
    const out = shareStructure(prev, next);
    expect(out).toEqual(next);
    expect(out.a).toBe(prev.a);
    expect(out.b).toBe(prev.b);
    expect(out.grid[0]).toBe(prev.grid[0]);
    expect(out.grid[1]).not.toBe(prev.grid[1]);
    expect(shareStructure(prev, structuredClone(prev))).toBe(prev);
  });

  it('treats an added key, even undefined, as a change', () => {
    const prev = { a: { x: 1 } };
    const out = shareStructure(prev, { a: { x: 1, y: undefined } });
    expect(out.a).not.toBe(prev.a);
    expect('y' in out.a).toBe(true);
  });

  it('keeps a "__proto__" key of the data as a key', () => {
    const next = JSON.parse('{"__proto__": 0, "a": {"b": 1}}') as Record<string, unknown>;
    const out = shareStructure({}, next);
    expect(Object.keys(out)).toEqual(['__proto__', 'a']);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(out).toEqual(next);
  });

  it('always deep-equals next and returns prev when equal (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        expect(shareStructure(a, b)).toEqual(b);
        expect(shareStructure(a, structuredClone(a))).toBe(a);
      }),
    );
  });
});
