import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import { CALENDAR_STATUSES } from '../bookings/booking-actions';
import type { Queryable, Tx } from '../db/client';
import { bookings, cleanerCalendarFeeds, cleaners, services, users } from '../db/schema';

/** The calendar feed of a cleaner (decision 083), if they have made one. */
export async function findFeedOf(db: Queryable, cleanerId: number) {
  const [row] = await db
    .select({ createdAt: cleanerCalendarFeeds.createdAt })
    .from(cleanerCalendarFeeds)
    .where(eq(cleanerCalendarFeeds.cleanerId, cleanerId))
    .limit(1);
  return row;
}

/** Replaces the cleaner's feed token (only its hash): the URL made before stops working. */
export async function saveFeedToken(tx: Tx, cleanerId: number, tokenHash: string, now: Date): Promise<void> {
  await tx
    .insert(cleanerCalendarFeeds)
    .values({ cleanerId, tokenHash, createdAt: now })
    .onConflictDoUpdate({ target: cleanerCalendarFeeds.cleanerId, set: { tokenHash, createdAt: now } });
}

/** The cleaner whose feed a token's hash opens, with their name and zone; only an active cleaner's. */
export async function cleanerOfFeed(db: Queryable, tokenHash: string) {
  const [row] = await db
    .select({ cleanerId: cleaners.id, timeZone: cleaners.timeZone, firstName: users.firstName })
    .from(cleanerCalendarFeeds)
    .innerJoin(cleaners, eq(cleaners.id, cleanerCalendarFeeds.cleanerId))
    .innerJoin(users, eq(users.id, cleaners.userId))
    .where(and(eq(cleanerCalendarFeeds.tokenHash, tokenHash), eq(cleaners.status, 'active')))
    .limit(1);
  return row;
}

/**
 * A cleaner's confirmed and in-progress jobs starting at or after `since`, soonest first: what the
 * feed lists of each, and nothing of the customer but a first name.
 */
export async function feedJobs(db: Queryable, cleanerId: number, since: Date) {
  return db
    .select({
      id: bookings.id,
      status: bookings.status,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      timeZone: bookings.timeZone,
      address: bookings.address,
      specialInstructions: bookings.specialInstructions,
      createdAt: bookings.createdAt,
      updatedAt: bookings.updatedAt,
      serviceName: services.name,
      customerFirstName: users.firstName,
      guestName: bookings.guestName,
    })
    .from(bookings)
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .leftJoin(users, eq(users.id, bookings.customerId))
    .where(
      and(
        eq(bookings.cleanerId, cleanerId),
        inArray(bookings.status, [...CALENDAR_STATUSES]),
        gte(bookings.startsAt, since),
      ),
    )
    .orderBy(asc(bookings.startsAt), asc(bookings.id))
    .limit(1000);
}

export type FeedJob = Awaited<ReturnType<typeof feedJobs>>[number];
