import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cedulaCheckDigit, isValidCedula } from './cedula';
import { isValidRnc, rncCheckDigit } from './rnc';
import { isValidPersonName } from './personName';
import { isValidEmail } from './email';

const withCedulaCheck = (ten: string) => ten + cedulaCheckDigit(ten);
const withRncCheck = (eight: string) => eight + rncCheckDigit(eight);

describe('isValidCedula', () => {
  it.each(['00113918205', '40212345678', '22300000001', '03100456783'])('accepts %s (valid check digit)', (c) => {
    // Vectors computed by hand: weights 1,2,1,2..., digit sums of products, check = (10 - sum % 10) % 10.
    expect(isValidCedula(c)).toBe(true);
  });
  it.each([
    ['00013918205', 'prefix 000'],
    ['40212345673', 'wrong check digit'],
    ['11111111111', 'repeated digits'],
    ['12345678901', 'sequential digits'],
    ['98765432109', 'descending digits'],
    ['4021234567', 'ten digits'],
    ['402-1234567-2', 'mask characters'],
    ['4021234567a', 'a letter'],
  ])('rejects %s (%s)', (c) => expect(isValidCedula(c)).toBe(false));
  it('rejects non-strings', () => {
    for (const v of [40212345672, null, undefined, {}, []]) expect(isValidCedula(v)).toBe(false);
  });
  it('a single changed digit always breaks the check digit', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9]\d{9}$/), fc.integer({ min: 0, max: 9 }), fc.integer({ min: 1, max: 9 }), (ten, pos, delta) => {
        const valid = withCedulaCheck(ten);
        const digits = valid.split('');
        digits[pos] = String((Number(digits[pos]) + delta) % 10);
        const changed = digits.join('');
        // Luhn detects every single-digit error.
        return cedulaCheckDigit(changed.slice(0, 10)) !== Number(changed[10]);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('isValidRnc', () => {
  it.each(['101000015', '130000018', '401007551'])('accepts %s', (r) => expect(isValidRnc(r)).toBe(true));
  it.each(['101000013', '10100001', '1010000120', '10100001a', '111111111'])('rejects %s', (r) => expect(isValidRnc(r)).toBe(false));
  it('the check digit follows weights 7,9,8,6,5,4,3,2', () => {
    // 1*7+0*9+1*8+0+0+0+0+1*2 = 17; 17 % 11 = 6; 11 - 6 = 5
    expect(rncCheckDigit('10100001')).toBe(5);
    // sum 0 -> remainder 0 -> 2
    expect(rncCheckDigit('00000000')).toBe(2);
    fc.assert(fc.property(fc.stringMatching(/^\d{8}$/), (eight) => {
      const d = rncCheckDigit(eight);
      return d >= 1 && d <= 9;
    }), { numRuns: 1000 });
  });
  it('a generated RNC with its check digit passes, with any other last digit it fails', () => {
    fc.assert(fc.property(fc.stringMatching(/^[1-9]\d{7}$/), fc.integer({ min: 1, max: 9 }), (eight, delta) => {
      const rnc = withRncCheck(eight);
      const wrong = eight + ((Number(rnc[8]) + delta) % 10);
      return (isValidRnc(rnc) || /^(\d)\1{8}$/.test(rnc)) && !isValidRnc(wrong);
    }), { numRuns: 1000 });
  });
});

describe('isValidPersonName', () => {
  it.each(['María José', 'Núñez', 'Güemes', 'JOSÉ ÁNGEL', 'Peña Gómez', 'Françoise'])('accepts %s', (n) => expect(isValidPersonName(n)).toBe(true));
  it.each(['Juan2', 'O\'Neil', 'Ana-María', '   ', '', 'Juan_Pérez', 'Mª', 'José\tLuis'])('rejects %j', (n) => expect(isValidPersonName(n)).toBe(false));
});

describe('isValidEmail', () => {
  it.each(['ana@example.com', 'j.perez+portal@gob.do', 'x_y@sub.dominio.com.do'])('accepts %s', (e) => expect(isValidEmail(e)).toBe(true));
  it.each(['ana@', '@example.com', 'ana example@x.com', 'ana@example', 'ana@@example.com', 'ana@example.c', 'a..b@x.com', 'ana@-x.com'])('rejects %s', (e) => expect(isValidEmail(e)).toBe(false));
});
