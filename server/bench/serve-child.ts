/**
 * A benchmark's server, in its own process so that it never shares an event loop with autocannon:
 * `node --import tsx serve-child.ts <database-url> <cache|no-cache> [config JSON]` serves the real
 * app on 127.0.0.1 over that database (a libSQL file or server) and prints `PORT n`.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from '../src/app';
import { searchCacheFor } from '../src/cleaners/search-cache';
import { keepSearchFacts } from '../src/cleaners/search-facts.sync';
import { parseConfig } from '../src/config';
import { openDatabase } from '../src/db/open';
import { memoryFileStorage } from '../src/lib/file-storage';
import { createLogger } from '../src/lib/logger';
import { imageWorkerPool } from '../src/node-images';
import { logMailer } from '../src/notifications/outbox';
import { createPaymentProvider } from '../src/payments/create-provider';

const [url, cache, overrides] = process.argv.slice(2);
const database = await openDatabase(url!);
searchCacheFor(database.client).enabled = cache === 'cache';
// As node.ts does, unless a run measures the SQL path alone.
if (process.env.BENCH_SEARCH_FACTS !== '0') {
  await keepSearchFacts(database.client, { reuseWords: process.env.BENCH_REUSE_WORDS !== '0' }).current();
}
// BENCH_LOG_LEVEL=warn shows what the server logs (a 5xx's error, say) on the bench's stderr.
const level = process.env.BENCH_LOG_LEVEL ?? 'silent';
const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: level, ...JSON.parse(overrides ?? '{}') });
const clock = { now: () => new Date() };
const app = createApp({
  config,
  database,
  logger: createLogger(config.logLevel, (line) => console.error(line)),
  clock,
  payments: createPaymentProvider(config, clock, database),
  mailer: logMailer(createLogger('silent')),
  files: memoryFileStorage(),
  // As node.ts does: pictures in worker threads (started by the first upload).
  images: imageWorkerPool(),
});
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
server.once('listening', () => console.log(`PORT ${(server.address() as AddressInfo).port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
