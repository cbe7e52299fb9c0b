import { splitCharge } from '@spotless/sdk/rules';
import { eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cleaners } from '../db/schema';
import { sessionFor } from '../test/booking-fixtures';
import { payoutWorld } from '../test/payout-world';
import { addBusinessDays } from './payout-history.service';
import { runPayouts } from './payouts.service';

/**
 * A cleaner's earnings page (decision 080): a job moves from upcoming to pending (inside the 24
 * hours) to available to paid out, with the platform fee shown per job and the next payout's date.
 */

const { ctx, f, feeBps, job, paidBooking, finish, connectCleaner } = await payoutWorld();
const asCleaner = await sessionFor(ctx, f.cleaner.userId);
// biome-ignore lint/suspicious/noExplicitAny: test assertions read the JSON answer
const earnings = async (): Promise<any> => {
  const res = await ctx.json('/api/cleaners/profile/earnings', { headers: asCleaner });
  expect(res.status).toBe(200);
  return res.body;
};
// biome-ignore lint/suspicious/noExplicitAny: test assertions read the JSON answer
type Json = any;
const jobOf = (body: { jobs: Array<{ bookingId: number }> }, id: number) =>
  body.jobs.find((j) => j.bookingId === id) as Record<string, unknown>;

describe('GET /api/cleaners/profile/earnings', () => {
  it('moves a job from upcoming to pending to available to paid out, with the fee shown', async () => {
    const booking = await paidBooking(14_000);
    const split = splitCharge(14_000, { platformFeeBps: feeBps, partnerCommissionBps: 0 });
    const yours = (split.cleanerCents / 100).toFixed(2);
    const fee = (split.platformFeeCents / 100).toFixed(2);

    let body = await earnings();
    expect(body.whenPaid).toContain('24 hours after it ends');
    expect(body.account).toMatchObject({ status: 'not_connected' });
    expect(body.account.actions.connect).toBeDefined();
    expect(jobOf(body, booking.id)).toMatchObject({ state: 'upcoming', charged: '140.00', fee, yours });

    await finish(booking.id, 2);
    body = await earnings();
    const pending = jobOf(body, booking.id);
    expect(pending).toMatchObject({ state: 'pending', fee, yours, paidOut: '0.00' });
    expect(Date.parse(String(pending.availableAt))).toBe(ctx.clock.now().getTime() + 22 * 3_600_000);

    await finish(booking.id, 30);
    body = await earnings();
    expect(jobOf(body, booking.id)).toMatchObject({ state: 'available' });
    expect(body.nextPayoutAt).toBeNull(); // no account yet
    await connectCleaner();
    body = await earnings();
    expect(body.account.status).toBe('enabled');
    // The next payout is told on the cleaner's own clock (their jobs' zone), whoever's browser reads it.
    await ctx.database.write((tx) =>
      tx.update(cleaners).set({ timeZone: 'Pacific/Honolulu' }).where(eq(cleaners.id, f.cleaner.id)),
    );
    body = await earnings();
    expect(body.timeZone).toBe('Pacific/Honolulu');
    expect(Date.parse(body.nextPayoutAt)).toBeGreaterThanOrEqual(ctx.clock.now().getTime());
    const availableBefore = Number(body.totals.available);

    await runPayouts(ctx.deps, job);
    body = await earnings();
    expect(jobOf(body, booking.id)).toMatchObject({ state: 'paid_out', paidOut: yours });
    expect(Number(body.totals.available)).toBeCloseTo(availableBefore - split.cleanerCents / 100, 2);
    expect(Number(body.totals.paidOut)).toBeGreaterThanOrEqual(split.cleanerCents / 100);

    // The payout history: the transfer, the job it paid for, its reference and when it should arrive.
    const history = await ctx.json<Json>('/api/cleaners/profile/payouts', { headers: asCleaner });
    expect(history.status).toBe(200);
    const sent = history.body.items.find((p: Json) => p.bookingId === booking.id);
    expect(sent).toMatchObject({ amount: yours, status: 'paid', job: { service: expect.any(String) } });
    expect(sent.reference).toEqual(expect.any(String));
    expect(sent.links.booking.href).toContain(`/api/bookings/${booking.id}`);
    expect(Date.parse(sent.arrivesBy)).toBe(addBusinessDays(new Date(sent.sentAt), 2).getTime());
    // Another cleaner's history holds none of this cleaner's transfers.
    const otherCleaner = await ctx.database.db.select().from(cleaners).where(ne(cleaners.id, f.cleaner.id)).get();
    const other = await ctx.json<Json>('/api/cleaners/profile/payouts', {
      headers: await sessionFor(ctx, otherCleaner?.userId as number),
    });
    expect(other.status).toBe(200);
    expect(other.body.items.some((p: Json) => p.bookingId === booking.id)).toBe(false);
  });
});

describe('when a sent payout arrives', () => {
  it('is 2 business days later, skipping the weekend', () => {
    // Thursday → Monday; Monday → Wednesday; Friday evening → Tuesday.
    expect(addBusinessDays(new Date('2026-11-26T10:00:00Z'), 2).toISOString()).toBe('2026-11-30T10:00:00.000Z');
    expect(addBusinessDays(new Date('2026-11-30T10:00:00Z'), 2).toISOString()).toBe('2026-12-02T10:00:00.000Z');
    expect(addBusinessDays(new Date('2026-11-27T22:00:00Z'), 2).toISOString()).toBe('2026-12-01T22:00:00.000Z');
  });
});
