import { HELP_ARTICLES, type HelpArticle } from '@spotless/sdk/help';
import { FREE_CANCELLATION_HOURS } from '@spotless/sdk/rules';
import { ENGLISH_WORDS } from './english';
import { allowedEdits, editDistance, STOPWORDS, stem, terms, words } from './text';

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
    ` notice ${FREE_CANCELLATION_HOURS} hours `,
  ],
  [
    /\b(?:\d+|an?|one|two|three|few|couple(?: of)?) (?:days?|weeks?) (?:before|ahead|prior|beforehand|early|in advance|notice)\b/gi,
    ` notice ${FREE_CANCELLATION_HOURS} hours `,
  ],
  [/\bhow (?:expensive|pricey|costly)\b|\bafford\b/gi, ' cost price '],
  [/\bget(?:s|ting)? approved\b|\bapproval\b|\bvetting\b/gi, ' application apply '],
  [/\bsick\b|\bill\b|\bdidn'?t come\b|\bstood (?:me )?up\b/gi, ' missing absent '],
  [
    /\b(?:shattered|smashed|cracked|scratched|ruined|stained|knocked (?:over|off|down)|dropped|spilled|spilt|destroyed|broke|chipped|dented)\b/gi,
    ' damage damaged broken ',
  ],
  [
    /\b(?:answer|respond to|reply to|get to|read) (?:e-?mails?|messages?|tickets?|requests?|inquiries|enquiries)\b|\bhow (?:long|fast|quickly|soon)\b.{0,40}\b(?:answer|respond|reply|get back)\b/gi,
    ' support respond response ',
  ],
  [/\bget(?:s|ting)? back to (?:me|us)\b|\bhear back\b|\breply\b|\banswer (?:me|my)\b/gi, ' support respond response '],
  [/\b(?:make|create|open|need) an? account\b|\bsign(?:ing)? up\b|\bregister\b/gi, ' account browse '],
];

export function normalisePhrases(text: string): string {
  let out = text;
  for (const [pattern, words] of PHRASES) out = out.replace(pattern, (match) => `${match} ${words}`);
  return out;
}

/** The nearest of `candidates` to `word`, within the edits its length allows. */
function nearest(word: string, candidates: Iterable<string>): string | null {
  const max = allowedEdits(word.length);
  if (max === 0) return null;
  let best: string | null = null;
  let bestDistance = max + 1;
  for (const candidate of candidates) {
    const d = editDistance(word, candidate, max);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
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
  /** The articles' own words as written, for reading a misspelt word as one of them. */
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
    this.#vocabulary = [
      ...new Set(
        articles.flatMap((a) => words(`${a.title} ${a.text} ${a.terms ?? ''}`)).filter((w) => !STOPWORDS.has(w)),
      ),
    ];
  }

  /**
   * A query word as the articles' term for it, or null when they have none: the word itself when
   * they use it; nothing for a correctly spelled word they don't use; else the nearest word they
   * use, within the edits its length allows ("tiping" → "tipping", "cancelation" → "cancellation").
   */
  correct(word: string): string | null {
    const own = stem(word);
    if (this.#df.has(own)) return own;
    if (ENGLISH_WORDS.has(word) || STOPWORDS.has(word)) return null;
    const known = this.#corrections.get(word);
    if (known !== undefined) return known;
    // The word as written against the articles' words, then its stem against their stems
    // ("methds" → "method").
    const written = nearest(word, this.#vocabulary);
    const term = written === null ? nearest(own, this.#df.keys()) : stem(written);
    this.#corrections.set(word, term);
    return term;
  }

  idf(term: string): number {
    const n = this.#docs.length;
    const df = this.#df.get(term) ?? 0;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  /** The articles for a question, best first, with their scores (only those matching a word). */
  rank(question: string): Ranked[] {
    // A lone digit ("2 days", "3 kids") says nothing about which article answers.
    const query = [
      ...new Set(
        words(normalisePhrases(question))
          .filter((w) => !STOPWORDS.has(w) && !/^\d$/.test(w))
          .map((w) => this.correct(w))
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
