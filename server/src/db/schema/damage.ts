import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './auth';
import { bookings } from './bookings';
import { timestamps } from './columns';

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
    photoKeys: text({ mode: 'json' }).notNull().$type<string[]>().default(sql`'[]'`),
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
