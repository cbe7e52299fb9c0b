import { and, asc, eq, gt, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../db/client';
import { bookings, cleaners, guestBookingLinks, users } from '../db/schema';

/**
 * Guest checkout tokens and e-mailed links (decision 049): found by their hash, forgotten once
 * expired; a link read without using it, and new links for a guest's bookings.
 */

/** A guest link as its preview reads it: the link, its booking's owner and what the booking shows. */
export interface GuestLinkFound {
  bookingId: number;
  email: string;
  expiresAt: Date;
  usedAt: Date | null;
  customerId: number | null;
  startsAt: Date;
  timeZone: string;
  cleanerFirstName: string | null;
  cleanerLastName: string | null;
}

/** A guest link by its hash, with its booking, without marking it used. */
export async function findGuestLink(db: Queryable, id: string): Promise<GuestLinkFound | undefined> {
  return db
    .select({
      bookingId: guestBookingLinks.bookingId,
      email: guestBookingLinks.email,
      expiresAt: guestBookingLinks.expiresAt,
      usedAt: guestBookingLinks.usedAt,
      customerId: bookings.customerId,
      startsAt: bookings.startsAt,
      timeZone: bookings.timeZone,
      cleanerFirstName: users.firstName,
      cleanerLastName: users.lastName,
    })
    .from(guestBookingLinks)
    .innerJoin(bookings, eq(bookings.id, guestBookingLinks.bookingId))
    .innerJoin(cleaners, eq(cleaners.id, bookings.cleanerId))
    .innerJoin(users, eq(users.id, cleaners.userId))
    .where(eq(guestBookingLinks.id, id))
    .get();
}

/**
 * The guest bookings of `email` a new link may open: in nobody's account yet, not cancelled, and
 * ending after `endsAfter`; the soonest first, at most `limit`. Read from the links table (guest
 * bookings only, each made with a link to its address), not by scanning every booking.
 */
export async function guestBookingsToRelink(db: Queryable, email: string, endsAfter: Date, limit: number) {
  const madeWith = db
    .select({ id: guestBookingLinks.bookingId })
    .from(guestBookingLinks)
    .where(eq(guestBookingLinks.email, email));
  return db
    .select({
      id: bookings.id,
      guestEmail: bookings.guestEmail,
      guestName: bookings.guestName,
      startsAt: bookings.startsAt,
      timeZone: bookings.timeZone,
      cleanerFirstName: users.firstName,
      cleanerLastName: users.lastName,
    })
    .from(bookings)
    .innerJoin(cleaners, eq(cleaners.id, bookings.cleanerId))
    .innerJoin(users, eq(users.id, cleaners.userId))
    .where(
      and(
        inArray(bookings.id, madeWith),
        eq(bookings.guestEmail, email),
        isNull(bookings.customerId),
        ne(bookings.status, 'cancelled'),
        gt(bookings.endsAt, endsAfter),
      ),
    )
    .orderBy(asc(bookings.startsAt))
    .limit(limit);
}

/** Ends the unused e-mailed links of these bookings, in the caller's write: a new link replaces them. */
export async function retireGuestLinks(tx: Tx, bookingIds: readonly number[], now: Date): Promise<void> {
  if (bookingIds.length === 0) return;
  await tx
    .update(guestBookingLinks)
    .set({ usedAt: now })
    .where(and(inArray(guestBookingLinks.bookingId, [...bookingIds]), isNull(guestBookingLinks.usedAt)));
}

/** Stores new e-mailed links (their hashes) in the caller's write. */
export async function insertGuestLinks(tx: Tx, rows: Array<typeof guestBookingLinks.$inferInsert>): Promise<void> {
  if (rows.length > 0) await tx.insert(guestBookingLinks).values(rows);
}

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
