/** At most this many words of a keyword search reach the index; the rest is ignored. */
export const MAX_QUERY_TOKENS = 8;

/**
 * Turns what a person typed into a safe FTS5 query: letters and digits only, each word a quoted
 * prefix term ("spot" finds "spotless"), all words required. The word as typed is also a term of
 * its own, so a whole-word match ranks above a longer word it begins ("tom" puts Tom before
 * Tomas) while the matches stay the same. FTS5 operators, quotes, column filters and stray
 * punctuation never reach the index as syntax. Returns `undefined` when nothing searchable is left.
 *
 * @example
 * toFtsQuery('deep "clean*" OR -kitchen') // '("deep" OR "deep"*) AND ("clean" OR "clean"*) AND …'
 */
export function toFtsQuery(text: string): string | undefined {
  const words = queryWords(text);
  if (words.length === 0) return undefined;
  return words.map((word) => `("${word}" OR "${word}"*)`).join(' AND ');
}

/** The words of a keyword search as the index reads them: lower case, unique, at most eight. */
export function queryWords(text: string): string[] {
  const words = text
    .normalize('NFKC')
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu);
  return words ? [...new Set(words)].slice(0, MAX_QUERY_TOKENS) : [];
}
