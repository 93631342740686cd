/**
 * Dominican cédula (JCE identity card number): 11 digits, the last one a
 * mod-10 check digit over the first ten with alternating weights 1 and 2.
 */

const ELEVEN_DIGITS = /^\d{11}$/;

/** Numbers the JCE never issues but that pass the checksum or are typed as filler. */
function isFillerNumber(digits: string): boolean {
  if (/^(\d)\1{10}$/.test(digits)) return true; // 11111111111, 00000000000, ...
  let ascending = true;
  let descending = true;
  for (let i = 1; i < digits.length; i++) {
    const step = (Number(digits[i]) - Number(digits[i - 1]) + 10) % 10;
    if (step !== 1) ascending = false;
    if (step !== 9) descending = false;
  }
  return ascending || descending; // 12345678901, 98765432109, ...
}

/** Check digit for the first ten digits of a cédula. */
export function cedulaCheckDigit(firstTen: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const product = Number(firstTen[i]) * (i % 2 === 0 ? 1 : 2);
    sum += product > 9 ? product - 9 : product;
  }
  return (10 - (sum % 10)) % 10;
}

/** True for an 11-digit cédula with a valid check digit, not starting with 000 and not a filler number. */
export function isValidCedula(value: unknown): boolean {
  if (typeof value !== 'string' || !ELEVEN_DIGITS.test(value)) return false;
  if (value.startsWith('000') || isFillerNumber(value)) return false;
  return cedulaCheckDigit(value.slice(0, 10)) === Number(value[10]);
}
