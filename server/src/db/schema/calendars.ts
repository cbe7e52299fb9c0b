import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { cleaners } from './cleaners';
import { createdAt } from './columns';

/**
 * A cleaner's private calendar feed (decision 083): one a cleaner, made on demand. Only the
 * SHA-256 of its secret token is kept; the feed's URL is shown once, when it is made, and rotating
 * it makes a new token, so the old URL stops working at once.
 */
export const cleanerCalendarFeeds = sqliteTable(
  'cleaner_calendar_feeds',
  {
    cleanerId: integer()
      .primaryKey()
      .references(() => cleaners.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the feed's token; the token itself is only in the URL the cleaner was shown. */
    tokenHash: text().notNull(),
    /** When the current token was made (created or rotated). */
    createdAt,
  },
  (t) => [uniqueIndex('cleaner_calendar_feeds_token_unique').on(t.tokenHash)],
);
