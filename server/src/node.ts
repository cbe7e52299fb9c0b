import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createApp } from './app';
import { ConfigError, parseConfig } from './config';
import { openDatabase } from './db/open';
import { systemClock } from './deps';
import { startJobs } from './jobs';
import { migrateWithLedger } from './ledger/ledger-migration';
import { createLogger } from './lib/logger';
import { nodeAssets } from './node-assets';
import { fileOffsetClock } from './node-clock';
import { folderFileStorage } from './node-files';
import { imageWorkerPool } from './node-images';
import { batchedLines } from './node-log';
import { fileMailer } from './node-mailer';
import { prometheusMetrics } from './node-metrics';
import { SHUTDOWN_DEADLINE_MS, startNodeServer, stopGracefully } from './node-server';
import { MIGRATIONS_FOLDER, SERVER_ROOT } from './paths';
import { createPaymentProvider } from './payments/create-provider';
import { keepSearchFacts } from './search/search-facts.sync';
import {
  DEMO_ADMIN_EMAIL,
  DEMO_ADMIN_PASSWORD,
  DEMO_CLEANER_EMAIL,
  DEMO_CUSTOMER_EMAIL,
  DEMO_PARTNER_KEY,
  DEMO_PASSWORD,
  demoPasswordHash,
  ensureCatalogue,
  ensureDemoAdmin,
  lockDemoAccounts,
  seedDemoData,
} from './seed/generate';

async function main() {
  const parsed = parseConfig(process.env);
  const logger = createLogger(parsed.logLevel, batchedLines().write);

  const banner = (line: string) => parsed.logLevel !== 'silent' && console.log(line);
  if (parsed.database.url.startsWith('file:')) {
    mkdirSync(dirname(parsed.database.url.slice('file:'.length)), { recursive: true });
  }
  // Counted only for a scraper that can read them (METRICS_TOKEN, decision 067).
  const metrics = parsed.metricsToken ? prometheusMetrics() : undefined;
  const database = await openDatabase(parsed.database.url, parsed.database.authToken, {
    onBusyRetry: metrics && (() => metrics.databaseBusyRetry()),
  });
  await migrateWithLedger(database, MIGRATIONS_FOLDER);
  await ensureCatalogue(database);

  // Built before the demo data, so a browser test's fixed clock seeds the story it then reads.
  const clock = parsed.testClockFile ? fileOffsetClock(parsed.testClockFile) : systemClock;
  let adminPasswordHash = parsed.adminPasswordHash;
  if (parsed.embedded) {
    const demoHash = parsed.demo ? await demoPasswordHash() : undefined;
    const summary = await seedDemoData(database, {
      cleaners: parsed.seedCleaners,
      now: clock.now(),
      demoAccounts: parsed.demo,
      demoPasswordHash: demoHash,
    });
    if (!summary.skipped) banner(`Seeded demo data: ${parsed.seedCleaners} cleaners.`);
    if (demoHash) {
      await ensureDemoAdmin(database, demoHash, clock.now());
      adminPasswordHash ??= await demoPasswordHash(DEMO_ADMIN_PASSWORD);
    } else {
      // Listening beyond loopback: no known password may open anything.
      const locked = await lockDemoAccounts(database);
      if (locked > 0) logger.warn('demo accounts locked: HOST is not loopback', { locked });
      if (!adminPasswordHash) banner('No admin password: set ADMIN_PASSWORD_HASH to use the admin area.');
    }
  }
  const config = Object.freeze({ ...parsed, adminPasswordHash });

  if (config.testClockFile)
    logger.warn('test clock: the server time follows TEST_CLOCK_FILE', { file: config.testClockFile });
  const root = join(SERVER_ROOT, '..');
  const payments = createPaymentProvider(config, clock, database);
  const mailer = fileMailer(join(config.dataDir, 'outbox'));
  // Searches read this process's copy of the cleaners' facts (decision 060), read now rather than
  // at the first search; a search that comes sooner waits for the same read.
  keepSearchFacts(database.client)
    .current()
    .catch((error: unknown) =>
      logger.warn('search facts: first read failed, the next search retries', { error: String(error) }),
    );
  // Uploaded pictures are decoded in worker threads, never on the event loop (decision 045).
  const images = imageWorkerPool({ logger });
  const app = createApp({
    config,
    database,
    logger,
    clock,
    payments,
    mailer,
    files: folderFileStorage(join(config.dataDir, 'files')),
    images,
    metrics,
    assets: nodeAssets({ adminDist: join(root, 'admin', 'dist'), sdkDist: join(root, 'sdk', 'dist') }),
  });

  const server = startNodeServer(app.fetch, config, (info) => {
    const host = config.host.includes(':') ? `[${config.host}]` : config.host;
    const listening = `http://${host}:${info.port}`;
    // Open PUBLIC_URL's address: a session cookie belongs to one host name. E-mails link to the
    // loopback name a request came to, so either works throughout (decision 072).
    const open = new URL(config.publicUrl).port === String(info.port) ? config.publicUrl : listening;
    banner(
      `Spotless is running at ${open} (API docs: /api/docs)${open === listening ? '' : `, listening on ${listening}`}`,
    );
    if (config.embedded) {
      banner('Embedded defaults: libSQL file, local test-mode payments, offline assistant.');
      banner(
        `E-mails (verification, password reset, bookings, guest links) are written to ${join(config.dataDir, 'outbox')}/ within a minute (the outbox job runs every minute)`,
      );
    }
    if (config.demo) {
      banner(
        `Demo accounts (password "${DEMO_PASSWORD}"): ${DEMO_CUSTOMER_EMAIL}, ${DEMO_CLEANER_EMAIL}, ${DEMO_ADMIN_EMAIL} (administrator)`,
      );
      banner(`Admin password (development only): ${DEMO_ADMIN_PASSWORD}`);
      banner(
        `Partner widgets: <script src="${open}/embed.js" data-key="${DEMO_PARTNER_KEY}" async> on any loopback page; try npm start -w examples/partner-site`,
      );
    }
  });

  const stopJobs = config.scheduledJobs
    ? startJobs({ config, database, clock, logger, payments, mailer, metrics })
    : () => undefined;

  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    // Armed before anything else, so nothing the stop waits for can carry the exit past it.
    setTimeout(() => process.exit(1), SHUTDOWN_DEADLINE_MS).unref();
    const close = async () => {
      database.close();
      await images.close();
    };
    void stopGracefully({ server, stopJobs, close, logger }).then((code) => process.exit(code));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
