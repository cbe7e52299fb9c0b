import { sql } from 'drizzle-orm';
import { integer } from 'drizzle-orm/sqlite-core';

/** Instants are UTC milliseconds (`timestamp_ms`), set by the database when a row is written without them. */
export const timestamps = {
  createdAt: integer({ mode: 'timestamp_ms' }).notNull().default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  updatedAt: integer({ mode: 'timestamp_ms' }).notNull().default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
};
export const createdAt = timestamps.createdAt;
