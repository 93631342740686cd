/** The catalogue's address: what it reads, what it writes, and what it ignores. */
import { describe, expect, it } from 'vitest';
import { countLabel, emptyResultTitle, hasFilters, readFilters, writeFilters } from './filters';

describe('catalogue filters in the address', () => {
  it('reads every filter and writes it back the same', () => {
    const search = new URLSearchParams('q=certificación&area=2&institucion=7&tipo=en_linea&canal=presencial&pagina=3');
    const filters = readFilters(search);
    expect(filters).toEqual({ q: 'certificación', area: 2, institution: 7, type: 'en_linea', channel: 'presencial', page: 3 });
    expect(writeFilters(filters).toString()).toBe(search.toString());
    expect(hasFilters(filters)).toBe(true);
  });

  it('ignores what is malformed or unknown, and leaves page 1 and empty filters out', () => {
    const filters = readFilters(new URLSearchParams('q=%20%20&area=abc&institucion=-1&tipo=otro&canal=__proto__&pagina=0&x=1'));
    expect(filters).toEqual({ q: '', area: null, institution: null, type: null, channel: null, page: 1 });
    expect(writeFilters(filters).toString()).toBe('');
    expect(hasFilters(filters)).toBe(false);
  });

  it('counts in Spanish', () => {
    expect(countLabel(1)).toBe('1 servicio');
    expect(countLabel(0)).toBe('0 servicios');
    expect(countLabel(1065)).toMatch(/^1.065 servicios$/);
  });
});

describe('the heading of an empty result', () => {
  const of = (query: string) => emptyResultTitle(readFilters(new URLSearchParams(query)));
  it('speaks of filters only when one is set', () => {
    expect(of('q=zzz')).toBe('No encontramos servicios para «zzz».');
    expect(of('q=zzz&area=2')).toBe('No encontramos servicios para «zzz» con estos filtros.');
    expect(of('tipo=en_linea')).toBe('No encontramos servicios con estos filtros.');
    expect(of('')).toBe('El catálogo no tiene servicios todavía.');
  });
});
