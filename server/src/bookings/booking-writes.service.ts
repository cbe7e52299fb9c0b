import {
  centsToDollars,
  notEnoughTimeMessage,
  offersService,
  RESCHEDULE_CLOSES_HOURS,
  serviceNotOfferedMessage,
} from '@spotless/sdk/rules';
import type { BookingUpdateInput } from '@spotless/sdk/schemas';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { cleanerSchedule, releaseSlotsOf } from '../availability/availability.queries';
import {
  fitsAvailability,
  freeMinutesFrom,
  type Interval,
  overlaps,
  type TimeOffPeriod,
  type WeeklyHours,
} from '../availability/slots';
import { findService } from '../catalog/catalog.queries';
import { findCleaner } from '../cleaners/cleaners.queries';
import { type Actor, forbidden, requirePersonOrAdmin, userIdOf } from '../contract/actor';
import { AppError, badRequest } from '../contract/errors';
import type { Queryable } from '../db/client';
import { type BookingRow, bookings } from '../db/schema';
import type { Deps } from '../deps';
import { toLocal } from '../lib/time';
import { siteOf } from '../notifications/site';
import { queuePartnerBookingEvent } from '../partners/partner-webhooks.service';
import { answerWith, type BookingAnswer, loadForActor } from './booking-access.service';
import { rescheduleOpen } from './booking-actions';
import { notifyBookingCancelled, notifyBookingChanged } from './booking-notifications.service';
import { partyOf, transition } from './booking-state';
import { resolveStart } from './booking-time';
import { overlappingBookings, recordHistory } from './bookings.queries';
import { cancellationTerms } from './cancellation';

/**
 * Bookings, the customer's writes: edit and cancel (booking itself: booking-create.service.ts).
 * Every rule each checks is the one the booking's actions are listed by (booking-actions.ts).
 */

type BookingDeps = Pick<Deps, 'database' | 'clock' | 'config' | 'refunds' | 'requestUrl'>;
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

/** The refusal of a service the cleaner does not offer (decision 071): 400 on a new booking, 409 on a move. */
export function serviceNotOffered(status: 400 | 409, serviceName: string): AppError {
  const message = serviceNotOfferedMessage(serviceName);
  return new AppError(status, 'service_not_offered', message, { serviceId: message });
}

export interface RoomRequest {
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  weeklyHours: readonly WeeklyHours[];
  timeOff: readonly TimeOffPeriod[];
  /** The cleaner's bookings around the time (those that hold it). */
  busy: readonly Interval[];
}

/**
 * The no-double-booking rule (decision 020) with its reason: inside the cleaner's hours, outside
 * their time off, clear of every booking that holds their time. A start that is free but not for
 * this long says how long it is free (409 `not_enough_time`, naming `duration`; decision 071);
 * otherwise `outside_hours`, `time_off` or `slot_taken` as before.
 */
export function assertRoom(request: RoomRequest): void {
  const fit = fitsAvailability(request);
  const clash = request.busy.some((b) => overlaps(request, b));
  if (fit === 'ok' && !clash) return;
  if (fit !== 'time_off') {
    const free = freeMinutesFrom(request);
    const needed = Math.round((request.endsAt.getTime() - request.startsAt.getTime()) / MINUTE_MS);
    if (free > 0 && free < needed) {
      const message = notEnoughTimeMessage(needed, free, toLocal(request.startsAt, request.timeZone).time);
      throw new AppError(409, 'not_enough_time', message, { duration: message });
    }
  }
  assertFits(fit);
  throw slotTaken();
}

/**
 * `assertRoom` on what the database holds now. Call it inside the write transaction that then
 * writes, so nothing can slip in between the check and the write.
 */
export async function assertBookable(
  tx: Queryable,
  request: { cleanerId: number; timeZone: string; startsAt: Date; endsAt: Date; excludeBookingId?: number },
): Promise<void> {
  const busy = await overlappingBookings(
    tx,
    request.cleanerId,
    request.startsAt,
    request.endsAt,
    request.excludeBookingId,
  );
  assertRoom({ ...request, ...(await cleanerSchedule(tx, request.cleanerId)), busy });
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
        await assertStillOffered(tx, booking);
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
      await notifyBookingChanged(tx, now, updated, {
        site: siteOf(deps),
        change: {
          previousStartsAt: changes.startsAt ? booking.startsAt : undefined,
          address: changes.address !== undefined,
          instructions: changes.specialInstructions !== undefined,
        },
      });
    }
    return answerWith(tx, booking.id, actor, now);
  });
}

/** A moved booking keeps its service only while its cleaner still offers it (decision 071). */
async function assertStillOffered(tx: Queryable, booking: Pick<BookingRow, 'cleanerId' | 'serviceId'>) {
  const cleaner = await findCleaner(tx, booking.cleanerId);
  const service = await findService(tx, booking.serviceId);
  if (cleaner && service && !offersService(cleaner, service)) throw serviceNotOffered(409, service.name);
}

/**
 * Cancels a pending or confirmed booking for its customer or an administrator. Free
 * `FREE_CANCELLATION_HOURS` or more ahead; later, a paid booking keeps the cleaner's fee (cancellation.ts).
 */
export async function cancelBooking(
  deps: BookingDeps,
  actor: Actor,
  id: number,
  /** `quiet`: the caller tells the parties itself (a regular cleaning ended: one e-mail, not one per visit). */
  options: { quiet?: boolean } = {},
): Promise<BookingAnswer> {
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
        cancellationKind: byCustomer ? 'customer' : 'admin',
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
    await queuePartnerBookingEvent(tx, { bookingId: booking.id, type: 'booking.cancelled', now });
    if (!options.quiet)
      await notifyBookingCancelled(tx, now, updated, {
        site: siteOf(deps),
        was: booking.status,
        by: byCustomer ? 'customer' : 'admin',
        feeCents: terms.feeCents,
        refundCents: terms.refundCents,
      });
    return { refundDue: terms.refundCents > 0 };
  });
  if (!cancelled.refundDue || !deps.refunds) return answerWith(deps.database.db, id, actor, now);
  // The money goes back now, through the provider, outside the transaction (refunds.service.ts
  // reserves it first, so a retried or concurrent cancel cannot refund twice).
  await deps.refunds.refundCancelledBooking(id);
  return answerWith(deps.database.db, id, actor, deps.clock.now());
}
