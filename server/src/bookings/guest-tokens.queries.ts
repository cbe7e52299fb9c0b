import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../db/client';
import { bookings } from '../db/schema';

/** Guest checkout tokens (decision 049): found by their hash, forgotten once expired. */

/** The booking a guest token was issued with, and the times its expiry is counted from. */
export async function findGuestTokenBooking(
  db: Queryable,
  tokenHash: string,
): Promise<{ id: number; endsAt: Date; cancelledAt: Date | null } | undefined> {
  return db
    .select({ id: bookings.id, endsAt: bookings.endsAt, cancelledAt: bookings.cancelledAt })
    .from(bookings)
    .where(eq(bookings.guestTokenHash, tokenHash))
    .get();
}

/**
 * Forgets the guest tokens of bookings that ended or were cancelled before `before` (a batch at a
 * time): an expired token is refused anyway, and its hash need not be kept.
 */
export async function clearGuestTokensBefore(tx: Tx, before: Date, limit: number): Promise<number> {
  const due = tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        isNotNull(bookings.guestTokenHash),
        sql`min(${bookings.endsAt}, coalesce(${bookings.cancelledAt}, ${bookings.endsAt})) <= ${before.getTime()}`,
      ),
    )
    .limit(limit);
  const result = await tx.update(bookings).set({ guestTokenHash: null }).where(inArray(bookings.id, due));
  return result.rowsAffected;
}
