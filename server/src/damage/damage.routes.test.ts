import { splitCharge } from '@spotless/sdk/rules';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, notifications, payments } from '../db/schema';
import { runPayouts } from '../payouts/payouts.service';
import { sessionFor } from '../test/booking-fixtures';
import { payoutWorld } from '../test/payout-world';

/**
 * Damage reports (decision 080): the customer of a completed, paid job reports a problem within 24
 * hours through the booking's own action; the cleaner is told and their payout waits; an
 * administrator resolves it with a partial refund, which the ledger takes back from each share, and
 * both parties are told; then the cleaner is paid the rest.
 */

const { ctx, f, feeBps, job, paidBooking, finish, books, transfersTo, connectCleaner } = await payoutWorld();
await connectCleaner();

async function customerBooking(totalCents: number) {
  const customer = await f.customer();
  const booking = await paidBooking(totalCents, customer);
  return { booking, call: f.as(customer.cookie) };
}

// biome-ignore lint/suspicious/noExplicitAny: test assertions read the JSON answer
type Json = any;

describe('a damage report', () => {
  it('is offered on the booking within 24 hours of a completed job, holds the payout, and is resolved with a partial refund', async () => {
    const { booking, call } = await customerBooking(18_000);
    await finish(booking.id, 3);
    const shown = await call('GET', `/api/bookings/${booking.id}`);
    const report = shown.body.actions.reportDamage;
    expect(report).toMatchObject({ method: 'POST', href: `/api/bookings/${booking.id}/damage-report` });

    const short = await call('POST', report.href, { description: 'bad' });
    expect(short.status).toBe(400);
    expect(short.body.error.fields).toHaveProperty('description');
    const made = await call('POST', report.href, { description: 'The glass shower door has a new crack.' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ status: 'open', bookingId: booking.id });
    expect((await call('POST', report.href, { description: 'And another thing went wrong.' })).status).toBe(409);
    // The booking now says the report's state and offers no second one.
    const reported = await call('GET', `/api/bookings/${booking.id}`);
    expect(reported.body.damageReportStatus).toBe('open');
    expect(reported.body.actions.reportDamage).toBeUndefined();
    expect(reported.body.damageDecision).toBeNull(); // open: nothing decided yet
    const told = await ctx.database.db.select().from(notifications).where(eq(notifications.type, 'damage_reported'));
    expect(told.map((n) => n.body).join()).toContain('The glass shower door has a new crack.');

    // Past the window the payout would be due, but the open report holds it.
    await finish(booking.id, 30);
    await runPayouts(ctx.deps, job);
    expect(await transfersTo(booking.id)).toEqual([]);

    const admin = f.as(await f.adminCookie());
    const listed = await admin('GET', '/api/admin/damage-reports');
    const item = listed.body.items.find((r: { id: number }) => r.id === made.body.id);
    expect(item.actions.resolve).toBeDefined();
    // What the administrator decides on: who, what was paid, and the cleaner's share the report holds.
    const held = splitCharge(18_000, { platformFeeBps: feeBps, partnerCommissionBps: 0 }).cleanerCents;
    expect(item.booking).toMatchObject({ total: '180.00', cleanerShareHeld: (held / 100).toFixed(2) });
    expect(item.booking.customer).toEqual(expect.any(String));
    expect(item.booking.cleaner).toMatch(/\S/);
    expect(item.links.booking.href).toBe(`/api/bookings/${booking.id}`);
    // The report's parties are not shown that summary.
    expect(made.body.booking).toBeNull();
    const noAmount = await admin('POST', item.actions.resolve.href, { outcome: 'partial_refund', reason: 'Half' });
    expect(noAmount.status).toBe(400);
    expect(noAmount.body.error.fields).toHaveProperty('amount');
    const resolve = { outcome: 'partial_refund', amount: '60.00', reason: 'The crack was new; the rest was fine' };
    const resolved = await admin('POST', item.actions.resolve.href, resolve);
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    expect(resolved.body).toMatchObject({ status: 'partial_refund', refund: '60.00' });
    expect(resolved.body.actions.resolve).toBeUndefined();
    expect((await call('GET', `/api/bookings/${booking.id}`)).body.damageReportStatus).toBe('partial_refund');
    // The booking's customer and its cleaner read the decision on the booking itself.
    const decision = { refund: '60.00', reason: 'The crack was new; the rest was fine' };
    expect((await call('GET', `/api/bookings/${booking.id}`)).body.damageDecision).toMatchObject(decision);
    const asCleaner = await sessionFor(ctx, f.cleaner.userId);
    const cleanerView = await ctx.json<Json>(`/api/bookings/${booking.id}`, { headers: asCleaner });
    expect(cleanerView.body.damageDecision).toMatchObject(decision);
    // Another customer is told the booking does not exist, let alone the decision.
    const stranger = await f.as((await f.customer()).cookie)('GET', `/api/bookings/${booking.id}`);
    expect(stranger.status).toBe(404);
    expect((await admin('POST', item.actions.resolve.href, resolve)).status).toBe(409);

    const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(payment?.refundedCents).toBe(6_000);
    const outcome = await ctx.database.db.select().from(notifications).where(eq(notifications.type, 'damage_resolved'));
    expect(outcome.filter((n) => n.body.includes('The crack was new'))).toHaveLength(2);
    // Each party is addressed as who they are: the customer was refunded; the cleaner's share is the ledger's.
    const shareAfter = splitCharge(18_000, { platformFeeBps: feeBps, partnerCommissionBps: 0 }).cleanerCents;
    const shareLeft = shareAfter - Math.round((shareAfter * 6_000) / 18_000);
    const toCustomer = outcome.find((n) => n.dedupeKey?.endsWith(':customer'))?.body ?? '';
    const toCleaner = outcome.find((n) => n.dedupeKey?.endsWith(':cleaner'))?.body ?? '';
    expect(toCustomer).toContain('we refunded you $60.00');
    expect(toCustomer).not.toContain('the customer');
    expect(toCleaner).toContain(
      `the customer was refunded $60.00; your share of the job is now $${(shareLeft / 100).toFixed(2)}`,
    );
    const audited = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'damage_report.resolved'));
    expect(audited).toHaveLength(1);

    // The cleaner is paid their share of what is left, once.
    const split = splitCharge(18_000, { platformFeeBps: feeBps, partnerCommissionBps: 0 });
    const owed = split.cleanerCents - Math.round((split.cleanerCents * 6_000) / 18_000);
    expect((await books(booking.id)).owedCents).toBe(owed);
    await runPayouts(ctx.deps, job);
    await runPayouts(ctx.deps, job);
    const paid = await transfersTo(booking.id);
    expect(paid.map((t) => t.amountCents)).toEqual([owed]);
    expect(await books(booking.id)).toEqual({ owedCents: 0, balanced: true });
  });

  it('is refused after 24 hours and to anyone but the booking’s customer', async () => {
    const { booking, call } = await customerBooking(12_000);
    await finish(booking.id, 25);
    const shown = await call('GET', `/api/bookings/${booking.id}`);
    expect(shown.body.actions.reportDamage).toBeUndefined();
    const late = await call('POST', `/api/bookings/${booking.id}/damage-report`, {
      description: 'Something broke a while ago.',
    });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('report_window_closed');
    await finish(booking.id, 2);
    const stranger = f.as((await f.customer()).cookie);
    const other = await stranger('POST', `/api/bookings/${booking.id}/damage-report`, {
      description: 'Not my booking at all.',
    });
    expect(other.status).toBe(404);
  });
});
