/**
 * `npm run bench:search`: 100,000 demo cleaners in a temporary database, the real app on
 * 127.0.0.1, and autocannon (50 connections, fixed duration) against a trivial endpoint and three
 * kinds of search, with the answer cache on (queries rotating over many distinct searches) and off.
 * The server runs in its own process so that it does not share an event loop with autocannon.
 * Prints a table and writes bench/results/search.json.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { CITIES } from '@spotless/sdk/cities';
import autocannon from 'autocannon';
import { createApp } from '../src/app';
import { searchCacheFor } from '../src/cleaners/search-cache';
import { parseConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import { memoryFileStorage } from '../src/lib/file-storage';
import { createLogger } from '../src/lib/logger';
import { logMailer } from '../src/notifications/outbox';
import { MIGRATIONS_FOLDER, SERVER_ROOT } from '../src/paths';
import { createPaymentProvider } from '../src/payments/create-provider';
import { seedDemoData } from '../src/seed/generate';

const CLEANERS = Number(process.env.BENCH_CLEANERS ?? 100_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;

const KEYWORDS = ['spotless', 'kitchen', 'deep clean', 'eco', 'pet', 'move out', 'office', 'window', 'garcia', 'maria'];
const SERVICE_TYPES = ['residential', 'commercial', 'deep', 'moveout'];

/** Each scenario rotates over many distinct searches, so a cached run is not one hot answer. */
const scenarios: Record<string, (i: number) => string> = {
  trivial: () => '/api/health',
  cityRadius: (i) => {
    const city = CITIES[i % CITIES.length]!;
    return `/api/cleaners?location=${encodeURIComponent(city.name)}&radius=${10 + (i % 4) * 5}`;
  },
  keyword: (i) =>
    `/api/cleaners?query=${encodeURIComponent(KEYWORDS[i % KEYWORDS.length]!)}&page=${1 + (Math.floor(i / KEYWORDS.length) % 3)}`,
  filtered: (i) =>
    `/api/cleaners?serviceType=${SERVICE_TYPES[i % 4]}&minRating=${3.5 + (i % 3) * 0.5}&maxPrice=${40 + (i % 5) * 5}&isVerified=true&sortBy=price&sortOrder=${i % 2 ? 'asc' : 'desc'}&page=${1 + (i % 3)}&pageSize=12`,
};

async function run(base: string, name: string, path: (i: number) => string) {
  let i = 0;
  const distinct = new Set<string>();
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [
      {
        setupRequest: (request) => {
          request.path = path(i++);
          if (distinct.size < 10_000) distinct.add(request.path);
          return request;
        },
      },
    ],
  });
  const figures = {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    distinctPaths: distinct.size,
  };
  console.log(
    `${name.padEnd(22)} ${String(figures.requestsPerSecond).padStart(7)} req/s  p50 ${figures.p50Ms} ms  p99 ${figures.p99Ms} ms  non-2xx ${figures.non2xx}`,
  );
  return figures;
}

/** Child mode: serve the app over an existing database and print the port. */
async function serveChild(file: string, cacheEnabled: boolean) {
  const database = await openDatabase(`file:${file}`);
  searchCacheFor(database.client).enabled = cacheEnabled;
  const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const clock = { now: () => new Date() };
  const app = createApp({
    config,
    database,
    logger: createLogger('silent'),
    clock,
    payments: createPaymentProvider(config, clock, database),
    mailer: logMailer(createLogger('silent')),
    files: memoryFileStorage(),
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  server.once('listening', () => console.log(`PORT ${(server.address() as AddressInfo).port}`));
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}

function startServer(file: string, cacheEnabled: boolean): Promise<{ base: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    [
      '--conditions=@spotless/source',
      '--import',
      'tsx',
      fileURLToPath(import.meta.url),
      '--serve',
      file,
      cacheEnabled ? 'cache' : 'no-cache',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start in 30 s')), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      const match = /PORT (\d+)/.exec(chunk.toString());
      if (match) {
        clearTimeout(timer);
        resolve({ base: `http://127.0.0.1:${match[1]}`, child });
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'spotless-bench-'));
  const file = join(dir, 'bench.db');
  const children: ChildProcess[] = [];
  try {
    const database = await openDatabase(`file:${file}`);
    await migrateDatabase(database, MIGRATIONS_FOLDER);
    const seedStart = performance.now();
    await seedDemoData(database, { cleaners: CLEANERS, now: new Date(), demoAccounts: false, seed: 1 });
    const seedSeconds = (performance.now() - seedStart) / 1000;
    await database.client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
    database.close();
    console.log(`Seeded ${CLEANERS.toLocaleString('en-US')} cleaners in ${seedSeconds.toFixed(1)} s`);

    const results: Record<string, Record<string, unknown>> = {};
    console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION} s each, 127.0.0.1, server in its own process`);
    // A fresh server per run: a backlog of slow answers from one run never spills into the next.
    const measure = async (cacheEnabled: boolean, label: string, path: (i: number) => string, warm: boolean) => {
      const { base, child } = await startServer(file, cacheEnabled);
      children.push(child);
      // Steady state: every distinct request of the rotation answered once before measuring.
      if (warm) for (let i = 0; i < 300; i++) await fetch(base + path(i));
      const figures = await run(base, label, path);
      await stopServer(child);
      return figures;
    };
    results.trivial = await measure(true, 'trivial /api/health', scenarios.trivial!, false);
    for (const mode of ['cached', 'uncached'] as const) {
      for (const name of ['cityRadius', 'keyword', 'filtered']) {
        results[`${name}.${mode}`] = await measure(
          mode === 'cached',
          `${name} (${mode})`,
          scenarios[name]!,
          mode === 'cached',
        );
      }
    }

    const trivialRps = (results.trivial as { requestsPerSecond: number }).requestsPerSecond;
    const share = (name: string) => {
      const f = results[name] as { requestsPerSecond: number; p99Ms: number };
      return { shareOfTrivial: Math.round((f.requestsPerSecond / trivialRps) * 1000) / 1000, p99Ms: f.p99Ms };
    };
    // The goal is judged on the server as deployed (answer cache on, steady state over a rotation
    // of distinct searches). The cold path — every answer computed — is reported beside it so the
    // cost of a cache miss stays visible (decision 010); it has no goal of its own.
    const goals = Object.fromEntries(
      ['cityRadius', 'keyword', 'filtered'].map((name) => {
        const s = share(`${name}.cached`);
        return [name, { ...s, met: s.shareOfTrivial >= 0.3 && s.p99Ms <= 50 }];
      }),
    );
    const coldPath = Object.fromEntries(
      ['cityRadius', 'keyword', 'filtered'].map((name) => [name, share(`${name}.uncached`)]),
    );
    const report = {
      when: new Date().toISOString(),
      cleaners: CLEANERS,
      seedSeconds: Math.round(seedSeconds * 10) / 10,
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      goal: 'each search kind, as served, ≥ 30% of the trivial endpoint’s requests/s and p99 ≤ 50 ms',
      results,
      goals,
      allGoalsMet: Object.values(goals).every((g) => g.met),
      coldPath,
    };
    for (const [name, g] of Object.entries(goals)) {
      console.log(
        `${name.padEnd(12)} as served: ${(g.shareOfTrivial * 100).toFixed(1)}% of trivial, p99 ${g.p99Ms} ms — goal ${g.met ? 'met' : 'NOT met'}`,
      );
    }
    for (const [name, c] of Object.entries(coldPath)) {
      console.log(
        `${name.padEnd(12)} cold path: ${(c.shareOfTrivial * 100).toFixed(1)}% of trivial, p99 ${c.p99Ms} ms (every answer computed)`,
      );
    }
    const outDir = join(SERVER_ROOT, 'bench', 'results');
    mkdirSync(outDir, { recursive: true });
    writeFileSync(join(outDir, 'search.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.log(`Wrote ${join(outDir, 'search.json')}`);
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

const serveIndex = process.argv.indexOf('--serve');
const entry =
  serveIndex === -1 ? main() : serveChild(process.argv[serveIndex + 1]!, process.argv[serveIndex + 2] === 'cache');
entry.catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
