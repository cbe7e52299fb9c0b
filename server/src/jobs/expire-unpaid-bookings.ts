import { and, eq, inArray, lte } from 'drizzle-orm';
import { notifyBookingEvent } from '../bookings/booking-notifications';
import { transition } from '../bookings/booking-state';
import { recordHistory, releaseSlotsOf } from '../bookings/bookings.queries';
import { bookings } from '../db/schema';
import type { Deps } from '../deps';

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
      if (!transition(booking, 'expire', { role: 'system' }).ok) continue;
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
