import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../auth/cookies';
import { createSession, generateSessionToken } from '../auth/sessions';
import { systemActor } from '../contract/actor';
import { payments, refunds } from '../db/schema';
import { createTestContext, type Json, type TestContext } from '../test/harness';
import { paymentsFixture } from '../test/payment-fixtures';
import { StripeLoopback } from '../test/stripe-loopback';
import { reconcilePayments } from './reconcile.service';
import { StripePaymentProvider } from './stripe-provider';

/**
 * A cleaner's withdrawal from a paid job refunds the customer in full at once (decision 071), even
 * within the 24 hours a customer's own cancellation would keep a fee — through the provider (the
 * local test-mode one and Stripe's loopback), exactly once however often the withdrawal is sent
 * at once or the reconciliation job runs.
 */

const CARD = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' };
const WEBHOOK_SECRET = 'whsec_withdrawal_refunds';
const loopback = await new StripeLoopback().start();
afterAll(() => loopback.stop());
const signer = new Stripe('sk_test_signer');

type Caller = ReturnType<Awaited<ReturnType<typeof paymentsFixture>>['as']>;

interface Target {
  name: string;
  ctx: TestContext;
  /** Pays the booking through this provider, as a customer would. */
  pay(call: Caller, bookingId: number): Promise<void>;
  /** Refund requests the provider received. */
  refundCalls(): number;
}

const localCtx = await createTestContext();
let localRefunds = 0;
const local: Target = {
  name: 'local test-mode provider',
  ctx: localCtx,
  async pay(call, bookingId) {
    const intent = await call('POST', '/api/create-payment-intent', { bookingId });
    expect(intent.status).toBe(200);
    const confirm = await call('POST', '/api/payments/local/confirm', {
      clientSecret: intent.body.clientSecret,
      ...CARD,
    });
    expect(confirm.status).toBe(200);
  },
  refundCalls: () => localRefunds,
};
const localRefund = localCtx.deps.payments.refund.bind(localCtx.deps.payments);
localCtx.deps.payments.refund = async (request) => {
  localRefunds += 1;
  return localRefund(request);
};

const stripeCtx = await createTestContext({
  payments: new StripePaymentProvider({
    secretKey: 'sk_test_loopback',
    webhookSecret: WEBHOOK_SECRET,
    clientOptions: loopback.clientOptions,
  }),
  config: {
    STRIPE_SECRET_KEY: 'sk_test_loopback',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_loopback',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  },
});
const stripe: Target = {
  name: 'Stripe (loopback)',
  ctx: stripeCtx,
  async pay(call, bookingId) {
    const intent = await call('POST', '/api/create-payment-intent', { bookingId });
    expect(intent.status).toBe(200);
    const { intent: paid } = loopback.succeed(String(intent.body.clientSecret).split('_secret_')[0] as string);
    const payload = JSON.stringify(loopback.event('payment_intent.succeeded', paid));
    const res = await stripeCtx.app.request('/api/webhooks/stripe', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      body: payload,
    });
    expect(res.status).toBe(200);
  },
  refundCalls: () => loopback.requestsTo('POST', '/v1/refunds').length,
};

for (const target of [local, stripe]) {
  const { ctx } = target;
  const f = await paymentsFixture(ctx);
  const token = generateSessionToken();
  await createSession(ctx.database, token, { userId: f.cleaner.userId, kind: 'user' }, ctx.clock.now());
  const asCleaner = f.as(`${SESSION_COOKIE}=${token}`);
  const REASON = 'A family emergency: I have to travel tonight.';

  async function refundRows(bookingId: number) {
    return ctx.database.db
      .select({ amountCents: refunds.amountCents, status: refunds.status })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(payments.bookingId, bookingId));
  }

  describe(`a cleaner's withdrawal refunds the customer in full (${target.name})`, () => {
    it('twelve hours ahead, sent four times at once: one withdrawal, the whole total back once, no fee kept', async () => {
      const customer = await f.customer();
      const booking = await f.booking(customer.id, 12_000, 'pending');
      const call = f.as(customer.cookie);
      await target.pay(call, booking.id);
      expect((await call('GET', `/api/bookings/${booking.id}`)).body).toMatchObject({
        status: 'confirmed',
        paymentStatus: 'succeeded',
      });
      const before = target.refundCalls();
      const today = ctx.clock.now();
      // Within the window where the customer's own cancellation would keep the cleaner's fee.
      ctx.clock.set(new Date(booking.startsAt.getTime() - 12 * 3_600_000));
      try {
        const answers = await Promise.all(
          [1, 2, 3, 4].map(() => asCleaner('POST', `/api/bookings/${booking.id}/withdraw`, { reason: REASON })),
        );
        expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
        expect(answers.find((a) => a.status === 200)?.body).toMatchObject({
          status: 'cancelled',
          cancellationKind: 'withdrawn',
          cancellationFee: '0.00',
          paymentStatus: 'refunded',
          refund: { amount: '120.00', status: 'succeeded' },
        });
        await reconcilePayments(ctx.deps, systemActor('test'), { olderThanMinutes: 0 });
        expect(await refundRows(booking.id)).toEqual([{ amountCents: 12_000, status: 'succeeded' }]);
        expect(target.refundCalls() - before).toBe(1);
        expect((await call('GET', `/api/bookings/${booking.id}`)).body.paymentStatus).toBe('refunded');
        // Its reason: in the customer's words to the customer, in administrators' words to them.
        const mine = (await call('GET', '/api/payments')).body.items.find((p: Json) => p.bookingId === booking.id);
        expect(mine.refundReason).toBe('Your cleaner withdrew');
        const asAdmin = f.as(await f.adminCookie());
        const listed = (await asAdmin('GET', '/api/payments?pageSize=100')).body.items;
        const theirs = listed.find((p: Json) => p.bookingId === booking.id);
        expect(theirs.refundReason).toBe(`Cleaner withdrew: ${REASON}`);
        expect((await asAdmin('GET', `/api/payments/${theirs.id}`)).body.refundReason).toBe(
          `Cleaner withdrew: ${REASON}`,
        );
      } finally {
        ctx.clock.set(today);
      }
    });

    it('an unpaid confirmed job moves no money', async () => {
      const customer = await f.customer();
      const booking = await f.booking(customer.id, 12_000, 'confirmed');
      const before = target.refundCalls();
      const done = await asCleaner('POST', `/api/bookings/${booking.id}/withdraw`, { reason: REASON });
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({ status: 'cancelled', cancellationKind: 'withdrawn', refund: null });
      expect(target.refundCalls()).toBe(before);
    });
  });
}
