import { centsToDollars, RESCHEDULE_CLOSES_HOURS } from '@spotless/sdk/rules';
import type { BookingUpdateInput } from '@spotless/sdk/schemas';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { cleanerSchedule, releaseSlotsOf } from '../availability/availability.queries';
import { fitsAvailability } from '../availability/slots';
import { type Actor, forbidden, requirePersonOrAdmin, userIdOf } from '../contract/actor';
import { AppError, badRequest } from '../contract/errors';
import type { Queryable } from '../db/client';
import { type BookingRow, bookings } from '../db/schema';
import type { Deps } from '../deps';
import { toLocal } from '../lib/time';
import { answerWith, type BookingAnswer, loadForActor } from './booking-access.service';
import { rescheduleOpen } from './booking-actions';
import { notifyBookingEvent } from './booking-notifications.service';
import { partyOf, transition } from './booking-state';
import { resolveStart } from './booking-time';
import { overlappingBookings, recordHistory } from './bookings.queries';
import { cancellationTerms } from './cancellation';

/**
 * Bookings, the customer's writes: edit and cancel (booking itself: booking-create.service.ts).
 * Every rule each checks is the one the booking's actions are listed by (booking-actions.ts).
 */

type BookingDeps = Pick<Deps, 'database' | 'clock' | 'config' | 'refunds'>;
type UpdateInput = z.output<typeof BookingUpdateInput>;

export const MINUTE_MS = 60_000;

export function startOrThrow(input: { scheduledDate: string; scheduledTime?: string }, timeZone: string): Date {
  const result = resolveStart(input, timeZone);
  if (!result.ok) throw badRequest(`Invalid request body: ${result.field}`, { [result.field]: result.message });
  return result.startsAt;
}

export function assertFuture(startsAt: Date, now: Date, field: string): void {
  if (startsAt.getTime() <= now.getTime()) {
    throw badRequest(`Invalid request body: ${field}`, { [field]: 'Please select a time in the future' });
  }
}

/** The refusal of a time outside the cleaner's hours or in their time off. */
export function assertFits(fit: ReturnType<typeof fitsAvailability>): void {
  if (fit === 'time_off') throw new AppError(409, 'time_off', 'The cleaner is off on that day');
  if (fit === 'outside_hours') {
    throw new AppError(409, 'outside_hours', 'That time is outside the cleaner’s working hours');
  }
}

export const slotTaken = () => new AppError(409, 'slot_taken', 'That time is already booked: please pick another time');

/**
 * The no-double-booking rule (decision 020): inside the cleaner's hours, outside their time off, clear
 * of every booking that holds their time. Call it inside the write transaction that then writes,
 * so nothing can slip in between the check and the insert.
 */
export async function assertBookable(
  tx: Queryable,
  request: { cleanerId: number; timeZone: string; startsAt: Date; endsAt: Date; excludeBookingId?: number },
): Promise<void> {
  assertFits(fitsAvailability({ ...request, ...(await cleanerSchedule(tx, request.cleanerId)) }));
  const clash = await overlappingBookings(
    tx,
    request.cleanerId,
    request.startsAt,
    request.endsAt,
    request.excludeBookingId,
  ).limit(1);
  if (clash.length > 0) throw slotTaken();
}

/**
 * The customer's edit: a new local date/time (allowed `RESCHEDULE_CLOSES_HOURS` or more before the current start,
 * re-checked against hours, time off and other bookings), instructions and address.
 */
export async function updateBooking(
  deps: BookingDeps,
  actor: Actor,
  id: number,
  input: UpdateInput,
): Promise<BookingAnswer> {
  requirePersonOrAdmin(actor);
  const now = deps.clock.now();
  return deps.database.write(async (tx) => {
    const { booking, relation } = await loadForActor(tx, id, actor);
    if (relation !== 'customer' || actor.kind === 'assistant') {
      throw forbidden('Forbidden: only the customer edits a booking');
    }
    const allowed = transition(booking, 'edit', actor, now);
    if (!allowed.ok) throw new AppError(409, 'illegal_transition', `A ${booking.status} booking cannot be edited`);

    const changes: Partial<BookingRow> = {};
    const notes: string[] = [];
    if (input.scheduledDate !== undefined || input.scheduledTime !== undefined) {
      const current = toLocal(booking.startsAt, booking.timeZone);
      const startsAt = startOrThrow(
        { scheduledDate: input.scheduledDate ?? current.date, scheduledTime: input.scheduledTime ?? current.time },
        booking.timeZone,
      );
      if (startsAt.getTime() !== booking.startsAt.getTime()) {
        if (!rescheduleOpen(booking, now)) {
          throw new AppError(
            409,
            'reschedule_window_closed',
            `Bookings can be rescheduled up to ${RESCHEDULE_CLOSES_HOURS} hours before the start; cancel it instead`,
          );
        }
        assertFuture(startsAt, now, input.scheduledDate !== undefined ? 'scheduledDate' : 'scheduledTime');
        const endsAt = new Date(startsAt.getTime() + booking.durationMinutes * MINUTE_MS);
        await assertBookable(tx, {
          cleanerId: booking.cleanerId,
          timeZone: booking.timeZone,
          startsAt,
          endsAt,
          excludeBookingId: booking.id,
        });
        changes.startsAt = startsAt;
        changes.endsAt = endsAt;
        changes.reminderSentAt = null;
        const local = toLocal(startsAt, booking.timeZone);
        notes.push(`rescheduled from ${current.date} ${current.time} to ${local.date} ${local.time}`);
      }
    }
    const instructions = input.specialInstructions ?? input.specialRequests;
    if (instructions !== undefined && instructions !== booking.specialInstructions) {
      changes.specialInstructions = instructions;
      notes.push('special instructions changed');
    }
    if (input.address !== undefined && input.address !== booking.address) {
      changes.address = input.address;
      notes.push('address changed');
    }
    if (notes.length > 0) {
      const [updated] = await tx
        .update(bookings)
        .set({ ...changes, updatedAt: now })
        .where(eq(bookings.id, booking.id))
        .returning();
      if (!updated) throw new Error('booking update returned no row');
      if (changes.startsAt) await releaseSlotsOf(tx, booking.id, now);
      await recordHistory(tx, now, {
        bookingId: booking.id,
        fromStatus: booking.status,
        toStatus: booking.status,
        actorUserId: userIdOf(actor),
        actorRole: 'customer',
        note: notes.join('; '),
      });
      await notifyBookingEvent(tx, now, 'booking_updated', updated, `Change: ${notes.join('; ')}`);
    }
    return answerWith(tx, booking.id, actor, now);
  });
}

/**
 * Cancels a pending or confirmed booking for its customer or an administrator. Free
 * `FREE_CANCELLATION_HOURS` or more ahead; later, a paid booking keeps the cleaner's fee (cancellation.ts).
 */
export async function cancelBooking(deps: BookingDeps, actor: Actor, id: number): Promise<BookingAnswer> {
  requirePersonOrAdmin(actor);
  const now = deps.clock.now();
  const cancelled = await deps.database.write(async (tx) => {
    const { booking } = await loadForActor(tx, id, actor);
    const result = transition(booking, 'cancel', actor, now);
    if (!result.ok && result.error === 'forbidden') {
      throw forbidden('Forbidden: a cleaner declines a booking through its status');
    }
    if (!result.ok) throw new AppError(409, 'illegal_transition', `A ${booking.status} booking cannot be cancelled`);
    const byCustomer = partyOf(booking, actor) === 'customer';
    const terms = cancellationTerms({
      startsAt: booking.startsAt,
      now,
      totalPriceCents: booking.totalPriceCents,
      hourlyRateCents: booking.hourlyRateCents,
      paid: booking.paymentStatus === 'succeeded',
      cancelledBy: byCustomer ? 'customer' : 'admin',
    });
    const [updated] = await tx
      .update(bookings)
      .set({
        status: 'cancelled',
        cancelledAt: now,
        cancelReason: byCustomer ? 'Cancelled by the customer' : 'Cancelled by an administrator',
        cancellationFeeCents: terms.feeCents,
        updatedAt: now,
      })
      .where(eq(bookings.id, booking.id))
      .returning();
    if (!updated) throw new Error('booking update returned no row');
    await releaseSlotsOf(tx, booking.id, now);
    await recordHistory(tx, now, {
      bookingId: booking.id,
      fromStatus: booking.status,
      toStatus: 'cancelled',
      actorUserId: userIdOf(actor),
      actorRole: byCustomer ? 'customer' : 'admin',
      note: terms.free
        ? 'free cancellation'
        : `cancellation fee $${centsToDollars(terms.feeCents)}, refund due $${centsToDollars(terms.refundCents)}`,
    });
    await notifyBookingEvent(
      tx,
      now,
      'booking_cancelled',
      updated,
      terms.feeCents > 0 ? `Cancellation fee: $${centsToDollars(terms.feeCents)}` : undefined,
    );
    return { refundDue: terms.refundCents > 0 };
  });
  if (!cancelled.refundDue || !deps.refunds) return answerWith(deps.database.db, id, actor, now);
  // The money goes back now, through the provider, outside the transaction (refunds.service.ts
  // reserves it first, so a retried or concurrent cancel cannot refund twice).
  await deps.refunds.refundCancelledBooking(id);
  return answerWith(deps.database.db, id, actor, deps.clock.now());
}
