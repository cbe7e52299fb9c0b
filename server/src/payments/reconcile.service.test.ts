import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { systemActor } from '../contract/actor';
import { auditLog, bookings, notifications, payments, refunds } from '../db/schema';
import { LocalPaymentProvider } from '../payments/local-provider';
import { createTestContext } from '../test/harness';
import { paymentsFixture } from '../test/payment-fixtures';
import { reconcilePayments } from './reconcile.service';

const clock = { now: () => new Date() };
const provider = new LocalPaymentProvider({ clock });
const ctx = await createTestContext({ payments: provider });
clock.now = () => ctx.clock.now();
const f = await paymentsFixture(ctx);
const CARD = { cardNumber: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };
const MINUTE = 60_000;

const advance = (minutes: number) => ctx.clock.set(new Date(ctx.clock.now().getTime() + minutes * MINUTE));
const paymentRow = (id: number) => ctx.database.db.select().from(payments).where(eq(payments.id, id)).get();

async function started(totalCents: number) {
  const customer = await f.customer();
  const booking = await f.booking(customer.id, totalCents);
  const call = f.as(customer.cookie);
  const res = await call('POST', '/api/create-payment-intent', { bookingId: booking.id });
  expect(res.status).toBe(200);
  return { customer, booking, call, intent: res.body };
}

describe('reconcilePayments', () => {
  it('settles a payment left processing when the card form’s answer was lost', async () => {
    const { intent, booking } = await started(6_000);
    // The card went through at the provider, but the server never applied the outcome (a crash).
    await ctx.database.write((tx) =>
      tx.update(payments).set({ status: 'processing' }).where(eq(payments.id, intent.paymentId)),
    );
    const unsubscribe = provider.subscribe(() => {});
    await provider.confirmCardPayment(intent.clientSecret, CARD);
    unsubscribe();
    expect(await paymentRow(intent.paymentId)).toMatchObject({ status: 'processing' });

    advance(5);
    expect((await reconcilePayments(ctx.deps, systemActor('test'), { olderThanMinutes: 10 })).updated).toBe(0);
    advance(10);
    const run = await reconcilePayments(ctx.deps, systemActor('test'), { olderThanMinutes: 10 });
    expect(run.updated).toBeGreaterThanOrEqual(1);
    expect(await paymentRow(intent.paymentId)).toMatchObject({ status: 'succeeded' });
    const b = await ctx.database.db.select().from(bookings).where(eq(bookings.id, booking.id)).get();
    expect(b).toMatchObject({ status: 'confirmed', paymentStatus: 'succeeded' });
  });

  it('refunds a cancelled booking down to its cancellation fee, once', async () => {
    const { intent, booking, call, customer } = await started(20_000);
    expect(
      (await call('POST', '/api/payments/local/confirm', { clientSecret: intent.clientSecret, ...CARD })).status,
    ).toBe(200);
    await ctx.database.write((tx) =>
      tx.update(bookings).set({ status: 'cancelled', cancellationFeeCents: 5_000 }).where(eq(bookings.id, booking.id)),
    );
    const first = await reconcilePayments(ctx.deps, systemActor('test'));
    expect(first.cancellationRefunds).toBe(1);
    expect(await paymentRow(intent.paymentId)).toMatchObject({ status: 'succeeded', refundedCents: 15_000 });
    expect((await provider.retrieve(intent.clientSecret.split('_secret_')[0]))?.refundedCents).toBe(15_000);
    const rows = await ctx.database.db.select().from(refunds).where(eq(refunds.paymentId, intent.paymentId));
    expect(rows).toEqual([expect.objectContaining({ amountCents: 15_000, status: 'succeeded', actorUserId: null })]);
    expect(rows[0]?.reason).toContain('$50.00');
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(intent.paymentId)));
    expect(audit.filter((a) => a.action === 'payment.refunded')).toEqual([
      expect.objectContaining({ actorRole: 'system' }),
    ]);
    const sent = await ctx.database.db.select().from(notifications).where(eq(notifications.type, 'refund'));
    expect(sent.filter((n) => n.recipientEmail === customer.email)).toHaveLength(1);

    expect((await reconcilePayments(ctx.deps, systemActor('test'))).cancellationRefunds).toBe(0);
    expect(await ctx.database.db.select().from(refunds).where(eq(refunds.paymentId, intent.paymentId))).toHaveLength(1);
  });

  it('refunds in full a payment that went through after its booking expired', async () => {
    const { intent, booking, call } = await started(9_000);
    await ctx.database.write((tx) =>
      tx.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, booking.id)),
    );
    expect(
      (await call('POST', '/api/payments/local/confirm', { clientSecret: intent.clientSecret, ...CARD })).status,
    ).toBe(200);
    const b = await ctx.database.db.select().from(bookings).where(eq(bookings.id, booking.id)).get();
    expect(b).toMatchObject({ status: 'cancelled', paymentStatus: 'succeeded' });
    await reconcilePayments(ctx.deps, systemActor('test'));
    expect(await paymentRow(intent.paymentId)).toMatchObject({ status: 'refunded', refundedCents: 9_000 });
    const after = await ctx.database.db.select().from(bookings).where(eq(bookings.id, booking.id)).get();
    expect(after).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
  });
});
