/**
 * The spec's name rule: letters (accents, ñ and ü included) and spaces only.
 * Latin-script letters plus combining marks, so names typed in decomposed
 * form (e.g. from a Mac keyboard) pass too; at least one letter.
 */
const NAME = /^[\p{Script=Latin}\p{M} ]+$/u;
const HAS_LETTER = /\p{L}/u;
const NON_LETTER_LATIN = /[ªº]/u;

export function isValidPersonName(value: unknown): boolean {
  return typeof value === 'string' && NAME.test(value) && HAS_LETTER.test(value) && !NON_LETTER_LATIN.test(value);
}
