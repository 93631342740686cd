/**
 * The one search rule of the portal, the same in the browser (the option
 * lists of `x-source` selects) and on the server (`?q=` of the /v1/region
 * lists): accents, case and punctuation ignored, and every word of the query
 * must start a word of the text, in any order. "este santo" finds
 * "Santo Domingo Este"; "san cristobal" finds "San Cristóbal"; "mayor
 * comercio" finds "Comercio al por mayor".
 *
 * Words match by their beginning, not anywhere inside a word: "este" must not
 * find "Santo Domingo Oeste", nor "san" every "Pesante"; a beginning is what a
 * person types while the list narrows ("crist" already finds "Cristóbal"), and
 * a code typed in part finds the codes it starts ("46" finds 4610…4690).
 */

/** Case and accents folded: lower case, NFD, combining marks removed ("Peña" -> "pena"). Spaces and punctuation are kept. */
export function foldText(value: string): string {
  // Lower case first: some capitals lower-case to a letter and a combining mark ("İ" -> "i̇").
  return value.toLowerCase().normalize('NFD').replace(/\p{M}+/gu, '');
}

/**
 * The comparison form of a text for search: folded (foldText), every run of
 * characters other than letters and digits turned into one space, trimmed.
 * "Venta (al por MAYOR)" -> "venta al por mayor".
 */
export function searchText(value: string): string {
  return foldText(value)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The words of a query in search form; none for a blank query. */
export function searchWords(query: string): string[] {
  const text = searchText(query);
  return text === '' ? [] : text.split(' ');
}

/**
 * A test of texts already in search form (searchText) against the words of
 * `query`: true when every word starts a word of the text. A blank query
 * matches everything. Build it once per query and run it over the options.
 */
export function wordMatcher(query: string): (preparedText: string) => boolean {
  const words = searchWords(query).map((word) => ` ${word}`);
  if (words.length === 0) return () => true;
  return (preparedText) => {
    const text = ` ${preparedText}`;
    return words.every((word) => text.includes(word));
  };
}

/** True when every word of `query` starts a word of `text` (any order; accents, case and punctuation ignored). */
export function matchesAllWords(text: string, query: string): boolean {
  return wordMatcher(query)(searchText(text));
}
