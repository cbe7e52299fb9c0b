import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { hashPassword } from './auth/password';
import { ConfigError, parseConfig } from './config';
import { openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { systemClock } from './deps';
import { startJobs } from './jobs';
import { createLogger } from './lib/logger';
import { nodeAssets } from './node-assets';
import { MIGRATIONS_FOLDER, SERVER_ROOT } from './paths';
import { createPaymentProvider } from './payments/create-provider';
import {
  DEMO_ADMIN_PASSWORD,
  DEMO_CLEANER_EMAIL,
  DEMO_CUSTOMER_EMAIL,
  DEMO_PASSWORD,
  ensureCatalogue,
  seedDemoData,
} from './seed/generate';

async function main() {
  const config = parseConfig(process.env);
  const logger = createLogger(config.logLevel);
  const banner = (line: string) => config.logLevel !== 'silent' && console.log(line);

  if (config.database.url.startsWith('file:')) {
    mkdirSync(dirname(config.database.url.slice('file:'.length)), { recursive: true });
  }
  const database = await openDatabase(config.database.url, config.database.authToken);
  await migrateDatabase(database, MIGRATIONS_FOLDER);
  await ensureCatalogue(database);

  if (config.embedded) {
    const summary = await seedDemoData(database, {
      cleaners: config.seedCleaners,
      now: systemClock.now(),
      demoAccounts: true,
      demoPasswordHash: await hashPassword(DEMO_PASSWORD),
    });
    if (!summary.skipped) banner(`Seeded demo data: ${config.seedCleaners} cleaners.`);
    config.adminPasswordHash ??= await hashPassword(DEMO_ADMIN_PASSWORD);
  }

  const root = join(SERVER_ROOT, '..');
  // One provider for the app and the jobs: the local test-mode provider keeps its intents in memory.
  const payments = createPaymentProvider(config, systemClock);
  const app = createApp({
    config,
    database,
    logger,
    clock: systemClock,
    payments,
    assets: nodeAssets({ adminDist: join(root, 'admin', 'dist'), sdkDist: join(root, 'sdk', 'dist') }),
  });

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    banner(`Spotless is running at http://localhost:${info.port} (API docs: /api/docs)`);
    if (config.embedded) {
      banner('Embedded defaults: libSQL file, local test-mode payments, offline assistant.');
      banner(`Demo accounts (password "${DEMO_PASSWORD}"): ${DEMO_CUSTOMER_EMAIL}, ${DEMO_CLEANER_EMAIL}`);
      banner(`Admin password (development only): ${DEMO_ADMIN_PASSWORD}`);
    }
  });

  const stopJobs = startJobs({ database, clock: systemClock, logger, payments });

  const shutdown = () => {
    stopJobs();
    server.close(() => {
      database.close();
      process.exit(0);
    });
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
