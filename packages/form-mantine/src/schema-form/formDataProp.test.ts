import { describe, expect, it } from 'vitest';
import { FormDataProp, sameShape } from './formDataProp';

describe('FormDataProp', () => {
  it('hands RJSF its first data and keeps that prop while only values change', () => {
    const p = new FormDataProp();
    const loaded = { calle: 'A', socios: [{ nombres: 'Ana' }] };
    expect(p.propFor(loaded)).toBe(loaded);
    expect(p.propFor({ calle: 'Av', socios: [{ nombres: 'Ana M' }] })).toBe(loaded);
    expect(p.propFor({ socios: [{}] })).toBe(loaded);
  });

  it('hands new data when a grid gains or loses rows, at any depth', () => {
    const p = new FormDataProp();
    p.propFor({ socios: [{ a: 1 }] });
    const added = { socios: [{ a: 1 }, {}] };
    expect(p.propFor(added)).toBe(added);
    const nested = { socios: [{ a: 1, hijos: [{}] }, {}] };
    expect(p.propFor(nested)).toBe(nested);
    const removed = { socios: [{}] };
    expect(p.propFor(removed)).toBe(removed);
  });
});

describe('sameShape', () => {
  it('compares row counts only; a missing grid is an empty one', () => {
    expect(sameShape({ g: [] }, {})).toBe(true);
    expect(sameShape({ g: [1] }, {})).toBe(false);
    expect(sameShape({}, { g: [1] })).toBe(false);
    expect(sameShape({ a: 'x', g: [{ b: 1 }] }, { a: 'y', g: [{ b: 2, c: 3 }] })).toBe(true);
    expect(sameShape({ s: { g: [{}, {}] } }, { s: { g: [{}] } })).toBe(false);
    expect(sameShape('a', 'b')).toBe(true);
  });
});
