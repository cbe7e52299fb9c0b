import { HELP_ARTICLES, type HelpArticle } from '@spotless/sdk/help';
import { allowedEdits, editDistance, terms } from './text';

/**
 * The help articles ranked by BM25 (k1 1.2, b 0.75) over title, text and the words people use
 * for them. A query word the articles never use is read as the nearest one they do, within the
 * edits its length allows ("cancelation" → "cancellation").
 */

/**
 * Ways of saying a thing that share no word with the article that answers it, read as the
 * article's own words before ranking ("call off" is cancelling, "a few hours before" is notice).
 */
const PHRASES: Array<[RegExp, string]> = [
  [
    /\bcall(?:s|ing|ed)? (?:it )?off\b|\bback(?:s|ing|ed)? out\b|\bbail(?:s|ing|ed)?(?: on| out)?\b|\bcan'?t make it\b/gi,
    ' cancel ',
  ],
  [
    /\blast[- ]minute\b|\bshort notice\b|\b(?:few|couple(?: of)?|\d+|an?) hours? (?:before|ahead|prior|beforehand|notice|in advance)\b/gi,
    ' notice 24 hours ',
  ],
  [/\bhow (?:expensive|pricey|costly)\b|\bafford\b/gi, ' cost price '],
  [/\bget(?:s|ting)? approved\b|\bapproval\b|\bvetting\b/gi, ' application apply '],
  [/\bsick\b|\bill\b|\bdidn'?t come\b|\bstood (?:me )?up\b/gi, ' missing absent '],
  [/\bget(?:s|ting)? back to (?:me|us)\b|\bhear back\b|\breply\b|\banswer (?:me|my)\b/gi, ' support respond response '],
  [/\b(?:make|create|open|need) an? account\b|\bsign(?:ing)? up\b|\bregister\b/gi, ' account browse '],
];

export function normalisePhrases(text: string): string {
  let out = text;
  for (const [pattern, words] of PHRASES) out = out.replace(pattern, (match) => `${match} ${words}`);
  return out;
}

interface Doc {
  article: HelpArticle;
  tf: Map<string, number>;
  length: number;
}

export interface Ranked {
  article: HelpArticle;
  score: number;
}

const K1 = 1.2;
const B = 0.75;

export class KnowledgeBase {
  readonly #docs: Doc[];
  readonly #df = new Map<string, number>();
  readonly #averageLength: number;
  readonly #vocabulary: string[];
  readonly #corrections = new Map<string, string | null>();

  constructor(articles: readonly HelpArticle[] = HELP_ARTICLES) {
    this.#docs = articles.map((article) => {
      // The title counts twice: it is what the article answers.
      const all = [
        ...terms(article.title),
        ...terms(article.title),
        ...terms(article.text),
        ...terms(article.terms ?? ''),
      ];
      const tf = new Map<string, number>();
      for (const t of all) tf.set(t, (tf.get(t) ?? 0) + 1);
      return { article, tf, length: all.length };
    });
    for (const doc of this.#docs) for (const t of doc.tf.keys()) this.#df.set(t, (this.#df.get(t) ?? 0) + 1);
    this.#averageLength = this.#docs.reduce((sum, d) => sum + d.length, 0) / Math.max(1, this.#docs.length);
    this.#vocabulary = [...this.#df.keys()];
  }

  /** A query word as the articles spell it, or null when none is near enough. */
  correct(term: string): string | null {
    if (this.#df.has(term)) return term;
    const known = this.#corrections.get(term);
    if (known !== undefined) return known;
    const max = allowedEdits(term.length);
    let best: string | null = null;
    let bestDistance = max + 1;
    if (max > 0) {
      for (const word of this.#vocabulary) {
        const d = editDistance(term, word, max);
        if (d < bestDistance) {
          best = word;
          bestDistance = d;
        }
      }
    }
    this.#corrections.set(term, best);
    return best;
  }

  idf(term: string): number {
    const n = this.#docs.length;
    const df = this.#df.get(term) ?? 0;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  /** The articles for a question, best first, with their scores (only those matching a word). */
  rank(question: string): Ranked[] {
    const query = [
      ...new Set(
        terms(normalisePhrases(question))
          .map((t) => this.correct(t))
          .filter((t): t is string => t !== null),
      ),
    ];
    const ranked: Ranked[] = [];
    for (const doc of this.#docs) {
      let score = 0;
      for (const t of query) {
        const f = doc.tf.get(t);
        if (!f) continue;
        score += (this.idf(t) * f * (K1 + 1)) / (f + K1 * (1 - B + (B * doc.length) / this.#averageLength));
      }
      if (score > 0) ranked.push({ article: doc.article, score });
    }
    return ranked.sort((a, b) => b.score - a.score);
  }
}
