import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './auth';
import { timestamps } from './columns';

/** Cleaners: the people booked, with their rates, coverage and the figures derived from reviews. */

export const cleaners = sqliteTable(
  'cleaners',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bio: text().notNull(),
    experience: text().notNull(),
    hourlyRateCents: integer().notNull(),
    /** Average overall rating of published reviews, kept in step with `ratingSum / reviewCount`. */
    rating: real(),
    ratingSum: integer().notNull().default(0),
    reviewCount: integer().notNull().default(0),
    completedJobs: integer().notNull().default(0),
    /** Confirmed jobs the cleaner withdrew from (decision 071): shown to administrators. */
    withdrawnJobs: integer().notNull().default(0),
    isVerified: integer({ mode: 'boolean' }).notNull().default(false),
    isInsured: integer({ mode: 'boolean' }).notNull().default(false),
    isBonded: integer({ mode: 'boolean' }).notNull().default(false),
    avatarUrl: text(),
    serviceTypes: text({ mode: 'json' }).notNull().$type<string[]>(),
    coverageAreas: text({ mode: 'json' }).notNull().$type<string[]>(),
    city: text().notNull(),
    state: text().notNull(),
    zipCode: text().notNull(),
    latitude: real().notNull(),
    longitude: real().notNull(),
    timeZone: text().notNull(),
    status: text({ enum: ['active', 'suspended'] })
      .notNull()
      .default('active'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('cleaners_user_unique').on(t.userId),
    index('cleaners_rating_idx').on(t.status, t.rating),
    index('cleaners_rate_idx').on(t.status, t.hourlyRateCents),
    index('cleaners_jobs_idx').on(t.status, t.completedJobs),
    index('cleaners_place_idx').on(t.state, t.city),
    index('cleaners_zip_idx').on(t.zipCode),
    index('cleaners_geo_idx').on(t.latitude, t.longitude),
  ],
);

export type CleanerRow = typeof cleaners.$inferSelect;
