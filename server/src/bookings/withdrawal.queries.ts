import { and, asc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { availability, bookings, cleaners, timeOff, users } from '../db/schema';
import { boundingBox } from '../lib/geo';

/**
 * What a cleaner's withdrawal reads to offer the customer other cleaners (decision 071): active
 * cleaners near the withdrawn one, and their hours, time off and bookings at the job's time, each
 * list in one statement for all of them.
 */

/** How far "nearby" reaches from the withdrawn cleaner. */
export const NEARBY_MILES = 25;

export interface Candidate {
  id: number;
  firstName: string | null;
  lastName: string | null;
  serviceTypes: string[];
  timeZone: string;
  latitude: number;
  longitude: number;
  rating: number | null;
}

/** Active cleaners within `NEARBY_MILES`' box around `origin` (not `origin` itself), nearest first, at most `limit`. */
export function nearbyCleaners(
  db: Queryable,
  origin: { id: number; latitude: number; longitude: number },
  limit: number,
): Promise<Candidate[]> {
  const box = boundingBox(origin, NEARBY_MILES);
  return db
    .select({
      id: cleaners.id,
      firstName: users.firstName,
      lastName: users.lastName,
      serviceTypes: cleaners.serviceTypes,
      timeZone: cleaners.timeZone,
      latitude: cleaners.latitude,
      longitude: cleaners.longitude,
      rating: cleaners.rating,
    })
    .from(cleaners)
    .innerJoin(users, eq(users.id, cleaners.userId))
    .where(
      and(
        eq(cleaners.status, 'active'),
        ne(cleaners.id, origin.id),
        sql`${cleaners.latitude} between ${box.minLatitude} and ${box.maxLatitude}`,
        sql`${cleaners.longitude} between ${box.minLongitude} and ${box.maxLongitude}`,
      ),
    )
    .orderBy(
      sql`(${cleaners.latitude} - ${origin.latitude}) * (${cleaners.latitude} - ${origin.latitude}) + (${cleaners.longitude} - ${origin.longitude}) * (${cleaners.longitude} - ${origin.longitude})`,
      asc(cleaners.id),
    )
    .limit(limit);
}

/** The weekly hours, time off and bookings holding time in [startsAt, endsAt) of each of `cleanerIds`. */
export async function schedulesAt(db: Queryable, cleanerIds: readonly number[], startsAt: Date, endsAt: Date) {
  if (cleanerIds.length === 0) return { hours: [], offs: [], busy: [] };
  const ids = [...cleanerIds];
  const [hours, offs, busy] = await Promise.all([
    db
      .select({
        cleanerId: availability.cleanerId,
        dayOfWeek: availability.dayOfWeek,
        startTime: availability.startTime,
        endTime: availability.endTime,
        isAvailable: availability.isAvailable,
      })
      .from(availability)
      .where(inArray(availability.cleanerId, ids)),
    db
      .select({
        cleanerId: timeOff.cleanerId,
        startDate: timeOff.startDate,
        endDate: timeOff.endDate,
        isRecurring: timeOff.isRecurring,
      })
      .from(timeOff)
      .where(inArray(timeOff.cleanerId, ids)),
    db
      .select({ cleanerId: bookings.cleanerId, startsAt: bookings.startsAt, endsAt: bookings.endsAt })
      .from(bookings)
      .where(
        and(
          inArray(bookings.cleanerId, ids),
          ne(bookings.status, 'cancelled'),
          lt(bookings.startsAt, endsAt),
          gt(bookings.endsAt, startsAt),
        ),
      ),
  ]);
  return { hours, offs, busy };
}
