import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { systemActor } from '../contract/actor';
import { bookings, payments } from '../db/schema';
import { PaymentProviderError } from '../lib/payment-provider';
import { createTestContext } from '../test/harness';
import { paymentsFixture } from '../test/payment-fixtures';
import { StripeLoopback } from '../test/stripe-loopback';
import { reconcilePayments } from './reconcile.service';
import { STRIPE_CLIENT_DEFAULTS, StripePaymentProvider } from './stripe-provider';

/**
 * Stripe stalling or failing, through the real SDK against the loopback: how long the client waits,
 * how often it asks again, and what becomes of the booking, a retried request and the payment.
 */

const WEBHOOK_SECRET = 'whsec_loopback_faults';
const loopback = await new StripeLoopback().start();
afterAll(() => loopback.stop());
/** What STRIPE_API_BASE_URL gives the client: the address only, everything else the provider's own. */
const address = { host: '127.0.0.1', port: loopback.port, protocol: 'http' as const };

function providerWith(clientOptions: Stripe.StripeConfig) {
  return new StripePaymentProvider({ secretKey: 'sk_test_faults', webhookSecret: WEBHOOK_SECRET, clientOptions });
}

describe('the Stripe client’s patience', () => {
  it('waits at most 10 s an attempt, and asks once more, with the same key, when Stripe stalls', async () => {
    const stripe = Reflect.get(providerWith(address), 'stripe') as Stripe & { getApiField(name: string): unknown };
    expect(stripe.getApiField('timeout')).toBe(10_000);
    expect(stripe.getMaxNetworkRetries()).toBe(1);
    expect(STRIPE_CLIENT_DEFAULTS).toEqual({ timeout: 10_000, maxNetworkRetries: 1 });

    // The same client with a short timeout, so the stall is seen in a moment.
    const provider = providerWith({ ...address, timeout: 200 });
    const before = loopback.requestsTo('POST', '/v1/payment_intents').length;
    loopback.stallNext('/v1/payment_intents', 5);
    const started = performance.now();
    const failure = await provider
      .createPaymentIntent({
        amountCents: 5_000,
        currency: 'usd',
        bookingId: 1,
        customerId: 1,
        idempotencyKey: 'spotless-booking-1-5000-0',
      })
      .catch((error: unknown) => error);
    const elapsed = performance.now() - started;
    loopback.recover();
    expect(failure).toBeInstanceOf(PaymentProviderError);
    expect((failure as PaymentProviderError).code).toBe('provider_unavailable');
    const sent = loopback.requestsTo('POST', '/v1/payment_intents').slice(before);
    expect(sent.map((r) => r.idempotencyKey)).toEqual(['spotless-booking-1-5000-0', 'spotless-booking-1-5000-0']);
    // Two attempts of 200 ms and Stripe's backoff (0.5–1 s) between them.
    expect(elapsed).toBeLessThan(3_000);
  });
});

const ctx = await createTestContext({
  payments: providerWith({ ...address, timeout: 300 }),
  config: {
    STRIPE_SECRET_KEY: 'sk_test_faults',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_faults',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  },
});
const f = await paymentsFixture(ctx);
const intentsOf = (bookingId: number) =>
  [...loopback.intents.values()].filter((intent) => intent.metadata.bookingId === String(bookingId));

describe('a checkout while Stripe stalls', () => {
  it('keeps the booking payable, charges once for a retried key, and leaves the unsettled payment to reconciliation', async () => {
    const customer = await f.customer();
    const booking = await f.booking(customer.id, 14_000);
    const pay = (key: string) =>
      f.as(customer.cookie)(
        'POST',
        '/api/create-payment-intent',
        { bookingId: booking.id },
        { 'Idempotency-Key': key },
      );

    // Stripe makes the intent, and the answer never comes back (twice: the first try and the retry).
    loopback.stallNext('/v1/payment_intents', 2, { afterWork: true });
    const stalled = await pay('checkout-1');
    loopback.recover();
    expect(stalled.status).toBe(503);
    expect(stalled.body.error.code).toBe('provider_unavailable');
    expect(stalled.headers.get('retry-after')).toBe('30');
    expect(await ctx.database.db.select().from(payments).where(eq(payments.bookingId, booking.id))).toEqual([]);
    const view = await f.as(customer.cookie)('GET', `/api/bookings/${booking.id}`);
    expect(view.body.status).toBe('pending');
    expect(Object.keys(view.body.actions ?? {})).toContain('pay');

    // The customer's retry with the same key: the intent Stripe made meanwhile, not a second one.
    const retried = await pay('checkout-1');
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(intentsOf(booking.id)).toHaveLength(1);
    const intentId = String(retried.body.clientSecret).split('_secret_')[0] as string;
    expect(intentsOf(booking.id)[0]?.id).toBe(intentId);

    // The card goes through at Stripe; its webhook is lost. A third try replays the answer.
    loopback.succeed(intentId);
    const replayed = await pay('checkout-1');
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.body.clientSecret).toBe(retried.body.clientSecret);
    expect(loopback.chargeCount(intentId)).toBe(1);
    expect(intentsOf(booking.id)).toHaveLength(1);

    // Reconciliation while Stripe still stalls changes nothing; once it answers, settles it once.
    ctx.clock.set(new Date(ctx.clock.now().getTime() + 15 * 60_000));
    loopback.stallNext('/v1/payment_intents', 2);
    await reconcilePayments(ctx.deps, systemActor('reconcile-payments'));
    loopback.recover();
    const row = () => ctx.database.db.select().from(payments).where(eq(payments.bookingId, booking.id)).get();
    expect((await row())?.status).toBe('pending');

    await reconcilePayments(ctx.deps, systemActor('reconcile-payments'));
    expect((await row())?.status).toBe('succeeded');
    const settled = await ctx.database.db.select().from(bookings).where(eq(bookings.id, booking.id)).get();
    expect(settled).toMatchObject({ status: 'confirmed', paymentStatus: 'succeeded' });
    ctx.clock.set(new Date(ctx.clock.now().getTime() + 15 * 60_000));
    expect((await reconcilePayments(ctx.deps, systemActor('reconcile-payments'))).updated).toBe(0);
    expect(loopback.chargeCount(intentId)).toBe(1);
  });

  it('stops a reconciliation run at the first payment Stripe does not answer for', async () => {
    const stale = [];
    for (let i = 0; i < 3; i++) {
      const customer = await f.customer();
      const booking = await f.booking(customer.id, 6_000 + i * 100);
      const res = await f.as(customer.cookie)('POST', '/api/create-payment-intent', { bookingId: booking.id });
      expect(res.status).toBe(200);
      stale.push(res.body.paymentId as number);
    }
    ctx.clock.set(new Date(ctx.clock.now().getTime() + 15 * 60_000));
    const before = loopback.requests.length;
    loopback.stallNext('/v1/payment_intents', 100);
    const run = await reconcilePayments(ctx.deps, systemActor('reconcile-payments'));
    loopback.recover();
    // One payment asked (its two attempts), not every one in turn: the next run asks again.
    expect(loopback.requests.length - before).toBe(2);
    expect(run).toMatchObject({ checked: 1, updated: 0, providerUnavailable: true });
  });
});
