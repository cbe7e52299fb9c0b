import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './auth';
import { cleaners } from './cleaners';
import { createdAt, timestamps } from './columns';
import { partners, type Utm } from './partners';
import { services } from './services';

/** Bookings and the history of their statuses. */

export const BOOKING_STATUSES = ['pending', 'confirmed', 'in_progress', 'completed', 'cancelled'] as const;
/** `BOOKING_CANCELLATION_KINDS` of the SDK's schemas (a test holds them equal). */
export const CANCELLATION_KINDS = ['customer', 'admin', 'expired', 'declined', 'withdrawn'] as const;
export const PAYMENT_STATUSES = ['pending', 'processing', 'succeeded', 'failed', 'refunded', 'disputed'] as const;

export const bookings = sqliteTable(
  'bookings',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    customerId: integer().references(() => users.id, { onDelete: 'restrict' }),
    cleanerId: integer()
      .notNull()
      .references(() => cleaners.id, { onDelete: 'restrict' }),
    serviceId: integer()
      .notNull()
      .references(() => services.id, { onDelete: 'restrict' }),
    partnerId: integer().references(() => partners.id, { onDelete: 'set null' }),
    /** The partner's commission rate in force when the booking was made, in basis points. */
    partnerCommissionBps: integer(),
    /** The platform's fee in force when the booking was made, in basis points (decision 078). */
    platformFeeBps: integer().notNull().default(1500),
    /** The host page's UTM parameters when a partner widget made the booking. */
    utm: text({ mode: 'json' }).$type<Utm>(),
    status: text({ enum: BOOKING_STATUSES }).notNull().default('pending'),
    startsAt: integer({ mode: 'timestamp_ms' }).notNull(),
    endsAt: integer({ mode: 'timestamp_ms' }).notNull(),
    durationMinutes: integer().notNull(),
    /** The cleaner's zone when booked: the local date and time shown to people derive from it. */
    timeZone: text().notNull(),
    address: text().notNull(),
    specialInstructions: text().notNull().default(''),
    hourlyRateCents: integer().notNull(),
    totalPriceCents: integer().notNull(),
    paymentStatus: text({ enum: ['unpaid', ...PAYMENT_STATUSES] })
      .notNull()
      .default('unpaid'),
    /** Guest checkout from a partner widget: a booking-scoped token hash and contact e-mail. */
    guestEmail: text(),
    guestName: text(),
    guestPhone: text(),
    guestTokenHash: text(),
    cancellationFeeCents: integer(),
    cancelledAt: integer({ mode: 'timestamp_ms' }),
    cancelReason: text(),
    /** Who ended it (decision 071): a cleaner's withdrawal from an accepted job is `withdrawn`. */
    cancellationKind: text({ enum: CANCELLATION_KINDS }),
    reminderSentAt: integer({ mode: 'timestamp_ms' }),
    /**
     * A visit of a recurring series (decision 088) and the local date the series planned it for:
     * one booking per series and date, however often the horizon job runs.
     */
    seriesId: integer(),
    occurrence: text(),
    ...timestamps,
  },
  (t) => [
    index('bookings_cleaner_time_idx').on(t.cleanerId, t.startsAt),
    // A customer's dashboard pages walk this in order, and their status filter and count read it
    // alone, never the rows they skip (decision 064).
    index('bookings_customer_idx').on(t.customerId, t.startsAt, t.id, t.status),
    index('bookings_status_time_idx').on(t.status, t.startsAt),
    // One visit per series and local date, however often the horizon job runs (decision 088).
    uniqueIndex('bookings_series_occurrence_unique').on(t.seriesId, t.occurrence).where(sql`${t.seriesId} is not null`),
    // Every request carrying a guest token looks its booking up by the token's hash.
    uniqueIndex('bookings_guest_token_idx').on(t.guestTokenHash).where(sql`${t.guestTokenHash} is not null`),
  ],
);

export const bookingStatusHistory = sqliteTable(
  'booking_status_history',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    bookingId: integer()
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    fromStatus: text({ enum: BOOKING_STATUSES }),
    toStatus: text({ enum: BOOKING_STATUSES }).notNull(),
    actorUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    actorRole: text({ enum: ['customer', 'cleaner', 'admin', 'system', 'guest'] }).notNull(),
    note: text(),
    createdAt,
  },
  (t) => [index('booking_status_history_booking_idx').on(t.bookingId, t.createdAt)],
);

export type BookingRow = typeof bookings.$inferSelect;

/**
 * The link a guest booking's confirmation e-mail carries (decision 049): single use, expiring, only
 * its SHA-256 stored. Opening it proves the address: the booking joins that address's account (made
 * if there is none) and the person is signed in once.
 */
export const guestBookingLinks = sqliteTable(
  'guest_booking_links',
  {
    id: text().primaryKey(),
    bookingId: integer()
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    expiresAt: integer({ mode: 'timestamp_ms' }).notNull(),
    usedAt: integer({ mode: 'timestamp_ms' }),
    createdAt,
  },
  (t) => [
    index('guest_booking_links_booking_idx').on(t.bookingId),
    // A guest asking for a new link is found by address (POST /api/guest-link/resend).
    index('guest_booking_links_email_idx').on(t.email),
  ],
);
