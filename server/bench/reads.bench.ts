/**
 * `npm run bench:reads` (decision 052): every read a page waits on, over 100,000 demo
 * cleaners, each request distinct (random cleaners, dates, customers and cleaners signed in),
 * 50 connections, the real app in its own process with its caches on as deployed. Each is judged
 * against the same run's one-row read (`GET /api/services/{id}`: one indexed SELECT through the
 * whole stack): goal ≥ 40% of its requests/s and p99 ≤ 50 ms. Prints a table and writes
 * bench/results/reads.json.
 *
 * BENCH_CLEANERS (default 100000) sizes the seed; BENCH_DATABASE names an already seeded libSQL
 * file to copy instead of seeding (its contents are not changed); BENCH_ONLY=reviews,slots runs
 * those reads only, beside the one-row read (with BENCH_CPU_PROF, a profile of just those).
 */

import type { ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { createSession, generateSessionToken } from '../src/auth/sessions';
import { migrateDatabase } from '../src/db/migrate';
import { openDatabase } from '../src/db/open';
import { MIGRATIONS_FOLDER } from '../src/paths';
import { seedDemoData } from '../src/seed/generate';
import { cleanUp, type Figures, load, runMain, startServer, stopServer, writeResult } from './harness';

const CLEANERS = Number(process.env.BENCH_CLEANERS ?? 100_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = 50;
const SIGNED_IN = 300;

/** A deterministic spread over `n` values, so request i and i+1 rarely touch the same rows. */
const spread = (i: number, n: number) => (i * 7919 + 13) % n;

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'spotless-bench-reads-'));
  const file = join(dir, 'bench.db');
  const children: ChildProcess[] = [];
  try {
    let seedSeconds: number | null = null;
    if (process.env.BENCH_DATABASE) copyFileSync(process.env.BENCH_DATABASE, file);
    const database = await openDatabase(`file:${file}`);
    await migrateDatabase(database, MIGRATIONS_FOLDER);
    if (!process.env.BENCH_DATABASE) {
      const started = performance.now();
      await seedDemoData(database, { cleaners: CLEANERS, now: new Date(), demoAccounts: false, seed: 1 });
      seedSeconds = Math.round((performance.now() - started) / 100) / 10;
      console.log(`Seeded ${CLEANERS.toLocaleString('en-US')} cleaners in ${seedSeconds} s`);
    }
    const ids = async (query: string) => (await database.client.execute(query)).rows.map((row) => Number(row[0]));
    const cleanerIds = await ids("select id from cleaners where status = 'active' order by id");
    const serviceIds = await ids('select id from services where is_active = 1 order by id');
    const customers = await ids(
      `select customer_id from bookings where customer_id is not null group by customer_id order by count(*) desc limit ${SIGNED_IN}`,
    );
    const cleanerUsers = await ids(
      `select c.user_id from cleaners c where c.status = 'active' order by c.completed_jobs desc limit ${SIGNED_IN}`,
    );
    const now = new Date();
    const cookie = async (userId: number) => {
      const token = generateSessionToken();
      await createSession(database, token, { userId, kind: 'user' }, now);
      return `spotless_session=${token}`;
    };
    const customerCookies = await Promise.all(customers.map(cookie));
    const cleanerCookies = await Promise.all(cleanerUsers.map(cookie));
    const [{ n } = { n: 0 }] = (await database.db.all(sql`select count(*) as n from cleaners`)) as Array<{ n: number }>;
    await database.client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
    database.close();

    const dates = Array.from({ length: 21 }, (_, d) =>
      new Date(now.getTime() + (d + 1) * 86_400_000).toISOString().slice(0, 10),
    );
    const cleanerAt = (i: number) => cleanerIds[spread(i, cleanerIds.length)]!;
    const scenarios: Record<string, { path: (i: number) => string; headers?: (i: number) => Record<string, string> }> =
      {
        serviceById: { path: (i) => `/api/services/${serviceIds[i % serviceIds.length]}` },
        services: { path: () => '/api/services' },
        profile: { path: (i) => `/api/cleaners/${cleanerAt(i)}` },
        reviews: { path: (i) => `/api/reviews/${cleanerAt(i)}?page=${1 + (i % 2)}` },
        reviewSummary: { path: (i) => `/api/reviews/${cleanerAt(i)}/summary` },
        slots: {
          path: (i) =>
            `/api/cleaners/${cleanerAt(i)}/slots/${dates[i % dates.length]}?duration=${[120, 180, 240][i % 3]}`,
        },
        myBookings: {
          // What the dashboard asks: a page of active bookings or of the history.
          path: (i) => `/api/bookings?status=${i % 2 === 0 ? 'active' : 'history'}&limit=10&page=${1 + (i % 3)}`,
          headers: (i) => ({ cookie: customerCookies[spread(i, customerCookies.length)]! }),
        },
        myPayments: {
          // What the payments page asks: a page of 10.
          path: (i) => `/api/payments?pageSize=10&page=${1 + (i % 3)}`,
          headers: (i) => ({ cookie: customerCookies[spread(i, customerCookies.length)]! }),
        },
        cleanerOverview: {
          path: () => '/api/cleaners/profile/overview',
          headers: (i) => ({ cookie: cleanerCookies[spread(i, cleanerCookies.length)]! }),
        },
      };

    console.log(
      `${Number(n).toLocaleString('en-US')} cleaners; autocannon: ${CONNECTIONS} connections, ${DURATION} s each, every request distinct`,
    );
    const only = process.env.BENCH_ONLY?.split(',');
    if (only) {
      for (const name of Object.keys(scenarios))
        if (name !== 'serviceById' && !only.includes(name)) delete scenarios[name];
    }
    const { base, child } = await startServer(`file:${file}`, true);
    children.push(child);
    for (const [name, s] of Object.entries(scenarios)) {
      const answer = await fetch(base + s.path(0), { headers: s.headers?.(0) });
      if (!answer.ok) throw new Error(`${name}: ${answer.status} ${await answer.text()}`);
    }
    const results: Record<string, Figures> = {};
    for (const [name, s] of Object.entries(scenarios)) {
      results[name] = await load(base, name, s.path, {
        connections: CONNECTIONS,
        duration: DURATION,
        ...(s.headers ? { headers: s.headers } : {}),
      });
    }
    await stopServer(child);

    const floor = results.serviceById!.requestsPerSecond;
    const goals = Object.fromEntries(
      Object.entries(results)
        .filter(([name]) => name !== 'serviceById')
        .map(([name, f]) => {
          const share = Math.round((f.requestsPerSecond / floor) * 1000) / 1000;
          return [
            name,
            {
              shareOfOneRowRead: share,
              p99Ms: f.p99Ms,
              met: share >= 0.4 && f.p99Ms <= 50 && f.errors + f.non2xx === 0,
            },
          ];
        }),
    );
    for (const [name, g] of Object.entries(goals)) {
      console.log(
        `${name.padEnd(16)} ${(g.shareOfOneRowRead * 100).toFixed(1).padStart(5)}% of the one-row read, p99 ${g.p99Ms} ms — ${g.met ? 'met' : 'NOT met'}`,
      );
    }
    const report = {
      when: new Date().toISOString(),
      cleaners: Number(n),
      seedSeconds,
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      goal: 'each read ≥ 40% of the same run’s one-row read (GET /api/services/{id}) and p99 ≤ 50 ms, every request distinct',
      results,
      goals,
      allGoalsMet: Object.values(goals).every((g) => g.met),
    };
    writeResult('reads', report);
  } finally {
    cleanUp(children, dir);
  }
}

runMain(main);
