import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { optionKey, toChoices } from './selectOptions';

const CIERRE = [
  { value: '03-31', label: '31 de marzo' },
  { value: '06-30', label: '30 de junio' },
  { value: '09-30', label: '30 de septiembre' },
  { value: '12-31', label: '31 de diciembre' },
];

describe('toChoices', () => {
  it('keeps only the options the rules allow (PF: 31 December only)', () => {
    const c = toChoices(CIERRE, undefined, ['12-31']);
    expect(c.items.map((i) => i.label)).toEqual(['31 de diciembre']);
    expect(c.valueOf(c.items[0].value)).toBe('12-31');
  });

  it('keeps the current value even when no longer allowed, so the error has something to point at', () => {
    const c = toChoices(CIERRE, '03-31', ['12-31']);
    expect(c.items.map((i) => i.value)).toEqual([optionKey('03-31'), optionKey('12-31')]);
  });

  it('leaves out values chosen in other rows, typed values round-trip', () => {
    const banks = [{ value: 1, label: 'Banco A' }, { value: 2, label: 'Banco B' }, { value: 3, label: 'Banco C' }];
    const c = toChoices(banks, 2, undefined, [1, 2]);
    expect(c.items.map((i) => i.label)).toEqual(['Banco B', 'Banco C']);
    expect(c.valueOf(c.keyOf(3))).toBe(3);
    expect(c.valueOf(null)).toBeUndefined();
    const yesNo = toChoices([{ value: true, label: 'Sí' }, { value: false, label: 'No' }]);
    expect(yesNo.valueOf(yesNo.keyOf(false))).toBe(false);
  });

  it('never produces duplicate keys (Mantine throws on them) and keeps number and string apart', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.integer({ min: 0, max: 5 }), fc.constantFrom('1', '2', 'a'))), (values) => {
        const c = toChoices(values.map((v) => ({ value: v, label: String(v) })));
        const keys = c.items.map((i) => i.value);
        expect(new Set(keys).size).toBe(keys.length);
        for (const item of c.items) expect(optionKey(c.valueOf(item.value))).toBe(item.value);
      }),
    );
  });
});
