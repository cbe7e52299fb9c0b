import { quoteBooking } from '@spotless/sdk/rules';
import type { SeriesCreateInput, SeriesReasonInput } from '@spotless/sdk/schemas';
import type { z } from 'zod';
import { makeRecurringOpen, skipOpen } from '../bookings/booking-actions';
import { withdrawFromBooking } from '../bookings/booking-withdrawal.service';
import { cancelBooking } from '../bookings/booking-writes.service';
import { contactsOf, findBooking, joinSeries } from '../bookings/bookings.queries';
import { chargeAtOf, PAY_DEADLINE_MS } from '../bookings/visit-terms';
import {
  type Actor,
  cleanerIdOf,
  isAdmin,
  requirePersonOrAdmin,
  requirePersonWriting,
  userIdOf,
} from '../contract/actor';
import { AppError, notFound } from '../contract/errors';
import type { BookingRow, SeriesRow } from '../db/schema';
import type { Deps } from '../deps';
import { toLocal } from '../lib/time';
import { zoneShortName } from '../notifications/email';
import { enqueueNotification } from '../notifications/outbox';
import { seriesEndedEmail } from '../notifications/series-emails';
import { siteOf } from '../notifications/site';
import {
  conflictsFrom,
  findSeriesView,
  insertSeries,
  listSeriesViews,
  type SeriesView,
  updateSeries,
  visitsFrom,
} from './series.queries';
import { scheduleText } from './series-dates';

/**
 * Recurring cleanings (decision 088): a customer makes a booking the first visit of a series; its
 * cleaner may decline it or one visit. Every visit is an ordinary booking, so skipping, ending and
 * declining go through the bookings domain's own cancel and withdraw, under the same policy.
 */

export type SeriesDeps = Pick<Deps, 'database' | 'clock' | 'config' | 'refunds' | 'requestUrl'>;
export type SeriesRole = 'customer' | 'cleaner' | 'admin';

export interface VisitAnswer {
  visit: BookingRow;
  skipped: boolean;
  payment: 'paid' | 'charge_scheduled' | 'charge_failed' | 'awaiting_payment' | 'refunded' | null;
  chargeAt: Date | null;
  payBy: Date | null;
  maySkip: boolean;
  mayDecline: boolean;
}

export interface SeriesAnswer {
  view: SeriesView;
  role: SeriesRole;
  schedule: string;
  pricePerVisitCents: number;
  visits: VisitAnswer[];
  conflicts: Awaited<ReturnType<typeof conflictsFrom>>;
  may: { pause: boolean; resume: boolean; end: boolean; decline: boolean };
}

function roleOf(view: SeriesView, actor: Actor): SeriesRole | null {
  if (isAdmin(actor)) return 'admin';
  if (userIdOf(actor) === view.series.customerId) return 'customer';
  if (cleanerIdOf(actor) === view.series.cleanerId) return 'cleaner';
  return null;
}

function paymentOf(visit: BookingRow): VisitAnswer['payment'] {
  if (visit.status === 'cancelled' || visit.status === 'completed') return null;
  if (visit.paymentStatus === 'succeeded' || visit.paymentStatus === 'disputed') return 'paid';
  if (visit.paymentStatus === 'refunded') return 'refunded';
  if (visit.paymentStatus === 'failed') return 'charge_failed';
  return visit.status === 'pending' ? 'awaiting_payment' : 'charge_scheduled';
}

function visitAnswer(
  visit: BookingRow,
  series: SeriesRow,
  role: SeriesRole,
  assistant: boolean,
  now: Date,
): VisitAnswer {
  const open = visit.status === 'confirmed' || visit.status === 'pending';
  return {
    visit,
    // Skipped by its customer while the series went on; those cancelled by ending it are not.
    skipped:
      visit.status === 'cancelled' &&
      visit.cancellationKind === 'customer' &&
      (series.endedAt === null || (visit.cancelledAt ?? now) < series.endedAt),
    payment: paymentOf(visit),
    chargeAt: chargeAtOf(visit),
    payBy:
      open && visit.status === 'confirmed' && visit.paymentStatus !== 'succeeded'
        ? new Date(visit.startsAt.getTime() - PAY_DEADLINE_MS)
        : null,
    maySkip: !assistant && role === 'customer' && skipOpen(visit, now),
    mayDecline: !assistant && role === 'cleaner' && visit.status === 'confirmed' && visit.startsAt > now,
  };
}

/**
 * Series as `actor` sees them, with their visits from today on and what they may do: the visits and
 * conflicts of all of them read in two queries, however many there are.
 */
async function answersFor(deps: SeriesDeps, actor: Actor, views: SeriesView[]): Promise<SeriesAnswer[]> {
  const roles = views.map((view) => roleOf(view, actor));
  if (roles.includes(null)) throw notFound('Series');
  const now = deps.clock.now();
  const ids = views.map((v) => v.series.id);
  // From yesterday in UTC: no zone's today starts before it; each series keeps its own today's.
  const [visits, conflicts] = await Promise.all([
    visitsFrom(deps.database.db, ids, new Date(now.getTime() - 12 * 3_600_000)),
    conflictsFrom(deps.database.db, ids, toLocal(new Date(now.getTime() - 86_400_000), 'UTC').date),
  ]);
  const assistant = actor.kind === 'assistant';
  return views.map((view, i) => {
    const s = view.series;
    const role = roles[i] as SeriesRole;
    const today = toLocal(now, s.timeZone).date;
    const quote = quoteBooking({
      hourlyRateCents: view.hourlyRateCents,
      durationMinutes: s.durationMinutes,
      service: { basePriceCents: view.basePriceCents },
    });
    const live = s.status === 'pending' || s.status === 'active' || s.status === 'paused';
    return {
      view,
      role,
      schedule: `${scheduleText(s.anchorDate, s.frequency, s.localTime)} (${zoneShortName(now, s.timeZone)})`,
      pricePerVisitCents: quote.ok ? quote.totalPriceCents : 0,
      visits: visits.filter((v) => v.seriesId === s.id).map((v) => visitAnswer(v, s, role, assistant, now)),
      conflicts: conflicts.filter((c) => c.seriesId === s.id && c.occurrence >= today),
      may: {
        pause: !assistant && role === 'customer' && s.status === 'active',
        resume: !assistant && role === 'customer' && s.status === 'paused',
        end: !assistant && role === 'customer' && live,
        decline: !assistant && role === 'cleaner' && live,
      },
    };
  });
}

async function loadFor(deps: SeriesDeps, actor: Actor, id: number): Promise<SeriesAnswer> {
  const view = await findSeriesView(deps.database.db, id);
  if (!view) throw notFound('Series');
  const [answer] = await answersFor(deps, actor, [view]);
  return answer as SeriesAnswer;
}

export async function getSeries(deps: SeriesDeps, actor: Actor, id: number): Promise<SeriesAnswer> {
  requirePersonOrAdmin(actor);
  return loadFor(deps, actor, id);
}

export async function listSeries(deps: SeriesDeps, actor: Actor): Promise<SeriesAnswer[]> {
  requirePersonOrAdmin(actor);
  const whose = isAdmin(actor) ? 'all' : { userId: userIdOf(actor) as number, cleanerId: cleanerIdOf(actor) };
  return answersFor(deps, actor, await listSeriesViews(deps.database.db, whose));
}

/**
 * `POST /api/booking-series`: the booking becomes the first visit (its local date the anchor, its
 * local time kept on the cleaner's clock). Pending until that visit is paid, when the horizon job
 * saves the card and books the rest; a booking already paid starts the series active, its later
 * visits paid one by one (no card was saved for them).
 */
export async function createSeries(
  deps: SeriesDeps,
  actor: Actor,
  input: z.output<typeof SeriesCreateInput>,
): Promise<SeriesAnswer> {
  const { userId } = requirePersonWriting(actor);
  const now = deps.clock.now();
  const id = await deps.database.write(async (tx) => {
    const booking = await findBooking(tx, input.bookingId);
    if (!booking || booking.customerId !== userId) throw notFound('Booking');
    if (!makeRecurringOpen(booking, now)) {
      throw new AppError(
        409,
        'not_recurrable',
        booking.seriesId !== null
          ? 'This booking is already part of a regular cleaning'
          : `A ${booking.status.replace('_', ' ')} or past booking cannot become a regular cleaning`,
        { bookingId: 'Choose an upcoming booking that is not in a series' },
      );
    }
    const local = toLocal(booking.startsAt, booking.timeZone);
    const series = await insertSeries(tx, {
      customerId: userId,
      cleanerId: booking.cleanerId,
      serviceId: booking.serviceId,
      partnerId: booking.partnerId,
      partnerCommissionBps: booking.partnerCommissionBps,
      frequency: input.frequency,
      status: booking.paymentStatus === 'succeeded' ? 'active' : 'pending',
      anchorDate: local.date,
      localTime: local.time,
      timeZone: booking.timeZone,
      durationMinutes: booking.durationMinutes,
      address: booking.address,
      specialInstructions: booking.specialInstructions,
      plannedThrough: local.date,
      createdAt: now,
      updatedAt: now,
    });
    if (!(await joinSeries(tx, booking.id, series.id, local.date, now))) {
      throw new AppError(409, 'not_recurrable', 'This booking is already part of a regular cleaning');
    }
    return series.id;
  });
  return loadFor(deps, actor, id);
}

type Change = 'pause' | 'resume' | 'end' | 'decline';

/** Pause, resume, end (customer) or decline (cleaner): the status, then each future visit as the policy says. */
export async function changeSeries(
  deps: SeriesDeps,
  actor: Actor,
  id: number,
  change: Change,
  input: z.output<typeof SeriesReasonInput>,
): Promise<SeriesAnswer> {
  requirePersonWriting(actor);
  const before = await loadFor(deps, actor, id);
  if (!before.may[change]) {
    if ((change === 'decline') !== (before.role === 'cleaner')) throw notFound('Series');
    throw new AppError(409, 'series_not_open', `A ${before.view.series.status} series cannot be ${PAST[change]}`);
  }
  const now = deps.clock.now();
  const to: Record<Change, SeriesRow['status']> = {
    pause: 'paused',
    resume: 'active',
    end: 'ended',
    decline: 'declined',
  };
  const from: SeriesRow['status'][] =
    change === 'resume' ? ['paused'] : change === 'pause' ? ['active'] : ['pending', 'active', 'paused'];
  const today = toLocal(now, before.view.series.timeZone).date;
  const changed = await deps.database.write((tx) =>
    updateSeries(tx, id, from, {
      status: to[change],
      updatedAt: now,
      // Resumed, it plans again from today: the dates paused over are not booked after the fact.
      ...(change === 'resume' ? { plannedThrough: today } : {}),
      ...(change === 'end' || change === 'decline' ? { endedAt: now, endReason: input.reason ?? null } : {}),
    }),
  );
  if (!changed) throw new AppError(409, 'series_not_open', 'This series changed meanwhile: read it again');
  if (change === 'end' || change === 'decline') {
    const cancelled: Date[] = [];
    for (const { visit } of before.visits) {
      if (visit.startsAt <= now || (visit.status !== 'pending' && visit.status !== 'confirmed')) continue;
      if (change === 'end') {
        await cancelBooking(deps, actor, visit.id, { quiet: true });
        if (visit.status === 'confirmed') cancelled.push(visit.startsAt);
      } else if (visit.status === 'confirmed') {
        await withdrawFromBooking(deps, actor, visit.id, {
          reason: input.reason || 'The cleaner ended the regular cleaning',
        });
      }
    }
    if (change === 'end') await tellSeriesEnded(deps, before, cancelled);
  }
  return loadFor(deps, actor, id);
}

/** One e-mail to each party when a customer ends a series, naming the visits it cancelled. */
async function tellSeriesEnded(deps: SeriesDeps, answer: SeriesAnswer, cancelled: Date[]): Promise<void> {
  const now = deps.clock.now();
  const s = answer.view.series;
  await deps.database.write(async (tx) => {
    const { customer, cleaner } = await contactsOf(tx, s);
    if (!customer || !cleaner) return;
    const facts = { schedule: answer.schedule, cancelled, timeZone: s.timeZone, customer, cleaner };
    for (const [to, person] of [
      ['customer', customer],
      ['cleaner', cleaner],
    ] as const) {
      await enqueueNotification(tx, now, {
        type: 'series_ended',
        recipientEmail: person.email,
        recipientUserId: person.userId,
        ...seriesEndedEmail(siteOf(deps), { ...facts, to }),
        payload: { seriesId: s.id, recipient: to },
        dedupeKey: `series_ended:${s.id}:${to}`,
      });
    }
  });
}

const PAST: Record<Change, string> = { pause: 'paused', resume: 'resumed', end: 'ended', decline: 'declined' };

/** One visit: skipped by its customer (`cancelBooking`, free) or declined by its cleaner (`withdrawFromBooking`). */
export async function changeVisit(
  deps: SeriesDeps,
  actor: Actor,
  seriesId: number,
  bookingId: number,
  change: 'skip' | 'decline',
  input: z.output<typeof SeriesReasonInput> = {},
): Promise<SeriesAnswer> {
  requirePersonWriting(actor);
  const before = await loadFor(deps, actor, seriesId);
  const visit = before.visits.find((v) => v.visit.id === bookingId);
  if (!visit || (change === 'skip' ? before.role !== 'customer' : before.role !== 'cleaner')) throw notFound('Visit');
  if (change === 'skip') {
    if (!visit.maySkip) {
      throw new AppError(409, 'skip_closed', 'A visit can be skipped up to 24 hours before it; cancel it instead');
    }
    await cancelBooking(deps, actor, bookingId);
  } else {
    if (!visit.mayDecline) throw new AppError(409, 'illegal_transition', 'This visit cannot be declined now');
    await withdrawFromBooking(deps, actor, bookingId, {
      reason: input.reason || 'The cleaner cannot come to this visit',
    });
  }
  return loadFor(deps, actor, seriesId);
}
