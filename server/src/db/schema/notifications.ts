import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './auth';
import { createdAt } from './columns';

/** Outbox: every notification is written here in the same transaction as its cause, then sent. */
export const notifications = sqliteTable(
  'notifications',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    type: text().notNull(),
    recipientUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    recipientEmail: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    payload: text({ mode: 'json' }),
    /** Stops the same reminder or receipt from being queued twice. */
    dedupeKey: text(),
    status: text({ enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: integer({ mode: 'timestamp_ms' }).notNull(),
    sentAt: integer({ mode: 'timestamp_ms' }),
    lastError: text(),
    createdAt,
  },
  (t) => [
    index('notifications_due_idx').on(t.status, t.nextAttemptAt),
    uniqueIndex('notifications_dedupe_unique').on(t.dedupeKey),
  ],
);
