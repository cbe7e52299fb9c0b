/**
 * Text helpers of the offline engine: words, a light stemmer, and edit distance for misspellings.
 */

export { editDistance } from '../../lib/edit-distance';

export const STOPWORDS = new Set(
  (
    'a an the and or but if of to in on at by for with from as is are was were be been being am do does did ' +
    'i me my we our you your it its this that these those there here what which who whom how when where why ' +
    'can could would should will shall may might must have has had not no yes please thanks thank hi hello ' +
    'any some all about into than then so too very just also get got want need like know tell give show ' +
    'whats hows whens wheres whos make made happen happens'
  )
    .split(' ')
    .concat('spotless'),
);

/** Lower-case words of a text, apostrophes dropped ("what's" → "whats"). */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** A light suffix stemmer: enough that "cancelling", "cancelled" and "cancel" meet. */
export function stem(word: string): string {
  let w = word;
  if (w.length > 5 && w.endsWith('ations')) w = w.slice(0, -1);
  for (const suffix of ['ing', 'ed', 'es', 's', 'ly']) {
    if (w.length - suffix.length >= 4 && w.endsWith(suffix)) {
      w = w.slice(0, -suffix.length);
      break;
    }
  }
  if (w.length >= 4 && /([^aeiou])\1$/.test(w)) w = w.slice(0, -1);
  return w;
}

/** Content words, stemmed. */
export function terms(text: string): string[] {
  return words(text)
    .filter((w) => !STOPWORDS.has(w))
    .map(stem);
}

/** How many edits a word of this length may carry and still be recognised. */
export function allowedEdits(length: number): number {
  if (length <= 3) return 0;
  if (length <= 6) return 1;
  return 2;
}

/** Counts people write as words ("a couple of hours", "in two days"). */
export const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  twelve: 12,
  half: 0.5,
  couple: 2,
  'a couple': 2,
  'a couple of': 2,
  few: 3,
  'a few': 3,
};
