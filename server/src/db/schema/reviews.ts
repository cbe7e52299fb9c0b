import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './auth';
import { bookings } from './bookings';
import { cleaners } from './cleaners';
import { createdAt, timestamps } from './columns';
import { services } from './services';

/** Reviews with their photos, votes, responses and reports. */

export const reviews = sqliteTable(
  'reviews',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    bookingId: integer()
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    cleanerId: integer()
      .notNull()
      .references(() => cleaners.id, { onDelete: 'cascade' }),
    customerId: integer().references(() => users.id, { onDelete: 'set null' }),
    serviceId: integer().references(() => services.id, { onDelete: 'set null' }),
    overallRating: integer().notNull(),
    qualityRating: integer(),
    punctualityRating: integer(),
    professionalismRating: integer(),
    communicationRating: integer(),
    title: text(),
    comment: text().notNull(),
    pros: text(),
    cons: text(),
    serviceAreas: text({ mode: 'json' }).notNull().$type<string[]>(),
    timeSpent: text(),
    wouldRecommend: integer({ mode: 'boolean' }).notNull().default(true),
    wouldRebook: integer({ mode: 'boolean' }).notNull().default(true),
    isVerified: integer({ mode: 'boolean' }).notNull().default(true),
    helpfulVotes: integer().notNull().default(0),
    status: text({ enum: ['published', 'hidden'] })
      .notNull()
      .default('published'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('reviews_booking_unique').on(t.bookingId),
    index('reviews_cleaner_idx').on(t.cleanerId, t.status, t.createdAt),
    index('reviews_customer_idx').on(t.customerId),
  ],
);

export const reviewPhotos = sqliteTable(
  'review_photos',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    reviewId: integer()
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    storageKey: text().notNull(),
    fileUrl: text().notNull(),
    caption: text(),
    displayOrder: integer().notNull().default(0),
    createdAt,
  },
  (t) => [index('review_photos_review_idx').on(t.reviewId, t.displayOrder)],
);

export const reviewVotes = sqliteTable(
  'review_votes',
  {
    reviewId: integer()
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    voteType: text({ enum: ['helpful', 'not_helpful'] }).notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] })],
);

export const reviewResponses = sqliteTable(
  'review_responses',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    reviewId: integer()
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    cleanerId: integer()
      .notNull()
      .references(() => cleaners.id, { onDelete: 'cascade' }),
    response: text().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('review_responses_review_unique').on(t.reviewId)],
);

export const reviewReports = sqliteTable(
  'review_reports',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    reviewId: integer()
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    reporterId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text().notNull(),
    description: text(),
    status: text({ enum: ['open', 'dismissed', 'actioned'] })
      .notNull()
      .default('open'),
    createdAt,
  },
  (t) => [
    uniqueIndex('review_reports_unique').on(t.reviewId, t.reporterId),
    index('review_reports_status_idx').on(t.status),
  ],
);

export type ReviewRow = typeof reviews.$inferSelect;
