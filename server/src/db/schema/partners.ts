import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { timestamps } from './columns';

/** Partners who embed the booking widget on their own sites. */

export const partners = sqliteTable(
  'partners',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    name: text().notNull(),
    publishableKey: text().notNull(),
    allowedOrigins: text({ mode: 'json' }).notNull().$type<string[]>(),
    contactEmail: text(),
    isActive: integer({ mode: 'boolean' }).notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('partners_key_unique').on(t.publishableKey)],
);
