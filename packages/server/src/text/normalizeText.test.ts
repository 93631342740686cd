import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeText } from './normalizeText';

describe('normalizeText', () => {
  it.each([
    ['  Panadería   La ESPERANZA ', 'panaderia la esperanza'],
    ['Colmado Doña Ñeca', 'colmado dona neca'],
    ['Güemes\tÚreña\n', 'guemes urena'],
  ])('%j -> %j', (input, expected) => expect(normalizeText(input)).toBe(expected));

  it('is idempotent and never leaves double spaces or edges', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (s) => {
        const once = normalizeText(s);
        return normalizeText(once) === once && !once.includes('  ') && once === once.trim();
      }),
      { numRuns: 500 },
    );
  });
});
