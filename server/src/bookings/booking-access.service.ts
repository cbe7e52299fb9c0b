import { centsToDollars } from '@spotless/sdk/rules';
import { type Actor, isAdmin, userIdOf } from '../contract/actor';
import { AppError, notFound } from '../contract/errors';
import type { Queryable, Tx } from '../db/client';
import type { BookingRow } from '../db/schema';
import { toLocal } from '../lib/time';
import { refundFailedNextStep } from '../notifications/account-emails';
import { type BookingOffer, bookingActionsFor } from './booking-actions';
import type { TransitionError } from './booking-state';
import {
  type BookingData,
  type BookingView,
  cleanerUserIdOf,
  findBooking,
  findBookingView,
  toBookingDto,
} from './bookings.queries';

/**
 * How the bookings services see one booking for one actor: who they are to it, what it holds for
 * them and what they may do to it now. Shared by the reads, the writes and the lifecycle.
 */

/** `guest`: the guest token a partner widget's booking was made with (its read and payment only). */
export type Relation = 'customer' | 'cleaner' | 'admin' | 'guest';

export const bookingNotFound = () => notFound('Booking');

/**
 * The one visibility rule for a booking: its customer, its cleaner, or an administrator; anyone
 * else gets null, which callers answer with 404 so ids cannot be probed (decision 007). The
 * assistant sees what its person sees.
 */
export function relationTo(
  booking: { id: number; customerId: number | null },
  cleanerUserId: number | null,
  actor: Actor,
): Relation | null {
  if (actor.kind === 'guest') return actor.bookingId === booking.id ? 'guest' : null;
  const userId = userIdOf(actor);
  if (userId !== null && booking.customerId === userId) return 'customer';
  if (userId !== null && cleanerUserId === userId) return 'cleaner';
  if (isAdmin(actor)) return 'admin';
  return null;
}

/** The booking and how the actor relates to it; 404 when it is missing or none of their business. */
export async function loadForActor(tx: Tx, id: number, actor: Actor) {
  const booking = await findBooking(tx, id);
  if (!booking) throw bookingNotFound();
  const relation = relationTo(booking, await cleanerUserIdOf(tx, booking.cleanerId), actor);
  if (relation === null) throw bookingNotFound();
  return { booking, relation };
}

/** The state machine's refusal as the API answers it. */
export function refusal(error: TransitionError, booking: BookingRow, what: string): AppError {
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
    case 'started':
      return new AppError(409, 'already_started', `This job has started: it can no longer ${what}`);
    default:
      return new AppError(409, 'illegal_transition', `A ${booking.status} booking cannot ${what}`);
  }
}

/**
 * A booking as one actor sees it: its fields, and what they may do to it now (booking-actions.ts,
 * the same rules the writes check). Routes render it with links and actions.
 */
export interface BookingAnswer {
  data: BookingData;
  offer: BookingOffer;
  relation: Relation | null;
  paymentId: number | null;
  /**
   * For the assistant only: what its person could do to the booking themself now (the assistant
   * tells them, e.g. whether cancelling is still free; it does none of it).
   */
  personOffer?: BookingOffer;
}

/**
 * The money a booking owes back, as its customer reads it: on its way or back on the card; or, for a
 * cancelled booking whose latest refund the card's bank refused, that it did not go through and
 * what happens next (decision 075). Null when nothing was refunded.
 */
export function refundOf(row: BookingView): BookingData['refund'] {
  if (row.booking.status === 'cancelled' && row.refusedRefundCents !== null && row.refusedRefundCents > 0) {
    return {
      amount: centsToDollars(row.refusedRefundCents),
      status: 'failed',
      note: refundFailedNextStep(row.refusedRefundCents),
    };
  }
  if (row.refundedCents <= 0) return null;
  return { amount: centsToDollars(row.refundedCents), status: row.refundsPending > 0 ? 'pending' : 'succeeded' };
}

/**
 * The decision on the problem the customer reported, for the booking's own parties only — its
 * customer (or guest), its cleaner — and administrators: the refund (zero when the payout was
 * released), the reason and when. Null while the report is open, without one, or for anyone else.
 */
export function damageDecisionOf(row: BookingView, relation: Relation | null): BookingData['damageDecision'] {
  if (relation === null || row.damageDecision === null) return null;
  const decided = JSON.parse(row.damageDecision) as { refundCents: number; reason: string | null; resolvedAt: number };
  return {
    refund: centsToDollars(decided.refundCents),
    reason: decided.reason ?? '',
    resolvedAt: new Date(decided.resolvedAt).toISOString(),
  };
}

export function answerOf(row: BookingView, actor: Actor, now: Date): BookingAnswer {
  const relation = relationTo(row.booking, row.cleanerUserId, actor);
  const answer: BookingAnswer = {
    data: { ...toBookingDto(row), refund: refundOf(row), damageDecision: damageDecisionOf(row, relation) },
    offer:
      relation === null
        ? { allowed: new Set(), cancelTerms: null }
        : bookingActionsFor(row.booking, actor, now, row.damageReportStatus),
    relation,
    paymentId: row.paymentId,
  };
  if (actor.kind === 'assistant' && relation !== null)
    answer.personOffer = bookingActionsFor(row.booking, actor.for, now, row.damageReportStatus);
  return answer;
}

export async function answerWith(db: Queryable, id: number, actor: Actor, now: Date): Promise<BookingAnswer> {
  const view = await findBookingView(db, id);
  if (!view) throw new Error(`booking ${id} vanished inside its transaction`);
  return answerOf(view, actor, now);
}
