import { describe, expect, it } from 'vitest';
import { payments } from '../db/schema';
import { DECLINE, paymentWorld } from '../test/payment-world';

/** The list of payments: whose each caller sees, and the summary over them. */
const { ctx, f, paid, started } = await paymentWorld();

describe('GET /api/payments', () => {
  it('shows a customer only their own payments and an admin all, with a summary computed over them', async () => {
    const a = await paid(10_000);
    await a.call('POST', '/api/create-payment-intent', { bookingId: (await f.booking(a.customer.id, 3_000)).id });
    const b = await paid(7_000);

    const mine = await a.call('GET', '/api/payments');
    expect(mine.status).toBe(200);
    expect(mine.body.items.map((p: { bookingId: number }) => p.bookingId).sort()).toHaveLength(2);
    expect(mine.body.items.every((p: { id: number }) => p.id !== b.intent.paymentId)).toBe(true);
    // The checkout left unpaid (pending) was never an attempt: one charge of one attempt is 100%.
    expect(mine.body.summary).toEqual({
      totalAmount: 130,
      totalCount: 2,
      succeededCount: 1,
      successRate: 50,
      chargedCount: 1,
      failedCount: 0,
      chargeSuccessRate: 100,
      refundedAmount: 0,
      refundedCount: 0,
      processingCount: 0,
    });
    // A declined card is an attempt that failed: one of two went through.
    const declined = await a.call('POST', '/api/create-payment-intent', {
      bookingId: (await f.booking(a.customer.id, 2_000)).id,
    });
    const refused = await a.call('POST', '/api/payments/local/confirm', {
      clientSecret: declined.body.clientSecret,
      ...DECLINE,
    });
    expect(refused.status).toBe(402);
    expect((await a.call('GET', '/api/payments')).body.summary).toMatchObject({
      totalCount: 3,
      chargedCount: 1,
      failedCount: 1,
      chargeSuccessRate: 50,
    });
    expect(mine.body.items.find((p: { amount: string }) => p.amount === '30.00')).toMatchObject({
      status: 'pending',
      refundAmount: null,
    });
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
    const failedRows = rows.filter((r) => r.status === 'failed').length;
    expect(all.body.summary).toEqual({
      totalAmount: rows.reduce((s, r) => s + r.amountCents, 0) / 100,
      totalCount: rows.length,
      succeededCount: succeededRows,
      successRate: Math.round((succeededRows / rows.length) * 1000) / 10,
      chargedCount: chargedRows,
      failedCount: failedRows,
      chargeSuccessRate: Math.round((chargedRows / (chargedRows + failedRows)) * 1000) / 10,
      refundedAmount: rows.reduce((s, r) => s + r.refundedCents, 0) / 100,
      refundedCount: rows.filter((r) => r.refundedCents > 0).length,
      processingCount: rows.filter((r) => r.status === 'processing').length,
    });
  });

  it('carries the status of the booking paid for: a checkout left and then cancelled reads so on every answer', async () => {
    const left = await started(4_000);
    expect((await left.call('DELETE', `/api/bookings/${left.booking.id}`)).status).toBe(200);
    const paidFor = await paid(5_000);

    const mine = await left.call('GET', '/api/payments');
    expect(mine.body.items).toEqual([
      expect.objectContaining({ id: left.intent.paymentId, status: 'pending', bookingStatus: 'cancelled' }),
    ]);
    const one = await left.call('GET', `/api/payments/${left.intent.paymentId}`);
    expect(one.body).toMatchObject({ status: 'pending', bookingStatus: 'cancelled' });
    expect((await paidFor.call('GET', '/api/payments')).body.items).toEqual([
      expect.objectContaining({ status: 'succeeded', bookingStatus: 'confirmed' }),
    ]);

    const admin = f.as(await f.adminCookie());
    const all = await admin('GET', '/api/payments?pageSize=100');
    expect(all.body.items.find((p: { id: number }) => p.id === left.intent.paymentId)?.bookingStatus).toBe('cancelled');
    const refunded = await admin('POST', `/api/payments/${paidFor.intent.paymentId}/refund`, { amount: '1.00' });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(refunded.body.payment).toMatchObject({ id: paidFor.intent.paymentId, bookingStatus: 'confirmed' });
  });
});
