import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, notifications, refunds } from '../db/schema';
import { paymentWorld } from '../test/payment-world';

/** Refunds by administrators: in parts, exactly once, replayed on a retry, never of what was not paid. */
const { ctx, provider, f, paymentRow, started, paid } = await paymentWorld();

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
