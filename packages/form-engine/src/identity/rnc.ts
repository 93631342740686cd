/** Dominican RNC (DGII taxpayer number): 9 digits, the last a check digit with weights 7,9,8,6,5,4,3,2 (mod 11). */

const NINE_DIGITS = /^\d{9}$/;
const WEIGHTS = [7, 9, 8, 6, 5, 4, 3, 2];

/** Check digit for the first eight digits of an RNC. */
export function rncCheckDigit(firstEight: string): number {
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(firstEight[i]) * WEIGHTS[i];
  const r = sum % 11;
  if (r === 0) return 2;
  if (r === 1) return 1;
  return 11 - r;
}

/** True for a 9-digit RNC whose last digit matches its check digit. */
export function isValidRnc(value: unknown): boolean {
  if (typeof value !== 'string' || !NINE_DIGITS.test(value)) return false;
  if (/^(\d)\1{8}$/.test(value)) return false;
  return rncCheckDigit(value.slice(0, 8)) === Number(value[8]);
}
