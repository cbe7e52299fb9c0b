import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './auth';
import { createdAt } from './columns';

/** Messages sent through the contact form. */

export const contactMessages = sqliteTable(
  'contact_messages',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    subject: text().notNull(),
    message: text().notNull(),
    status: text({ enum: ['new', 'answered', 'closed'] })
      .notNull()
      .default('new'),
    createdAt,
  },
  (t) => [index('contact_messages_status_idx').on(t.status, t.createdAt)],
);
