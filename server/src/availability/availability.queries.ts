import type { Availability, TimeOff, TimeSlot } from '@spotless/sdk/schemas';
import { and, asc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Data } from '../contract/hypermedia';
import type { Queryable, Tx } from '../db/client';
import { preparedPer } from '../db/prepared';
import { availability, bookings, timeOff, timeSlots } from '../db/schema';

export type AvailabilityRow = typeof availability.$inferSelect;
export type TimeOffRow = typeof timeOff.$inferSelect;
export type TimeSlotRow = typeof timeSlots.$inferSelect;

export function toAvailabilityDto(row: AvailabilityRow): Data<Availability> {
  return {
    id: row.id,
    cleanerId: row.cleanerId,
    dayOfWeek: row.dayOfWeek,
    startTime: row.startTime,
    endTime: row.endTime,
    isAvailable: row.isAvailable,
  };
}

export function toTimeOffDto(row: TimeOffRow): Data<TimeOff> {
  return {
    id: row.id,
    cleanerId: row.cleanerId,
    startDate: row.startDate,
    endDate: row.endDate,
    reason: row.reason,
    isRecurring: row.isRecurring,
  };
}

export function toStoredSlotDto(row: TimeSlotRow): Data<TimeSlot> {
  return {
    id: row.id,
    date: row.date,
    startTime: row.startTime,
    endTime: row.endTime,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    isAvailable: row.isAvailable && !row.isBooked,
    isBooked: row.isBooked,
    bookingId: row.bookingId,
  };
}

export function listAvailability(db: Queryable, cleanerId: number) {
  return db
    .select()
    .from(availability)
    .where(eq(availability.cleanerId, cleanerId))
    .orderBy(asc(availability.dayOfWeek), asc(availability.startTime), asc(availability.id));
}

export async function findAvailability(db: Queryable, id: number) {
  const [row] = await db.select().from(availability).where(eq(availability.id, id)).limit(1);
  return row;
}

/** Another row of the same day whose hours overlap [startTime, endTime) (HH:MM compare as text). */
export async function overlappingHours(
  db: Queryable,
  row: { cleanerId: number; dayOfWeek: number; startTime: string; endTime: string },
  excludeId?: number,
) {
  const conditions = [
    eq(availability.cleanerId, row.cleanerId),
    eq(availability.dayOfWeek, row.dayOfWeek),
    lt(availability.startTime, row.endTime),
    gt(availability.endTime, row.startTime),
  ];
  if (excludeId !== undefined) conditions.push(ne(availability.id, excludeId));
  const [clash] = await db
    .select()
    .from(availability)
    .where(and(...conditions))
    .limit(1);
  return clash;
}

export function listTimeOff(db: Queryable, cleanerId: number) {
  return db
    .select()
    .from(timeOff)
    .where(eq(timeOff.cleanerId, cleanerId))
    .orderBy(asc(timeOff.startDate), asc(timeOff.id));
}

export async function findTimeOff(db: Queryable, id: number) {
  const [row] = await db.select().from(timeOff).where(eq(timeOff.id, id)).limit(1);
  return row;
}

/** A cleaner's bookings that hold time (all but cancelled) and end after `from`. */
const activeBookingColumns = {
  id: bookings.id,
  startsAt: bookings.startsAt,
  endsAt: bookings.endsAt,
  timeZone: bookings.timeZone,
  status: bookings.status,
};

/** A cleaner's bookings overlapping a window, the read every day of slots makes: built once (db/prepared.ts). */
const activeBookingsBetween = preparedPer((db) =>
  db
    .select(activeBookingColumns)
    .from(bookings)
    .where(
      and(
        eq(bookings.cleanerId, sql.placeholder('cleanerId')),
        ne(bookings.status, 'cancelled'),
        // Timestamps are stored as epoch milliseconds (timestamp_ms): placeholders take them so.
        sql`${bookings.endsAt} > ${sql.placeholder('from')}`,
        sql`${bookings.startsAt} < ${sql.placeholder('until')}`,
      ),
    )
    .orderBy(asc(bookings.startsAt))
    .prepare(),
);

/** The cleaner's bookings not cancelled that end after `from` (and start before `until`), by start. */
export function activeBookingsFrom(db: Queryable, cleanerId: number, from: Date, until?: Date) {
  if (until) return activeBookingsBetween(db).execute({ cleanerId, from: from.getTime(), until: until.getTime() });
  return db
    .select(activeBookingColumns)
    .from(bookings)
    .where(and(eq(bookings.cleanerId, cleanerId), ne(bookings.status, 'cancelled'), gt(bookings.endsAt, from)))
    .orderBy(asc(bookings.startsAt));
}

export function storedSlotsOn(db: Queryable, cleanerId: number, date: string) {
  return db
    .select()
    .from(timeSlots)
    .where(and(eq(timeSlots.cleanerId, cleanerId), eq(timeSlots.date, date)));
}

export async function findSlot(db: Queryable, id: number) {
  const [row] = await db.select().from(timeSlots).where(eq(timeSlots.id, id)).limit(1);
  return row;
}

/** A cleaner's weekly hours and time off: what the slot and no-double-booking rules read. */
/** A cleaner's weekly hours as the availability rules read them. */
export const weeklyHoursColumns = {
  dayOfWeek: availability.dayOfWeek,
  startTime: availability.startTime,
  endTime: availability.endTime,
  isAvailable: availability.isAvailable,
};

const weeklyHoursOf = preparedPer((db) =>
  db
    .select(weeklyHoursColumns)
    .from(availability)
    .where(eq(availability.cleanerId, sql.placeholder('cleanerId')))
    .prepare(),
);
const timeOffOf = preparedPer((db) =>
  db
    .select({ startDate: timeOff.startDate, endDate: timeOff.endDate, isRecurring: timeOff.isRecurring })
    .from(timeOff)
    .where(eq(timeOff.cleanerId, sql.placeholder('cleanerId')))
    .prepare(),
);

/** A cleaner's weekly hours and time off: what every day of slots is computed from. */
export async function cleanerSchedule(db: Queryable, cleanerId: number) {
  const [weeklyHours, offs] = await Promise.all([
    weeklyHoursOf(db).execute({ cleanerId }),
    timeOffOf(db).execute({ cleanerId }),
  ]);
  return { weeklyHours, timeOff: offs };
}

/** One of a cleaner's bookings, for marking slots against it; undefined when it is not theirs. */
export async function findCleanerBooking(db: Queryable, cleanerId: number, bookingId: number) {
  const [row] = await db
    .select({ id: bookings.id, status: bookings.status, startsAt: bookings.startsAt, endsAt: bookings.endsAt })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.cleanerId, cleanerId)))
    .limit(1);
  return row;
}

/** Whose a booking is (its cleaner and customer): what deciding who may leave it out of a day's slots reads. */
export async function findBookingParties(db: Queryable, bookingId: number) {
  const [row] = await db
    .select({ id: bookings.id, cleanerId: bookings.cleanerId, customerId: bookings.customerId })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .limit(1);
  return row;
}

/** Manual slot marks against a booking end with it (cancelled or moved bookings free their slots). */
export async function releaseSlotsOf(tx: Tx, bookingId: number, now: Date): Promise<void> {
  await tx
    .update(timeSlots)
    .set({ isBooked: false, bookingId: null, updatedAt: now })
    .where(eq(timeSlots.bookingId, bookingId));
}

/** A new cleaner's first weekly hours (from their application), unless they already have some. */
export async function addHoursIfNone(
  tx: Tx,
  cleanerId: number,
  rows: ReadonlyArray<{ dayOfWeek: number; startTime: string; endTime: string }>,
  now: Date,
): Promise<void> {
  if (rows.length === 0) return;
  const [hours] = await tx
    .select({ id: availability.id })
    .from(availability)
    .where(eq(availability.cleanerId, cleanerId))
    .limit(1);
  if (hours) return;
  await tx
    .insert(availability)
    .values(rows.map((r) => ({ ...r, cleanerId, isAvailable: true, createdAt: now, updatedAt: now })));
}
