import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { systemActor } from '../contract/actor';
import { auditLog, bookings, paymentEvents, payments, refunds } from '../db/schema';
import { createTestContext } from '../test/harness';
import { paymentsFixture, type WebhookAnswer } from '../test/payment-fixtures';
import { StripeLoopback } from '../test/stripe-loopback';
import { reconcilePayments } from './reconcile.service';
import { normaliseStripeEvent, StripePaymentProvider } from './stripe-provider';

const WEBHOOK_SECRET = 'whsec_loopback_test';
const loopback = await new StripeLoopback().start();
afterAll(() => loopback.stop());
const provider = new StripePaymentProvider({
  secretKey: 'sk_test_loopback',
  webhookSecret: WEBHOOK_SECRET,
  clientOptions: loopback.clientOptions,
});
const ctx = await createTestContext({
  payments: provider,
  config: {
    STRIPE_SECRET_KEY: 'sk_test_loopback',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_loopback',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  },
});
const f = await paymentsFixture(ctx);
/** Only used to sign test deliveries; the server verifies with its own client. */
const signer = new Stripe('sk_test_signer');

async function webhook(event: unknown, options: { secret?: string; tamper?: boolean; header?: string | null } = {}) {
  const payload = JSON.stringify(event);
  const header =
    options.header === undefined
      ? signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET })
      : options.header;
  const res = await ctx.app.request('/api/webhooks/stripe', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(header === null ? {} : { 'stripe-signature': header }) },
    body: options.tamper ? payload.replace('"livemode":false', '"livemode":true') : payload,
  });
  return { status: res.status, body: (await res.json()) as WebhookAnswer };
}

async function started(totalCents = 12_345) {
  const customer = await f.customer();
  const booking = await f.booking(customer.id, totalCents);
  const call = f.as(customer.cookie);
  const res = await call('POST', '/api/create-payment-intent', {
    bookingId: booking.id,
    amount: (totalCents / 100).toFixed(2),
  });
  expect(res.status).toBe(200);
  const intentId = String(res.body.clientSecret).split('_secret_')[0] as string;
  return { customer, booking, call, intent: res.body, intentId };
}

async function snapshot() {
  const db = ctx.database.db;
  return {
    payments: await db.select().from(payments),
    bookings: await db.select().from(bookings),
    events: await db.select().from(paymentEvents),
    refunds: await db.select().from(refunds),
    audit: await db.select().from(auditLog),
  };
}

const paymentRow = (id: number) => ctx.database.db.select().from(payments).where(eq(payments.id, id)).get();
const bookingRow = (id: number) => ctx.database.db.select().from(bookings).where(eq(bookings.id, id)).get();

describe('Stripe: payment intents through the real SDK', () => {
  it('sends the booking total (never the client’s figure), the booking id in metadata and an idempotency key', async () => {
    const customer = await f.customer();
    const booking = await f.booking(customer.id, 15_050);
    const call = f.as(customer.cookie);
    const before = loopback.requestsTo('POST', '/v1/payment_intents').length;

    const tampered = await call('POST', '/api/create-payment-intent', { bookingId: booking.id, amount: '0.50' });
    expect(tampered.status).toBe(409);
    expect(loopback.requestsTo('POST', '/v1/payment_intents')).toHaveLength(before);

    const res = await call('POST', '/api/create-payment-intent', { bookingId: booking.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_loopback', amount: '150.50' });
    const sent = loopback.requestsTo('POST', '/v1/payment_intents').slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({
      amount: '15050',
      currency: 'usd',
      metadata: { bookingId: String(booking.id), customerId: String(customer.id) },
    });
    expect(sent[0]?.idempotencyKey).toMatch(new RegExp(`^spotless-booking-${booking.id}-15050-`));
    expect(sent[0]?.authorization).toBe('Bearer sk_test_loopback');
    const intent = loopback.intents.get(String(res.body.clientSecret).split('_secret_')[0] as string);
    expect(intent?.amount).toBe(15_050);

    // Calling again resumes the same intent (retrieved, not re-created).
    const again = await call('POST', '/api/create-payment-intent', { bookingId: booking.id, amount: 150.5 });
    expect(again.body.clientSecret).toBe(res.body.clientSecret);
    expect(loopback.requestsTo('POST', '/v1/payment_intents').slice(before)).toHaveLength(1);
  });

  it('does not let another customer pay (or see) someone else’s booking', async () => {
    const { booking, intent } = await started();
    const stranger = f.as((await f.customer()).cookie);
    expect((await stranger('POST', '/api/create-payment-intent', { bookingId: booking.id })).status).toBe(404);
    const list = await stranger('GET', '/api/payments');
    expect(list.body.items.some((p: { id: number }) => p.id === intent.paymentId)).toBe(false);
  });

  it('maps Stripe’s answers: a missing intent retrieves as null; a 500 is provider_unavailable (503 to the client)', async () => {
    expect(await provider.retrieve('pi_does_not_exist')).toBeNull();
    const customer = await f.customer();
    const booking = await f.booking(customer.id);
    loopback.failNext('/v1/payment_intents');
    const res = await f.as(customer.cookie)('POST', '/api/create-payment-intent', { bookingId: booking.id });
    expect(res.status).toBe(503);
    expect(await ctx.database.db.select().from(payments).where(eq(payments.bookingId, booking.id))).toEqual([]);
  });
});

describe('Stripe: webhooks signed with stripe.webhooks.generateTestHeaderString', () => {
  it('applies payment_intent.succeeded: payment succeeded, booking confirmed', async () => {
    const { intentId, intent, booking } = await started();
    const { intent: stripeIntent } = loopback.succeed(intentId);
    const res = await webhook(loopback.event('payment_intent.succeeded', stripeIntent));
    expect(res).toEqual({ status: 200, body: { received: true, applied: true, duplicate: false } });
    expect(await paymentRow(intent.paymentId)).toMatchObject({ status: 'succeeded' });
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'succeeded' });
  });

  it('refuses a wrong secret, a tampered body, a stale or missing signature with 400 and changes nothing', async () => {
    const { intentId } = await started();
    const { intent: stripeIntent } = loopback.succeed(intentId);
    const event = loopback.event('payment_intent.succeeded', stripeIntent);
    const before = await snapshot();
    expect((await webhook(event, { secret: 'whsec_wrong' })).status).toBe(400);
    expect((await webhook(event, { tamper: true })).status).toBe(400);
    expect((await webhook(event, { header: null })).status).toBe(400);
    const payload = JSON.stringify(event);
    const stale = signer.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 601,
    });
    const res = await webhook(event, { header: stale });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('invalid_signature');
    expect(await snapshot()).toEqual(before);
  });

  it('applies the same event delivered 5 times once', async () => {
    const { intentId, intent } = await started();
    const { intent: stripeIntent } = loopback.succeed(intentId);
    const event = loopback.event('payment_intent.succeeded', stripeIntent);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await webhook(event));
    expect(answers.map((a) => a.body.duplicate)).toEqual([false, true, true, true, true]);
    const stored = await ctx.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.id, event.id as string));
    expect(stored).toHaveLength(1);
    const changes = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(intent.paymentId)));
    expect(changes.filter((a) => a.action === 'payment.status_changed')).toHaveLength(1);
  });

  it('ends in the same state whatever order failed / succeeded / refunded / disputed arrive in', async () => {
    const orders = [
      [0, 1, 2, 3, 4],
      [4, 3, 2, 1, 0],
      [2, 4, 0, 3, 1],
      [1, 3, 0, 4, 2],
    ];
    const outcomes: unknown[] = [];
    for (const order of orders) {
      const { intentId, intent, booking } = await started(40_000);
      const declined = loopback.decline(intentId, 'Your card has insufficient funds.');
      const { intent: ok, charge } = loopback.succeed(intentId);
      const t = Math.floor(ctx.clock.now().getTime() / 1000);
      const events = [
        loopback.event('payment_intent.payment_failed', declined, t + 1),
        loopback.event('payment_intent.succeeded', ok, t + 2),
        loopback.event('charge.refunded', { ...charge, amount_refunded: 10_000 }, t + 3),
        loopback.event('charge.refunded', { ...charge, amount_refunded: 25_000 }, t + 4),
        loopback.event('customer.created', { id: 'cus_1', object: 'customer' }, t + 5),
      ];
      for (const i of order) expect((await webhook(events[i])).status).toBe(200);
      const p = await paymentRow(intent.paymentId);
      const b = await bookingRow(booking.id);
      outcomes.push({
        status: p?.status,
        refundedCents: p?.refundedCents,
        failureReason: p?.failureReason,
        booking: b?.status,
        bookingPayment: b?.paymentStatus,
      });
    }
    expect(outcomes[0]).toEqual({
      status: 'succeeded',
      refundedCents: 25_000,
      failureReason: 'Your card has insufficient funds.',
      booking: 'confirmed',
      bookingPayment: 'succeeded',
    });
    for (const outcome of outcomes) expect(outcome).toEqual(outcomes[0]);

    // A dispute outranks everything, in any position.
    const { intentId, intent } = await started(5_000);
    const { intent: ok, charge } = loopback.succeed(intentId);
    await webhook(
      loopback.event('charge.dispute.created', {
        id: 'dp_1',
        object: 'dispute',
        amount: 5_000,
        charge: charge.id,
        payment_intent: intentId,
      }),
    );
    await webhook(loopback.event('payment_intent.succeeded', ok));
    expect(await paymentRow(intent.paymentId)).toMatchObject({ status: 'disputed' });
  });
});

describe('Stripe: refunds', () => {
  async function paidIntent(totalCents = 30_000) {
    const s = await started(totalCents);
    const { intent } = loopback.succeed(s.intentId);
    expect((await webhook(loopback.event('payment_intent.succeeded', intent))).status).toBe(200);
    return s;
  }

  it('lets 20 concurrent $100 refunds of a $300 payment refund $300 in all, each asked of Stripe once with its own key', async () => {
    const { intent, intentId } = await paidIntent(30_000);
    const admin = f.as(await f.adminCookie());
    const before = loopback.requestsTo('POST', '/v1/refunds').length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        admin('POST', `/api/payments/${intent.paymentId}/refund`, { amount: '100.00', reason: 'Cleaner cancelled' }),
      ),
    );
    const succeeded = answers.filter((a) => a.status === 200);
    const sent = loopback.requestsTo('POST', '/v1/refunds').slice(before);
    expect(sent).toHaveLength(succeeded.length);
    expect(succeeded).toHaveLength(3);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(17);
    expect(new Set(sent.map((r) => r.idempotencyKey)).size).toBe(3);
    expect(sent[0]?.body).toMatchObject({
      payment_intent: intentId,
      amount: '10000',
      reason: 'requested_by_customer',
      metadata: { reason: 'Cleaner cancelled' },
    });
    expect(await paymentRow(intent.paymentId)).toMatchObject({ status: 'refunded', refundedCents: 30_000 });
  });

  it('refunds a full payment exactly once under 20 concurrent requests', async () => {
    const { intent } = await paidIntent(12_000);
    const admin = f.as(await f.adminCookie());
    const before = loopback.requestsTo('POST', '/v1/refunds').length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => admin('POST', `/api/payments/${intent.paymentId}/refund`, {})),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(loopback.requestsTo('POST', '/v1/refunds').slice(before)).toHaveLength(1);
    const rows = await ctx.database.db.select().from(refunds).where(eq(refunds.paymentId, intent.paymentId));
    expect(rows).toEqual([expect.objectContaining({ amountCents: 12_000, status: 'succeeded' })]);
  });

  it('releases the reservation when Stripe refuses, and keeps it for the job when Stripe is down', async () => {
    const { intent, intentId } = await paidIntent(20_000);
    const admin = f.as(await f.adminCookie());
    const path = `/api/payments/${intent.paymentId}/refund`;
    // Someone refunded $150 in the Stripe dashboard; we have not heard yet.
    const charge = [...loopback.charges.values()].find((c) => c.payment_intent === intentId);
    if (!charge) throw new Error('no charge');
    charge.amount_refunded = 15_000;
    const refused = await admin('POST', path, { amount: '100.00' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('refund_exceeds_amount');
    expect(await paymentRow(intent.paymentId)).toMatchObject({ status: 'succeeded', refundedCents: 0 });
    const failedRows = await ctx.database.db.select().from(refunds).where(eq(refunds.paymentId, intent.paymentId));
    expect(failedRows).toEqual([expect.objectContaining({ status: 'failed', amountCents: 10_000 })]);

    loopback.failNext('/v1/refunds');
    const down = await admin('POST', path, { amount: '50.00' });
    expect(down.status).toBe(503);
    expect(await paymentRow(intent.paymentId)).toMatchObject({ refundedCents: 5_000 });

    // The job asks again with the same key later; Stripe refunds it then.
    ctx.clock.set(new Date(ctx.clock.now().getTime() + 20 * 60_000));
    const result = await reconcilePayments(ctx.deps, systemActor('test'), { olderThanMinutes: 10 });
    expect(result.refundsSettled).toBe(1);
    const rows = await ctx.database.db.select().from(refunds).where(eq(refunds.paymentId, intent.paymentId));
    expect(rows.map((r) => r.status).sort()).toEqual(['failed', 'succeeded']);
    expect(charge.amount_refunded).toBe(20_000);
    const keys = loopback.requestsTo('POST', '/v1/refunds').map((r) => r.idempotencyKey);
    expect(keys.filter((k) => k === keys.at(-1))).toHaveLength(2);
  });
});

describe('Stripe: reconciliation job', () => {
  it('settles payments stuck pending or processing from what Stripe says, once', async () => {
    const a = await started(8_000);
    const b = await started(9_000);
    const c = await started(10_000);
    loopback.succeed(a.intentId);
    loopback.decline(b.intentId, 'Your card was declined.');
    loopback.setStatus(c.intentId, 'processing');

    expect((await reconcilePayments(ctx.deps, systemActor('test'), { olderThanMinutes: 10 })).checked).toBe(0);
    ctx.clock.set(new Date(ctx.clock.now().getTime() + 15 * 60_000));
    const first = await reconcilePayments(ctx.deps, systemActor('test'), { olderThanMinutes: 10 });
    expect(first.updated).toBeGreaterThanOrEqual(2);
    expect(await paymentRow(a.intent.paymentId)).toMatchObject({ status: 'succeeded' });
    expect(await bookingRow(a.booking.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'succeeded' });
    expect(await paymentRow(b.intent.paymentId)).toMatchObject({
      status: 'failed',
      failureReason: 'Your card was declined.',
    });
    expect(await paymentRow(c.intent.paymentId)).toMatchObject({ status: 'processing' });

    ctx.clock.set(new Date(ctx.clock.now().getTime() + 15 * 60_000));
    const again = await reconcilePayments(ctx.deps, systemActor('test'), { olderThanMinutes: 10 });
    expect(again.updated).toBe(0);
  });
});

describe('normaliseStripeEvent', () => {
  it('maps the four event types and ignores the rest', () => {
    const created = 1_790_000_000;
    const base = { object: 'event', api_version: 'x', livemode: false, pending_webhooks: 0, request: null, created };
    const ev = (type: string, object: unknown) =>
      ({ ...base, id: `evt_${type}`, type, data: { object } }) as unknown as Stripe.Event;
    expect(normaliseStripeEvent(ev('payment_intent.succeeded', { id: 'pi_1', amount: 500 }))).toEqual({
      id: 'evt_payment_intent.succeeded',
      type: 'payment_succeeded',
      providerPaymentId: 'pi_1',
      amountCents: 500,
      createdAt: new Date(created * 1000),
    });
    expect(
      normaliseStripeEvent(
        ev('payment_intent.payment_failed', { id: 'pi_1', amount: 500, last_payment_error: { message: 'Nope.' } }),
      ),
    ).toMatchObject({ type: 'payment_failed', failureReason: 'Nope.' });
    expect(
      normaliseStripeEvent(
        ev('charge.refunded', { id: 'ch_1', amount: 500, amount_refunded: 200, payment_intent: 'pi_1' }),
      ),
    ).toMatchObject({ type: 'refunded', providerPaymentId: 'pi_1', refundedCents: 200 });
    expect(
      normaliseStripeEvent(ev('charge.dispute.created', { id: 'dp_1', amount: 500, payment_intent: { id: 'pi_1' } })),
    ).toMatchObject({ type: 'disputed', providerPaymentId: 'pi_1' });
    expect(
      normaliseStripeEvent(
        ev('charge.refunded', { id: 'ch_2', amount: 500, amount_refunded: 1, payment_intent: null }),
      ),
    ).toBeNull();
    expect(normaliseStripeEvent(ev('invoice.paid', { id: 'in_1' }))).toBeNull();
  });
});
