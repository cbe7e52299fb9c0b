import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { bookings } from './bookings';
import { cleaners } from './cleaners';
import { createdAt, timestamps } from './columns';

/** A cleaner's hours, days off and bookable slots. */

/** Weekly hours in the cleaner's zone: dayOfWeek 0 = Sunday, times "HH:MM". */
export const availability = sqliteTable(
  'availability',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    cleanerId: integer()
      .notNull()
      .references(() => cleaners.id, { onDelete: 'cascade' }),
    dayOfWeek: integer().notNull(),
    startTime: text().notNull(),
    endTime: text().notNull(),
    isAvailable: integer({ mode: 'boolean' }).notNull().default(true),
    ...timestamps,
  },
  (t) => [index('availability_cleaner_day_idx').on(t.cleanerId, t.dayOfWeek)],
);

/** Days off in the cleaner's zone, inclusive "YYYY-MM-DD"; recurring entries repeat yearly. */
export const timeOff = sqliteTable(
  'time_off',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    cleanerId: integer()
      .notNull()
      .references(() => cleaners.id, { onDelete: 'cascade' }),
    startDate: text().notNull(),
    endDate: text().notNull(),
    reason: text(),
    isRecurring: integer({ mode: 'boolean' }).notNull().default(false),
    createdAt,
  },
  (t) => [index('time_off_cleaner_idx').on(t.cleanerId, t.startDate)],
);

export const timeSlots = sqliteTable(
  'time_slots',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    cleanerId: integer()
      .notNull()
      .references(() => cleaners.id, { onDelete: 'cascade' }),
    date: text().notNull(),
    startTime: text().notNull(),
    endTime: text().notNull(),
    startsAt: integer({ mode: 'timestamp_ms' }).notNull(),
    endsAt: integer({ mode: 'timestamp_ms' }).notNull(),
    isAvailable: integer({ mode: 'boolean' }).notNull().default(true),
    isBooked: integer({ mode: 'boolean' }).notNull().default(false),
    bookingId: integer().references(() => bookings.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('time_slots_cleaner_start_unique').on(t.cleanerId, t.startsAt),
    index('time_slots_booking_idx').on(t.bookingId),
  ],
);
