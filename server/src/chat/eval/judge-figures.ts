import { lookupCity } from '@spotless/sdk/cities';
import { formatMoney, quoteTotalCents } from '@spotless/sdk/rules';
import { and, asc, desc, eq, gt, inArray, lt, max, min, sql } from 'drizzle-orm';
import { listSlots } from '../../availability/slots.service';
import { cancellationTerms } from '../../bookings/cancellation';
import type { Actor } from '../../contract/actor';
import { visitor } from '../../contract/actor';
import { bookings, cleaners, services, users } from '../../db/schema';
import type { Deps } from '../../deps';
import { distanceMiles } from '../../lib/geo';
import type { ChatTurn } from '../chat.service';
import type { Expectation } from './case';

/**
 * The judges of the question set's figures (decision 047): each computes the right answer itself,
 * from the rules and the seeded data, never from what the engine traced — a price by the pricing
 * rule, a cancellation by the cancellation rule, a free time by the slot engine, earnings from the
 * rates cleaners really charge — and checks the reply states it.
 */

type JudgeDeps = Pick<Deps, 'database' | 'clock' | 'config'>;
export type Context = { planted: Map<string, number>; customer: Actor };

/** Whether a text states an amount: "$180.00" or "$180". */
export function mentionsMoney(text: string, cents: number): boolean {
  const full = formatMoney(cents);
  if (text.includes(full)) return true;
  return cents % 100 === 0 && new RegExp(`${full.replace('.00', '').replace('$', '\\$')}(?![\\d.,])`).test(text);
}

/** The ids of active cleaners called this (a planted name first), for names a case gives. */
export async function cleanersNamed(deps: JudgeDeps, name: string, planted: Map<string, number>): Promise<number[]> {
  const [first = '', last = ''] = name.split(' ');
  const plantedId = planted.get(first);
  if (plantedId !== undefined) return [plantedId];
  const rows = await deps.database.db
    .select({ id: cleaners.id })
    .from(cleaners)
    .innerJoin(users, eq(users.id, cleaners.userId))
    .where(
      and(
        eq(cleaners.status, 'active'),
        sql`lower(${users.firstName}) = ${first.toLowerCase()}`,
        ...(last ? [sql`lower(${users.lastName}) = ${last.toLowerCase()}`] : []),
      ),
    );
  return rows.map((r) => r.id);
}

async function serviceOfType(deps: JudgeDeps, type: string) {
  const [row] = await deps.database.db.select().from(services).where(sql`${services.type} = ${type}`);
  return row;
}

export async function judgePrice(
  deps: JudgeDeps,
  expect: Extract<Expectation, { kind: 'price' }>,
  answer: ChatTurn,
  context: Context,
): Promise<string | null> {
  const service = await serviceOfType(deps, expect.service);
  if (!service) return `no service ${expect.service}`;
  const quote = (rateCents: number) =>
    quoteTotalCents({
      hourlyRate: (rateCents / 100).toFixed(2),
      durationMinutes: service.durationMinutes,
      basePrice: (service.basePriceCents / 100).toFixed(2),
    });
  if (expect.cleaner) {
    const ids = await cleanersNamed(deps, expect.cleaner, context.planted);
    if (ids.length === 0) return `no cleaner ${expect.cleaner}`;
    const rows = await deps.database.db
      .select({ rate: cleaners.hourlyRateCents })
      .from(cleaners)
      .where(inArray(cleaners.id, ids));
    const prices = rows.map((r) => quote(r.rate));
    const said = prices.find((p) => mentionsMoney(answer.text, p));
    return said === undefined ? `does not state ${prices.map(formatMoney).join(' or ')}` : null;
  }
  // The cleaners the listing shows for the city (within 25 miles), offering the service by the
  // profile's rule: every residential service, a commercial one only for commercial cleaners.
  const place = expect.city ? lookupCity(expect.city) : undefined;
  const rows = await deps.database.db
    .select({
      rate: cleaners.hourlyRateCents,
      latitude: cleaners.latitude,
      longitude: cleaners.longitude,
      types: cleaners.serviceTypes,
    })
    .from(cleaners)
    .where(eq(cleaners.status, 'active'));
  const rates = rows
    .filter((r) => !place || distanceMiles(place, r) <= 25)
    .filter((r) => service.category !== 'commercial' || (r.types as string[]).includes('commercial'))
    .map((r) => r.rate);
  const range =
    rates.length === 0
      ? undefined
      : { low: rates.reduce((a, b) => Math.min(a, b)), high: rates.reduce((a, b) => Math.max(a, b)) };
  if (!range) return 'no cleaners to price';
  const low = quote(range.low);
  const high = quote(range.high);
  if (!mentionsMoney(answer.text, low)) return `does not state the lowest price ${formatMoney(low)}`;
  if (high !== low && !mentionsMoney(answer.text, high)) return `does not state the highest price ${formatMoney(high)}`;
  return null;
}

export async function judgeCancellation(
  deps: JudgeDeps,
  expect: Extract<Expectation, { kind: 'cancellation' }>,
  answer: ChatTurn,
  context: Context,
): Promise<string | null> {
  const traced = answer.trace.cancellation;
  if (!traced) return `intent ${answer.trace.intent}, want a cancellation outcome`;
  if (expect.booking === 'next') {
    if (context.customer.kind !== 'customer') return 'not a customer';
    const now = deps.clock.now();
    const [next] = await deps.database.db
      .select()
      .from(bookings)
      .where(
        and(
          eq(bookings.customerId, context.customer.userId),
          inArray(bookings.status, ['pending', 'confirmed']),
          gt(bookings.startsAt, now),
        ),
      )
      .orderBy(asc(bookings.startsAt))
      .limit(1);
    if (!next) return 'the customer has no next booking';
    if (traced.bookingId !== next.id) return `booking ${traced.bookingId}, want ${next.id}`;
    const terms = cancellationTerms({
      startsAt: next.startsAt,
      now,
      totalPriceCents: next.totalPriceCents,
      hourlyRateCents: next.hourlyRateCents,
      paid: next.paymentStatus === 'succeeded',
    });
    if (traced.free !== terms.free) return `free ${traced.free}, want ${terms.free}`;
    if (!terms.free && terms.feeCents > 0 && !mentionsMoney(answer.text, terms.feeCents)) {
      return `does not state the fee ${formatMoney(terms.feeCents)}`;
    }
    return null;
  }
  const hours = expect.hoursBefore ?? 0;
  if (traced.free === null) return 'conditional';
  if (traced.hoursBefore !== null && traced.hoursBefore !== hours) return `hours ${traced.hoursBefore}, want ${hours}`;
  const free = hours >= 24;
  if (traced.free !== free) return `free ${traced.free}, want ${free}`;
  if (!/\b24\b/.test(answer.text)) return 'does not say the 24-hour rule';
  return null;
}

export async function judgeLastBooking(deps: JudgeDeps, answer: ChatTurn, context: Context): Promise<string | null> {
  if (context.customer.kind !== 'customer') return 'not a customer';
  const [last] = await deps.database.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.customerId, context.customer.userId),
        eq(bookings.status, 'completed'),
        lt(bookings.startsAt, deps.clock.now()),
      ),
    )
    .orderBy(desc(bookings.startsAt))
    .limit(1);
  if (!last) return 'the customer has no completed booking';
  return answer.trace.bookings?.bookingIds[0] === last.id ? null : `booking ${answer.trace.bookings?.bookingIds[0]}`;
}

export async function judgeEarnings(deps: JudgeDeps, answer: ChatTurn): Promise<string | null> {
  const [range] = await deps.database.db
    .select({ low: min(cleaners.hourlyRateCents), high: max(cleaners.hourlyRateCents) })
    .from(cleaners)
    .where(eq(cleaners.status, 'active'));
  if (range?.low == null || range.high == null) return 'no rates';
  const figures = [...answer.text.matchAll(/\$(\d[\d,]*(?:\.\d{2})?)\s*(?:\/\s*h(?:ou)?r|an hour|per hour)/g)].map(
    (m) => Math.round(Number((m[1] ?? '').replace(/,/g, '')) * 100),
  );
  if (figures.length === 0) return 'no hourly figure';
  const outside = figures.find((f) => f < range.low! || f > range.high!);
  if (outside !== undefined) return `${formatMoney(outside)}/hr is not a rate cleaners charge`;
  return answer.pages.some((p) => p.href.startsWith('/apply-cleaner')) ? null : 'no link to apply';
}

const RANGES: Record<string, [string, string]> = {
  morning: ['00:00', '12:00'],
  afternoon: ['12:00', '17:00'],
  evening: ['17:00', '24:00'],
};

/** For a search with a time: the date read, and every cleaner offered really free then. */
export async function judgeSearchTime(
  deps: JudgeDeps,
  expect: Extract<Expectation, { kind: 'search' }>,
  answer: ChatTurn,
): Promise<string | null> {
  const when = answer.trace.when;
  if (!when) return 'the time was ignored';
  const dates = [expect.date ?? []].flat();
  if (dates.length > 0 && !dates.includes(when.date)) return `date ${when.date}, want ${dates.join('|')}`;
  if (expect.timeOfDay && when.timeOfDay !== expect.timeOfDay) return `time of day ${when.timeOfDay}`;
  if (expect.after && when.after !== expect.after) return `after ${when.after}, want ${expect.after}`;
  const [from, to] = expect.timeOfDay ? (RANGES[expect.timeOfDay] ?? ['00:00', '24:00']) : ['00:00', '24:00'];
  for (const page of answer.pages.filter((p) => p.rel === 'cleaner')) {
    const id = Number(page.href.split('/').at(-1));
    const day = await listSlots(deps, visitor, id, when.date, 30);
    const free = day.items
      .filter((s) => s.data.isAvailable)
      .map((s) => s.data.startTime)
      .filter((t) => t >= from && t < to && (!expect.after || t >= expect.after));
    if (free.length === 0) return `${page.href} is not free then`;
  }
  return null;
}
