import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { systemActor } from '../contract/actor';
import { notifications, refunds } from '../db/schema';
import { PaymentProviderError } from '../lib/payment-provider';
import { CARD, paymentWorld } from '../test/payment-world';
import { reconcilePayments } from './reconcile.service';

/**
 * A cancellation's refund that the card's bank refuses (decision 075): the cancellation stands, the
 * booking says the refund did not go through and what happens next, the customer is e-mailed the
 * same, and support is told. Nothing is asked again by itself, so nobody is told twice.
 */
const { ctx, provider, f, paymentRow } = await paymentWorld();
const REFUSES_REFUNDS = { ...CARD, cardNumber: '4000 0000 0000 5126' };

async function paidWith(card: typeof CARD) {
  const customer = await f.customer();
  const booking = await f.booking(customer.id, 12_000, 'pending');
  const call = f.as(customer.cookie);
  const intent = await call('POST', '/api/create-payment-intent', { bookingId: booking.id });
  const confirm = await call('POST', '/api/payments/local/confirm', {
    clientSecret: intent.body.clientSecret,
    ...card,
  });
  expect(confirm.status).toBe(200);
  return { customer, booking, call, paymentId: intent.body.paymentId as number };
}

const sentTo = (email: string, type: string) =>
  ctx.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipientEmail, email), eq(notifications.type, type)));

describe('a cancellation whose refund the card’s bank refuses', () => {
  it('stays cancelled, says the refund did not go through and what happens next, and e-mails the customer once', async () => {
    const { customer, booking, call, paymentId } = await paidWith(REFUSES_REFUNDS);
    const cancelled = await call('DELETE', `/api/bookings/${booking.id}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'succeeded',
      refund: { amount: '120.00', status: 'failed', note: expect.stringContaining('did not go through') },
    });
    expect(cancelled.body.refund.note).toContain('our support team has been told');
    // The same on every later read, and in the customer's list.
    expect((await call('GET', `/api/bookings/${booking.id}`)).body.refund).toEqual(cancelled.body.refund);
    const list = await call('GET', '/api/bookings?status=history');
    expect(list.body.items.find((b: { id: number }) => b.id === booking.id)?.refund.status).toBe('failed');

    // Nothing moved: the payment keeps its money, the reservation is released.
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'succeeded', refundedCents: 0 });
    const mail = await sentTo(customer.email, 'refund_failed');
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe('Your refund of $120.00 did not go through');
    expect(mail[0]?.body).toContain(cancelled.body.refund.note);
    expect(await sentTo(customer.email, 'refund')).toHaveLength(0);
    const support = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.type, 'refund_failed_support'));
    expect(support.filter((n) => n.body.includes(customer.email))).toHaveLength(1);

    // The job leaves a refused refund to support: it asks nothing again, and tells nobody twice.
    const calls = provider.refundCalls;
    await reconcilePayments(ctx.deps, systemActor('test'), { olderThanMinutes: 0 });
    expect(provider.refundCalls).toBe(calls);
    expect(await sentTo(customer.email, 'refund_failed')).toHaveLength(1);
  });

  it('says so too when the provider refuses the refund with an error', async () => {
    const { customer, booking, call, paymentId } = await paidWith(CARD);
    const refund = provider.refund.bind(provider);
    provider.refund = async () => {
      throw new PaymentProviderError('not_refundable', 'The card was closed');
    };
    try {
      const cancelled = await call('DELETE', `/api/bookings/${booking.id}`);
      expect(cancelled.body).toMatchObject({ status: 'cancelled', refund: { amount: '120.00', status: 'failed' } });
    } finally {
      provider.refund = refund;
    }
    const rows = await ctx.database.db.select().from(refunds).where(eq(refunds.paymentId, paymentId));
    expect(rows.map((r) => r.status)).toEqual(['failed']);
    expect(await sentTo(customer.email, 'refund_failed')).toHaveLength(1);
    const support = await ctx.database.db
      .select({ body: notifications.body })
      .from(notifications)
      .where(eq(notifications.type, 'refund_failed_support'));
    expect(support.find((n) => n.body.includes(customer.email))?.body).toContain('The card was closed.');
  });

  it('reads refunded once support returns the money, and an administrator is told a refused refund failed', async () => {
    const { booking, call, paymentId } = await paidWith(REFUSES_REFUNDS);
    await call('DELETE', `/api/bookings/${booking.id}`);
    const admin = f.as(await f.adminCookie());
    const again = await admin('POST', `/api/payments/${paymentId}/refund`, {});
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('refund_failed');

    // Returned another way: once a refund goes through, the booking reads it, not the failure.
    await ctx.database.write(async (tx) => {
      await tx.insert(refunds).values({
        paymentId,
        amountCents: 12_000,
        reason: 'Returned by bank transfer',
        status: 'succeeded',
        actorUserId: null,
        createdAt: ctx.clock.now(),
        updatedAt: ctx.clock.now(),
      });
    });
    expect((await call('GET', `/api/bookings/${booking.id}`)).body.refund).toEqual({
      amount: '120.00',
      status: 'succeeded',
    });
  });

  it('a refund that goes through carries no note', async () => {
    const { booking, call } = await paidWith(CARD);
    const cancelled = await call('DELETE', `/api/bookings/${booking.id}`);
    expect(cancelled.body.refund).toEqual({ amount: '120.00', status: 'succeeded' });
  });
});
