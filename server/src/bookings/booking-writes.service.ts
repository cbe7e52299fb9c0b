import { centsToDollars, checkQuote, quoteBooking } from '@spotless/sdk/rules';
import type { BookingCreateInput, BookingUpdateInput } from '@spotless/sdk/schemas';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { cleanerSchedule, releaseSlotsOf } from '../availability/availability.queries';
import { fitsAvailability } from '../availability/slots';
import { findActiveCleaner } from '../cleaners/cleaners.queries';
import { bookRefusal } from '../cleaners/cleaners.service';
import type { Tx } from '../db/client';
import { type BookingRow, bookings, type Utm } from '../db/schema';
import type { Deps } from '../deps';
import { replayIdempotent, requestHash, storeIdempotent } from '../idempotency/idempotency';
import { type Actor, forbidden, requirePersonOrAdmin, requirePersonWriting, userIdOf } from '../lib/actor';
import { AppError, badRequest } from '../lib/errors';
import { toLocal } from '../lib/time';
import { findService } from '../services/services.queries';
import { answerWith, type BookingAnswer, loadForActor } from './booking-access.service';
import { rescheduleOpen } from './booking-actions';
import { notifyBookingEvent } from './booking-notifications.service';
import { partyOf, transition } from './booking-state';
import { resolveStart } from './booking-time';
import { countUnpaidPending, countUnpaidPendingForGuest, overlappingBookings, recordHistory } from './bookings.queries';
import { cancellationTerms } from './cancellation';

/**
 * Bookings, the customer's writes: book, edit, cancel. Every rule each checks is the one the
 * booking's actions are listed by (booking-actions.ts).
 */

type BookingDeps = Pick<Deps, 'database' | 'clock' | 'config' | 'refunds'>;
type CreateInput = z.output<typeof BookingCreateInput>;
type UpdateInput = z.output<typeof BookingUpdateInput>;

const MINUTE_MS = 60_000;

function startOrThrow(input: { scheduledDate: string; scheduledTime?: string }, timeZone: string): Date {
  const result = resolveStart(input, timeZone);
  if (!result.ok) throw badRequest(`Invalid request body: ${result.field}`, { [result.field]: result.message });
  return result.startsAt;
}

function assertFuture(startsAt: Date, now: Date, field: string): void {
  if (startsAt.getTime() <= now.getTime()) {
    throw badRequest(`Invalid request body: ${field}`, { [field]: 'Please select a time in the future' });
  }
}

/**
 * The no-double-booking rule (DESIGN.md): inside the cleaner's hours, outside their time off, clear
 * of every booking that holds their time. Call it inside the write transaction that then writes,
 * so nothing can slip in between the check and the insert.
 */
export async function assertBookable(
  tx: Tx,
  request: { cleanerId: number; timeZone: string; startsAt: Date; endsAt: Date; excludeBookingId?: number },
): Promise<void> {
  const schedule = await cleanerSchedule(tx, request.cleanerId);
  const fit = fitsAvailability({ ...request, ...schedule });
  if (fit === 'time_off') throw new AppError(409, 'time_off', 'The cleaner is off on that day');
  if (fit === 'outside_hours') {
    throw new AppError(409, 'outside_hours', 'That time is outside the cleaner’s working hours');
  }
  const clash = await overlappingBookings(
    tx,
    request.cleanerId,
    request.startsAt,
    request.endsAt,
    request.excludeBookingId,
  ).limit(1);
  if (clash.length > 0) {
    throw new AppError(409, 'slot_taken', 'That time is already booked: please pick another time');
  }
}

/** Who a booking is for: a signed-in customer, or a guest of a partner widget (decision 049). */
export type Booker =
  | { kind: 'customer'; userId: number }
  | {
      kind: 'guest';
      name: string;
      email: string;
      phone: string;
      tokenHash: string;
      partnerId: number;
      commissionRateBps: number;
      utm: Utm | null;
      /** The manage link for the confirmation e-mail. */
      note: string;
    };

/**
 * Books a cleaner for a signed-in customer or a partner's guest, inside the caller's write
 * transaction. The price is the server's; a different client quote is 409 `price_changed` carrying
 * the current price.
 */
export async function insertBooking(
  tx: Tx,
  booker: Booker,
  input: Omit<CreateInput, 'customerId'>,
  now: Date,
  limits: { maxUnpaidBookings: number },
): Promise<BookingRow> {
  const cleaner = await findActiveCleaner(tx, input.cleanerId);
  if (!cleaner) throw new AppError(404, 'not_found', 'Cleaner not found', { cleanerId: 'No such cleaner' });
  const customerId = booker.kind === 'customer' ? booker.userId : null;
  // The cleaner's own rule (cleaners.service.ts), the same one that lists their `book` action; a
  // guest is nobody's own cleaner and books without signing in.
  const refused =
    customerId === null
      ? cleaner.serviceTypes.length === 0
        ? 'no_services'
        : null
      : bookRefusal(cleaner, {
          userId: customerId,
          ownCleanerId: cleaner.userId === customerId ? cleaner.id : null,
        });
  if (refused === 'self') {
    throw badRequest('Invalid request body: cleanerId', { cleanerId: 'You cannot book yourself' });
  }
  if (refused === 'no_services') {
    throw new AppError(409, 'no_services', 'This cleaner offers no services yet', {
      cleanerId: 'Offers no services yet',
    });
  }
  const service = await findService(tx, input.serviceId);
  if (!service?.isActive) {
    throw new AppError(404, 'not_found', 'Service not found', { serviceId: 'No such service' });
  }
  const startsAt = startOrThrow(input, cleaner.timeZone);
  assertFuture(startsAt, now, 'scheduledDate');
  const quote = quoteBooking({
    hourlyRateCents: cleaner.hourlyRateCents,
    durationMinutes: input.duration,
    service: { basePriceCents: service.basePriceCents },
  });
  if (!quote.ok) throw badRequest('Invalid request body: duration', { duration: quote.message });
  const priceCheck = checkQuote(input.totalPrice, quote.totalPriceCents);
  if (!priceCheck.ok && priceCheck.code === 'invalid_price') {
    throw badRequest('Invalid request body: totalPrice', { totalPrice: priceCheck.message });
  }
  if (!priceCheck.ok) {
    throw new AppError(409, 'price_changed', priceCheck.message, { totalPrice: priceCheck.message }, undefined, {
      currentPrice: centsToDollars(quote.totalPriceCents),
      currentAmount: quote.totalPriceCents / 100,
    });
  }
  // Each unpaid booking holds a cleaner's time until it expires: one account may not hold many
  // (SECURITY.md, calendar squatting).
  const unpaid =
    booker.kind === 'customer'
      ? await countUnpaidPending(tx, booker.userId)
      : await countUnpaidPendingForGuest(tx, booker.email);
  if (unpaid >= limits.maxUnpaidBookings) {
    throw new AppError(
      409,
      'too_many_unpaid_bookings',
      `You have ${limits.maxUnpaidBookings} bookings waiting for payment: pay for or cancel one before booking another`,
    );
  }
  const endsAt = new Date(startsAt.getTime() + input.duration * MINUTE_MS);
  await assertBookable(tx, { cleanerId: cleaner.id, timeZone: cleaner.timeZone, startsAt, endsAt });

  const [row] = await tx
    .insert(bookings)
    .values({
      customerId,
      cleanerId: cleaner.id,
      serviceId: service.id,
      status: 'pending',
      startsAt,
      endsAt,
      durationMinutes: input.duration,
      timeZone: cleaner.timeZone,
      address: input.address,
      specialInstructions: input.specialInstructions,
      hourlyRateCents: cleaner.hourlyRateCents,
      totalPriceCents: quote.totalPriceCents,
      paymentStatus: 'unpaid',
      ...(booker.kind === 'guest'
        ? {
            guestName: booker.name,
            guestEmail: booker.email,
            guestPhone: booker.phone,
            guestTokenHash: booker.tokenHash,
            partnerId: booker.partnerId,
            partnerCommissionBps: booker.commissionRateBps,
            utm: booker.utm,
          }
        : {}),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('booking insert returned no row');
  await recordHistory(tx, now, {
    bookingId: row.id,
    fromStatus: null,
    toStatus: 'pending',
    actorUserId: customerId,
    actorRole: booker.kind,
  });
  await notifyBookingEvent(tx, now, 'booking_created', row, booker.kind === 'guest' ? booker.note : undefined);
  return row;
}

/**
 * `POST /api/bookings` for the signed-in person: one transaction that replays a stored answer for
 * a repeated `Idempotency-Key` (422 when the body differs), else books and stores the answer with
 * the write. `render` turns the booking into the answer's body.
 */
export async function createBooking(
  deps: BookingDeps,
  actor: Actor,
  input: CreateInput,
  options: { idempotencyKey: string | undefined; render: (answer: BookingAnswer) => unknown },
): Promise<{ status: number; body: string; replayed: boolean }> {
  const { userId } = requirePersonWriting(actor);
  const { idempotencyKey, render } = options;
  const now = deps.clock.now();
  const scope = `user:${userId}:POST /api/bookings`;
  const hash = requestHash(input);
  return deps.database.write(async (tx) => {
    if (idempotencyKey) {
      const stored = await replayIdempotent(tx, now, scope, idempotencyKey, hash);
      if (stored) return { ...stored, replayed: true };
    }
    const row = await insertBooking(tx, { kind: 'customer', userId }, input, now, deps.config);
    const body = JSON.stringify(render(await answerWith(tx, row.id, actor, now)));
    if (idempotencyKey) await storeIdempotent(tx, now, { scope, key: idempotencyKey, hash, status: 201, body });
    return { status: 201, body, replayed: false };
  });
}

/**
 * The customer's edit: a new local date/time (allowed 24 hours or more before the current start,
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
            'Bookings can be rescheduled up to 24 hours before the start; cancel it instead',
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
 * Cancels a pending or confirmed booking for its customer or an administrator. Free 24 hours or
 * more ahead; later, a paid booking keeps the cleaner's fee (cancellation.ts).
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
