import { splitCharge } from '@spotless/sdk/rules';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, damageReports, payments, payouts, users } from '../db/schema';
import { payoutWorld } from '../test/payout-world';
import { payoutHold, runPayouts } from './payouts.service';

/**
 * Paying cleaners out (decision 080): a share moves once it is due — the job completed, the damage
 * window over without an open report, an account that can receive it — exactly once however often
 * or concurrently the job runs, and a refund after it reverses the refunded part of it. The ledger
 * balances throughout.
 */

const { ctx, f, feeBps, job, paidBooking, finish, books, transfersTo, connectCleaner } = await payoutWorld();
const HOUR = 3_600_000;

describe('the payout job', () => {
  it('transfers nothing before completion, inside the damage window, while a report is open, or without an account', async () => {
    const booking = await paidBooking(20_000);
    const split = splitCharge(20_000, { platformFeeBps: feeBps, partnerCommissionBps: 0 });
    expect(await books(booking.id)).toEqual({ owedCents: split.cleanerCents, balanced: true });

    expect((await runPayouts(ctx.deps, job)).transferred).toBe(0);
    await finish(booking.id, 30);
    expect((await runPayouts(ctx.deps, job)).transferred).toBe(0); // no account yet

    await connectCleaner();
    await finish(booking.id, 2);
    expect((await runPayouts(ctx.deps, job)).transferred).toBe(0); // inside the 24 hours

    await finish(booking.id, 30);
    await ctx.database.write((tx) =>
      tx.insert(damageReports).values({ bookingId: booking.id, description: 'A cracked vase' }),
    );
    expect((await runPayouts(ctx.deps, job)).transferred).toBe(0); // a report is open
    expect(await transfersTo(booking.id)).toEqual([]);

    await ctx.database.write((tx) =>
      tx.update(damageReports).set({ status: 'released' }).where(eq(damageReports.bookingId, booking.id)),
    );
    const [first, second] = await Promise.all([runPayouts(ctx.deps, job), runPayouts(ctx.deps, job)]);
    expect((first?.transferred ?? 0) + (second?.transferred ?? 0)).toBe(1);
    await runPayouts(ctx.deps, job);
    const made = await transfersTo(booking.id);
    expect(made).toHaveLength(1);
    expect(made[0]?.amountCents).toBe(split.cleanerCents);
    const [row] = await ctx.database.db.select().from(payouts).where(eq(payouts.bookingId, booking.id));
    expect(row).toMatchObject({ status: 'paid', amountCents: split.cleanerCents, kind: 'cleaner_share' });
    expect(await books(booking.id)).toEqual({ owedCents: 0, balanced: true });
  });

  it('holds a share while the card holder’s bank disputes the charge', async () => {
    await connectCleaner();
    const booking = await paidBooking(12_000);
    await finish(booking.id, 30);
    await ctx.database.write((tx) =>
      tx.update(payments).set({ status: 'disputed' }).where(eq(payments.bookingId, booking.id)),
    );
    await runPayouts(ctx.deps, job);
    expect(await transfersTo(booking.id)).toEqual([]);
    await ctx.database.write((tx) =>
      tx.update(payments).set({ status: 'succeeded' }).where(eq(payments.bookingId, booking.id)),
    );
    await runPayouts(ctx.deps, job);
    expect(await transfersTo(booking.id)).toHaveLength(1);
  });

  it('reverses the cleaner’s part of a refund made after the transfer, once', async () => {
    const booking = await paidBooking(15_000);
    await finish(booking.id, 30);
    await runPayouts(ctx.deps, job);
    const [transfer] = await transfersTo(booking.id);
    expect(transfer?.reversedCents).toBe(0);

    const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    const admin = f.as(await f.adminCookie());
    const [cleanerUser] = await ctx.database.db.select().from(users).where(eq(users.id, f.cleaner.userId));
    const listed = await admin('GET', '/api/admin/payouts');
    expect(listed.body.items.find((p: { bookingId: number }) => p.bookingId === booking.id)).toMatchObject({
      kind: 'cleaner_share',
      status: 'paid',
      recipient: `${cleanerUser?.firstName} ${cleanerUser?.lastName}`,
    });
    const refund = await admin('POST', `/api/payments/${payment?.id}/refund`, {
      amount: '50.00',
      reason: 'Missed a room',
    });
    expect(refund.status).toBe(200);
    const owedAfterRefund = (await books(booking.id)).owedCents;
    const split = splitCharge(15_000, { platformFeeBps: feeBps, partnerCommissionBps: 0 });
    expect(owedAfterRefund).toBe(-Math.round((split.cleanerCents * 5_000) / 15_000));

    const [run] = await Promise.all([runPayouts(ctx.deps, job), runPayouts(ctx.deps, job)]);
    expect(run).toBeDefined();
    await runPayouts(ctx.deps, job);
    const [after] = await transfersTo(booking.id);
    expect(after?.reversedCents).toBe(-owedAfterRefund);
    expect(await books(booking.id)).toEqual({ owedCents: 0, balanced: true });
  });
});

describe('a late cancellation’s fee', () => {
  it('is paid out to the cleaner once the booked time has passed', async () => {
    const booking = await paidBooking(20_000);
    // Starts in two hours: cancelling now keeps one hour at the booked rate.
    const startsAt = new Date(ctx.clock.now().getTime() + 2 * HOUR);
    await ctx.database.write((tx) =>
      tx
        .update(bookings)
        .set({ startsAt, endsAt: new Date(startsAt.getTime() + 2 * HOUR) })
        .where(eq(bookings.id, booking.id)),
    );
    const customer = f.as(booking.cookie);
    const cancelled = await customer('DELETE', `/api/bookings/${booking.id}`, { reason: 'Plans changed' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.cancellationFee).toBe('50.00');
    await runPayouts(ctx.deps, job);
    expect(await transfersTo(booking.id)).toEqual([]);
    await ctx.database.write((tx) =>
      tx
        .update(bookings)
        .set({
          startsAt: new Date(ctx.clock.now().getTime() - 3 * HOUR),
          endsAt: new Date(ctx.clock.now().getTime() - HOUR),
        })
        .where(eq(bookings.id, booking.id)),
    );
    await runPayouts(ctx.deps, job);
    const fee = splitCharge(5_000, { platformFeeBps: feeBps, partnerCommissionBps: 0 });
    expect((await transfersTo(booking.id)).map((t) => t.amountCents)).toEqual([fee.cleanerCents]);
    expect(await books(booking.id)).toEqual({ owedCents: 0, balanced: true });
  });
});

describe('when a share is due (the rule the screens show too)', () => {
  const now = new Date('2026-12-01T12:00:00Z');
  const facts = { now, openReport: false, accountEnabled: true, owedCents: 100 };
  const ended = (hoursAgo: number) => ({ status: 'completed', endsAt: new Date(now.getTime() - hoursAgo * HOUR) });
  it('names the first thing that holds it', () => {
    expect(payoutHold({ status: 'confirmed', endsAt: now }, facts)).toBe('not_completed');
    expect(payoutHold(ended(1), facts)).toBe('damage_window');
    expect(payoutHold(ended(24), facts)).toBeNull();
    expect(payoutHold(ended(30), { ...facts, openReport: true })).toBe('damage_report');
    expect(payoutHold(ended(30), { ...facts, disputed: true })).toBe('disputed');
    expect(payoutHold({ status: 'confirmed', endsAt: now }, { ...facts, disputed: true })).toBe('not_completed');
    expect(payoutHold(ended(30), { ...facts, accountEnabled: false })).toBe('no_account');
    expect(payoutHold(ended(30), { ...facts, owedCents: 0 })).toBe('nothing_owed');
    const cancelled = (hoursAgo: number) => ({ ...ended(hoursAgo), status: 'cancelled' });
    expect(payoutHold(cancelled(-2), facts)).toBe('not_completed');
    expect(payoutHold(cancelled(1), facts)).toBeNull();
    expect(payoutHold(cancelled(1), { ...facts, owedCents: 0 })).toBe('nothing_owed');
  });
});
