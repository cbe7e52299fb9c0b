import { integer, sqliteTable } from 'drizzle-orm/sqlite-core';

/**
 * The system domain: one row, rewritten by every readiness check, so that `/api/ready` proves the
 * database takes a write now rather than only that it answers a read.
 */
export const readiness = sqliteTable('readiness', {
  /** Always 1: the check rewrites the one row in place. */
  id: integer().primaryKey(),
  /** When a readiness check last wrote. */
  checkedAt: integer({ mode: 'timestamp_ms' }).notNull(),
});
