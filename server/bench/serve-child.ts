/**
 * A benchmark's server, in its own process so that it never shares an event loop with autocannon:
 * `node --import tsx serve-child.ts <database-url> <cache|no-cache> [config JSON]` serves the real
 * app on 127.0.0.1 over that database (a libSQL file or server) and prints `PORT n`.
 *
 * With BENCH_PROCESS_STATS=1 it also watches its own event loop and memory, and on SIGUSR2 prints
 * one `STATS {…}` line (see `reportStatsOnSignal`); the app itself is the same.
 */
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { serve } from '@hono/node-server';
import { createApp } from '../src/app';
import { parseConfig } from '../src/config';
import { openDatabase } from '../src/db/open';
import { memoryFileStorage } from '../src/files/file-storage';
import { createLogger } from '../src/lib/logger';
import { folderFileStorage } from '../src/node-files';
import { imageWorkerPool } from '../src/node-images';
import { logMailer } from '../src/notifications/outbox';
import { createPaymentProvider } from '../src/payments/create-provider';
import { searchCacheFor } from '../src/search/search-cache';
import { keepSearchFacts } from '../src/search/search-facts.sync';

/** How often the loop-delay timer fires; each recorded delay includes it, so it is taken off. */
const LOOP_RESOLUTION_MS = 10;

/**
 * The figures a long run needs from the server's own process: the event loop's delay since the
 * last report (p50, p99, max), the CPU time it has used (on a shared machine, how much it got),
 * memory as it is and after a full collection (so a leak shows apart from garbage not yet
 * collected), and memory every 10 s in between, with no collection forced.
 * The collection runs after the delay is read and before it is reset, so its pause counts in no
 * window.
 */
function reportStatsOnSignal(): void {
  const delay = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  delay.enable();
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const mb = (bytes: number) => Math.round((bytes / 1_048_576) * 10) / 10;
  const memory = () => {
    const m = process.memoryUsage();
    return { rssMb: mb(m.rss), heapUsedMb: mb(m.heapUsed), heapTotalMb: mb(m.heapTotal), externalMb: mb(m.external) };
  };
  let samples: Array<{ at: number } & ReturnType<typeof memory>> = [];
  setInterval(() => samples.push({ at: Date.now(), ...memory() }), 10_000).unref();
  const ms = (ns: number) => Math.max(0, Math.round((ns / 1e6 - LOOP_RESOLUTION_MS) * 10) / 10);
  process.on('SIGUSR2', () => {
    const loop = {
      p50Ms: ms(delay.percentile(50)),
      p99Ms: ms(delay.percentile(99)),
      maxMs: ms(delay.max),
      meanMs: ms(delay.mean),
    };
    const asItIs = memory();
    gc();
    const { user, system } = process.cpuUsage();
    const cpuMs = Math.round((user + system) / 1000);
    const report = { at: Date.now(), cpuMs, loop, memory: asItIs, memoryAfterGc: memory(), samples };
    samples = [];
    delay.reset();
    console.log(`STATS ${JSON.stringify(report)}`);
  });
}

if (process.env.BENCH_PROCESS_STATS === '1') reportStatsOnSignal();

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
  // BENCH_FILES_DIR: files in that folder, as node.ts keeps them under data/files.
  files: process.env.BENCH_FILES_DIR ? folderFileStorage(process.env.BENCH_FILES_DIR) : memoryFileStorage(),
  // As node.ts does: pictures in worker threads (started by the first upload).
  images: imageWorkerPool(),
});
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
server.once('listening', () => console.log(`PORT ${(server.address() as AddressInfo).port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
