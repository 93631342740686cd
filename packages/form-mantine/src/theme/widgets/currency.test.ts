import { describe, expect, it } from 'vitest';
import { currencyPrefix, esDoSeparators, formatAmount } from './currency';

describe('currency', () => {
  it('maps codes to prefixes, DOP by default', () => {
    expect(currencyPrefix('DOP')).toBe('RD$ ');
    expect(currencyPrefix('USD')).toBe('US$ ');
    expect(currencyPrefix('EUR')).toBe('€ ');
    expect(currencyPrefix(undefined)).toBe('RD$ ');
  });

  it('formats es-DO amounts', () => {
    expect(esDoSeparators()).toEqual({ group: ',', decimal: '.' });
    expect(formatAmount(1234.5, 'DOP')).toBe('RD$ 1,234.50');
    expect(formatAmount(100000, 'USD')).toBe('US$ 100,000.00');
  });
});
