import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { SERVER_ROOT } from '../src/paths';
import { stopsWithUs } from '../targets/children';

export type Figures = {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  distinctPaths: number;
};

/** autocannon against `base` for `duration` seconds (or `amount` requests), each request's path from `path(i)`. */
export async function load(
  base: string,
  name: string,
  path: (i: number) => string,
  options: {
    connections: number;
    duration?: number;
    amount?: number;
    method?: string;
    body?: (i: number) => unknown;
    headers?: (i: number) => Record<string, string>;
  },
): Promise<Figures> {
  let i = 0;
  const distinct = new Set<string>();
  const started = performance.now();
  let lastAnswered = started;
  const result = await autocannon({
    url: base,
    connections: options.connections,
    ...(options.amount ? { amount: options.amount } : { duration: options.duration ?? 10 }),
    requests: [
      {
        method: options.method ?? 'GET',
        setupRequest: (request) => {
          const n = i++;
          request.path = path(n);
          if (options.body) request.body = JSON.stringify(options.body(n));
          if (options.headers) request.headers = { ...request.headers, ...options.headers(n) };
          if (distinct.size < 10_000) distinct.add(request.path);
          return request;
        },
        ...(options.amount
          ? {
              onResponse: () => {
                lastAnswered = performance.now();
              },
            }
          : {}),
      },
    ],
  });
  const figures = {
    // A run of a fixed number of requests is timed from its start to its last answer: autocannon
    // ends it at its next one-second tick, so its own rate (and its duration) read every such run
    // as that number over whole seconds (600 bookings: 100, 150, 200 a second).
    requestsPerSecond: Math.round(
      options.amount ? result.requests.total / ((lastAnswered - started) / 1000) : result.requests.average,
    ),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    distinctPaths: distinct.size,
  };
  console.log(
    `${name.padEnd(30)} ${String(figures.requestsPerSecond).padStart(7)} req/s  p50 ${figures.p50Ms} ms  p99 ${figures.p99Ms} ms  non-2xx ${figures.non2xx}`,
  );
  return figures;
}

/** The app in its own process over `databaseUrl` (serve-child.ts); resolves with its base URL. */
export function startServer(
  databaseUrl: string,
  cacheEnabled: boolean,
  config: Record<string, string> = {},
  env: Record<string, string> = {},
): Promise<{ base: string; child: ChildProcess }> {
  const child = stopsWithUs(
    spawn(
      process.execPath,
      [
        // BENCH_CPU_PROF=<folder>: each server writes a CPU profile there when it stops.
        ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
        '--conditions=@spotless/source',
        '--import',
        'tsx',
        fileURLToPath(new URL('./serve-child.ts', import.meta.url)),
        databaseUrl,
        cacheEnabled ? 'cache' : 'no-cache',
        JSON.stringify(config),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } },
    ),
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

/** Waits until a server started as a child process answers `url` with a 2xx (at most 120 s). */
export async function waitUntilAnswering(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer in 120 s`);
}

export function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Where every benchmark writes its JSON result (and `npm run bench` reads them back). */
export const RESULTS_DIR = join(SERVER_ROOT, 'bench', 'results');

/** Writes `report` as bench/results/<name>.json and says so. */
export function writeResult(name: string, report: unknown): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `${name}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`Wrote ${file}`);
}

/** The p-th percentile of ascending numbers (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

/**
 * `count` bookable bodies: distinct, non-overlapping free two-hour starts of cleaners 1, 2, … up to
 * `lastCleaner`, from two weeks ahead, each at the price the server quotes (asked once a cleaner
 * with a wrong price, as a client learns it). Throws when there are fewer.
 */
export async function freeBookingBodies(
  base: string,
  cookie: string,
  count: number,
  lastCleaner = 200,
): Promise<Array<Record<string, unknown>>> {
  const bodies: Array<Record<string, unknown>> = [];
  for (let cleanerId = 1; cleanerId <= lastCleaner && bodies.length < count; cleanerId++) {
    let price: string | undefined;
    for (let day = 14; day < 74 && bodies.length < count; day++) {
      const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
      const res = await fetch(`${base}/api/cleaners/${cleanerId}/slots/${date}?duration=120`);
      if (res.status === 404) break;
      const slots = (await res.json()) as { items?: Array<{ startTime: string; isAvailable: boolean }> };
      let lastEnd = -1;
      for (const slot of slots.items ?? []) {
        const [h, m] = slot.startTime.split(':').map(Number);
        const start = (h as number) * 60 + (m as number);
        if (!slot.isAvailable || start < lastEnd) continue;
        const body = {
          cleanerId,
          serviceId: 1,
          address: '1 Bench St',
          scheduledDate: date,
          scheduledTime: slot.startTime,
          duration: 120,
        };
        if (!price) {
          const quote = await fetch(`${base}/api/bookings`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: base, cookie },
            body: JSON.stringify({ ...body, totalPrice: '1.00' }),
          });
          price = ((await quote.json()) as { error: { currentPrice: string } }).error.currentPrice;
        }
        bodies.push({ ...body, totalPrice: price });
        lastEnd = start + 120;
        if (bodies.length >= count) break;
      }
    }
  }
  if (bodies.length < count) throw new Error(`only ${bodies.length} free starts of ${count}`);
  return bodies;
}

/** Runs a bench's `main`: a failure is printed and the process exits with 1. */
export function runMain(main: () => Promise<unknown>): void {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

/** A bench's last step, whatever happened: its servers stopped and its scratch folder removed. */
export function cleanUp(children: readonly ChildProcess[], dir: string): void {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
