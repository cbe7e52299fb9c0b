/**
 * Fault (a): the libSQL server stops under load. The Node server runs over a local libSQL server
 * while customers book and browse; the libSQL server is killed (SIGKILL, as a crash or an OOM kill
 * would), stays down for a few seconds and comes back on the same port and data. Every answer while
 * it is down must be a 503 JSON with Retry-After, within 2 s; no write may be half made; and the
 * service must be back within 10 s of the libSQL server's return.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateDatabase } from '../../src/db/migrate';
import { openDatabase } from '../../src/db/open';
import { MIGRATIONS_FOLDER } from '../../src/paths';
import { seedDemoData } from '../../src/seed/generate';
import { freePort } from '../../targets/targets';
import {
  type Answer,
  bookingBodies,
  call,
  countBy,
  type Json,
  LibsqlServer,
  registerCustomers,
  round,
  sleep,
  spread,
  startServer,
  stopServer,
} from './common';

const CLEANERS = 40;
const WORKERS = 6;
const BEFORE_MS = 3_000;
const OUTAGE_MS = 6_000;
const AFTER_MS = 12_000;
/** Each worker's pause between two requests: a steady load, not a saturating one, on 2 shared cores. */
const PAUSE_MS = 20;
const ANSWER_GOAL_MS = 2_000;
const BACK_GOAL_MS = 10_000;

const CITIES = ['Austin', 'Denver', 'Seattle', 'Chicago', 'Boston'];

type Kind = 'booking' | 'profile' | 'search';
type Record_ = Answer & { kind: Kind; index: number };

export async function databaseOutage(): Promise<Json> {
  const dir = mkdtempSync(join(tmpdir(), 'spotless-fault-outage-'));
  const sqld = new LibsqlServer(dir, await freePort());
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    await sqld.start();
    const setup = await openDatabase(sqld.url);
    await migrateDatabase(setup, MIGRATIONS_FOLDER);
    await seedDemoData(setup, { cleaners: CLEANERS, now: new Date(), demoAccounts: false, seed: 3 });
    setup.close();

    server = await startServer({ DATABASE_URL: sqld.url, SCHEDULED_JOBS: 'false' });
    const base = server.base;
    const cookies = await registerCustomers(base, 10, 'outage');
    const bodies = await bookingBodies(base, cookies[0] as string, 2_400);

    const records: Record_[] = [];
    let running = true;
    let next = 0;
    let nextBooking = 0;
    const bookingRequests = new Map<number, { body: Json; key: string; cookie: string }>();
    const worker = async () => {
      while (running) {
        const n = next++;
        // A booking body is never sent twice (a second one would be a fair 409, not a fault); when
        // they run out, a profile is read instead.
        const turn = n % 3 === 0 && nextBooking >= bodies.length ? 1 : n % 3;
        const kind: Kind = turn === 0 ? 'booking' : turn === 1 ? 'profile' : 'search';
        if (kind === 'booking') {
          const index = nextBooking++;
          const request = {
            body: bodies[index] as Json,
            key: `outage-${index}`,
            cookie: cookies[index % cookies.length] as string,
          };
          bookingRequests.set(index, request);
          const answer = await call(base, 'POST', '/api/bookings', {
            body: request.body,
            headers: { cookie: request.cookie, 'idempotency-key': request.key },
            timeoutMs: 30_000,
          });
          records.push({ ...answer, kind, index });
        } else if (kind === 'profile') {
          records.push({ ...(await call(base, 'GET', `/api/cleaners/${1 + (n % CLEANERS)}`)), kind, index: n });
        } else {
          const city = CITIES[n % CITIES.length] as string;
          records.push({
            ...(await call(base, 'GET', `/api/cleaners?location=${city}&page=${1 + (n % 3)}`)),
            kind,
            index: n,
          });
        }
        await sleep(PAUSE_MS);
      }
    };
    const workers = Array.from({ length: WORKERS }, () => worker());
    await sleep(BEFORE_MS);
    const killedAt = performance.now();
    await sqld.kill();
    await sleep(OUTAGE_MS);
    const restartAt = performance.now();
    await sqld.start();
    const upAt = performance.now();
    await sleep(AFTER_MS);
    running = false;
    await Promise.all(workers);

    const answeredAt = (r: Record_) => r.sentAt + r.ms;
    const before = records.filter((r) => answeredAt(r) < killedAt);
    const inFlight = records.filter((r) => r.sentAt < killedAt && answeredAt(r) >= killedAt);
    const down = records.filter((r) => r.sentAt >= killedAt && answeredAt(r) <= restartAt);
    const after = records.filter((r) => r.sentAt >= upAt).sort((a, b) => a.sentAt - b.sentAt);
    const ok = (r: Record_) => r.status === 200 || r.status === 201;
    const proper503 = (r: Record_) => r.status === 503 && r.json && r.retryAfter !== null && r.code !== null;
    let lastBad = -1;
    after.forEach((r, i) => {
      if (!ok(r)) lastBad = i;
    });
    const firstOk = after.find(ok);
    const backAt = lastBad + 1 < after.length ? (after[lastBad + 1] as Record_).sentAt : Number.NaN;

    // What the database holds, request by request.
    const check = await openDatabase(sqld.url);
    const stored = (
      await check.client.execute(`select id, address from bookings where address like '% Fault St' order by id`)
    ).rows.map((row) => ({ id: Number(row.id), index: Number(String(row.address).split(' ')[0]) }));
    const partial = async () =>
      Number(
        (
          await check.client.execute(`
            select count(*) as n from bookings b
            where b.address like '% Fault St'
              and (not exists (select 1 from booking_status_history h
                               where h.booking_id = b.id and h.from_status is null and h.to_status = 'pending')
                or not exists (select 1 from notifications n
                               where json_extract(n.payload, '$.bookingId') = b.id))`)
        ).rows[0]?.n,
      );
    const bookingRecords = records.filter((r) => r.kind === 'booking');
    const acknowledged = bookingRecords.filter((r) => r.status === 201);
    const storedByIndex = countBy(stored, (row) => row.index);
    const storedIds = new Set(stored.map((row) => row.id));
    const ackIndexes = new Set(acknowledged.map((r) => r.index));
    const missing = acknowledged.filter((r) => !storedIds.has(Number(r.body?.id))).length;
    const storedUnacknowledged = stored.filter((row) => !ackIndexes.has(row.index)).length;
    const duplicates = Object.values(storedByIndex).filter((n) => n > 1).length;
    const partialBefore = await partial();

    // Each booking that got no 201 is sent again with its own Idempotency-Key: one whose batch had
    // committed before the answer was lost is answered as it is, never booked twice.
    const retried: Answer[] = [];
    for (const r of bookingRecords) {
      if (r.status === 201) continue;
      const request = bookingRequests.get(r.index);
      if (!request) continue;
      retried.push(
        await call(base, 'POST', '/api/bookings', {
          body: request.body,
          headers: { cookie: request.cookie, 'idempotency-key': request.key },
        }),
      );
    }
    const storedAfterRetry = (
      await check.client.execute(`select address from bookings where address like '% Fault St'`)
    ).rows.map((row) => String(row.address));
    const duplicatesAfterRetry = Object.values(countBy(storedAfterRetry, (a) => a)).filter((n) => n > 1).length;
    const partialAfterRetry = await partial();
    check.close();

    const downTimes = spread(down.map((r) => r.ms));
    const report = {
      load: {
        workers: WORKERS,
        pauseMs: PAUSE_MS,
        mix: 'booking, cleaner profile, search in turn',
        cleaners: CLEANERS,
      },
      timeline: {
        beforeMs: BEFORE_MS,
        outageMs: round(restartAt - killedAt),
        libsqlRestartMs: round(upAt - restartAt),
        afterMs: AFTER_MS,
      },
      before: { answers: before.length, statuses: countBy(before, (r) => r.status) },
      inFlightAtKill: {
        answers: inFlight.length,
        statuses: countBy(inFlight, (r) => `${r.status} ${r.code ?? ''}`.trim()),
      },
      whileDown: {
        answers: down.length,
        statuses: countBy(down, (r) => `${r.status} ${r.code ?? ''}`.trim()),
        all503JsonWithRetryAfter: down.length > 0 && down.every(proper503),
        retryAfter: countBy(down, (r) => r.retryAfter ?? 'none'),
        timeToAnswerMs: downTimes,
      },
      recovery: {
        firstSuccessAfterReturnMs: firstOk ? round(firstOk.sentAt + firstOk.ms - upAt) : null,
        allSucceedingAfterReturnMs: Number.isNaN(backAt) ? null : round(Math.max(0, backAt - upAt)),
        answersAfterReturn: after.length,
        statusesAfterReturn: countBy(after, (r) => r.status),
      },
      writes: {
        bookingsSent: bookingRecords.length,
        acknowledged: acknowledged.length,
        stored: stored.length,
        acknowledgedMissing: missing,
        storedWithoutAcknowledgement: storedUnacknowledged,
        duplicates,
        partial: partialBefore,
        retriedWithSameKey: retried.length,
        retryStatuses: countBy(retried, (r) => `${r.status} ${r.code ?? ''}`.trim()),
        duplicatesAfterRetry,
        partialAfterRetry,
      },
    };
    const goals = {
      answersWhileDownAre503JsonWithRetryAfter: report.whileDown.all503JsonWithRetryAfter,
      answersWhileDownWithin2s: downTimes.count > 0 && downTimes.max <= ANSWER_GOAL_MS,
      backWithin10sOfReturn:
        report.recovery.allSucceedingAfterReturnMs !== null &&
        report.recovery.allSucceedingAfterReturnMs <= BACK_GOAL_MS,
      noPartialOrLostWrites:
        missing === 0 &&
        partialBefore === 0 &&
        partialAfterRetry === 0 &&
        duplicates === 0 &&
        duplicatesAfterRetry === 0,
    };
    console.log(
      `(a) libSQL server down ${report.timeline.outageMs} ms: ${down.length} answers, statuses ${JSON.stringify(report.whileDown.statuses)}, ` +
        `answered p50 ${downTimes.p50} ms p99 ${downTimes.p99} ms max ${downTimes.max} ms; ` +
        `back ${report.recovery.allSucceedingAfterReturnMs} ms after its return; ` +
        `bookings acknowledged ${acknowledged.length}, stored ${stored.length}, missing ${missing}, partial ${partialBefore}, duplicates ${duplicates}`,
    );
    return { ...report, goals };
  } finally {
    if (server) await stopServer(server);
    await sqld.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}
