import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './auth';
import { bookings } from './bookings';
import { createdAt, timestamps } from './columns';

/** Damage reports (decision 080): a customer's report on a completed job holds the cleaner's payout. */

export const DAMAGE_REPORT_STATUSES = ['open', 'released', 'partial_refund', 'full_refund'] as const;

/** A customer's report of damage on a completed booking: while open, the cleaner's transfer waits. */
export const damageReports = sqliteTable(
  'damage_reports',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    bookingId: integer()
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    reporterUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    description: text().notNull(),
    status: text({ enum: DAMAGE_REPORT_STATUSES }).notNull().default('open'),
    resolutionReason: text(),
    refundCents: integer(),
    resolvedAt: integer({ mode: 'timestamp_ms' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('damage_reports_booking_unique').on(t.bookingId),
    index('damage_reports_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * A damage report's photos (at most 5), added by the customer who reported it while it is open. The
 * bytes live in the file store under `storageKey`, which the server chose (`damage-reports/<id>/…`);
 * their type is the extension it was given for what the bytes were found to be.
 */
export const damageReportPhotos = sqliteTable(
  'damage_report_photos',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    reportId: integer()
      .notNull()
      .references(() => damageReports.id, { onDelete: 'cascade' }),
    storageKey: text().notNull(),
    createdAt,
  },
  (t) => [index('damage_report_photos_report_idx').on(t.reportId, t.id)],
);
