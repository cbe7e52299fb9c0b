import { sql } from 'drizzle-orm';
import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { timestamps } from './columns';

/** Partners who embed the booking widget on their own sites. */

/** Where a visit came from: the host page's UTM parameters, as the widget read them. */
export interface Utm {
  source?: string;
  medium?: string;
  campaign?: string;
  term?: string;
  content?: string;
}

export const partners = sqliteTable(
  'partners',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    name: text().notNull(),
    publishableKey: text().notNull(),
    /** The key before the last rotation, still accepted until `previousKeyExpiresAt` (decision 081). */
    previousKey: text(),
    previousKeyExpiresAt: integer({ mode: 'timestamp_ms' }),
    allowedOrigins: text({ mode: 'json' }).notNull().$type<string[]>(),
    contactEmail: text(),
    /** The partner's share of each booking's total, in basis points (1,000 = 10%). */
    commissionRateBps: integer().notNull().default(0),
    /** Requests a minute the key may make (all origins and servers together). */
    rateLimitPerMinute: integer().notNull().default(600),
    isActive: integer({ mode: 'boolean' }).notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('partners_key_unique').on(t.publishableKey),
    uniqueIndex('partners_previous_key_unique').on(t.previousKey).where(sql`${t.previousKey} is not null`),
  ],
);
