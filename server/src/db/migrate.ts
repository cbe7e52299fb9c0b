import { migrate } from 'drizzle-orm/libsql/migrator';
import type { Database } from './client';

/** Applies the committed drizzle-kit migrations in `folder` (idempotent). */
export async function migrateDatabase(database: Database, folder: string): Promise<void> {
  await migrate(database.db, { migrationsFolder: folder });
}
