import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './auth';
import { cleaners } from './cleaners';
import { timestamps } from './columns';
import { partners } from './partners';
import { services } from './services';

/**
 * Recurring cleanings (decision 088): a series keeps a cleaner, a service, an address, a duration
 * and a local weekday and time on the cleaner's clock; its visits are ordinary bookings (each with
 * `seriesId` and the local date it was planned for), booked on a rolling horizon.
 */

export const SERIES_FREQUENCIES = ['weekly', 'biweekly', 'every_4_weeks', 'monthly', 'quarterly'] as const;
/** `pending`: its first visit is not paid yet; `declined`: its cleaner will not keep it. */
export const SERIES_STATUSES = ['pending', 'active', 'paused', 'ended', 'declined'] as const;

export const bookingSeries = sqliteTable(
  'booking_series',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    customerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    cleanerId: integer()
      .notNull()
      .references(() => cleaners.id, { onDelete: 'restrict' }),
    serviceId: integer()
      .notNull()
      .references(() => services.id, { onDelete: 'restrict' }),
    /** A series made from a partner's booking keeps paying that partner its commission. */
    partnerId: integer().references(() => partners.id, { onDelete: 'set null' }),
    partnerCommissionBps: integer(),
    frequency: text({ enum: SERIES_FREQUENCIES }).notNull(),
    status: text({ enum: SERIES_STATUSES }).notNull().default('pending'),
    /** The first visit's local date (YYYY-MM-DD): every later one is counted from it. */
    anchorDate: text().notNull(),
    /** The local start time (HH:MM) on the cleaner's clock, kept across daylight-saving changes. */
    localTime: text().notNull(),
    timeZone: text().notNull(),
    durationMinutes: integer().notNull(),
    address: text().notNull(),
    specialInstructions: text().notNull().default(''),
    /** The last local date the horizon job has planned visits up to. */
    plannedThrough: text().notNull(),
    /** The provider's customer and saved card that later visits are charged to, off-session. */
    providerCustomerId: text(),
    paymentMethodId: text(),
    cardLast4: text(),
    endedAt: integer({ mode: 'timestamp_ms' }),
    endReason: text(),
    ...timestamps,
  },
  (t) => [
    index('booking_series_customer_idx').on(t.customerId, t.id),
    index('booking_series_cleaner_idx').on(t.cleanerId, t.id),
    index('booking_series_status_idx').on(t.status, t.plannedThrough),
  ],
);

/**
 * A planned visit the series could not book (the time taken, time off, outside hours): reported to
 * the customer once, with the nearest free times, never moved without them.
 */
export const seriesConflicts = sqliteTable(
  'series_conflicts',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    seriesId: integer()
      .notNull()
      .references(() => bookingSeries.id, { onDelete: 'cascade' }),
    /** The local date the visit was planned for. */
    occurrence: text().notNull(),
    reason: text({ enum: ['slot_taken', 'time_off', 'outside_hours', 'unavailable'] }).notNull(),
    /** The nearest free start times (ISO instants) when it was found. */
    alternatives: text({ mode: 'json' }).$type<string[]>().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('series_conflicts_occurrence_unique').on(t.seriesId, t.occurrence)],
);

export type SeriesRow = typeof bookingSeries.$inferSelect;
