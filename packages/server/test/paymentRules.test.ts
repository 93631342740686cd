/** The shared payment rules (packages/api-contract/src/paymentRules.ts) that the browser and the server both apply. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  authorizationCodeDigits,
  authorizationCodeValid,
  cardBrand,
  cardDigits,
  cardPageAmount,
  cardPageOrderNumber,
  chargeWithVariations,
  cvvDigits,
  durationLabel,
  estimatedTime,
  expiryValid,
  formatExpiry,
  formatPesos,
  groupCardNumber,
  luhnValid,
  normalizeQuantity,
} from '@portal/api-contract';

/** The check digit that makes `body` pass the Luhn check (computed independently of luhnValid). */
function luhnCheckDigit(body: string): number {
  let sum = 0;
  const digits = body.split('').map(Number).reverse();
  digits.forEach((d, i) => {
    // The check digit will sit at position 0, so the body's rightmost digit is doubled.
    const v = i % 2 === 0 ? d * 2 : d;
    sum += v > 9 ? v - 9 : v;
  });
  return (10 - (sum % 10)) % 10;
}

const digitString = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...'0123456789'.split('')), minLength: min, maxLength: max });

describe('card number', () => {
  it('the sandbox and well-known test numbers pass Luhn; a changed last digit fails', () => {
    for (const n of ['4242424242424242', '4000000000000002', '4000000000009995', '4000000000000119', '5555555555554444', '378282246310005']) {
      expect(luhnValid(n), n).toBe(true);
    }
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42424242424')).toBe(false);
    expect(luhnValid('4242 4242 4242 4242')).toBe(false);
    expect(luhnValid('')).toBe(false);
  });

  it('property: a body with its check digit passes; any other last digit fails', () => {
    fc.assert(
      fc.property(digitString(11, 18), fc.integer({ min: 1, max: 9 }), (body, shift) => {
        const check = luhnCheckDigit(body);
        expect(luhnValid(body + String(check))).toBe(true);
        expect(luhnValid(body + String((check + shift) % 10))).toBe(false);
      }),
    );
  });

  it('property: a single changed digit anywhere is caught', () => {
    fc.assert(
      fc.property(digitString(12, 15), fc.nat(), fc.integer({ min: 1, max: 9 }), (body, at, shift) => {
        const valid = body + String(luhnCheckDigit(body));
        const i = at % valid.length;
        const changed = valid.slice(0, i) + String((Number(valid[i]) + shift) % 10) + valid.slice(i + 1);
        expect(luhnValid(changed)).toBe(false);
      }),
    );
  });

  it('property: grouping shows the same digits (at most 16) in groups of four, and reading it back gives them again', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (typed) => {
        const digits = cardDigits(typed);
        expect(digits).toMatch(/^\d{0,16}$/);
        const grouped = groupCardNumber(typed);
        expect(grouped.replace(/ /g, '')).toBe(digits);
        expect(grouped).toMatch(/^(\d{4} )*\d{0,4}$/);
        expect(grouped.endsWith(' ')).toBe(false);
        expect(cardDigits(grouped)).toBe(digits);
        expect(groupCardNumber(grouped)).toBe(grouped);
      }),
    );
    expect(groupCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(groupCardNumber('4242-4242 42a')).toBe('4242 4242 42');
    expect(cardDigits('42424242424242424242')).toBe('4242424242424242');
  });

  it('brand from the first digits', () => {
    expect(cardBrand('4242424242424242')).toBe('VISA');
    expect(cardBrand('5555555555554444')).toBe('MASTERCARD');
    expect(cardBrand('2223003122003222')).toBe('MASTERCARD');
    expect(cardBrand('378282246310005')).toBe('AMEX');
    expect(cardBrand('6011111111111117')).toBe('DISCOVER');
    expect(cardBrand('9999')).toBe('TARJETA');
  });
});

describe('expiry and security code', () => {
  const now = new Date(Date.UTC(2026, 10, 24));

  it('typed as MM/YY, at most 5 characters', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('12/30')).toBe('12/30');
    expect(formatExpiry('1230999')).toBe('12/30');
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (s) => {
        expect(formatExpiry(s)).toMatch(/^\d{0,2}(\/\d{1,2})?$/);
      }),
    );
  });

  it('valid through its month; a past month, month 13 or 00 is not', () => {
    expect(expiryValid('11/26', now)).toBe(true);
    expect(expiryValid('12/30', now)).toBe(true);
    expect(expiryValid('10/26', now)).toBe(false);
    expect(expiryValid('01/20', now)).toBe(false);
    expect(expiryValid('13/26', now)).toBe(false);
    expect(expiryValid('00/27', now)).toBe(false);
    expect(expiryValid('1/27', now)).toBe(false);
  });

  it('security code: digits, at most 4', () => {
    expect(cvvDigits('12a3')).toBe('123');
    expect(cvvDigits('123456')).toBe('1234');
  });
});

describe('authorization code, quantity, amounts', () => {
  it('authorization code: 11 digits', () => {
    expect(authorizationCodeDigits('123-456-789-0123')).toBe('12345678901');
    expect(authorizationCodeValid('12345678901')).toBe(true);
    expect(authorizationCodeValid('1234567890')).toBe(false);
  });

  it('quantity: at least 1, whole, at most 999', () => {
    expect(normalizeQuantity('abc')).toBe(1);
    expect(normalizeQuantity(0)).toBe(1);
    expect(normalizeQuantity('3')).toBe(3);
    expect(normalizeQuantity(2.7)).toBe(2);
    expect(normalizeQuantity(5000)).toBe(999);
  });

  it('charge with variations, in cents (no floating-point drift); quantity only when allowed', () => {
    expect(chargeWithVariations(5000, [0.1, 0.2], 1, false)).toBe(5000.3);
    expect(chargeWithVariations(5000, [1500], 3, true)).toBe(9500);
    expect(chargeWithVariations(5000, [1500], 3, false)).toBe(6500);
  });

  it('card page amount in cents; order number of a request code', () => {
    expect(cardPageAmount(5000)).toBe('500000');
    expect(cardPageAmount(1234.5)).toBe('123450');
    expect(cardPageOrderNumber('VUF-2026-000123')).toBe('VUF2026000123');
  });

  it('money as the portal shows it', () => {
    expect(formatPesos(7000)).toBe('RD$ 7,000.00');
    expect(formatPesos(1234.5)).toBe('RD$ 1,234.50');
  });

  it('estimated time: the longest chosen, in Spanish singular and plural', () => {
    expect(durationLabel({ months: 1, days: 2, hours: 3 })).toBe('1 mes, 2 días y 3 horas');
    expect(durationLabel({ months: 0, days: 1, hours: 0 })).toBe('1 día');
    expect(estimatedTime([{ months: 0, days: 5, hours: 0 }, { months: 0, days: 0, hours: 48 }])).toBe('5 días');
    expect(estimatedTime([])).toBe('');
  });
});
