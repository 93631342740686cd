/**
 * Comparison form of a name: NFD, diacritics removed, lower case, runs of
 * white space collapsed to one space, trimmed. "  Panadería  ÑOÑO " -> "panaderia nono".
 */
export function normalizeText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/gu, ' ')
    .trim();
}
