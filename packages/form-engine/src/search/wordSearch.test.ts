import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldText, matchesAllWords, searchText, searchWords, wordMatcher } from './wordSearch';

describe('searchText', () => {
  it.each([
    ['  San Cristóbal ', 'san cristobal'],
    ['Peña\tÚREÑA\n', 'pena urena'],
    ['Venta (al por MAYOR), n.c.p.', 'venta al por mayor n c p'],
    ['4610 - Venta al por mayor', '4610 venta al por mayor'],
    ['İstanbul', 'istanbul'],
  ])('%j -> %j', (input, expected) => expect(searchText(input)).toBe(expected));

  it('folds case and accents and keeps the rest', () => {
    expect(foldText('Ñeca, Güemes  (Ú)')).toBe('neca, guemes  (u)');
  });

  it('is idempotent and leaves only single spaces between letters and digits', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (s) => {
        const once = searchText(s);
        return searchText(once) === once && !once.includes('  ') && once === once.trim() && !/[^\p{L}\p{N} ]/u.test(once);
      }),
      { numRuns: 500 },
    );
  });

  it('splits a query into its words; a blank query has none', () => {
    expect(searchWords('  mayor,   COMERCIO ')).toEqual(['mayor', 'comercio']);
    expect(searchWords(' \t ')).toEqual([]);
    expect(searchWords('—')).toEqual([]);
  });
});

describe('matchesAllWords', () => {
  it('ignores accents and case, on either side', () => {
    expect(matchesAllWords('San Cristóbal', 'san cristobal')).toBe(true);
    expect(matchesAllWords('San Cristobal', 'SAN CRISTÓBAL')).toBe(true);
    expect(matchesAllWords('Constanza', 'CONSTANZA')).toBe(true);
    expect(matchesAllWords('Bahameña', 'bahamena')).toBe(true);
  });

  it('takes the words in any order', () => {
    expect(matchesAllWords('Santo Domingo Este', 'este santo')).toBe(true);
    expect(matchesAllWords('Comercio al por mayor, excepto el de vehículos', 'mayor comercio')).toBe(true);
  });

  it('ignores extra spaces and punctuation in the query', () => {
    expect(matchesAllWords('Santo Domingo Este', '   este ,  santo  ')).toBe(true);
    expect(matchesAllWords('Santo Domingo Este', 'santo-domingo')).toBe(true);
  });

  it('needs every word', () => {
    expect(matchesAllWords('Santo Domingo Este', 'santo norte')).toBe(false);
    expect(matchesAllWords('Santo Domingo Este', 'santo domingo este oeste')).toBe(false);
  });

  it('matches the beginning of words, not their inside', () => {
    expect(matchesAllWords('San Cristóbal', 'crist')).toBe(true);
    expect(matchesAllWords('Santo Domingo Oeste', 'este')).toBe(false);
    expect(matchesAllWords('Santo Domingo Oeste', 'oeste')).toBe(true);
    expect(matchesAllWords('4610 - Venta al por mayor', '46')).toBe(true);
    expect(matchesAllWords('4610 - Venta al por mayor', '4610')).toBe(true);
    expect(matchesAllWords('4610 - Venta al por mayor', '610')).toBe(false);
  });

  it('lets a blank query match everything', () => {
    expect(matchesAllWords('Santo Domingo Este', '')).toBe(true);
    expect(matchesAllWords('', '   ')).toBe(true);
    expect(matchesAllWords('', 'santo')).toBe(false);
  });

  it('agrees with the matcher built once per query over prepared texts', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.string({ maxLength: 10 }), (text, query) => matchesAllWords(text, query) === wordMatcher(query)(searchText(text))),
      { numRuns: 300 },
    );
  });

  it('finds a text by any of its own words, in any order', () => {
    const word = fc.stringMatching(/^[a-zñáéíóúü]{1,8}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 5 }), (words) => matchesAllWords(words.join(' '), [...words].reverse().join('  ').toUpperCase())),
      { numRuns: 300 },
    );
  });
});
