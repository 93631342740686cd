/**
 * Input masks of the dialect (`x-mask`): `#` is a digit, every other
 * character is a literal shown while typing. The stored value is digits only.
 * Formatting is the engine's (`@portal/form-engine/format`); the caret is the
 * input's.
 */
export { applyMask, maskDigits, unmask } from '@portal/form-engine/format';

/**
 * Caret position in `formatted` right after its `digitCount`-th digit, so the
 * caret stays after the digit the user just typed when literals are inserted.
 */
export function caretAfterDigits(formatted: string, digitCount: number): number {
  if (digitCount <= 0) {
    const first = formatted.search(/\d/);
    return first === -1 ? formatted.length : first;
  }
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i]) && ++seen === digitCount) return i + 1;
  }
  return formatted.length;
}
