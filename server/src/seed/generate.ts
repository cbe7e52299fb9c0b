import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { refreshStatistics } from '../db/migrate';
import * as t from '../db/schema';
import { backfillLedger } from '../ledger/ledger.service';
import { addHistory } from './bookings';
import { loadThenIndex } from './bulk-load';
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
  demoPasswordHash,
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

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/** How many cleaners (with their users, hours and history) are built and written at a time. */
export const CLEANERS_PER_BATCH = 5000;

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

  // Cleaners are built and written a batch at a time, so memory holds one batch whatever the
  // size (a million cleaners in well under 1 GB). Up to one batch, the random draws come in the
  // same order as they always have: the same seed gives the same data.
  const started = performance.now();
  // Random keys (e-mails, the search indexes) land all over ever larger B-trees: a 256 MB page
  // cache on the write connection while seeding a local file, instead of SQLite's 2 MB (300,000
  // cleaners in 138 s rather than 193 s), put back afterwards. A libSQL server refuses the pragma.
  const local = database.client.protocol === 'file';
  if (local) await database.batch([{ sql: 'PRAGMA cache_size = -262144', args: [] }]);
  const data = new DemoData(options, await database.db.select().from(t.services));
  addCustomers(data);
  const batch = options.cleanersPerBatch ?? CLEANERS_PER_BATCH;
  // More than one batch: rows first, indexes after (bulk-load.ts).
  const load =
    options.cleaners > batch
      ? (run: () => Promise<void>) => loadThenIndex(database, run)
      : (run: () => Promise<void>) => run();
  await load(async () => {
    for (let from = 0; from < options.cleaners; from += batch) {
      const to = Math.min(options.cleaners, from + batch);
      addCleaners(data, from, to);
      addHistory(data);
      if (from === 0) addDemoStory(data);
      data.settleCleanerFigures();
      await data.insert(database);
      data.nextBatch();
      // libSQL frees a finished statement's native memory in a finaliser that runs only on a turn of
      // the event loop; a loop of awaited writes never gives it one, and a million cleaners' worth of
      // statements would pile up (gigabytes). One turn per batch lets them go.
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (to % (batch * 10) === 0 || to === options.cleaners) {
        log(`  ${to.toLocaleString('en-US')} cleaners (${seconds(started)} s)`);
      }
    }
  });
  if (options.cleaners > batch) log(`  indexes and search tables built (${seconds(started)} s)`);
  if (local) await database.batch([{ sql: 'PRAGMA cache_size = -2000', args: [] }]);
  const counts = data.counts;
  // The demo's paid bookings get their ledger entries, as payments made before the ledger do.
  await backfillLedger(database, new Date());
  log(`  ledger posted (${seconds(started)} s)`);
  // The tables went from empty to full: the planner's statistics must follow.
  await refreshStatistics(database);
  log(`  statistics refreshed (${seconds(started)} s)`);
  return { skipped: false, counts };
}
