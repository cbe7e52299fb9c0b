import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditLog,
  bookingStatusHistory,
  bookings,
  notifications,
  paymentEvents,
  payments,
  refunds,
} from '../db/schema';
import type { ProviderEvent, RefundInput } from '../lib/payment-provider';
import { createTestContext } from '../test/harness';
import { paymentsFixture, type WebhookAnswer } from '../test/payment-fixtures';
import { LOCAL_SIGNATURE_HEADER, LocalPaymentProvider } from './local-provider';

/** The local provider, counting refund calls so a test can prove the provider was asked once. */
class CountingLocalProvider extends LocalPaymentProvider {
  refundCalls = 0;
  override async refund(input: RefundInput) {
    this.refundCalls += 1;
    return super.refund(input);
  }
}

/** The provider is built before the context, so its clock is pointed at the context's once it exists. */
const clock = { now: () => new Date() };
const provider = new CountingLocalProvider({ clock });
const ctx = await createTestContext({ payments: provider });
clock.now = () => ctx.clock.now();
const f = await paymentsFixture(ctx);
const CARD = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' };
const DECLINE = { ...CARD, cardNumber: '4000 0000 0000 0002' };

async function paymentRow(id: number) {
  return ctx.database.db.select().from(payments).where(eq(payments.id, id)).get();
}
async function bookingRow(id: number) {
  return ctx.database.db.select().from(bookings).where(eq(bookings.id, id)).get();
}

/** A customer with a booking and a started payment. */
async function started(totalCents = 12_345) {
  const customer = await f.customer();
  const booking = await f.booking(customer.id, totalCents);
  const call = f.as(customer.cookie);
  const intent = await call('POST', '/api/create-payment-intent', { bookingId: booking.id });
  expect(intent.status).toBe(200);
  return { customer, booking, call, intent: intent.body };
}

/** …and paid with 4242. */
async function paid(totalCents = 12_345) {
  const s = await started(totalCents);
  const confirm = await s.call('POST', '/api/payments/local/confirm', { clientSecret: s.intent.clientSecret, ...CARD });
  expect(confirm.status).toBe(200);
  return s;
}

describe('POST /api/create-payment-intent', () => {
  it('charges the booking total from the database, whatever the client says, and reuses one intent per booking', async () => {
    const customer = await f.customer();
    const booking = await f.booking(customer.id, 9_875);
    const call = f.as(customer.cookie);

    const mismatch = await call('POST', '/api/create-payment-intent', { bookingId: booking.id, amount: 1 });
    expect(mismatch.status).toBe(409);
    expect(mismatch.body.error).toMatchObject({ code: 'amount_mismatch', fields: { amount: expect.any(String) } });
    expect(await ctx.database.db.select().from(payments).where(eq(payments.bookingId, booking.id))).toEqual([]);

    const first = await call('POST', '/api/create-payment-intent', { bookingId: booking.id, amount: 98.75 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ provider: 'local', amount: '98.75', currency: 'usd', status: 'pending' });
    expect(first.body.clientSecret).toMatch(/^pi_local_[0-9a-f]+_secret_[0-9a-f]+$/);
    expect(first.body.publishableKey).toBeUndefined();
    const intent = await provider.retrieve(first.body.clientSecret.split('_secret_')[0]);
    expect(intent?.amountCents).toBe(9_875);
    expect(intent?.bookingId).toBe(booking.id);

    const again = await call('POST', '/api/create-payment-intent', { bookingId: booking.id, amount: '98.75' });
    expect(again.body).toEqual(first.body);
    const rows = await ctx.database.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      amountCents: 9_875,
      customerId: customer.id,
      provider: 'local',
      status: 'pending',
    });
    expect((await bookingRow(booking.id))?.paymentStatus).toBe('pending');
  });

  it('answers 404 for another customer’s booking, 401 signed out, 400 naming bad fields, 409 for unpayable bookings', async () => {
    const owner = await f.customer();
    const stranger = await f.customer();
    const booking = await f.booking(owner.id);
    const strangerCall = f.as(stranger.cookie);
    expect((await strangerCall('POST', '/api/create-payment-intent', { bookingId: booking.id })).status).toBe(404);
    expect((await f.as(undefined)('POST', '/api/create-payment-intent', { bookingId: booking.id })).status).toBe(401);
    expect((await strangerCall('POST', '/api/create-payment-intent', { bookingId: 999_999 })).status).toBe(404);

    const bad = await strangerCall('POST', '/api/create-payment-intent', { bookingId: 'x', amount: true });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(expect.arrayContaining(['bookingId', 'amount']));
    const badAmount = await f.as(owner.cookie)('POST', '/api/create-payment-intent', {
      bookingId: booking.id,
      amount: '12.345',
    });
    expect(badAmount.status).toBe(400);
    expect(badAmount.body.error.fields).toHaveProperty('amount');

    const cancelled = await f.booking(owner.id, 5_000, 'cancelled');
    const res = await f.as(owner.cookie)('POST', '/api/create-payment-intent', { bookingId: cancelled.id });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('booking_not_payable');
    expect(await ctx.database.db.select().from(payments).where(eq(payments.bookingId, booking.id))).toEqual([]);
  });

  it('honours Idempotency-Key: a retry replays the answer, another body with the key is 422', async () => {
    const customer = await f.customer();
    const a = await f.booking(customer.id);
    const b = await f.booking(customer.id);
    const call = f.as(customer.cookie);
    const headers = { 'idempotency-key': 'checkout-attempt-1' };
    const first = await call('POST', '/api/create-payment-intent', { bookingId: a.id }, headers);
    const retry = await call('POST', '/api/create-payment-intent', { bookingId: a.id }, headers);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    const other = await call('POST', '/api/create-payment-intent', { bookingId: b.id }, headers);
    expect(other.status).toBe(422);
    expect(await ctx.database.db.select().from(payments).where(eq(payments.bookingId, b.id))).toEqual([]);
  });
});

describe('POST /api/payments/local/confirm', () => {
  it('pays with 4242, confirms the pending booking as the system, and refuses a second payment', async () => {
    const { booking, call, intent, customer } = await paid();
    const payment = await paymentRow(intent.paymentId);
    expect(payment).toMatchObject({ status: 'succeeded', failureReason: null, amountCents: 12_345 });
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'succeeded' });
    const history = await ctx.database.db
      .select()
      .from(bookingStatusHistory)
      .where(eq(bookingStatusHistory.bookingId, booking.id));
    expect(history).toEqual([
      expect.objectContaining({ fromStatus: 'pending', toStatus: 'confirmed', actorRole: 'system' }),
    ]);
    const sent = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientEmail, customer.email));
    expect(sent).toEqual([
      expect.objectContaining({
        type: 'booking_confirmed',
        payload: expect.objectContaining({ bookingId: booking.id }),
      }),
    ]);
    const events = await ctx.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, intent.paymentId));
    expect(events.map((e) => e.type)).toEqual(['payment_succeeded']);

    const again = await call('POST', '/api/create-payment-intent', { bookingId: booking.id });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('already_paid');
    const twice = await call('POST', '/api/payments/local/confirm', { clientSecret: intent.clientSecret, ...CARD });
    expect(twice.status).toBe(409);
  });

  it('declines 4000 0000 0000 0002 with Stripe’s message, then accepts another card on the same intent', async () => {
    const { booking, call, intent } = await started();
    const declined = await call('POST', '/api/payments/local/confirm', {
      clientSecret: intent.clientSecret,
      ...DECLINE,
    });
    expect(declined.status).toBe(402);
    expect(declined.body).toMatchObject({
      status: 'failed',
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
    expect(await paymentRow(intent.paymentId)).toMatchObject({
      status: 'failed',
      failureReason: 'Your card was declined.',
    });
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'pending', paymentStatus: 'failed' });

    const retry = await call('POST', '/api/create-payment-intent', { bookingId: booking.id });
    expect(retry.body.clientSecret).toBe(intent.clientSecret);
    const ok = await call('POST', '/api/payments/local/confirm', { clientSecret: intent.clientSecret, ...CARD });
    expect(ok.body).toEqual({ status: 'succeeded' });
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'succeeded' });
  });

  it('answers card-form mistakes with the field named and changes nothing; unknown secrets are 404', async () => {
    const { call, intent } = await started();
    const incomplete = await call('POST', '/api/payments/local/confirm', {
      clientSecret: intent.clientSecret,
      ...CARD,
      cardNumber: '4242 4242',
    });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.error).toMatchObject({
      code: 'incomplete_number',
      message: 'Your card number is incomplete.',
      fields: { cardNumber: 'Your card number is incomplete.' },
    });
    const expired = await call('POST', '/api/payments/local/confirm', {
      clientSecret: intent.clientSecret,
      ...CARD,
      expYear: 2020,
    });
    expect(expired.body.error.fields).toHaveProperty('expYear');
    expect(await paymentRow(intent.paymentId)).toMatchObject({ status: 'pending' });
    const missing = await call('POST', '/api/payments/local/confirm', { ...CARD });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toHaveProperty('clientSecret');
    const forged = await call('POST', '/api/payments/local/confirm', {
      clientSecret: `${intent.clientSecret.split('_secret_')[0]}_secret_000000000000000000000000`,
      ...CARD,
    });
    expect(forged.status).toBe(404);
  });
});

describe('POST /api/webhooks/stripe (local provider deliveries)', () => {
  async function snapshot() {
    const db = ctx.database.db;
    return {
      payments: await db.select().from(payments),
      bookings: await db.select().from(bookings),
      events: await db.select().from(paymentEvents),
      audit: await db.select().from(auditLog),
    };
  }
  async function deliver(rawBody: string, signatureHeader: string) {
    const res = await ctx.app.request('/api/webhooks/stripe', {
      method: 'POST',
      headers: { 'content-type': 'application/json', [LOCAL_SIGNATURE_HEADER]: signatureHeader },
      body: rawBody,
    });
    return { status: res.status, body: (await res.json()) as WebhookAnswer };
  }

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const { intent } = await started();
    const event: ProviderEvent = {
      id: 'evt_forged_1',
      type: 'payment_succeeded',
      providerPaymentId: intent.clientSecret.split('_secret_')[0],
      amountCents: 12_345,
      createdAt: ctx.clock.now(),
    };
    const forger = new LocalPaymentProvider({ clock: ctx.clock, webhookSecret: 'whsec_attacker' });
    const before = await snapshot();
    const forged = await forger.signedDelivery(event);
    expect((await deliver(forged.rawBody, forged.signatureHeader)).status).toBe(400);
    const genuine = await provider.signedDelivery(event);
    expect((await deliver(`${genuine.rawBody} `, genuine.signatureHeader)).status).toBe(400);
    expect((await deliver(genuine.rawBody, '')).status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('applies an event delivered 5 times once, and any order of a set of events ends in the same state', async () => {
    const runs: Array<{ payment: unknown; booking: unknown }> = [];
    for (const order of [
      [0, 1, 2, 3],
      [3, 2, 1, 0],
      [2, 0, 3, 1],
    ]) {
      const { intent, booking } = await started(20_000);
      const providerPaymentId = intent.clientSecret.split('_secret_')[0];
      const at = (s: number) => new Date(ctx.clock.now().getTime() + s * 1000);
      const base = { providerPaymentId, amountCents: 20_000 };
      const events: ProviderEvent[] = [
        {
          ...base,
          id: `evt_fail_${order.join('')}`,
          type: 'payment_failed',
          failureReason: 'Your card was declined.',
          createdAt: at(1),
        },
        { ...base, id: `evt_ok_${order.join('')}`, type: 'payment_succeeded', createdAt: at(2) },
        { ...base, id: `evt_ref1_${order.join('')}`, type: 'refunded', refundedCents: 5_000, createdAt: at(3) },
        { ...base, id: `evt_ref2_${order.join('')}`, type: 'refunded', refundedCents: 8_000, createdAt: at(4) },
      ];
      for (const i of order) {
        const delivery = await provider.signedDelivery(events[i] as ProviderEvent);
        const times = i === 1 ? 5 : 1;
        for (let n = 0; n < times; n++) {
          const res = await deliver(delivery.rawBody, delivery.signatureHeader);
          expect(res.status).toBe(200);
          expect(res.body.duplicate).toBe(n > 0);
        }
      }
      const payment = await paymentRow(intent.paymentId);
      const stored = await ctx.database.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.paymentId, intent.paymentId));
      expect(stored).toHaveLength(4);
      const confirmations = await ctx.database.db
        .select()
        .from(bookingStatusHistory)
        .where(eq(bookingStatusHistory.bookingId, booking.id));
      expect(confirmations).toHaveLength(1);
      const b = await bookingRow(booking.id);
      runs.push({
        payment: {
          status: payment?.status,
          refundedCents: payment?.refundedCents,
          failureReason: payment?.failureReason,
        },
        booking: { status: b?.status, paymentStatus: b?.paymentStatus },
      });
    }
    expect(runs[0]).toEqual({
      payment: { status: 'succeeded', refundedCents: 8_000, failureReason: 'Your card was declined.' },
      booking: { status: 'confirmed', paymentStatus: 'succeeded' },
    });
    expect(runs[1]).toEqual(runs[0]);
    expect(runs[2]).toEqual(runs[0]);
  });

  it('keeps an event for an unknown intent and answers 200 for a genuine event of no interest', async () => {
    const orphan = await provider.signedDelivery({
      id: 'evt_orphan_1',
      type: 'payment_succeeded',
      providerPaymentId: 'pi_local_unknown',
      amountCents: 5_000,
      createdAt: ctx.clock.now(),
    });
    expect((await deliver(orphan.rawBody, orphan.signatureHeader)).body).toMatchObject({ applied: true });
    const row = await ctx.database.db.select().from(paymentEvents).where(eq(paymentEvents.id, 'evt_orphan_1')).get();
    expect(row?.paymentId).toBeNull();
  });
});

describe('GET /api/payments', () => {
  it('shows a customer only their own payments and an admin all, with a summary computed over them', async () => {
    const a = await paid(10_000);
    await a.call('POST', '/api/create-payment-intent', { bookingId: (await f.booking(a.customer.id, 3_000)).id });
    const b = await paid(7_000);

    const mine = await a.call('GET', '/api/payments');
    expect(mine.status).toBe(200);
    expect(mine.body.items.map((p: { bookingId: number }) => p.bookingId).sort()).toHaveLength(2);
    expect(mine.body.items.every((p: { id: number }) => p.id !== b.intent.paymentId)).toBe(true);
    expect(mine.body.summary).toEqual({
      totalAmount: 130,
      totalCount: 2,
      succeededCount: 1,
      successRate: 50,
      chargedCount: 1,
      chargeSuccessRate: 50,
      refundedAmount: 0,
      refundedCount: 0,
      processingCount: 0,
    });
    expect(mine.body.items[0]).toMatchObject({ amount: '30.00', status: 'pending', refundAmount: null });
    const succeeded = await a.call('GET', '/api/payments?status=paid');
    expect(succeeded.body.items).toEqual([
      expect.objectContaining({ id: a.intent.paymentId, amount: '100.00', status: 'succeeded' }),
    ]);
    expect(succeeded.body.total).toBe(1);
    expect((await a.call('GET', '/api/payments?status=bogus')).status).toBe(400);
    expect((await f.as(undefined)('GET', '/api/payments')).status).toBe(401);

    const admin = f.as(await f.adminCookie());
    const all = await admin('GET', '/api/payments?pageSize=100');
    const rows = await ctx.database.db.select().from(payments);
    expect(all.body.total).toBe(rows.length);
    const succeededRows = rows.filter((r) => r.status === 'succeeded').length;
    const chargedRows = rows.filter((r) => ['succeeded', 'refunded', 'disputed'].includes(r.status)).length;
    expect(all.body.summary).toEqual({
      totalAmount: rows.reduce((s, r) => s + r.amountCents, 0) / 100,
      totalCount: rows.length,
      succeededCount: succeededRows,
      successRate: Math.round((succeededRows / rows.length) * 1000) / 10,
      chargedCount: chargedRows,
      chargeSuccessRate: Math.round((chargedRows / rows.length) * 1000) / 10,
      refundedAmount: rows.reduce((s, r) => s + r.refundedCents, 0) / 100,
      refundedCount: rows.filter((r) => r.refundedCents > 0).length,
      processingCount: rows.filter((r) => r.status === 'processing').length,
    });
  });
});

describe('POST /api/payments/:id/refund', () => {
  it('is for administrators only: 401 signed out, 403 for a customer (even the payer)', async () => {
    const { intent, call } = await paid();
    expect((await call('POST', `/api/payments/${intent.paymentId}/refund`, {})).status).toBe(403);
    expect((await f.as(undefined)('POST', `/api/payments/${intent.paymentId}/refund`, {})).status).toBe(401);
    expect(await ctx.database.db.select().from(refunds).where(eq(refunds.paymentId, intent.paymentId))).toEqual([]);
  });

  it('refunds in parts, never more than what is left, with an audit entry and a notification', async () => {
    const { intent, customer } = await paid(10_000);
    const admin = f.as(await f.adminCookie());
    const path = `/api/payments/${intent.paymentId}/refund`;

    const bad = await admin('POST', path, { amount: 'ten' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('amount');
    const partial = await admin('POST', path, { amount: '25.50', reason: 'Arrived late' });
    expect(partial.status).toBe(200);
    expect(partial.body.refund).toMatchObject({ amount: '25.50', status: 'succeeded', reason: 'Arrived late' });
    expect(partial.body.payment).toMatchObject({
      status: 'succeeded',
      refundAmount: '25.50',
      refundReason: 'Arrived late',
    });

    const tooMuch = await admin('POST', path, { amount: '74.51' });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.error.fields).toHaveProperty('amount');
    const rest = await admin('POST', path, { amount: '' });
    expect(rest.body.refund.amount).toBe('74.50');
    expect(rest.body.payment).toMatchObject({ status: 'refunded', refundAmount: '100.00' });
    expect((await admin('POST', path, {})).status).toBe(409);

    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(intent.paymentId)));
    expect(audit.filter((e) => e.action === 'payment.refunded')).toHaveLength(2);
    const sent = await ctx.database.db.select().from(notifications).where(eq(notifications.type, 'refund'));
    expect(sent.filter((n) => n.recipientEmail === customer.email)).toHaveLength(2);
    expect((await provider.retrieve(intent.clientSecret.split('_secret_')[0]))?.refundedCents).toBe(10_000);
    // A refund does not undo the charge: the customer's summary still counts it as charged.
    const summary = (await f.as(customer.cookie)('GET', '/api/payments')).body.summary;
    expect(summary).toMatchObject({ succeededCount: 0, chargedCount: 1, chargeSuccessRate: 100, refundedCount: 1 });
  });

  it('refunds exactly once under 20 concurrent requests', async () => {
    const { intent } = await paid(15_000);
    const admin = f.as(await f.adminCookie());
    const callsBefore = provider.refundCalls;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        admin('POST', `/api/payments/${intent.paymentId}/refund`, { reason: 'Duplicate' }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    expect(provider.refundCalls - callsBefore).toBe(1);
    const rows = await ctx.database.db.select().from(refunds).where(eq(refunds.paymentId, intent.paymentId));
    expect(rows).toEqual([expect.objectContaining({ amountCents: 15_000, status: 'succeeded' })]);
    expect(await paymentRow(intent.paymentId)).toMatchObject({ status: 'refunded', refundedCents: 15_000 });
  });

  it('replays a retried refund with the same Idempotency-Key instead of refunding again', async () => {
    const { intent } = await paid(10_000);
    const admin = f.as(await f.adminCookie());
    const path = `/api/payments/${intent.paymentId}/refund`;
    const headers = { 'idempotency-key': `refund-${intent.paymentId}-a` };
    const first = await admin('POST', path, { amount: '10.00' }, headers);
    const retry = await admin('POST', path, { amount: '10.00' }, headers);
    expect(first.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect((await admin('POST', path, { amount: '11.00' }, headers)).status).toBe(422);
    expect(await ctx.database.db.select().from(refunds).where(eq(refunds.paymentId, intent.paymentId))).toHaveLength(1);
    expect(await paymentRow(intent.paymentId)).toMatchObject({ refundedCents: 1_000 });
  });

  it('refuses unpaid and missing payments', async () => {
    const { intent } = await started();
    const admin = f.as(await f.adminCookie());
    const unpaid = await admin('POST', `/api/payments/${intent.paymentId}/refund`, {});
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.error.code).toBe('not_refundable');
    expect((await admin('POST', '/api/payments/999999/refund', {})).status).toBe(404);
    expect((await admin('POST', '/api/payments/abc/refund', {})).status).toBe(400);
    const ids = (
      await ctx.database.db
        .select()
        .from(refunds)
        .where(inArray(refunds.paymentId, [intent.paymentId]))
    ).length;
    expect(ids).toBe(0);
  });
});
