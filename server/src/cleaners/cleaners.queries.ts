import { centsToDollars } from '@spotless/sdk/rules';
import type { Cleaner, ServiceType } from '@spotless/sdk/schemas';
import { and, eq, sql } from 'drizzle-orm';
import type { Data } from '../contract/hypermedia';
import type { Queryable, Tx } from '../db/client';
import { preparedPer } from '../db/prepared';
import { type BOOKING_STATUSES, bookingStatusHistory, bookings, type CleanerRow, cleaners, users } from '../db/schema';

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

const activeCleanerById = preparedPer((db) =>
  db
    .select(cleanerColumns)
    .from(cleaners)
    .innerJoin(users, eq(users.id, cleaners.userId))
    .where(and(eq(cleaners.id, sql.placeholder('id')), eq(cleaners.status, 'active')))
    .limit(1)
    .prepare(),
);

/** An active cleaner with their name: what every public read of one cleaner starts from. */
export async function findActiveCleaner(db: Queryable, id: number) {
  const [row] = await activeCleanerById(db).execute({ id });
  return row ? { ...row.cleaner, firstName: row.firstName, lastName: row.lastName } : undefined;
}

/** A user's own cleaner profile while it is active (approved and not suspended). */
export async function findActiveCleanerByUser(db: Queryable, userId: number): Promise<CleanerRow | undefined> {
  const [row] = await activeCleanerByUser(db).execute({ userId });
  return row;
}

const activeCleanerByUser = preparedPer((db) =>
  db
    .select()
    .from(cleaners)
    .where(and(eq(cleaners.userId, sql.placeholder('userId')), eq(cleaners.status, 'active')))
    .limit(1)
    .prepare(),
);

/**
 * The cleaner's upcoming jobs, one definition for the count and the money paid for them: every job
 * not yet done nor cancelled — requested, accepted, or under way (docs/product/cleaners.md).
 */
const UPCOMING = ['pending', 'confirmed', 'in_progress'] as const;
type BookingStatus = (typeof BOOKING_STATUSES)[number];

/**
 * The cleaner's share of the charges of their bookings in `statuses`, by the money split
 * (decision 078): what the ledger credits them for each charge, less the platform fee and their
 * part of every confirmed refund (decision 080). Transfers out are not subtracted: this is what they
 * earned, not what is left to pay.
 */
async function keptCents(db: Queryable, cleanerId: number, statuses: readonly BookingStatus[]): Promise<number> {
  // Driven from the cleaner's own bookings (CROSS JOIN keeps that order whatever the planner's
  // statistics say, and through the cleaner's index): from every ledger entry by kind it would read
  // every booking's books at 100,000 cleaners.
  const inStatuses = sql.join(
    statuses.map((s) => sql`${s}`),
    sql`, `,
  );
  const [row] = await db.all<{ cents: number }>(sql`
    select coalesce(sum(l.credit_cents - l.debit_cents), 0) as cents
      from bookings b indexed by bookings_cleaner_time_idx
      cross join ledger_entries e on e.booking_id = b.id
      cross join ledger_lines l on l.entry_id = e.id
      where b.cleaner_id = ${cleanerId} and b.status in (${inStatuses})
        and e.kind in ('charge', 'platform_fee', 'refund') and l.account = 'cleaner'`);
  return Math.max(0, Number(row?.cents ?? 0));
}

/**
 * The cleaner dashboard's figures, each one SQL aggregate over the cleaner's own rows: bookings by
 * outcome; jobs the cleaner accepted and then cancelled themself (a decline of an unpaid request,
 * or a customer's cancellation, is not the cleaner failing a job); money kept from completed jobs
 * and the fee a late cancellation kept, and money paid for jobs still to come, each after every
 * refund that did not fail (a cancellation refunded in full leaves nothing); and the review
 * figures kept on the cleaner row. An unpaid hold that expired is none of these: it is left out.
 */
const bookingCounts = preparedPer((db) =>
  db
    .select({
      total: sql<number>`count(*)`,
      completed: sql<number>`coalesce(sum(${bookings.status} = 'completed'), 0)`,
      cancelled: sql<number>`coalesce(sum(${bookings.status} = 'cancelled'), 0)`,
      upcoming: sql<number>`coalesce(sum(${bookings.status} in (${sql.join(
        UPCOMING.map((s) => sql`${s}`),
        sql`, `,
      )})), 0)`,
      droppedByCleaner: sql<number>`coalesce(sum(${bookings.status} = 'cancelled' and exists (
        select 1 from ${bookingStatusHistory}
        where ${bookingStatusHistory.bookingId} = "bookings"."id"  -- qualified: drizzle leaves a one-table query's columns bare
          and ${bookingStatusHistory.toStatus} = 'cancelled'
          and ${bookingStatusHistory.fromStatus} in ('confirmed', 'in_progress')
          and ${bookingStatusHistory.actorRole} = 'cleaner')), 0)`,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.cleanerId, sql.placeholder('cleanerId')),
        // A hold never paid that expired was never a job: not a booking, not a cancellation.
        sql`coalesce(${bookings.cancellationKind}, '') <> 'expired'`,
      ),
    )
    .prepare(),
);

const ratingOf = preparedPer((db) =>
  db
    .select({ rating: cleaners.rating, reviewCount: cleaners.reviewCount })
    .from(cleaners)
    .where(eq(cleaners.id, sql.placeholder('cleanerId')))
    .prepare(),
);

export async function cleanerOverviewFigures(db: Queryable, cleanerId: number) {
  const [[counts], [cleaner], earningsCents, upcomingEarningsCents] = await Promise.all([
    bookingCounts(db).execute({ cleanerId }),
    ratingOf(db).execute({ cleanerId }),
    keptCents(db, cleanerId, ['completed', 'cancelled']),
    keptCents(db, cleanerId, UPCOMING),
  ]);
  return {
    totalBookings: Number(counts?.total ?? 0),
    completedBookings: Number(counts?.completed ?? 0),
    cancelledBookings: Number(counts?.cancelled ?? 0),
    upcomingBookings: Number(counts?.upcoming ?? 0),
    cancelledByCleanerAfterAccepting: Number(counts?.droppedByCleaner ?? 0),
    earningsCents,
    upcomingEarningsCents,
    rating: cleaner?.rating ?? null,
    reviewCount: cleaner?.reviewCount ?? 0,
  };
}

/** Any cleaner profile by id, whatever its status. */
export function findCleaner(db: Queryable, id: number): Promise<CleanerRow | undefined> {
  return db.select().from(cleaners).where(eq(cleaners.id, id)).get();
}

/** A completed job counts towards the cleaner's experience, in the transaction that completes it. */
export async function incrementCompletedJobs(tx: Tx, cleanerId: number, now: Date): Promise<void> {
  await tx
    .update(cleaners)
    .set({ completedJobs: sql`${cleaners.completedJobs} + 1`, updatedAt: now })
    .where(eq(cleaners.id, cleanerId));
}

/** A withdrawal from a confirmed job counts on the cleaner's record, in the transaction that withdraws (decision 071). */
export async function incrementWithdrawnJobs(tx: Tx, cleanerId: number, now: Date): Promise<void> {
  await tx
    .update(cleaners)
    .set({ withdrawnJobs: sql`${cleaners.withdrawnJobs} + 1`, updatedAt: now })
    .where(eq(cleaners.id, cleanerId));
}

/**
 * A published review's overall rating joins the cleaner's figures. Relative to the stored figures,
 * in one statement: concurrent reviews of one cleaner cannot lose each other's update (SET reads
 * the row's values before this update).
 */
export async function addReviewRating(tx: Tx, cleanerId: number, overall: number, now: Date): Promise<void> {
  await tx
    .update(cleaners)
    .set({
      ratingSum: sql`${cleaners.ratingSum} + ${overall}`,
      reviewCount: sql`${cleaners.reviewCount} + 1`,
      rating: sql`cast(${cleaners.ratingSum} + ${overall} as real) / (${cleaners.reviewCount} + 1)`,
      updatedAt: now,
    })
    .where(eq(cleaners.id, cleanerId));
}

/** Sets the cleaner's review figures from a recount (a review hidden or shown again). */
export async function setReviewFigures(
  tx: Tx,
  cleanerId: number,
  ratings: { sum: number; count: number },
  now: Date,
): Promise<{ rating: number | null; reviewCount: number }> {
  const rating = ratings.count === 0 ? null : ratings.sum / ratings.count;
  await tx
    .update(cleaners)
    .set({ ratingSum: ratings.sum, reviewCount: ratings.count, rating, updatedAt: now })
    .where(eq(cleaners.id, cleanerId));
  return { rating, reviewCount: ratings.count };
}

/** The fields an approved application gives a cleaner profile. */
export type CleanerProfileFields = Omit<typeof cleaners.$inferInsert, 'id' | 'userId' | 'createdAt'>;

/** Creates the user's cleaner profile, or updates the one they have (an approval activates it again). */
export async function upsertCleanerProfile(
  tx: Tx,
  userId: number,
  profile: CleanerProfileFields,
  now: Date,
): Promise<number> {
  const existing = await tx.select({ id: cleaners.id }).from(cleaners).where(eq(cleaners.userId, userId)).get();
  if (existing) {
    await tx.update(cleaners).set(profile).where(eq(cleaners.id, existing.id));
    return existing.id;
  }
  const [row] = await tx
    .insert(cleaners)
    .values({ ...profile, userId, createdAt: now })
    .returning({ id: cleaners.id });
  if (!row) throw new Error('cleaner insert returned no row');
  return row.id;
}

/** A rejected (formerly approved) application suspends the user's cleaner profile. */
export async function suspendCleanerOfUser(tx: Tx, userId: number, now: Date): Promise<void> {
  await tx.update(cleaners).set({ status: 'suspended', updatedAt: now }).where(eq(cleaners.userId, userId));
}
