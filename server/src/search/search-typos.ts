import type { Client } from '@libsql/client';
import { editDistance, typoBudget } from '../lib/edit-distance';
import { queryWords } from './fts-query';

/**
 * Typo tolerance for a keyword search that found nothing (decision 056): each word the index does
 * not hold is read as the nearest terms it does hold ("jmaes cartr" → "jame" and "carter"), and
 * the caller searches once more. Only then: a search that matches something is never second-guessed.
 */

/** One term of the search index and how many cleaners hold it (`cleaner_search_terms`). */
export interface IndexTerm {
  term: string;
  doc: number;
}

/**
 * Edits between what was typed and an indexed term. Terms are stems ("james" is held as "jame"),
 * so up to two trailing letters of the word past the term's length are an ending, not a typo.
 */
export function distanceToTerm(word: string, term: string, max: number): number {
  let best = editDistance(word, term, max);
  for (let cut = 1; cut <= 2 && word.length - cut >= term.length; cut++) {
    best = Math.min(best, editDistance(word.slice(0, -cut), term, max));
  }
  return best;
}

/** At most this many indexed terms stand in for one misspelt word. */
export const MAX_TERMS_PER_TYPO = 4;

/**
 * The indexed terms a misspelt word may have meant: those with the fewest edits within the word's
 * budget ("beker" is one edit from both "baker" and "becker", so both), the ones most cleaners hold
 * first, at most four. Empty when none is close enough.
 */
export function nearestTerms(word: string, terms: readonly IndexTerm[]): string[] {
  const budget = typoBudget(word.length);
  if (budget === 0) return [];
  let fewest = budget + 1;
  let near: IndexTerm[] = [];
  for (const candidate of terms) {
    const distance = distanceToTerm(word, candidate.term, budget);
    if (distance > budget || distance > fewest) continue;
    if (distance < fewest) {
      fewest = distance;
      near = [];
    }
    near.push(candidate);
  }
  return near
    .sort((a, b) => b.doc - a.doc || (a.term < b.term ? -1 : 1))
    .slice(0, MAX_TERMS_PER_TYPO)
    .map((t) => t.term);
}

/**
 * The FTS5 query for the search text with every word the index lacks read as its nearest indexed
 * terms, or `undefined` when every word is held (nothing to correct) or a missing word has no near
 * term (all words are required, so nothing would match anyway). Two read batches: whether each
 * word matches, then the terms sharing each missing word's first letter.
 */
export async function correctedFtsQuery(client: Client, text: string): Promise<string | undefined> {
  const words = queryWords(text);
  if (words.length === 0) return undefined;
  const held = await client.batch(
    words.map((word) => ({
      sql: 'select exists (select 1 from cleaner_search where cleaner_search match ?) as held',
      args: [`"${word}"*`],
    })),
    'read',
  );
  const missing = words.filter((_, i) => Number(held[i]?.rows[0]?.held ?? 0) === 0);
  if (missing.length === 0 || missing.some((word) => typoBudget(word.length) === 0)) return undefined;
  const candidates = await client.batch(
    missing.map((word) => {
      const first = String.fromCodePoint(word.codePointAt(0) as number);
      const after = String.fromCodePoint((first.codePointAt(0) as number) + 1);
      return { sql: 'select term, doc from cleaner_search_terms where term >= ? and term < ?', args: [first, after] };
    }),
    'read',
  );
  const corrections = new Map<string, string[]>();
  for (const [i, word] of missing.entries()) {
    const terms = (candidates[i]?.rows ?? []).map((row) => ({ term: String(row.term), doc: Number(row.doc) }));
    const near = nearestTerms(word, terms);
    if (near.length === 0) return undefined;
    corrections.set(word, near);
  }
  return words
    .map((word) => {
      const near = corrections.get(word);
      return near ? `(${near.map((term) => `"${term}"*`).join(' OR ')})` : `("${word}" OR "${word}"*)`;
    })
    .join(' AND ');
}
