import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './auth';
import { bookings } from './bookings';
import { createdAt } from './columns';

/**
 * Messages on a booking (decision 087): one thread a booking, between its customer and its cleaner.
 * The text is kept as written; contact details are masked when it is read, until the booking is paid.
 */
export const bookingMessages = sqliteTable(
  'booking_messages',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    bookingId: integer()
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    senderUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Which party wrote it, kept beside the user: a cleaner is also a customer of other cleaners. */
    senderRole: text({ enum: ['customer', 'cleaner'] }).notNull(),
    /** The trimmed text as written (1–2000 characters): never HTML. */
    body: text().notNull(),
    createdAt,
  },
  (t) => [index('booking_messages_booking_idx').on(t.bookingId, t.id)],
);

/** How far each participant has read a booking's thread: its unread count is what came after. */
export const bookingMessageReads = sqliteTable(
  'booking_message_reads',
  {
    bookingId: integer()
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The newest message they had seen when they last marked the thread read. */
    lastReadMessageId: integer().notNull(),
    readAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.userId] })],
);

/** A message reported by the other party, for administrators: once per person per message. */
export const bookingMessageReports = sqliteTable(
  'booking_message_reports',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    messageId: integer()
      .notNull()
      .references(() => bookingMessages.id, { onDelete: 'cascade' }),
    reporterUserId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text().notNull().default(''),
    createdAt,
  },
  (t) => [uniqueIndex('booking_message_reports_unique').on(t.messageId, t.reporterUserId)],
);
