/**
 * Fault (b): the server is killed (SIGKILL: no handler runs) at a random moment while customers
 * make bookings and start paying for them, on the embedded libSQL file. It is started again on the
 * same data; the requests that were cut are sent again with their own Idempotency-Keys, and the
 * rest follow until 1,000 writes have been acknowledged. Then the file is checked: every write
 * answered 2xx is there, none twice, and SQLite finds the file whole.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/db/open';
import {
  type Answer,
  bookingBodies,
  call,
  countBy,
  type Json,
  registerCustomers,
  round,
  type ServerChild,
  startServer,
  stopServer,
} from './common';

const WRITES = Number(process.env.BENCH_FAULTS_WRITES ?? 1_000);
const WORKERS = 8;
const CUSTOMERS = 20;

type Step = 'booking' | 'payment';
interface Item {
  index: number;
  body: Json;
  cookie: string;
  bookingId?: number;
  paymentId?: number;
  /** The Idempotency-Key of the payment request (a new one only after a claim that stays stuck). */
  paymentKey: string;
}

export async function killDuringWrites(): Promise<Json> {
  const dataDir = mkdtempSync(join(tmpdir(), 'spotless-fault-kill-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: '', SEED_CLEANERS: '40', SCHEDULED_JOBS: 'true' };
  let server: ServerChild | undefined;
  try {
    server = await startServer(env);
    const cookies = await registerCustomers(server.base, CUSTOMERS, 'kill');
    const bodies = await bookingBodies(server.base, cookies[0] as string, Math.ceil(WRITES / 2) + 40);
    const items: Item[] = bodies.map((body, index) => ({
      index,
      body,
      cookie: cookies[index % CUSTOMERS] as string,
      paymentKey: `kill-payment-${index}`,
    }));

    let acknowledged = 0;
    const answers: Array<Answer & { step: Step; phase: 1 | 2; index: number }> = [];
    const unfinished: Item[] = [];
    // Somewhere in the middle of the run, chosen afresh each time.
    const killAfter = Math.floor(WRITES * (0.2 + Math.random() * 0.6));
    let killed = false;
    let inFlight = 0;
    let inFlightAtKill = 0;

    async function step(current: ServerChild, item: Item, phase: 1 | 2): Promise<boolean> {
      for (const kind of ['booking', 'payment'] as const) {
        if (kind === 'booking' && item.bookingId !== undefined) continue;
        if (kind === 'payment' && item.paymentId !== undefined) continue;
        inFlight += 1;
        const answer =
          kind === 'booking'
            ? await call(current.base, 'POST', '/api/bookings', {
                body: item.body,
                headers: { cookie: item.cookie, 'idempotency-key': `kill-booking-${item.index}` },
              })
            : await call(current.base, 'POST', '/api/create-payment-intent', {
                body: { bookingId: item.bookingId },
                headers: { cookie: item.cookie, 'idempotency-key': item.paymentKey },
              });
        inFlight -= 1;
        answers.push({ ...answer, step: kind, phase, index: item.index });
        if (answer.status === 201 && kind === 'booking') item.bookingId = Number(answer.body?.id);
        else if (answer.status === 200 && kind === 'payment') item.paymentId = Number(answer.body?.paymentId);
        else if (answer.status === 409 && answer.code === 'idempotency_in_progress' && phase === 2) {
          // The first request's claim outlived its process: only a new key goes on.
          item.paymentKey = `${item.paymentKey}-again`;
          return step(current, item, phase);
        } else return false;
        acknowledged += 1;
        if (phase === 1 && !killed && acknowledged >= killAfter) {
          killed = true;
          inFlightAtKill = inFlight;
          current.child.kill('SIGKILL');
        }
      }
      return true;
    }

    // Phase 1: writes until the kill.
    let next = 0;
    const first = server;
    await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        while (!killed && next < items.length) {
          const item = items[next++] as Item;
          if (!(await step(first, item, 1))) unfinished.push(item);
        }
      }),
    );
    const killedAt = performance.now();
    const exit = await first.exited;
    const acknowledgedAtKill = acknowledged;

    // Phase 2: the same data, the cut requests again, then the rest.
    const restartAt = performance.now();
    server = await startServer(env);
    const restartMs = performance.now() - restartAt;
    const second = server;
    const retriedFrom = answers.length;
    for (const item of unfinished) await step(second, item, 2);
    const retried = answers.slice(retriedFrom);
    await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        while (acknowledged < WRITES && next < items.length) {
          const item = items[next++] as Item;
          await step(second, item, 2);
        }
      }),
    );
    await stopServer(second);

    // The file, as SQLite and the requests see it.
    const database = await openDatabase(`file:${join(dataDir, 'spotless.db')}`);
    const rows = async (sql: string) => (await database.client.execute(sql)).rows;
    const integrity = (await rows('pragma integrity_check')).map((r) => String(Object.values(r)[0])).join('; ');
    const foreignKeyProblems = (await rows('pragma foreign_key_check')).length;
    const bookings = await rows(`
      select b.id, b.address, b.payment_status,
        (select count(*) from booking_status_history h where h.booking_id = b.id and h.from_status is null) as created,
        (select count(*) from payments p where p.booking_id = b.id) as payments
      from bookings b where b.address like '% Fault St'`);
    const payments = await rows(`
      select p.id, p.booking_id, p.provider_payment_id,
        (select count(*) from local_payment_intents i where i.id = p.provider_payment_id) as intents
      from payments p join bookings b on b.id = p.booking_id where b.address like '% Fault St'`);
    const intentsPerBooking = await rows(`
      select i.booking_id, count(*) as n,
        sum(case when exists (select 1 from payments p where p.provider_payment_id = i.id) then 0 else 1 end) as orphans
      from local_payment_intents i join bookings b on b.id = i.booking_id
      where b.address like '% Fault St' group by i.booking_id`);
    database.close();
    const intentDuplicates = intentsPerBooking.filter((r) => Number(r.n) > 1).length;
    const orphanIntents = intentsPerBooking.reduce((sum, r) => sum + Number(r.orphans), 0);

    const bookingById = new Map(bookings.map((r) => [Number(r.id), r]));
    const paymentById = new Map(payments.map((r) => [Number(r.id), r]));
    const ackBookings = items.filter((item) => item.bookingId !== undefined);
    const ackPayments = items.filter((item) => item.paymentId !== undefined);
    const bookingsFound = ackBookings.filter(
      (item) => String(bookingById.get(item.bookingId as number)?.address) === `${item.index} Fault St`,
    ).length;
    const paymentsFound = ackPayments.filter(
      (item) => Number(paymentById.get(item.paymentId as number)?.booking_id) === item.bookingId,
    ).length;
    const duplicateBookings = Object.values(countBy(bookings, (r) => String(r.address))).filter((n) => n > 1).length;
    const duplicatePayments = bookings.filter((r) => Number(r.payments) > 1).length;
    const withoutHistory = bookings.filter((r) => Number(r.created) !== 1).length;
    const paymentWithoutIntent = payments.filter((r) => Number(r.intents) !== 1).length;
    const unpaidWithPayment = bookings.filter((r) => Number(r.payments) > 0 && r.payment_status === 'unpaid').length;
    const found = bookingsFound + paymentsFound;
    const report = {
      writes: WRITES,
      killedAfterAcknowledged: acknowledgedAtKill,
      requestsInFlightAtKill: inFlightAtKill,
      exitAtKill: exit.signal ?? exit.code,
      restartMs: round(restartMs),
      secondsFromKillToRestarted: Math.round((performance.now() - killedAt) / 100) / 10,
      cutRequestsSentAgain: retried.length,
      cutRequestOutcomes: countBy(
        retried,
        (a) => `${a.step} ${a.status}${a.code ? ` ${a.code}` : ''}${a.replayed ? ' replayed' : ''}`,
      ),
      acknowledged: { bookings: ackBookings.length, payments: ackPayments.length, total: acknowledged },
      found: { bookings: bookingsFound, payments: paymentsFound, total: found },
      stored: { bookings: bookings.length, payments: payments.length },
      duplicates: {
        bookings: duplicateBookings,
        paymentsPerBooking: duplicatePayments,
        intentsPerBooking: intentDuplicates,
      },
      intentsWithoutPayment: orphanIntents,
      halfWritten: {
        bookingsWithoutCreatedHistory: withoutHistory,
        paymentsWithoutIntent: paymentWithoutIntent,
        unpaidWithPayment,
      },
      integrity,
      foreignKeyProblems,
      statuses: countBy(answers, (a) => `${a.step} ${a.status}${a.code ? ` ${a.code}` : ''}`),
    };
    const goals = {
      everyAcknowledgedWriteFound: found === acknowledged && acknowledged >= WRITES,
      noDuplicates: duplicateBookings === 0 && duplicatePayments === 0 && intentDuplicates === 0,
      nothingHalfWritten: withoutHistory === 0 && paymentWithoutIntent === 0 && unpaidWithPayment === 0,
      integrityOk: integrity === 'ok' && foreignKeyProblems === 0,
    };
    console.log(
      `(b) SIGKILL after ${acknowledgedAtKill} acknowledged writes (${inFlightAtKill} in flight), restarted in ${report.restartMs} ms: ` +
        `acknowledged ${acknowledged}, found ${found}, duplicates ${duplicateBookings + duplicatePayments}, integrity ${integrity}; ` +
        `cut requests sent again: ${JSON.stringify(report.cutRequestOutcomes)}`,
    );
    return { ...report, goals };
  } finally {
    if (server) await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
