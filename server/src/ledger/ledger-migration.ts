import type { Database } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { backfillLedger } from './ledger.service';

/**
 * The schema's migrations, then the ledger's own: payments made before the ledger existed get
 * their entries (decision 080; a no-op once every charged payment has them). Every tool that
 * migrates a database calls this.
 */
export async function migrateWithLedger(database: Database, folder: string): Promise<void> {
  await migrateDatabase(database, folder);
  await backfillLedger(database, new Date());
}
