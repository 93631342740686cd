/**
 * Input masks of the dialect (`x-mask`): `#` is a digit, every other
 * character is a literal shown while typing. The stored value is digits only.
 */

/** Digits of any text (what the form stores for a masked field). */
export function unmask(text: string): string {
  return text.replace(/\D/g, '');
}

/** How many digits a mask holds (the `#` count). */
export function maskDigits(mask: string): number {
  let n = 0;
  for (const ch of mask) if (ch === '#') n++;
  return n;
}

/**
 * Formats digits with a mask as far as the digits go: a literal is written
 * only when a digit follows it, so `applyMask('8095', '(###) ###-####')` is
 * `(809) 5`. Extra digits beyond the mask are dropped; non-digits are ignored.
 */
export function applyMask(digits: string, mask: string): string {
  const clean = unmask(digits);
  let out = '';
  let next = 0;
  let pending = '';
  for (const ch of mask) {
    if (next >= clean.length) break;
    if (ch === '#') {
      out += pending + clean[next++];
      pending = '';
    } else {
      pending += ch;
    }
  }
  return out;
}

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
