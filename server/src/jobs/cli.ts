import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, parseConfig } from '../config';
import { openDatabase } from '../db/open';
import { systemClock } from '../deps';
import { createLogger, withFields } from '../lib/logger';
import { fileOffsetClock } from '../node-clock';
import { fileMailer } from '../node-mailer';
import { createPaymentProvider } from '../payments/create-provider';
import { JOBS } from './registry';

/**
 * `npm run job -w server -- <name> [--database URL]`: runs one scheduled job now, once, against the
 * configured database, with the same deps node-cron and Workers' Cron Triggers give it; prints its
 * result as JSON. For operators (run a job by hand, or from the host's cron with
 * SCHEDULED_JOBS=false on every server) and for the three-target suite.
 */
async function main() {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { database: { type: 'string' } } });
  const job = JOBS.find((j) => j.name === positionals[0]);
  if (!job) throw new UsageError(`Usage: job <name> [--database URL]; jobs: ${JOBS.map((j) => j.name).join(', ')}`);
  const config = parseConfig(values.database ? { ...process.env, DATABASE_URL: values.database } : process.env);
  // Another process (the server) may hold the file's write lock for a moment: this process has
  // nothing else to do meanwhile, so it may simply wait.
  const database = await openDatabase(config.database.url, config.database.authToken, { busyTimeoutMs: 10_000 });
  const logger = withFields(createLogger(config.logLevel), { job: job.name, jobRunId: crypto.randomUUID() });
  // The browser tests' server clock (TEST_CLOCK_FILE, decision 040): a job run by hand there sees their time.
  const clock = config.testClockFile ? fileOffsetClock(config.testClockFile) : systemClock;
  try {
    const result = await job.run({
      config,
      database,
      clock,
      logger,
      payments: createPaymentProvider(config, clock, database),
      mailer: fileMailer(join(config.dataDir, 'outbox')),
    });
    process.stdout.write(`${JSON.stringify({ job: job.name, result })}\n`);
  } finally {
    database.close();
  }
}

class UsageError extends Error {}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof UsageError ? error.message : error);
  process.exit(1);
});
