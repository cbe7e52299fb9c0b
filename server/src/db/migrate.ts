import { migrate } from 'drizzle-orm/libsql/migrator';

import type { Database } from './client';

/** Applies the committed drizzle-kit migrations in `folder` (idempotent), then refreshes the planner's statistics. */
export async function migrateDatabase(database: Database, folder: string): Promise<void> {
  await migrate(database.db, { migrationsFolder: folder });

  await refreshStatistics(database);
}

/**
 * Gives SQLite's query planner statistics (`sqlite_stat1`) from a bounded sample of each index
 * (`analysis_limit`), so it takes tens of milliseconds at 100,000 cleaners rather than a full scan
 * (`PRAGMA optimize` leaves never-analysed tables alone in this SQLite). Without them the planner guesses: it drove a
 * cleaner's earnings sum from every paid payment by status rather than from the cleaner's own
 * bookings, 0.9 s instead of 2 ms at 100,000 cleaners (decision 052). Run at start after the
 * migrations, after seeding, and by the daily `refresh-statistics` job.
 */
export async function refreshStatistics(database: Database): Promise<void> {
  // A libSQL server refuses ANALYZE and these pragmas ("unsupported statement"): there the planner
  // has no statistics, so a query whose plan would depend on them names its order itself.
  if (database.client.protocol !== 'file') return;
  await database.client.batch(['PRAGMA analysis_limit=1000', 'ANALYZE'], 'write');
}
