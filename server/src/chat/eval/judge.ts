import { lookupCity } from '@spotless/sdk/cities';
import { eq } from 'drizzle-orm';
import { cleaners } from '../../db/schema';
import type { Deps } from '../../deps';
import { distanceMiles } from '../../lib/geo';
import type { ChatTurn } from '../chat.service';
import type { Expectation } from './case';
import {
  type Context,
  cleanersNamed,
  judgeCancellation,
  judgeEarnings,
  judgeLastBooking,
  judgePrice,
  judgeSearchTime,
} from './judge-figures';

/**
 * Scores one reply against its label (decision 047), by machine: the right article, the right
 * filters with every linked cleaner satisfying them, the right cleaner and day, the person's own
 * bookings, a figure computed by the rules, or a refusal where one is due. A reply the engine marked
 * unsure that is not right is "not sure" — acceptable, and counted apart from wrong.
 */

type JudgeDeps = Pick<Deps, 'database' | 'clock' | 'config'>;
export type Verdict = { outcome: 'right' } | { outcome: 'unsure' | 'wrong'; why: string };

const FILTER_KEYS = [
  'query',
  'city',
  'state',
  'location',
  'serviceType',
  'maxPrice',
  'minRating',
  'isVerified',
  'isInsured',
  'isBonded',
  'sortBy',
];

/** A city asked for is a city, whether a label or the engine writes it as `city` or `location`. */
function placeAsLocation(filters: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...filters };
  if (typeof out.city === 'string' && out.location === undefined) {
    out.location = out.city;
    delete out.city;
  }
  return out;
}

function sameFilters(got: Record<string, unknown>, want: Record<string, unknown>): string | null {
  const a0 = placeAsLocation(got);
  const b0 = placeAsLocation(want);
  const keys = new Set([...Object.keys(b0), ...Object.keys(a0).filter((k) => FILTER_KEYS.includes(k))]);
  for (const key of keys) {
    const a = a0[key];
    const b = b0[key];
    const same = typeof b === 'string' && typeof a === 'string' ? a.toLowerCase() === b.toLowerCase() : a === b;
    if (!same) return `filter ${key}: got ${JSON.stringify(a)}, want ${JSON.stringify(b)}`;
  }
  return null;
}

export async function verdict(
  deps: JudgeDeps,
  expect: Expectation,
  answer: ChatTurn,
  context: Context,
): Promise<Verdict> {
  const why = await judge(deps, expect, answer, context);
  if (why === null) return { outcome: 'right' };
  // A refusal as off-topic of a question that was not is wrong, however it is worded.
  if (answer.trace.unsure && expect.kind !== 'refusal') return { outcome: 'unsure', why };
  return { outcome: 'wrong', why };
}

/** Null when the answer is right, else why not. */
async function judge(deps: JudgeDeps, expect: Expectation, answer: ChatTurn, context: Context): Promise<string | null> {
  const trace = answer.trace;
  const cleanerPages = answer.pages.filter((p) => p.rel === 'cleaner');
  if (/https?:\/\//.test(answer.text)) return 'an absolute link';
  switch (expect.kind) {
    case 'article': {
      const first = trace.articles?.[0];
      if (trace.intent === 'refusal') return `refused (${trace.refusal})`;
      if (!first || !expect.articles.includes(first))
        return `article ${first ?? 'none'}, want ${expect.articles.join('|')}`;
      for (const word of expect.mentions ?? []) {
        if (!answer.text.toLowerCase().includes(word.toLowerCase())) return `does not mention ${word}`;
      }
      return null;
    }
    case 'search': {
      if (trace.intent !== 'search') return `intent ${trace.intent}, want search`;
      const differs = sameFilters(trace.filters ?? {}, expect.filters);
      if (differs) return differs;
      const listing = answer.pages.find((p) => p.rel === 'listing');
      if (!listing) return 'no listing link';
      const params = placeAsLocation(Object.fromEntries(new URL(listing.href, 'http://x').searchParams));
      for (const [key, value] of Object.entries(placeAsLocation(expect.filters))) {
        if (String(params[key] ?? '').toLowerCase() !== String(value).toLowerCase()) return `listing lacks ${key}`;
      }
      for (const page of cleanerPages) {
        const broken = await violates(deps, Number(page.href.split('/').at(-1)), placeAsLocation(expect.filters));
        if (broken) return `${page.href} ${broken}`;
      }
      if (expect.date !== undefined || expect.timeOfDay !== undefined || expect.after !== undefined) {
        return judgeSearchTime(deps, expect, answer);
      }
      return null;
    }
    case 'availability': {
      if (trace.intent !== 'availability') return `intent ${trace.intent}, want availability`;
      const want = await cleanersNamed(deps, expect.cleaner, context.planted);
      const got = trace.availability;
      if (!got || got.cleanerId === null || !want.includes(got.cleanerId))
        return `cleaner ${got?.cleanerId}, want ${want}`;
      const dates = [expect.date ?? []].flat();
      if (dates.length > 0 && (got.date === null || !dates.includes(got.date))) {
        return `date ${got.date}, want ${dates.join('|')}`;
      }
      if (expect.weekday !== undefined) {
        const day = got.date ? new Date(`${got.date}T12:00:00Z`).getUTCDay() : null;
        if (day !== expect.weekday) return `weekday ${day}, want ${expect.weekday}`;
      }
      if (expect.timeOfDay && got.timeOfDay !== expect.timeOfDay) return `time of day ${got.timeOfDay}`;
      const id = got.cleanerId;
      if (!answer.pages.some((p) => p.href.startsWith(`/booking/${id}`) || p.href === `/cleaner/${id}`)) {
        return 'no link to the cleaner or their booking page';
      }
      return null;
    }
    case 'cleaner': {
      const want = await cleanersNamed(deps, expect.name, context.planted);
      const first = trace.cleanerIds?.[0];
      if (first === undefined || !want.includes(first)) return `cleaner ${first}, want ${want.join('|')}`;
      return answer.pages.some((p) => p.href === `/cleaner/${first}` || p.href.startsWith(`/booking/${first}`))
        ? null
        : 'no link to the cleaner';
    }
    case 'bookings':
      if (trace.intent !== 'bookings') return `intent ${trace.intent}, want bookings`;
      if (trace.bookings?.question !== expect.question) return `question ${trace.bookings?.question}`;
      if ((trace.bookings?.bookingIds.length ?? 0) === 0) return 'no booking named';
      if (expect.question === 'last') {
        const wrong = await judgeLastBooking(deps, answer, context);
        if (wrong) return wrong;
      }
      return answer.pages.some((p) => p.href === '/dashboard') ? null : 'no link to My Bookings';
    case 'sign-in':
      if ((trace.bookings?.bookingIds.length ?? 0) > 0) return 'named bookings to a visitor';
      return answer.pages.some((p) => p.href.startsWith('/login')) ? null : 'no link to sign in';
    case 'price':
      return judgePrice(deps, expect, answer, context);
    case 'cancellation':
      return judgeCancellation(deps, expect, answer, context);
    case 'earnings':
      return judgeEarnings(deps, answer);
    case 'page':
      return answer.pages.some((p) => p.href.split(/[?#]/)[0] === expect.path) ? null : `no link to ${expect.path}`;
    case 'clarify':
      return trace.intent === 'clarify' ? null : `intent ${trace.intent}, want a clarifying question`;
    case 'services':
      // The services help article lists them too.
      return trace.intent === 'services' || trace.articles?.[0] === 'services'
        ? null
        : `intent ${trace.intent}, want services`;
    case 'payouts': {
      if (trace.intent !== 'payouts') return `intent ${trace.intent}, want payouts`;
      if (trace.payouts?.question !== expect.question) return `question ${trace.payouts?.question}`;
      if (trace.payouts.cleaner !== expect.cleaner)
        return `answered as ${trace.payouts.cleaner ? 'a cleaner' : 'not one'}`;
      if (expect.cleaner) {
        return answer.pages.some((p) => p.href === '/cleaner-dashboard?tab=payouts')
          ? null
          : 'no link to Earnings & Payouts';
      }
      return /\$\d/.test(answer.text) ? 'a figure shown to someone who is not a cleaner' : null;
    }
    case 'jobs':
      if (trace.intent !== 'bookings' || trace.bookings?.question !== 'list')
        return `intent ${trace.intent}, want jobs`;
      return answer.pages.some((p) => p.href.startsWith('/cleaner-dashboard')) ? null : 'no link to their jobs';
    case 'refusal':
      if (trace.intent !== 'refusal' || trace.refusal !== expect.reason) {
        return `got ${trace.intent}${trace.refusal ? ` (${trace.refusal})` : ''}, want refusal ${expect.reason}`;
      }
      return cleanerPages.length > 0 ? 'a refusal listed cleaners' : null;
  }
}

/** Why a linked cleaner does not satisfy the filters, or null. */
async function violates(deps: JudgeDeps, id: number, filters: Record<string, unknown>): Promise<string | null> {
  const [row] = await deps.database.db.select().from(cleaners).where(eq(cleaners.id, id));
  if (row?.status !== 'active') return 'is not an active cleaner';
  const place = typeof filters.location === 'string' ? lookupCity(filters.location) : undefined;
  if (place && distanceMiles(place, row) > 25.01) return `is not within 25 miles of ${place.name}`;
  if (filters.state && row.state !== filters.state) return `is in ${row.state}`;
  if (filters.serviceType && !(row.serviceTypes as string[]).includes(String(filters.serviceType))) {
    return `does not offer ${filters.serviceType}`;
  }
  if (filters.maxPrice !== undefined && row.hourlyRateCents > Number(filters.maxPrice) * 100) return 'costs more';
  if (filters.minRating !== undefined && (row.rating ?? 0) < Number(filters.minRating)) return 'is rated lower';
  if (filters.isVerified && !row.isVerified) return 'is not verified';
  if (filters.isInsured && !row.isInsured) return 'is not insured';
  if (filters.isBonded && !row.isBonded) return 'is not bonded';
  return null;
}
