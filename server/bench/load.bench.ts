/**
 * `npm run bench:load`: the whole product under a mixed load, then a soak. 100,000 demo cleaners
 * (BENCH_CLEANERS; BENCH_DATABASE names a seeded file to copy instead), the real app in its own
 * process (serve-child.ts, answer cache on as deployed), autocannon on 127.0.0.1:
 *
 * - the mix, in every 100 requests: 60 searches (20 city+radius, 20 filtered, 20 keyword, each
 *   rotating over thousands of distinct queries), 20 cleaner profiles and 10 days of slots spread
 *   over every cleaner, 5 real bookings (`POST /api/bookings` by signed-in customers, at the price
 *   the server's own rule gives, each on a cleaner and day of its own) and 5 assistant messages
 *   (`POST /api/chat/{id}/message`, visitors' questions from the labelled set, over many
 *   conversations);
 * - a warm-up (BENCH_WARM_UP, 20 s), then 60 s at 50 connections (BENCH_DURATION), then a soak of
 *   10 minutes (BENCH_SOAK_SECONDS) at half the 60 s run's rate: autocannon's `overallRate` with the
 *   same 50 connections (fewer connections would not halve the rate of a server that is busy, not
 *   waiting). Each stops by itself. autocannon keeps to a rate per connection and per second: each
 *   connection sends its share as soon as it can at the start of each second, then waits, so the
 *   soak comes in bursts and its latencies are those of a busy half-second, not of a half-idle server.
 *
 * Per kind, the bench times every request itself, and the server's process reports its event-loop
 * delay, CPU time and memory (load/run.ts). The requests are made in load/mix.ts and
 * load/workload.ts, the database and its customers in load/database.ts.
 *
 * Limits: no limit is raised. The figures must not be 429s, so the bench stays under each one:
 * - per account: each customer makes at most 3 bookings (MAX_UNPAID_BOOKINGS, 3; unpaid ones
 *   are never paid or expired here), far under BOOKING_RATE_LIMIT (20 an hour). The customers
 *   and their sessions are written into the database before the run, as reads.bench.ts does, so
 *   there is no sign-in in the mix and AUTH_RATE_LIMIT never applies; more are added before the
 *   soak when its rate needs them.
 * - per conversation: each takes at most 50 messages (of 60) and one every 4 s (15 a minute, of
 *   30); the conversations are started before each run, enough for its rate.
 * - per address: every request comes from 127.0.0.1, and the assistant's limits per address (300
 *   messages and 120 new conversations a minute) are fixed, not configuration. So the server runs
 *   with TRUST_PROXY=true, as behind a proxy, and each request names its visitor's address in
 *   X-Forwarded-For: a conversation's, a customer's, or one of 4,096 visitors' for the reads.
 *
 * Writes bench/results/load.json. The machine is shared, so its load average is recorded every 5 s
 * of each run, beside the CPU the server's process got.
 */

import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanUp, runMain, startServer, stopServer, writeResult } from './harness';
import { bookingsMade, customerPool, prepareDatabase } from './load/database';
import { MIX, SEARCH_KINDS, share } from './load/mix';
import { CONNECTIONS, round1, run, type ServerStats, statsOf } from './load/run';
import { BOOKINGS_PER_CUSTOMER, CONVERSATION_SPACING_MS, MESSAGES_PER_CONVERSATION, workload } from './load/workload';

const CLEANERS = Number(process.env.BENCH_CLEANERS ?? 100_000);
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 20);
const DURATION = Number(process.env.BENCH_DURATION ?? 60);
const SOAK = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
/** Requests a second the first pools of customers and conversations are made for. */
const PLANNED_RATE = Number(process.env.BENCH_PLANNED_RATE ?? 3000);

async function main() {
  const loadBefore = loadavg();
  const dir = mkdtempSync(join(tmpdir(), 'spotless-bench-load-'));
  const file = join(dir, 'bench.db');
  const children: ChildProcess[] = [];
  try {
    const { seedSeconds, cleanerIds, bookable } = await prepareDatabase(file, CLEANERS);
    const { customers, add: addCustomers } = customerPool(file);
    const plannedBookings = Math.ceil(share('booking') * PLANNED_RATE * (WARM_UP + DURATION));
    await addCustomers(Math.ceil(plannedBookings / BOOKINGS_PER_CUSTOMER));
    console.log(
      `${cleanerIds.length.toLocaleString('en-US')} cleaners (${bookable.eligible.length.toLocaleString('en-US')} bookable by the bench), ${customers.length.toLocaleString('en-US')} customers signed in`,
    );

    const { base, child } = await startServer(
      `file:${file}`,
      true,
      { TRUST_PROXY: 'true' },
      { BENCH_PROCESS_STATS: '1' },
    );
    children.push(child);
    const stats = statsOf(child);
    const load = workload(base, cleanerIds, bookable, customers);
    await load.startConversations(load.conversationsFor(PLANNED_RATE, WARM_UP + DURATION));

    // The bench's prices and free times are the server's: a sample is asked of the server itself.
    await addCustomers(1);
    const quoter = customers.pop()!;
    for (let n = 0; n < 10; n++) {
      const body = load.bookingFor(n * 997);
      const slots = (await (
        await fetch(`${base}/api/cleaners/${body.cleanerId}/slots/${body.scheduledDate}?duration=120`)
      ).json()) as { items: Array<{ startTime: string; isAvailable: boolean }> };
      if (!slots.items.some((s) => s.startTime === body.scheduledTime && s.isAvailable)) {
        throw new Error(`booking ${n * 997}: ${body.scheduledDate} ${body.scheduledTime} is not a free start`);
      }
      const quote = await load.post(
        '/api/bookings',
        { ...body, totalPrice: '1.00' },
        { cookie: quoter.cookie, 'x-forwarded-for': quoter.address },
      );
      const answer = (await quote.json()) as { error?: { code: string; currentPrice?: string } };
      if (answer.error?.currentPrice !== body.totalPrice) {
        throw new Error(`booking ${n * 997}: price ${body.totalPrice}, server ${JSON.stringify(answer)}`);
      }
    }

    const server = { base, stats, load };
    /** Pools for a run of `seconds` at `rate`, beyond what is left of them. */
    const provide = async (rate: number, seconds: number, spare = 0) => {
      await load.startConversations(load.conversationsFor(rate, seconds));
      const bookings = load.next.booking + share('booking') * rate * seconds;
      await addCustomers(Math.ceil(bookings / BOOKINGS_PER_CUSTOMER) + spare - customers.length);
    };
    const { report: warmUp, after: afterWarmUp } = await run('warm-up', WARM_UP, server);
    await provide(Math.max(warmUp.requestsPerSecond * 1.5, 100), DURATION);
    const { report: loaded, after: afterLoad } = await run('60 s run', DURATION, server);
    // The soak: half the run's rate, as a cap the server easily keeps to, on the same connections.
    const soakRate = Math.max(1, Math.round(loaded.requestsPerSecond / 2));
    await provide(soakRate, SOAK, 1);
    const { report: soak, after: afterSoak } = await run('soak', SOAK, server, soakRate);
    await stopServer(child);
    const loadAfter = loadavg();

    // What the database holds: the bookings the bench made, and none on a cleaner's time twice.
    const held = await bookingsMade(file);
    const memory = memoryReport(afterWarmUp, afterLoad, afterSoak);
    const clean = (r: typeof loaded) => r.non2xx === 0 && r.errors === 0 && r.timeouts === 0;
    const report = {
      when: new Date().toISOString(),
      cleaners: cleanerIds.length,
      seedSeconds,
      mix: MIX,
      connections: CONNECTIONS,
      seconds: { warmUp: WARM_UP, run: DURATION, soak: SOAK },
      soakRate: { overallRate: soakRate, how: 'autocannon overallRate, same 50 connections' },
      config: { TRUST_PROXY: 'true' },
      distinctSearches: Object.fromEntries(SEARCH_KINDS.map((kind) => [kind, load.distinct[kind].size])),
      limits: {
        raised: [],
        bookingsPerCustomer: BOOKINGS_PER_CUSTOMER,
        messagesPerConversation: MESSAGES_PER_CONVERSATION,
        conversationSpacingMs: CONVERSATION_SPACING_MS,
        customers: customers.length,
        conversations: load.conversationsStarted(),
        conversationsReusedEarly: load.shortfalls.conversations,
      },
      loadAverage: { before: loadBefore, after: loadAfter },
      warmUp,
      run: loaded,
      soak,
      memory,
      bookingsInDatabase: held,
      goals: {
        'no non-2xx, error or timeout in the 60 s run and the soak': { met: clean(loaded) && clean(soak) },
        'memory (RSS and heap after a collection) grew less than 10% from the warm-up to the end of the soak': {
          met: memory.rss.grewUnder10Percent && memory.heapUsed.grewUnder10Percent,
        },
        'no cleaner booked twice at once': { met: held.overlapping === 0 },
      },
    };
    const change = (f: { before: number; after: number; change: number }) =>
      `${f.before} → ${f.after} MB (${(f.change * 100).toFixed(1)}%)`;
    console.log(
      `memory after a collection, warm-up to end of soak: RSS ${change(memory.rss)}, heap ${change(memory.heapUsed)}; over the soak: RSS ${change(memory.soakRss)}, heap ${change(memory.soakHeapUsed)}`,
    );
    console.log(
      `bookings in the database: ${held.made}, overlapping ${held.overlapping}; load average before ${loadBefore.map(round1).join(' ')}, after ${loadAfter.map(round1).join(' ')}`,
    );
    for (const [goal, { met }] of Object.entries(report.goals)) console.log(`${met ? 'met    ' : 'NOT met'}  ${goal}`);
    writeResult('load', report);
  } finally {
    cleanUp(children, dir);
  }
}

/** Memory after a full collection at the end of the warm-up, of the 60 s run and of the soak. */
function memoryReport(afterWarmUp: ServerStats, afterLoad: ServerStats, afterSoak: ServerStats) {
  const flat = (before: number, after: number) => ({
    before,
    after,
    change: Math.round(((after - before) / before) * 1000) / 1000,
    flat: Math.abs(after - before) / before <= 0.1,
    // A leak grows; RSS may also fall once the warm-up's high-water pages are given back.
    grewUnder10Percent: after <= before * 1.1,
  });
  const samples = afterSoak.samples;
  const range = (pick: (s: (typeof samples)[number]) => number) => [
    Math.min(...samples.map(pick)),
    Math.max(...samples.map(pick)),
  ];
  return {
    afterWarmUp: afterWarmUp.memoryAfterGc,
    afterRun: afterLoad.memoryAfterGc,
    endOfSoak: afterSoak.memoryAfterGc,
    asSampledAfterWarmUp: afterWarmUp.memory,
    asSampledEndOfSoak: afterSoak.memory,
    soakRange: { rssMb: range((s) => s.rssMb), heapUsedMb: range((s) => s.heapUsedMb) },
    // After a full collection, from the end of the warm-up to the end of the soak.
    rss: flat(afterWarmUp.memoryAfterGc.rssMb, afterSoak.memoryAfterGc.rssMb),
    heapUsed: flat(afterWarmUp.memoryAfterGc.heapUsedMb, afterSoak.memoryAfterGc.heapUsedMb),
    // The soak alone: RSS keeps the high-water mark of the full-rate run before it.
    soakRss: flat(afterLoad.memoryAfterGc.rssMb, afterSoak.memoryAfterGc.rssMb),
    soakHeapUsed: flat(afterLoad.memoryAfterGc.heapUsedMb, afterSoak.memoryAfterGc.heapUsedMb),
    soakSamples: samples,
  };
}

runMain(main);
