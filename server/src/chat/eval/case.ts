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
  | {
      kind: 'search';
      filters: Partial<Record<SearchFilterName, string | number | boolean>>;
      /** A time named in the question: every cleaner offered must have a real free slot then. */
      date?: string | string[];
      timeOfDay?: 'morning' | 'afternoon' | 'evening';
      /** "after 3": a free slot at or after this local time. */
      after?: string;
    }
  /** A named cleaner's free times on a day (weekday 0 = Sunday … 6 = Saturday, or a date or dates), linking to the booking page. */
  | {
      kind: 'availability';
      cleaner: string;
      weekday?: number;
      date?: string | string[];
      timeOfDay?: 'morning' | 'afternoon' | 'evening';
    }
  /** The demo customer's own bookings: the next one, whether the next can be cancelled free, the list, or the last one done. */
  | { kind: 'bookings'; question: 'next' | 'cancel-free' | 'list' | 'last' }
  /** One named cleaner found (typos tolerated), linked to their page. */
  | { kind: 'cleaner'; name: string }
  /** One service's price, by the pricing rule: for a named cleaner, else over a city's cleaners, else over all. */
  | { kind: 'price'; service: string; cleaner?: string; city?: string }
  /** The cancellation rule's outcome: for a time before the start they name, or their own next booking. */
  | { kind: 'cancellation'; hoursBefore?: number; booking?: 'next' }
  /** A visitor asking about their own data: told to sign in, with the link. */
  | { kind: 'sign-in' }
  /** What a cleaner can earn, from the platform's real rates. */
  | { kind: 'earnings' }
  /** Sent to this page of the site. */
  | { kind: 'page'; path: string }
  /** Too vague to answer right: one clarifying question, or the two or three things it can do. */
  | { kind: 'clarify' }
  /** The services and their prices. */
  | { kind: 'services' }
  /**
   * A payout question (decision 085): for the demo cleaner (`cleaner: true`) answered from their
   * earnings with a link to Earnings & Payouts; for anyone else, told it is a cleaner's, no figures.
   */
  | { kind: 'payouts'; question: 'when' | 'next' | 'fee' | 'earned'; cleaner: boolean }
  /** The demo cleaner's upcoming jobs, as the cleaner, linked to their jobs. */
  | { kind: 'jobs' }
  /** A refusal of this kind, with no cleaner data and no link off this site. */
  | { kind: 'refusal'; reason: 'off-topic' | 'injection' | 'write' | 'private' };

export interface EvalCase {
  id: string;
  question: string;
  /** Who asks: a signed-out visitor, the seeded demo customer (who has bookings in every status), or the demo cleaner. */
  as: 'visitor' | 'customer' | 'cleaner';
  /** The asker's IANA time zone, as the chat bubble sends it; without one, America/Chicago. */
  timeZone?: string;
  expect: Expectation;
  /** What the case tries: faq, policy, search, availability, bookings, off-topic, misspelling, paraphrase, injection. */
  tags: string[];
}

export { PLANTED_CLEANERS } from '../../seed/planted-cleaners';
