/**
 * Fault (d): the payment provider stalls or fails. The server runs with Stripe configured
 * (STRIPE_SECRET_KEY, and STRIPE_API_BASE_URL pointing at the loopback Stripe of the tests,
 * `src/test/stripe-loopback.ts`), so its client has the production timeout and retries. Checkouts
 * meet a Stripe that never answers, one whose answer is lost after it made the intent, and one that
 * answers 500. Each booking must stay payable, a retry with the same Idempotency-Key must not
 * charge twice (charges are counted at the fake), and a payment whose webhook never came must be
 * left to the reconciliation job, which settles it once Stripe answers (decision 022/023).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConfig } from '../../src/config';
import { systemActor } from '../../src/contract/actor';
import { openDatabase } from '../../src/db/open';
import { createPaymentProvider } from '../../src/payments/create-provider';
import { reconcilePayments } from '../../src/payments/reconcile.service';
import { STRIPE_CLIENT_DEFAULTS } from '../../src/payments/stripe-provider';
import { StripeLoopback } from '../../src/test/stripe-loopback';
import {
  type Answer,
  bookingBodies,
  call,
  type Json,
  registerCustomers,
  round,
  type ServerChild,
  startServer,
  stopServer,
} from './common';

const CHECKOUT_GOAL_MS = 25_000;

type Scenario = 'stalls' | 'answer lost' | 'errors 500';

export async function paymentProviderFailing(): Promise<Json> {
  const loopback = await new StripeLoopback().start();
  const dataDir = mkdtempSync(join(tmpdir(), 'spotless-fault-stripe-'));
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_CLEANERS: '40',
    SCHEDULED_JOBS: 'false',
    STRIPE_SECRET_KEY: 'sk_test_fault_bench',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_fault_bench',
    STRIPE_WEBHOOK_SECRET: 'whsec_fault_bench',
    STRIPE_API_BASE_URL: `http://127.0.0.1:${loopback.port}`,
  };
  let server: ServerChild | undefined;
  try {
    server = await startServer(env);
    const { base } = server;
    const cookies = await registerCustomers(base, 3, 'stripe');
    const bodies = await bookingBodies(base, cookies[0] as string, 3);
    const intentsOf = (bookingId: number) =>
      [...loopback.intents.values()].filter((intent) => intent.metadata.bookingId === String(bookingId));

    const scenarios: Record<string, Json> = {};
    const paid: string[] = [];
    const bookingIds: number[] = [];
    const plans: Array<[Scenario, () => void]> = [
      ['stalls', () => loopback.stallNext('/v1/payment_intents', 10)],
      ['answer lost', () => loopback.stallNext('/v1/payment_intents', 10, { afterWork: true })],
      ['errors 500', () => loopback.failNext('/v1/payment_intents', 10)],
    ];
    for (const [index, [scenario, breakIt]] of plans.entries()) {
      const cookie = cookies[index] as string;
      const booked = await call(base, 'POST', '/api/bookings', { body: bodies[index], headers: { cookie } });
      if (booked.status !== 201) throw new Error(`booking ${booked.status} ${booked.code}`);
      const bookingId = Number(booked.body?.id);
      bookingIds.push(bookingId);
      const key = `checkout-${scenario.replace(/\W/g, '-')}`;
      const pay = () =>
        call(base, 'POST', '/api/create-payment-intent', {
          body: { bookingId },
          headers: { cookie, 'idempotency-key': key },
          timeoutMs: 120_000,
        });
      const attemptsBefore = loopback.requestsTo('POST', '/v1/payment_intents').length;
      breakIt();
      const failed = await pay();
      loopback.recover();
      const attempts = loopback.requestsTo('POST', '/v1/payment_intents').length - attemptsBefore;
      const view = await call(base, 'GET', `/api/bookings/${bookingId}`, { headers: { cookie } });
      const payable =
        view.body?.status === 'pending' && Object.keys((view.body?.actions ?? {}) as Json).includes('pay');
      const intentsWhileDown = intentsOf(bookingId).length;

      // The customer tries again with the same key; then again, as an impatient one would.
      const retried = await pay();
      const intentId = String(retried.body?.clientSecret ?? '').split('_secret_')[0] as string;
      if (retried.status === 200) {
        // The card goes through at Stripe; the webhook is lost on the way.
        loopback.succeed(intentId);
        paid.push(intentId);
      }
      const again: Answer = await pay();
      scenarios[scenario] = {
        firstAnswer: { status: failed.status, code: failed.code, retryAfter: failed.retryAfter, ms: round(failed.ms) },
        attemptsAtStripe: attempts,
        bookingStillPayable: payable,
        intentsMadeWhileDown: intentsWhileDown,
        retryWithSameKey: { status: retried.status, ms: round(retried.ms) },
        thirdTry: {
          status: again.status,
          replayed: again.replayed,
          sameIntent: again.body?.clientSecret === retried.body?.clientSecret,
        },
        intentsForBooking: intentsOf(bookingId).length,
        chargesForBooking: loopback.chargeCount(intentId),
      };
      console.log(
        `(d) Stripe ${scenario}: checkout answered ${failed.status} ${failed.code ?? ''} in ${round(failed.ms)} ms after ${attempts} attempts; ` +
          `booking payable ${payable}; same-key retry ${retried.status}, intents ${intentsOf(bookingId).length}, charges ${loopback.chargeCount(intentId)}`,
      );
    }

    // Reconciliation, as the job runs it (the job's own function and client, the server's file),
    // eleven minutes on: first while Stripe stalls, then once it answers, then once more.
    const config = parseConfig({ ...process.env, ...env, NODE_ENV: 'development', LOG_LEVEL: 'silent' });
    const database = await openDatabase(config.database.url, undefined, { busyTimeoutMs: 10_000 });
    const clock = { now: () => new Date(Date.now() + 11 * 60_000) };
    const deps = { database, clock, config, payments: createPaymentProvider(config, clock, database) };
    const pendingPayments = async () =>
      Number(
        (
          await database.client.execute(
            `select count(*) as n from payments where status = 'pending' and booking_id in (${bookingIds.join(',')})`,
          )
        ).rows[0]?.n,
      );
    const runs: Json[] = [];
    const reconcile = async (label: string) => {
      const started = performance.now();
      const result = await reconcilePayments(deps, systemActor('reconcile-payments'));
      runs.push({ label, ms: round(performance.now() - started), ...result, pendingAfter: await pendingPayments() });
    };
    const pendingBefore = await pendingPayments();
    loopback.stallNext('/v1/payment_intents', 100);
    await reconcile('Stripe stalls');
    loopback.recover();
    await reconcile('Stripe answers');
    await reconcile('once more');
    const confirmed = Number(
      (
        await database.client.execute(
          `select count(*) as n from bookings where status = 'confirmed' and payment_status = 'succeeded' and id in (${bookingIds.join(',')})`,
        )
      ).rows[0]?.n,
    );
    database.close();
    const charges = paid.map((intentId) => loopback.chargeCount(intentId));
    for (const run of runs) {
      console.log(
        `(d) reconcile (${run.label}): ${run.ms} ms, checked ${run.checked}, updated ${run.updated}, provider unavailable ${run.providerUnavailable}, pending after ${run.pendingAfter}`,
      );
    }

    const all = Object.values(scenarios) as Array<Record<string, Json>>;
    const goals = {
      checkoutAnswered503Within25s: all.every(
        (s) => s.firstAnswer?.status === 503 && Number(s.firstAnswer?.ms) <= CHECKOUT_GOAL_MS,
      ),
      bookingStaysPayable: all.every((s) => (s.bookingStillPayable as unknown) === true),
      sameKeyNoSecondCharge: all.every(
        (s) => Number(s.intentsForBooking) === 1 && Number(s.chargesForBooking) === 1 && s.thirdTry?.replayed === true,
      ),
      reconciliationSettlesOnceStripeAnswers:
        runs[0]?.pendingAfter === pendingBefore &&
        runs[1]?.pendingAfter === 0 &&
        runs[2]?.updated === 0 &&
        confirmed === paid.length &&
        charges.every((n) => n === 1),
    };
    return {
      stripeClient: STRIPE_CLIENT_DEFAULTS,
      scenarios,
      reconciliation: { pendingBefore, runs, bookingsConfirmed: confirmed, chargesPerPaidIntent: charges },
      goals,
    };
  } finally {
    if (server) await stopServer(server);
    await loopback.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
