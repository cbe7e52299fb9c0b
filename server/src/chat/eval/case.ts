/**
 * The labelled question set's format (decision 047). Each case is a question a visitor or the demo
 * customer asks, with what a right answer must show — checked by machine, from the reply's trace,
 * text and links, never by eye. Dates are relative to the evaluation clock,
 * `EVAL_NOW` (Tuesday 2026-11-24, 15:00 UTC).
 */
export const EVAL_NOW = new Date('2026-11-24T15:00:00Z');

export type SearchFilterName =
  | 'query'
  | 'city'
  | 'state'
  | 'location'
  | 'serviceType'
  | 'maxPrice'
  | 'minRating'
  | 'isVerified'
  | 'isInsured'
  | 'isBonded'
  | 'sortBy';

export type Expectation =
  /** Answered from one of these help articles (the first article cited is one of them). */
  | { kind: 'article'; articles: string[]; mentions?: string[] }
  /**
   * A cleaner search with exactly these filters (no other filter), each cleaner linked satisfying
   * them, and the `/cleaners?…` listing link carrying them.
   */
  | { kind: 'search'; filters: Partial<Record<SearchFilterName, string | number | boolean>> }
  /** A named cleaner's free times on a day (weekday 0 = Sunday … 6 = Saturday, or a date), linking to the booking page. */
  | {
      kind: 'availability';
      cleaner: string;
      weekday?: number;
      date?: string;
      timeOfDay?: 'morning' | 'afternoon' | 'evening';
    }
  /** The demo customer's own bookings: the next one, whether the next can be cancelled free, or the list. */
  | { kind: 'bookings'; question: 'next' | 'cancel-free' | 'list' }
  /** The services and their prices. */
  | { kind: 'services' }
  /** A refusal of this kind, with no cleaner data and no link off this site. */
  | { kind: 'refusal'; reason: 'off-topic' | 'injection' | 'write' | 'private' };

export interface EvalCase {
  id: string;
  question: string;
  /** Who asks: a signed-out visitor, or the seeded demo customer (who has bookings in every status). */
  as: 'visitor' | 'customer';
  expect: Expectation;
  /** What the case tries: faq, policy, search, availability, bookings, off-topic, misspelling, paraphrase, injection. */
  tags: string[];
}

export { PLANTED_CLEANERS } from '../../seed/planted-cleaners';
