import { findUserById } from '../auth/users.queries';
import { activeBookingsFrom, cleanerSchedule } from '../availability/availability.queries';
import { availableSlots } from '../availability/slots';
import { bookInOneBatch } from '../bookings/booking-create.service';
import { cancelUnpaidVisits } from '../bookings/booking-lifecycle.service';
import { CHARGE_LEAD_MS, PAY_DEADLINE_MS } from '../bookings/visit-terms';
import { type Actor, requireSystem } from '../contract/actor';
import { AppError } from '../contract/errors';
import type { SeriesRow } from '../db/schema';
import type { Deps } from '../deps';
import { addDays, toLocal, zonedToUtc } from '../lib/time';
import { letter, link, whenText } from '../notifications/email';
import { enqueueNotification } from '../notifications/outbox';
import { siteOf } from '../notifications/site';
import { chargeVisit } from '../payments/off-session.service';
import { successfulPaymentOf } from '../payments/payments.queries';
import { insertConflict, seriesNeedingWork, updateSeries, visitOn, visitsToCharge } from './series.queries';
import { HORIZON_DAYS, occurrencesBetween } from './series-dates';

/**
 * The series' scheduled work (decision 088), safe to run twice or on two targets at once: activate a
 * series once its first visit is paid (its saved card read from the provider), book visits up to
 * the horizon (one booking per series and date, by a unique index), report a date it cannot book,
 * charge visits due, and cancel those unpaid by their deadline.
 */

type HorizonDeps = Pick<Deps, 'database' | 'clock' | 'config' | 'payments' | 'logger' | 'requestUrl'>;

const CONFLICT_REASONS = ['slot_taken', 'time_off', 'outside_hours'] as const;
type ConflictReason = (typeof CONFLICT_REASONS)[number] | 'unavailable';

const CONFLICT_WORDS: Record<ConflictReason, string> = {
  slot_taken: 'your cleaner is already booked at that time',
  time_off: 'your cleaner is off that day',
  outside_hours: 'that time is outside your cleaner’s working hours now',
  unavailable: 'your cleaner cannot be booked then',
};

export function conflictMessage(reason: ConflictReason): string {
  return `We could not book this visit: ${CONFLICT_WORDS[reason]}.`;
}

/** Up to three free starts of the same cleaner nearest the planned one, on that day and the two either side. */
async function alternativesFor(deps: HorizonDeps, series: SeriesRow, occurrence: string, now: Date): Promise<string[]> {
  const schedule = await cleanerSchedule(deps.database.db, series.cleanerId);
  const from = new Date(`${addDays(occurrence, -3)}T00:00:00Z`);
  const busy = await activeBookingsFrom(
    deps.database.db,
    series.cleanerId,
    from,
    new Date(from.getTime() + 7 * 86_400_000),
  );
  const starts: Date[] = [];
  for (let d = -2; d <= 2; d++) {
    const slots = availableSlots({
      date: addDays(occurrence, d),
      timeZone: series.timeZone,
      ...schedule,
      busy,
      durationMinutes: series.durationMinutes,
      stepMinutes: 30,
      now,
    });
    starts.push(...slots.map((s) => s.startsAt));
  }
  const planned = Date.parse(`${occurrence}T${series.localTime}:00Z`);
  return starts
    .sort((a, b) => Math.abs(a.getTime() - planned) - Math.abs(b.getTime() - planned))
    .slice(0, 3)
    .sort((a, b) => a.getTime() - b.getTime())
    .map((d) => d.toISOString());
}

/** Books one planned visit through the booking rule; a refusal becomes a reported conflict. */
async function bookVisit(
  deps: HorizonDeps,
  series: SeriesRow,
  occurrence: string,
  now: Date,
): Promise<'booked' | 'conflict' | 'exists'> {
  if (await visitOn(deps.database.db, series.id, occurrence)) return 'exists';
  try {
    await bookInOneBatch(
      deps,
      {
        kind: 'visit',
        userId: series.customerId,
        seriesId: series.id,
        occurrence,
        partnerId: series.partnerId,
        partnerCommissionBps: series.partnerCommissionBps,
      },
      {
        cleanerId: series.cleanerId,
        serviceId: series.serviceId,
        scheduledDate: occurrence,
        scheduledTime: series.localTime,
        duration: series.durationMinutes,
        address: series.address,
        specialInstructions: series.specialInstructions,
      } as Parameters<typeof bookInOneBatch>[2],
      now,
    );
    return 'booked';
  } catch (error) {
    // Another run booked it in between: the unique (series, date) index refused this one.
    if (await visitOn(deps.database.db, series.id, occurrence)) return 'exists';
    if (!(error instanceof AppError)) throw error;
    const reason: ConflictReason = (CONFLICT_REASONS as readonly string[]).includes(error.code)
      ? (error.code as ConflictReason)
      : 'unavailable';
    const alternatives = await alternativesFor(deps, series, occurrence, now);
    const customer = await findUserById(deps.database.db, series.customerId);
    await deps.database.write(async (tx) => {
      const fresh = await insertConflict(tx, {
        seriesId: series.id,
        occurrence,
        reason,
        alternatives,
        createdAt: now,
        updatedAt: now,
      });
      if (!fresh || !customer) return;
      const when = whenText(new Date(Date.parse(`${occurrence}T12:00:00Z`)), 'UTC').replace(/ at .*$/, '');
      await enqueueNotification(tx, now, {
        type: 'series_conflict',
        recipientEmail: customer.email,
        recipientUserId: customer.id,
        subject: `We couldn't book your regular cleaning on ${when}`,
        body: letter(customer.firstName, [
          `${conflictMessage(reason)} It was planned for ${when} at ${series.localTime}.`,
          alternatives.length > 0
            ? `Your cleaner is free at these times nearby:\n${alternatives.map((a) => `- ${whenText(new Date(a), series.timeZone)}`).join('\n')}`
            : 'Your cleaner has no free time close to it.',
          `Book one of them, or skip this date: ${link(siteOf(deps), `/dashboard?tab=regular&series=${series.id}`)}`,
          'Your other visits stay booked as planned.',
        ]),
        payload: { seriesId: series.id, occurrence },
        dedupeKey: `series_conflict:${series.id}:${occurrence}`,
      });
    });
    return 'conflict';
  }
}

/** Activates a pending series whose first visit is paid: the card it was paid with is saved for the rest. */
async function activate(deps: HorizonDeps, series: SeriesRow, now: Date): Promise<boolean> {
  const first = await visitOn(deps.database.db, series.id, series.anchorDate);
  if (!first || first.status === 'cancelled') {
    await deps.database.write((tx) =>
      updateSeries(tx, series.id, ['pending'], {
        status: 'ended',
        endedAt: now,
        endReason: 'The first visit was not paid',
        updatedAt: now,
      }),
    );
    return false;
  }
  if (first.paymentStatus !== 'succeeded') return false;
  const payment = await successfulPaymentOf(deps.database.db, first.id);
  const intent = payment ? await deps.payments.retrieve(payment.providerPaymentId) : null;
  const card =
    intent?.customerRef && intent.paymentMethodId
      ? { providerCustomerId: intent.customerRef, paymentMethodId: intent.paymentMethodId, cardLast4: intent.cardLast4 }
      : {};
  return deps.database.write((tx) =>
    updateSeries(tx, series.id, ['pending'], { status: 'active', ...card, updatedAt: now }),
  );
}

/** `extend-series`: activates paid series and books each active one's visits up to the horizon. */
export async function extendSeries(deps: HorizonDeps, actor: Actor) {
  requireSystem(actor);
  const now = deps.clock.now();
  const result = { activated: 0, booked: 0, conflicts: 0 };
  const horizonUtc = toLocal(new Date(now.getTime() + HORIZON_DAYS * 86_400_000), 'UTC').date;
  for (let series of await seriesNeedingWork(deps.database.db, horizonUtc)) {
    if (series.status === 'pending') {
      if (!(await activate(deps, series, now))) continue;
      result.activated++;
      series = { ...series, status: 'active' };
    }
    const through = addDays(toLocal(now, series.timeZone).date, HORIZON_DAYS);
    const today = toLocal(now, series.timeZone).date;
    const after = series.plannedThrough > today ? series.plannedThrough : addDays(today, -1);
    for (const occurrence of occurrencesBetween(series.anchorDate, series.frequency, after, through)) {
      // A date too close to be paid in time (a series resumed today) is not booked, nor reported.
      if (zonedToUtc(occurrence, series.localTime, series.timeZone).getTime() <= now.getTime() + PAY_DEADLINE_MS)
        continue;
      const outcome = await bookVisit(deps, series, occurrence, now);
      if (outcome === 'booked') result.booked++;
      if (outcome === 'conflict') result.conflicts++;
    }
    await deps.database.write((tx) =>
      updateSeries(tx, series.id, ['active'], { plannedThrough: through, updatedAt: now }),
    );
  }
  return result;
}

/**
 * `charge-visits`: each later visit within `CHARGE_LEAD_MS` of its start is charged to its saved card
 * once; a decline (or no saved card) tells the customer how to pay before the deadline; a visit still
 * unpaid `PAY_DEADLINE_MS` before it is cancelled without fee.
 */
export async function chargeDueVisits(deps: HorizonDeps, actor: Actor) {
  requireSystem(actor);
  const now = deps.clock.now();
  const result = { charged: 0, failed: 0, cancelled: 0 };
  const due = await visitsToCharge(
    deps.database.db,
    new Date(now.getTime() + CHARGE_LEAD_MS),
    new Date(now.getTime() + PAY_DEADLINE_MS),
  );
  for (const { booking, series } of due) {
    let charge: Awaited<ReturnType<typeof chargeVisit>>;
    try {
      charge =
        series.providerCustomerId && series.paymentMethodId
          ? await chargeVisit(deps, actor, {
              bookingId: booking.id,
              customerRef: series.providerCustomerId,
              paymentMethodId: series.paymentMethodId,
            })
          : { outcome: 'failed', reason: 'No card is saved for this regular cleaning.' };
    } catch (error) {
      // The provider could not be asked (down, or refused the request): the next run tries again.
      deps.logger?.warn('visit charge not made', { bookingId: booking.id, error: String(error) });
      continue;
    }
    if (charge.outcome === 'succeeded') result.charged++;
    if (charge.outcome !== 'failed') continue;
    result.failed++;
    const customer = await findUserById(deps.database.db, series.customerId);
    if (!customer) continue;
    const payBy = new Date(booking.startsAt.getTime() - PAY_DEADLINE_MS);
    await deps.database.write((tx) =>
      enqueueNotification(tx, now, {
        type: 'visit_charge_failed',
        recipientEmail: customer.email,
        recipientUserId: customer.id,
        subject: `Please pay for your cleaning on ${whenText(booking.startsAt, booking.timeZone)}`,
        body: letter(customer.firstName, [
          `We could not charge your card for your regular cleaning on ${whenText(booking.startsAt, booking.timeZone)}: ${charge.reason}`,
          `Pay for it by ${whenText(payBy, booking.timeZone)} to keep it: ${link(siteOf(deps), `/checkout?booking=${booking.id}`)}`,
          'If it is not paid by then, this visit alone is cancelled, without any fee. Your other visits stay booked.',
        ]),
        payload: { bookingId: booking.id, seriesId: series.id },
        dedupeKey: `visit_charge_failed:${booking.id}`,
      }),
    );
  }
  result.cancelled = (await cancelUnpaidVisits(deps, actor, PAY_DEADLINE_MS)).cancelled.length;
  return result;
}
