import { centsToDollars, checkQuote, quoteBooking } from '@spotless/sdk/rules';
import type { BookingCreateInput, BookingListQuery, BookingStatus, BookingUpdateInput } from '@spotless/sdk/schemas';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { cleanerSchedule } from '../availability/availability.queries';
import { fitsAvailability } from '../availability/slots';
import { findActiveCleaner, findActiveCleanerByUser } from '../cleaners/cleaners.queries';
import { bookRefusal } from '../cleaners/cleaners.service';
import type { Queryable, Tx } from '../db/client';
import { type BookingRow, bookings, cleaners } from '../db/schema';
import type { Deps } from '../deps';
import { replayIdempotent, requestHash, storeIdempotent } from '../idempotency/idempotency';
import { AppError, badRequest, notFound } from '../lib/errors';
import { toLocal } from '../lib/time';
import { findService } from '../services/services.queries';
import { type BookingOffer, type BookingViewer, bookingActionsFor } from './booking-actions';
import { notifyBookingEvent } from './booking-notifications';
import {
  type BookingAction,
  type BookingActor,
  cleanerActionFor,
  type TransitionError,
  transition,
} from './booking-state';
import { resolveStart } from './booking-time';
import {
  type BookingData,
  type BookingView,
  cleanerUserIdOf,
  countUnpaidPending,
  findBooking,
  findBookingView,
  listBookings,
  overlappingBookings,
  recordHistory,
  releaseSlotsOf,
  toBookingDto,
} from './bookings.queries';
import { cancellationTerms, FREE_CANCELLATION_MS } from './cancellation';

/**
 * Bookings: every write and every decision about who may do what to a booking. Routes, jobs, the
 * assistant's tools and partner widgets call these; nothing else writes the bookings table.
 */

type BookingDeps = Pick<Deps, 'database' | 'clock' | 'config' | 'refunds'>;
type CreateInput = z.output<typeof BookingCreateInput>;
type UpdateInput = z.output<typeof BookingUpdateInput>;

const MINUTE_MS = 60_000;

/** Who asks: a signed-in user (possibly also an administrator), or an administrator session alone. */
export interface Requester {
  userId: number | null;
  isAdmin: boolean;
}

export type Relation = 'customer' | 'cleaner' | 'admin';

const bookingNotFound = () => notFound('Booking');

/**
 * The one ownership rule for a booking: its customer, its cleaner, or an administrator; anyone
 * else gets null, which callers answer with 404 so ids cannot be probed (decision 007).
 */
export function relationTo(
  booking: { customerId: number | null },
  cleanerUserId: number | null,
  who: Requester,
): Relation | null {
  if (who.userId !== null && booking.customerId === who.userId) return 'customer';
  if (who.userId !== null && cleanerUserId === who.userId) return 'cleaner';
  if (who.isAdmin) return 'admin';
  return null;
}

/** The booking and how the requester relates to it; 404 when it is missing or none of their business. */
async function loadForRequester(tx: Tx, id: number, who: Requester) {
  const booking = await findBooking(tx, id);
  if (!booking) throw bookingNotFound();
  const relation = relationTo(booking, await cleanerUserIdOf(tx, booking.cleanerId), who);
  if (relation === null) throw bookingNotFound();
  return { booking, relation };
}

function actorFor(booking: BookingRow, relation: Relation, who: Requester): BookingActor {
  if (relation === 'customer' && who.userId !== null) return { role: 'customer', userId: who.userId };
  if (relation === 'cleaner') return { role: 'cleaner', cleanerId: booking.cleanerId };
  return { role: 'admin' };
}

/** The state machine's refusal as the API answers it. */
function refusal(error: TransitionError, booking: BookingRow, what: string): AppError {
  switch (error) {
    case 'forbidden':
      return new AppError(403, 'forbidden', `Forbidden: you may not ${what} this booking`);
    case 'not_paid':
      return new AppError(409, 'not_paid', 'This booking is not paid yet: a job starts only once it is paid');
    case 'too_early': {
      const local = toLocal(booking.startsAt, booking.timeZone);
      return new AppError(
        409,
        'too_early',
        `Too early: this job is booked for ${local.date} at ${local.time} (${booking.timeZone})`,
      );
    }
    default:
      return new AppError(409, 'illegal_transition', `A ${booking.status} booking cannot ${what}`);
  }
}

/**
 * A booking as one requester sees it: its fields, and what they may do to it now (booking-actions.ts,
 * the same rules the writes below check). Routes render it with links and actions.
 */
export interface BookingAnswer {
  data: BookingData;
  offer: BookingOffer;
  relation: Relation | null;
  paymentId: number | null;
}

export function answerOf(row: BookingView, who: Requester, now: Date): BookingAnswer {
  const relation = relationTo(row.booking, row.cleanerUserId, who);
  const viewer: BookingViewer =
    relation === null
      ? { actor: null, cleanerActive: false }
      : { actor: actorFor(row.booking, relation, who), cleanerActive: row.cleanerStatus === 'active' };
  return {
    data: toBookingDto(row),
    offer: bookingActionsFor(row.booking, viewer, now),
    relation,
    paymentId: row.paymentId,
  };
}

async function answerWith(tx: Queryable, id: number, who: Requester, now: Date): Promise<BookingAnswer> {
  const view = await findBookingView(tx, id);
  if (!view) throw new Error(`booking ${id} vanished inside its transaction`);
  return answerOf(view, who, now);
}

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

/**
 * Books a cleaner for a signed-in customer, inside the caller's write transaction. The price is
 * the server's; a different client quote is 409 `price_changed` carrying the current price.
 */
export async function createBooking(
  tx: Tx,
  customer: { userId: number },
  input: CreateInput,
  now: Date,
  limits: { maxUnpaidBookings: number },
): Promise<BookingRow> {
  const cleaner = await findActiveCleaner(tx, input.cleanerId);
  if (!cleaner) throw new AppError(404, 'not_found', 'Cleaner not found', { cleanerId: 'No such cleaner' });
  // The cleaner's own rule (cleaners.service.ts), the same one that lists their `book` action.
  const refusal = bookRefusal(cleaner, {
    userId: customer.userId,
    ownCleanerId: cleaner.userId === customer.userId ? cleaner.id : null,
  });
  if (refusal === 'self') {
    throw badRequest('Invalid request body: cleanerId', { cleanerId: 'You cannot book yourself' });
  }
  if (refusal === 'no_services') {
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
  if ((await countUnpaidPending(tx, customer.userId)) >= limits.maxUnpaidBookings) {
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
      customerId: customer.userId,
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
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('booking insert returned no row');
  await recordHistory(tx, now, {
    bookingId: row.id,
    fromStatus: null,
    toStatus: 'pending',
    actorUserId: customer.userId,
    actorRole: 'customer',
  });
  await notifyBookingEvent(tx, now, 'booking_created', row);
  return row;
}

/**
 * `POST /api/bookings`: one transaction that replays a stored answer for a repeated
 * `Idempotency-Key` (422 when the body differs), else books and stores the answer with the write.
 */
export async function bookOnce(
  deps: BookingDeps,
  customer: { userId: number },
  input: CreateInput,
  idempotencyKey: string | undefined,
  render: (answer: BookingAnswer) => unknown,
): Promise<{ status: number; body: string; replayed: boolean }> {
  const now = deps.clock.now();
  const scope = `user:${customer.userId}:POST /api/bookings`;
  const hash = requestHash(input);
  return deps.database.write(async (tx) => {
    if (idempotencyKey) {
      const stored = await replayIdempotent(tx, now, scope, idempotencyKey, hash);
      if (stored) return { ...stored, replayed: true };
    }
    const row = await createBooking(tx, customer, input, now, deps.config);
    const body = JSON.stringify(render(await answerWith(tx, row.id, { userId: customer.userId, isAdmin: false }, now)));
    if (idempotencyKey) await storeIdempotent(tx, now, { scope, key: idempotencyKey, hash, status: 201, body });
    return { status: 201, body, replayed: false };
  });
}

/** One booking for its customer, its cleaner or an administrator; 404 for anyone else. */
export async function getBooking(deps: BookingDeps, who: Requester, id: number): Promise<BookingAnswer> {
  const row = await findBookingView(deps.database.db, id);
  if (!row || relationTo(row.booking, row.cleanerUserId, who) === null) throw bookingNotFound();
  return answerOf(row, who, deps.clock.now());
}

/**
 * The bookings a requester may list: their own as a customer; a cleaner's jobs only for that
 * cleaner or an administrator (403 otherwise); everything for an administrator session alone.
 */
export async function listBookingsFor(
  deps: BookingDeps,
  who: Requester,
  query: z.output<typeof BookingListQuery>,
): Promise<{ items: BookingAnswer[]; total: number }> {
  const now = deps.clock.now();
  const answers = ({ rows, total }: { rows: BookingView[]; total: number }) => ({
    items: rows.map((row) => answerOf(row, who, now)),
    total,
  });
  const status = query.status === 'all' ? undefined : query.status;
  const { db } = deps.database;
  if (query.cleanerId !== undefined) {
    if (!who.isAdmin) {
      const own = who.userId !== null ? await findActiveCleanerByUser(db, who.userId) : undefined;
      if (own?.id !== query.cleanerId) {
        throw new AppError(403, 'forbidden', 'Forbidden: you can list only your own jobs');
      }
    }
    return answers(await listBookings(db, { cleanerId: query.cleanerId, status, limit: query.limit }));
  }
  if (who.userId !== null)
    return answers(await listBookings(db, { customerId: who.userId, status, limit: query.limit }));
  return answers(await listBookings(db, { status, limit: query.limit }));
}

/**
 * The customer's edit: a new local date/time (allowed 24 hours or more before the current start,
 * re-checked against hours, time off and other bookings), instructions and address.
 */
export async function updateBooking(
  deps: BookingDeps,
  who: Requester,
  id: number,
  input: UpdateInput,
): Promise<BookingAnswer> {
  const now = deps.clock.now();
  return deps.database.write(async (tx) => {
    const { booking, relation } = await loadForRequester(tx, id, who);
    if (relation !== 'customer' || who.userId === null) {
      throw new AppError(403, 'forbidden', 'Forbidden: only the customer edits a booking');
    }
    const allowed = transition(booking, 'edit', { role: 'customer', userId: who.userId }, now);
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
        if (booking.startsAt.getTime() - now.getTime() < FREE_CANCELLATION_MS) {
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
        actorUserId: who.userId,
        actorRole: 'customer',
        note: notes.join('; '),
      });
      await notifyBookingEvent(tx, now, 'booking_updated', updated, `Change: ${notes.join('; ')}`);
    }
    return answerWith(tx, booking.id, who, now);
  });
}

/**
 * Cancels a pending or confirmed booking for its customer or an administrator. Free 24 hours or
 * more ahead; later, a paid booking keeps the cleaner's fee (cancellation.ts).
 */
export async function cancelBooking(deps: BookingDeps, who: Requester, id: number): Promise<BookingAnswer> {
  const now = deps.clock.now();
  const cancelled = await deps.database.write(async (tx) => {
    const { booking, relation } = await loadForRequester(tx, id, who);
    const actor = actorFor(booking, relation, who);
    const result = transition(booking, 'cancel', actor, now);
    if (!result.ok && result.error === 'forbidden') {
      throw new AppError(403, 'forbidden', 'Forbidden: a cleaner declines a booking through its status');
    }
    if (!result.ok) throw new AppError(409, 'illegal_transition', `A ${booking.status} booking cannot be cancelled`);
    const byCustomer = actor.role === 'customer';
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
      actorUserId: who.userId,
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
  if (!cancelled.refundDue || !deps.refunds) return answerWith(deps.database.db, id, who, now);
  // The money goes back now, through the provider, outside the transaction (refunds.service.ts
  // reserves it first, so a retried or concurrent cancel cannot refund twice).
  await deps.refunds.refundCancelledBooking(id);
  return answerWith(deps.database.db, id, who, deps.clock.now());
}

/**
 * The booking's cleaner names a new status (spec 02 §7): accept, decline, start, complete. Start
 * and complete need the booking paid and its time come (decision 031).
 */
export async function setBookingStatus(
  deps: BookingDeps,
  who: Requester,
  id: number,
  target: BookingStatus,
  note: string | undefined,
): Promise<BookingAnswer> {
  const now = deps.clock.now();
  return deps.database.write(async (tx) => {
    const { booking, relation } = await loadForRequester(tx, id, who);
    const [cleaner] = await tx.select().from(cleaners).where(eq(cleaners.id, booking.cleanerId));
    if (relation !== 'cleaner' || who.userId === null || cleaner?.status !== 'active') {
      throw new AppError(403, 'forbidden', 'Forbidden: only the booking’s cleaner changes its status');
    }
    const action: BookingAction | null = cleanerActionFor(booking.status, target);
    if (!action) throw new AppError(409, 'illegal_transition', `A ${booking.status} booking cannot become ${target}`);
    const result = transition(booking, action, { role: 'cleaner', cleanerId: cleaner.id }, now);
    if (!result.ok) {
      if (result.error === 'illegal_transition' || result.error === 'forbidden') {
        throw new AppError(409, 'illegal_transition', `A ${booking.status} booking cannot become ${target}`);
      }
      throw refusal(result.error, booking, action);
    }
    const declined = target === 'cancelled';
    const [updated] = await tx
      .update(bookings)
      .set({
        status: target,
        updatedAt: now,
        ...(declined
          ? { cancelledAt: now, cancelReason: note ?? 'Declined by the cleaner', cancellationFeeCents: 0 }
          : {}),
      })
      .where(eq(bookings.id, booking.id))
      .returning();
    if (!updated) throw new Error('booking update returned no row');
    if (target === 'completed') {
      await tx
        .update(cleaners)
        .set({ completedJobs: sql`${cleaners.completedJobs} + 1`, updatedAt: now })
        .where(eq(cleaners.id, cleaner.id));
    }
    if (declined) await releaseSlotsOf(tx, booking.id, now);
    await recordHistory(tx, now, {
      bookingId: booking.id,
      fromStatus: booking.status,
      toStatus: target,
      actorUserId: who.userId,
      actorRole: 'cleaner',
      note: note ?? action,
    });
    if (target === 'confirmed') await notifyBookingEvent(tx, now, 'booking_confirmed', updated);
    if (declined) await notifyBookingEvent(tx, now, 'booking_cancelled', updated, 'The cleaner declined.');
    return answerWith(tx, booking.id, who, now);
  });
}

/**
 * Brings a booking along with its payments (the payments ledger calls this in its transaction with
 * the status its payments add up to): its payment status, and — once a charge has gone through —
 * pending → confirmed, the state machine's system `pay` (spec 01 §4 "Your booking has been
 * confirmed!").
 */
export async function syncBookingWithPayments(
  tx: Tx,
  bookingId: number,
  payment: { status: BookingRow['paymentStatus']; charged: boolean },
  now: Date,
): Promise<void> {
  const booking = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).get();
  if (!booking) return;
  const paymentStatus = payment.status;
  const confirm = payment.charged && transition(booking, 'pay', { role: 'system' }, now).ok;
  if (paymentStatus === booking.paymentStatus && !confirm) return;
  const [updated] = await tx
    .update(bookings)
    .set({ paymentStatus, ...(confirm ? { status: 'confirmed' as const } : {}), updatedAt: now })
    .where(eq(bookings.id, bookingId))
    .returning();
  if (!confirm || !updated) return;
  await recordHistory(tx, now, {
    bookingId,
    fromStatus: 'pending',
    toStatus: 'confirmed',
    actorUserId: null,
    actorRole: 'system',
    note: 'Payment succeeded',
  });
  await notifyBookingEvent(
    tx,
    now,
    'booking_confirmed',
    updated,
    'Payment Successful: Your booking has been confirmed!',
  );
}

/**
 * An unpaid booking holds the cleaner's time only this long after it is made: long enough to pay at
 * checkout, short enough that an abandoned checkout does not block the slot (decision 021).
 */
export const UNPAID_BOOKING_TTL_MS = 30 * 60_000;
/** Bookings handled per run; the next run takes the rest. */
const BATCH = 200;
/**
 * Payment states that mean nothing is on its way: no intent yet, an intent the customer never paid
 * (an abandoned checkout), or a declined card. A card in flight (`processing`) waits for the
 * provider's answer; a payment that lands after expiry is refunded by the reconcile job.
 */
const EXPIRABLE_PAYMENT = ['unpaid', 'pending', 'failed'] as const;

/**
 * Cancels pending bookings still unpaid (or failed) `ttlMs` after they were made, as the system,
 * with history and a 'booking_cancelled' notification, in one transaction that re-reads each row.
 * Bookings whose payment is processing are left to the payment provider's answer.
 */
export async function expireUnpaidBookings(
  deps: Pick<Deps, 'database' | 'clock'>,
  options: { ttlMs?: number } = {},
): Promise<{ expired: number[] }> {
  const now = deps.clock.now();
  const cutoff = new Date(now.getTime() - (options.ttlMs ?? UNPAID_BOOKING_TTL_MS));
  const stale = and(
    eq(bookings.status, 'pending'),
    inArray(bookings.paymentStatus, EXPIRABLE_PAYMENT),
    lte(bookings.createdAt, cutoff),
  );
  const expired = await deps.database.write(async (tx) => {
    const rows = await tx.select().from(bookings).where(stale).orderBy(bookings.id).limit(BATCH);
    const done: number[] = [];
    for (const booking of rows) {
      if (!transition(booking, 'expire', { role: 'system' }, now).ok) continue;
      const [updated] = await tx
        .update(bookings)
        .set({
          status: 'cancelled',
          cancelledAt: now,
          cancelReason: 'Not paid in time',
          cancellationFeeCents: 0,
          updatedAt: now,
        })
        .where(and(eq(bookings.id, booking.id), stale))
        .returning();
      if (!updated) continue;
      await releaseSlotsOf(tx, booking.id, now);
      await recordHistory(tx, now, {
        bookingId: booking.id,
        fromStatus: booking.status,
        toStatus: 'cancelled',
        actorUserId: null,
        actorRole: 'system',
        note: 'expired: not paid in time',
      });
      await notifyBookingEvent(
        tx,
        now,
        'booking_cancelled',
        updated,
        'The booking was not paid in time, so the time was released.',
      );
      done.push(booking.id);
    }
    return done;
  });
  return { expired };
}
