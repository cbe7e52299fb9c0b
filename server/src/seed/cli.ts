import { mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, parseConfig } from '../config';
import { openDatabase } from '../db/open';
import { migrateWithLedger } from '../ledger/ledger-migration';
import { MIGRATIONS_FOLDER } from '../paths';
import { demoPasswordHash } from './demo-accounts';
import { seedDemoData } from './generate';

/**
 * `npm run seed -- [--cleaners N] [--database file:path] [--reset]`: demo data into an empty
 * database (`--reset` first deletes an embedded database file).
 * Refuses a configured (non-embedded) database: production never gets demo accounts.
 */
async function main() {
  const { values } = parseArgs({
    options: {
      cleaners: { type: 'string' },
      database: { type: 'string' },
      seed: { type: 'string' },
      reset: { type: 'boolean', default: false },
    },
  });
  const config = parseConfig(process.env);
  if (!config.embedded && !values.database) {
    throw new Error('Demo data is only for the embedded defaults; DATABASE_URL or NODE_ENV=production is set.');
  }
  const cleaners = values.cleaners === undefined ? config.seedCleaners : Number(values.cleaners);
  if (!Number.isInteger(cleaners) || cleaners < 1 || cleaners > 1_000_000) {
    throw new Error('--cleaners must be an integer between 1 and 1000000');
  }
  const url = values.database ?? config.database.url;
  if (url.startsWith('file:')) {
    const file = url.slice('file:'.length);
    mkdirSync(dirname(file), { recursive: true });
    if (values.reset) for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  }

  const started = performance.now();
  const database = await openDatabase(url);
  await migrateWithLedger(database, MIGRATIONS_FOLDER);
  console.log(`Seeding ${cleaners.toLocaleString('en-US')} cleaners into ${url} …`);
  const summary = await seedDemoData(database, {
    cleaners,
    now: new Date(),
    demoAccounts: true,
    demoPasswordHash: await demoPasswordHash(),
    seed: values.seed === undefined ? undefined : Number(values.seed),
    log: (line) => console.log(line),
  });
  database.close();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    summary.skipped
      ? 'The database already has cleaners; nothing was added (use --reset to start over).'
      : `Done in ${seconds} s.`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
