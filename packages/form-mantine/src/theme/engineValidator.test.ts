import { describe, expect, it } from 'vitest';
import { engineValidator, matchesSchema } from './engineValidator';

describe('engineValidator', () => {
  it('matches const options as RJSF asks while computing oneOf defaults', () => {
    expect(matchesSchema({ const: 'SDQ', title: 'Cámara' }, 'SDQ')).toBe(true);
    expect(matchesSchema({ const: 'SDQ' }, 'STI')).toBe(false);
    expect(matchesSchema({ const: true }, true)).toBe(true);
    expect(matchesSchema({ const: 1 }, '1')).toBe(false);
  });

  it('checks enum, type and nested properties', () => {
    expect(matchesSchema({ enum: ['a', 'b'] }, 'b')).toBe(true);
    expect(matchesSchema({ type: 'integer' }, 1.5)).toBe(false);
    expect(matchesSchema({ type: 'object', properties: { a: { const: 1 } } }, { a: 1 })).toBe(true);
    expect(matchesSchema({ type: 'object', properties: { a: { const: 1 } } }, { a: 2 })).toBe(false);
  });

  it('never reports validation errors (the engine owns messages)', () => {
    expect(engineValidator.validateFormData({ a: 1 }, { type: 'string' })).toEqual({ errors: [], errorSchema: {} });
  });
});
