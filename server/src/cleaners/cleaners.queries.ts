import { centsToDollars } from '@spotless/sdk/rules';
import type { Cleaner, ServiceType } from '@spotless/sdk/schemas';
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { type CleanerRow, cleaners, users } from '../db/schema';
import type { Data } from '../lib/hypermedia';

type CleanerWithName = CleanerRow & { firstName: string | null; lastName: string | null };

export function toCleanerDto(row: CleanerWithName, distance?: number): Data<Cleaner> {
  return {
    id: row.id,
    avatar: row.avatarUrl,
    user: { firstName: row.firstName ?? '', lastName: row.lastName ?? '' },
    rating: row.rating === null ? null : Math.round(row.rating * 100) / 100,
    reviewCount: row.reviewCount,
    hourlyRate: centsToDollars(row.hourlyRateCents),
    completedJobs: row.completedJobs,
    bio: row.bio,
    experience: row.experience,
    serviceTypes: row.serviceTypes as ServiceType[],
    coverageAreas: row.coverageAreas,
    isVerified: row.isVerified,
    isInsured: row.isInsured,
    isBonded: row.isBonded,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    timeZone: row.timeZone,
    ...(distance === undefined ? {} : { distance: Math.round(distance * 10) / 10 }),
  };
}

const cleanerColumns = {
  cleaner: cleaners,
  firstName: users.firstName,
  lastName: users.lastName,
};

export async function findActiveCleaner(db: Queryable, id: number) {
  const [row] = await db
    .select(cleanerColumns)
    .from(cleaners)
    .innerJoin(users, eq(users.id, cleaners.userId))
    .where(and(eq(cleaners.id, id), eq(cleaners.status, 'active')))
    .limit(1);
  return row ? { ...row.cleaner, firstName: row.firstName, lastName: row.lastName } : undefined;
}

/** A user's own cleaner profile while it is active (approved and not suspended). */
export function findActiveCleanerByUser(db: Queryable, userId: number): Promise<CleanerRow | undefined> {
  return db
    .select()
    .from(cleaners)
    .where(and(eq(cleaners.userId, userId), eq(cleaners.status, 'active')))
    .get();
}
