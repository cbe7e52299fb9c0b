import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { systemActor } from '../contract/actor';
import { payments, refunds } from '../db/schema';
import { createTestContext, type TestContext } from '../test/harness';
import { paymentsFixture } from '../test/payment-fixtures';
import { StripeLoopback } from '../test/stripe-loopback';
import { reconcilePayments } from './reconcile.service';
import { StripePaymentProvider } from './stripe-provider';

/**
 * Cancelling a paid booking returns the money by the policy at once (decision 034): in full 24
 * hours or more ahead, less the cleaner's fee (one hour at the booked rate) later — through the
 * provider, exactly once however often the cancel is retried or the reconciliation job runs.
 */

const CARD = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' };
const WEBHOOK_SECRET = 'whsec_cancel_refunds';
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

  async function paidBooking() {
    const customer = await f.customer();
    const booking = await f.booking(customer.id, 12_000, 'pending');
    const call = f.as(customer.cookie);
    await target.pay(call, booking.id);
    return { booking, call };
  }

  async function refundRows(bookingId: number) {
    return ctx.database.db
      .select({ amountCents: refunds.amountCents, status: refunds.status })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(payments.bookingId, bookingId));
  }

  describe(`cancelling a paid booking refunds it by the policy (${target.name})`, () => {
    it('three days ahead: the whole total, once, however often the cancel is retried', async () => {
      const { booking, call } = await paidBooking();
      const before = target.refundCalls();
      const seen = await call('GET', `/api/bookings/${booking.id}`);
      expect(seen.body.actions.cancel.description).toContain('the full $120.00 is refunded');

      const cancelled = await call('DELETE', `/api/bookings/${booking.id}`);
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({
        status: 'cancelled',
        paymentStatus: 'refunded',
        cancellationFee: '0.00',
        refund: { amount: '120.00', status: 'succeeded' },
      });
      for (let i = 0; i < 3; i++) expect((await call('DELETE', `/api/bookings/${booking.id}`)).status).toBe(409);
      await reconcilePayments(ctx.deps, systemActor('test'), { olderThanMinutes: 0 });
      expect(await refundRows(booking.id)).toEqual([{ amountCents: 12_000, status: 'succeeded' }]);
      expect(target.refundCalls() - before).toBe(1);
    });

    it('twelve hours ahead: keeps the cleaner’s fee (one hour at the booked rate) and refunds the rest, once', async () => {
      const { booking, call } = await paidBooking();
      const before = target.refundCalls();
      const today = ctx.clock.now();
      ctx.clock.set(new Date(booking.startsAt.getTime() - 12 * 3_600_000));
      try {
        const seen = await call('GET', `/api/bookings/${booking.id}`);
        expect(seen.body.actions.cancel.description).toContain('fee of $50.00 is kept and $70.00 is refunded');
        // Concurrent retries of one cancel: one succeeds, the rest are refused, one refund moves.
        const answers = await Promise.all([1, 2, 3, 4].map(() => call('DELETE', `/api/bookings/${booking.id}`)));
        expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
        const ok = answers.find((a) => a.status === 200);
        expect(ok?.body).toMatchObject({ cancellationFee: '50.00', refund: { amount: '70.00', status: 'succeeded' } });
        await reconcilePayments(ctx.deps, systemActor('test'), { olderThanMinutes: 0 });
        expect(await refundRows(booking.id)).toEqual([{ amountCents: 7_000, status: 'succeeded' }]);
        expect(target.refundCalls() - before).toBe(1);
      } finally {
        ctx.clock.set(today);
      }
    });

    it('an unpaid booking costs nothing and moves no money', async () => {
      const customer = await f.customer();
      const booking = await f.booking(customer.id, 12_000, 'pending');
      const call = f.as(customer.cookie);
      const before = target.refundCalls();
      const cancelled = await call('DELETE', `/api/bookings/${booking.id}`);
      expect(cancelled.body).toMatchObject({ status: 'cancelled', refund: null });
      expect(target.refundCalls()).toBe(before);
    });
  });
}
