/**
 * `npm run bench:ledger -w server`: what the ledger (decision 080) costs at the size the product is
 * built for. On N demo cleaners (100,000 by default) with their payments and ledger: the ledger's
 * migration step as every start runs it when there is nothing to post (the no-op), the same step
 * posting every payment's entries from an empty ledger (the one-off cost of upgrading a database
 * made before the ledger), the administrators' reconciliation against the local test-mode provider,
 * and the cleaner dashboard's figures and earnings for the busiest cleaner, read from the ledger.
 * Prints a table and writes bench/results/ledger.json.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { cleanerOverviewFigures } from '../src/cleaners/cleaners.queries';
import { parseConfig } from '../src/config';
import { migrateDatabase } from '../src/db/migrate';
import { openDatabase } from '../src/db/open';
import { systemClock } from '../src/deps';
import { backfillLedger } from '../src/ledger/ledger.service';
import { compareLedger } from '../src/ledger/ledger-reconcile.service';
import { MIGRATIONS_FOLDER } from '../src/paths';
import { createPaymentProvider } from '../src/payments/create-provider';
import { cleanerEarnings } from '../src/payouts/earnings.service';
import { seedDemoData } from '../src/seed/generate';
import { cleanUp, runMain, writeResult } from './harness';

const CLEANERS = Number(process.env.BENCH_CLEANERS ?? 100_000);
const RUNS = 5;

/** The median of `RUNS` timed runs of `work`, in milliseconds (one decimal). */
async function medianMs(work: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return Math.round((times[Math.floor(RUNS / 2)] as number) * 10) / 10;
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'spotless-ledger-bench-'));
  try {
    const database = await openDatabase(`file:${join(dir, 'bench.db')}`);
    await migrateDatabase(database, MIGRATIONS_FOLDER);
    let started = performance.now();
    await seedDemoData(database, { cleaners: CLEANERS, now: new Date(), demoAccounts: false, seed: 1 });
    const seedSeconds = Math.round((performance.now() - started) / 100) / 10;
    const count = async (table: string) =>
      Number((await database.db.all<{ n: number }>(sql.raw(`select count(*) as n from ${table}`)))[0]?.n ?? 0);

    // The one-off: every payment's entries posted from an empty ledger.
    await database.write(async (tx) => {
      await tx.run(sql`delete from ledger_lines`);
      await tx.run(sql`delete from ledger_entries`);
    });
    started = performance.now();
    const posted = await backfillLedger(database, new Date());
    const backfillSeconds = Math.round((performance.now() - started) / 100) / 10;
    const startupNoOpMs = await medianMs(() => backfillLedger(database, new Date()));

    const config = parseConfig({});
    const payments = createPaymentProvider(config, systemClock, database);
    const reconciliationMs = await medianMs(() => compareLedger({ database, payments }));
    const [busiest] = await database.db.all<{ cleanerId: number; userId: number; jobs: number }>(sql`
      select b.cleaner_id as cleanerId, c.user_id as userId, count(*) as jobs
        from bookings b join cleaners c on c.id = b.cleaner_id
        group by b.cleaner_id order by jobs desc limit 1`);
    if (!busiest) throw new Error('the seed made no bookings');
    const overviewMs = await medianMs(() => cleanerOverviewFigures(database.db, busiest.cleanerId));
    const actor = { kind: 'cleaner', userId: busiest.userId, cleanerId: busiest.cleanerId } as const;
    const earningsMs = await medianMs(() => cleanerEarnings({ database, payments, clock: systemClock, config }, actor));

    const report = {
      when: new Date().toISOString(),
      cleaners: CLEANERS,
      seedSeconds,
      payments: await count('payments'),
      ledgerEntries: await count('ledger_entries'),
      ledgerLines: await count('ledger_lines'),
      entriesPosted: posted,
      backfillFromEmptySeconds: backfillSeconds,
      startupNoOpMs,
      reconciliationMs,
      busiestCleanerJobs: Number(busiest.jobs),
      overviewMs,
      earningsMs,
      goals: {
        'the ledger step at each start under 1 s': startupNoOpMs < 1_000,
        'reconciliation under 1 s': reconciliationMs < 1_000,
        'a cleaner’s Earnings & Payouts under 50 ms': earningsMs < 50,
      },
    };
    console.table({
      'payments / entries / lines': `${report.payments} / ${report.ledgerEntries} / ${report.ledgerLines}`,
      'backfill from an empty ledger': `${backfillSeconds} s`,
      'ledger step at start (nothing to post)': `${startupNoOpMs} ms`,
      'reconciliation (local provider)': `${reconciliationMs} ms`,
      [`overview figures (${report.busiestCleanerJobs} jobs)`]: `${overviewMs} ms`,
      'earnings & payouts tab': `${earningsMs} ms`,
    });
    database.close();
    writeResult('ledger', report);
  } finally {
    cleanUp([], dir);
  }
}

runMain(main);
