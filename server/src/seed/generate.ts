import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { refreshStatistics } from '../db/migrate';
import * as t from '../db/schema';
import { addHistory } from './bookings';
import { SERVICE_CATALOGUE } from './catalogue';
import { DemoData, type SeedOptions } from './demo-data';
import { addDemoStory } from './demo-story';
import { addCleaners, addCustomers } from './people';

export {
  DEMO_ADMIN_EMAIL,
  DEMO_ADMIN_PASSWORD,
  DEMO_CLEANER_EMAIL,
  DEMO_CUSTOMER_EMAIL,
  DEMO_PARTNER_KEY,
  DEMO_PASSWORD,
  ensureDemoAdmin,
  lockDemoAccounts,
} from './demo-accounts';
export type { SeedOptions } from './demo-data';

export interface SeedSummary {
  skipped: boolean;
  counts: Record<string, number>;
}

/** Inserts the service catalogue when the table is empty (every deployment needs it). */
export async function ensureCatalogue(database: Database): Promise<void> {
  const [row] = await database.db.select({ n: sql<number>`count(*)` }).from(t.services);
  if ((row?.n ?? 0) > 0) return;
  await database.write((tx) => tx.insert(t.services).values(SERVICE_CATALOGUE));
}

/**
 * Generates realistic demo data into an empty database: cleaners over the city table with hours,
 * customers, bookings in every status with their history and payments, and reviews whose
 * averages are the cleaners' ratings. The same seed and `now` always give the same data.
 */
export async function seedDemoData(database: Database, options: SeedOptions): Promise<SeedSummary> {
  const log = options.log ?? (() => {});
  await ensureCatalogue(database);
  const [existing] = await database.db.select({ n: sql<number>`count(*)` }).from(t.cleaners);
  if ((existing?.n ?? 0) > 0) return { skipped: true, counts: {} };

  const genStart = performance.now();
  const data = new DemoData(options, await database.db.select().from(t.services));
  addCustomers(data);
  addCleaners(data);
  addHistory(data);
  addDemoStory(data);
  data.settleCleanerFigures();
  log(`  generated in ${((performance.now() - genStart) / 1000).toFixed(1)} s`);
  const counts = await data.insert(database, log);
  // The tables went from empty to full: the planner's statistics must follow.
  await refreshStatistics(database);
  return { skipped: false, counts };
}
