import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyMask, caretAfterDigits, maskDigits, unmask } from './mask';

const CEDULA = '###-#######-#';
const PHONE = '(###) ###-####';
const RNC = '#-##-#####-#';

describe('applyMask', () => {
  it('formats complete values of the spec masks', () => {
    expect(applyMask('40223189578', CEDULA)).toBe('402-2318957-8');
    expect(applyMask('8095551234', PHONE)).toBe('(809) 555-1234');
    expect(applyMask('131084524', RNC)).toBe('1-31-08452-4');
  });

  it('formats partial values without trailing literals', () => {
    expect(applyMask('', PHONE)).toBe('');
    expect(applyMask('8', PHONE)).toBe('(8');
    expect(applyMask('809', PHONE)).toBe('(809');
    expect(applyMask('8095', PHONE)).toBe('(809) 5');
    expect(applyMask('402', CEDULA)).toBe('402');
    expect(applyMask('4022', CEDULA)).toBe('402-2');
  });

  it('ignores non-digits and drops digits beyond the mask', () => {
    expect(applyMask('402-231a8957-8', CEDULA)).toBe('402-2318957-8');
    expect(applyMask('402231895781234', CEDULA)).toBe('402-2318957-8');
  });

  it('counts the digits of a mask', () => {
    expect(maskDigits(CEDULA)).toBe(11);
    expect(maskDigits(PHONE)).toBe(10);
    expect(maskDigits(RNC)).toBe(9);
  });

  it('unmask(applyMask(d)) gives back the digits that fit (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{0,15}$/), fc.constantFrom(CEDULA, PHONE, RNC), (digits, mask) => {
        const shown = applyMask(digits, mask);
        expect(unmask(shown)).toBe(digits.slice(0, maskDigits(mask)));
        expect(shown.length).toBeLessThanOrEqual(mask.length);
        // Formatting is idempotent on what the user sees.
        expect(applyMask(shown, mask)).toBe(shown);
      }),
    );
  });
});

describe('unmask', () => {
  it('keeps digits only', () => {
    expect(unmask('(809) 555-1234')).toBe('8095551234');
    expect(unmask('abc')).toBe('');
  });
});

describe('caretAfterDigits', () => {
  it('puts the caret after the n-th digit, skipping literals', () => {
    expect(caretAfterDigits('(809) 5', 4)).toBe(7);
    expect(caretAfterDigits('(809) 5', 3)).toBe(4);
    expect(caretAfterDigits('402-2', 3)).toBe(3);
    expect(caretAfterDigits('(809', 0)).toBe(1);
    expect(caretAfterDigits('', 0)).toBe(0);
    expect(caretAfterDigits('402', 9)).toBe(3);
  });
});
