import { integer, primaryKey, sqliteTable } from 'drizzle-orm/sqlite-core';
import { users } from './auth';
import { cleaners } from './cleaners';
import { createdAt } from './columns';

/** A customer's saved cleaners. */

export const favourites = sqliteTable(
  'favourites',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cleanerId: integer()
      .notNull()
      .references(() => cleaners.id, { onDelete: 'cascade' }),
    createdAt,
  },
  (t) => [primaryKey({ columns: [t.userId, t.cleanerId] })],
);
