import { and, asc, desc, eq, gte, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Queryable, Tx } from '../db/client';
import { bookingSeries, bookings, cleaners, type SeriesRow, seriesConflicts, services, users } from '../db/schema';

/** Reading and writing series (decision 088); their visits are bookings, written by the bookings domain. */

const cleanerUsers = alias(users, 'series_cleaner_users');
const customerUsers = alias(users, 'series_customer_users');

const seriesColumns = {
  series: bookingSeries,
  cleanerUserId: cleaners.userId,
  cleanerFirstName: cleanerUsers.firstName,
  cleanerLastName: cleanerUsers.lastName,
  customerFirstName: customerUsers.firstName,
  customerLastName: customerUsers.lastName,
  serviceName: services.name,
  hourlyRateCents: cleaners.hourlyRateCents,
  basePriceCents: services.basePriceCents,
};

export type SeriesView = {
  series: SeriesRow;
  cleanerUserId: number;
  cleanerFirstName: string | null;
  cleanerLastName: string | null;
  customerFirstName: string | null;
  customerLastName: string | null;
  serviceName: string;
  hourlyRateCents: number;
  basePriceCents: number;
};

function seriesQuery(db: Queryable) {
  return db
    .select(seriesColumns)
    .from(bookingSeries)
    .innerJoin(cleaners, eq(cleaners.id, bookingSeries.cleanerId))
    .innerJoin(cleanerUsers, eq(cleanerUsers.id, cleaners.userId))
    .innerJoin(customerUsers, eq(customerUsers.id, bookingSeries.customerId))
    .innerJoin(services, eq(services.id, bookingSeries.serviceId));
}

export async function findSeriesView(db: Queryable, id: number): Promise<SeriesView | undefined> {
  const [row] = await seriesQuery(db).where(eq(bookingSeries.id, id)).limit(1);
  return row;
}

/** A person's series as customer and as cleaner (or every one, for an administrator), newest first. */
export function listSeriesViews(db: Queryable, whose: { userId: number; cleanerId: number | null } | 'all') {
  const where =
    whose === 'all'
      ? undefined
      : whose.cleanerId === null
        ? eq(bookingSeries.customerId, whose.userId)
        : or(eq(bookingSeries.customerId, whose.userId), eq(bookingSeries.cleanerId, whose.cleanerId));
  return seriesQuery(db).where(where).orderBy(desc(bookingSeries.id)).limit(50);
}

/** The visits of these series starting at or after `from`, soonest first. */
export function visitsFrom(db: Queryable, seriesIds: number[], from: Date) {
  if (seriesIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(bookings)
    .where(and(inArray(bookings.seriesId, seriesIds), gte(bookings.startsAt, from)))
    .orderBy(asc(bookings.startsAt));
}

/** The visit a series was given for a local date, if any. */
export async function visitOn(db: Queryable, seriesId: number, occurrence: string) {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.seriesId, seriesId), eq(bookings.occurrence, occurrence)))
    .limit(1);
  return row;
}

export function conflictsFrom(db: Queryable, seriesIds: number[], fromDate: string) {
  if (seriesIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(seriesConflicts)
    .where(and(inArray(seriesConflicts.seriesId, seriesIds), gte(seriesConflicts.occurrence, fromDate)))
    .orderBy(asc(seriesConflicts.occurrence));
}

export async function insertSeries(tx: Tx, values: typeof bookingSeries.$inferInsert): Promise<SeriesRow> {
  const [row] = await tx.insert(bookingSeries).values(values).returning();
  if (!row) throw new Error('series insert returned no row');
  return row;
}

/** Updates a series only while it is in one of `from`; answers whether it did. */
export async function updateSeries(
  tx: Tx,
  id: number,
  from: readonly SeriesRow['status'][],
  set: Partial<typeof bookingSeries.$inferInsert>,
): Promise<boolean> {
  const done = await tx
    .update(bookingSeries)
    .set(set)
    .where(and(eq(bookingSeries.id, id), inArray(bookingSeries.status, [...from])))
    .returning({ id: bookingSeries.id });
  return done.length === 1;
}

/** Records a visit the series could not book, once per date; answers whether it is new. */
export async function insertConflict(tx: Tx, values: typeof seriesConflicts.$inferInsert): Promise<boolean> {
  const done = await tx
    .insert(seriesConflicts)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: seriesConflicts.id });
  return done.length === 1;
}

/** Series the horizon job has work for: a pending one (its first visit may be paid) or an active one planned short of `through`. */
export function seriesNeedingWork(db: Queryable, through: string) {
  return db
    .select()
    .from(bookingSeries)
    .where(
      or(
        eq(bookingSeries.status, 'pending'),
        and(eq(bookingSeries.status, 'active'), lt(bookingSeries.plannedThrough, through)),
      ),
    )
    .orderBy(asc(bookingSeries.id))
    .limit(200);
}

/** Later visits whose charge is due by `chargeBy` and whose deadline has not passed: confirmed, unpaid, in a series. */
export function visitsToCharge(db: Queryable, chargeBy: Date, deadline: Date) {
  return db
    .select({ booking: bookings, series: bookingSeries })
    .from(bookings)
    .innerJoin(bookingSeries, eq(bookingSeries.id, bookings.seriesId))
    .where(
      and(
        isNotNull(bookings.seriesId),
        eq(bookings.status, 'confirmed'),
        eq(bookings.paymentStatus, 'unpaid'),
        sql`${bookings.startsAt} <= ${chargeBy.getTime()}`,
        sql`${bookings.startsAt} > ${deadline.getTime()}`,
      ),
    )
    .orderBy(asc(bookings.startsAt))
    .limit(200);
}
