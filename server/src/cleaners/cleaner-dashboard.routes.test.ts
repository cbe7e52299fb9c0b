import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingStatusHistory, bookings, cleaners, payments, refunds, users } from '../db/schema';
import { backfillLedger } from '../ledger/ledger.service';
import { createCustomer, ORIGIN, seedWorld, sessionFor } from '../test/booking-fixtures';
import { createTestContext, type Json } from '../test/harness';

/**
 * The cleaner's own API (docs/product/cleaners.md; decision 039): their bookings, for them only,
 * and the dashboard's figures from real rows, checked against a hand-computed example.
 */

const ctx = await createTestContext({ now: '2026-06-15T12:00:00Z' });
const { demoCleaner, otherCleaner } = await seedWorld(ctx);
const customer = await createCustomer(ctx, 'Dana');

// A cleaner who joined today, so every figure below comes from the rows this file writes.
const [cleanerUser] = await ctx.database.write((tx) =>
  tx.insert(users).values({ email: 'fresh-cleaner@example.com', firstName: 'Fresh', lastName: 'Cleaner' }).returning(),
);
const [fresh] = await ctx.database.write((tx) =>
  tx
    .insert(cleaners)
    .values({
      ...demoCleaner,
      id: undefined,
      userId: cleanerUser?.id as number,
      rating: null,
      ratingSum: 0,
      reviewCount: 0,
      completedJobs: 0,
    })
    .returning(),
);
if (!fresh || !cleanerUser) throw new Error('fixture rows missing');

const DAY = 86_400_000;
let n = 0;
async function booking(
  status: 'pending' | 'confirmed' | 'in_progress' | 'completed' | 'cancelled',
  paymentStatus = 'unpaid',
  cancellationKind?: 'expired',
) {
  n += 1;
  // A job under way started an hour ago; a completed one days ago; the rest are to come.
  const offset = status === 'in_progress' ? -3_600_000 : (status === 'completed' ? -n : n) * DAY;
  const startsAt = new Date(ctx.clock.now().getTime() + offset);
  const [row] = await ctx.database.write((tx) =>
    tx
      .insert(bookings)
      .values({
        customerId: customer,
        cleanerId: fresh?.id as number,
        serviceId: 1,
        status,
        paymentStatus: paymentStatus as 'unpaid',
        cancellationKind,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 2 * 3_600_000),
        durationMinutes: 120,
        timeZone: 'America/Chicago',
        address: '1 Main St',
        hourlyRateCents: 5000,
        totalPriceCents: 10_000,
      })
      .returning({ id: bookings.id }),
  );
  return row?.id as number;
}
async function payment(bookingId: number, amountCents: number, status: 'succeeded' | 'refunded' | 'failed') {
  const [row] = await ctx.database.write((tx) =>
    tx
      .insert(payments)
      .values({
        bookingId,
        customerId: customer,
        provider: 'local',
        providerPaymentId: `pi_dash_${bookingId}_${amountCents}`,
        amountCents,
        status,
      })
      .returning({ id: payments.id }),
  );
  return row?.id as number;
}
/** A status change as the booking service records it. */
async function changed(bookingId: number, fromStatus: 'pending' | 'confirmed', actorRole: 'cleaner' | 'customer') {
  await ctx.database.write((tx) =>
    tx.insert(bookingStatusHistory).values({ bookingId, fromStatus, toStatus: 'cancelled', actorRole }),
  );
}
async function refund(paymentId: number, amountCents: number, status: 'succeeded' | 'pending' | 'failed') {
  await ctx.database.write((tx) => tx.insert(refunds).values({ paymentId, amountCents, status }));
}

/*
 * The hand-computed example, the cleaner's share after the 15% platform fee (decision 078), from the
 * ledger the migration step posts for payments made before it (decision 080):
 *   completed, paid $100.00 (and a failed $10.00 refund attempt)      → earned +85.00
 *   completed, paid $80.00 ($68.00 theirs), $20.00 refunded ($17.00)   → earned +51.00
 *   cancelled by the cleaner after accepting, paid $50.00, all refunded → +0.00, counts against completion
 *   cancelled: the cleaner declined the unpaid request                  → +0.00, does not count
 *   confirmed, paid $60.00                                             → upcoming +51.00
 *   in progress, paid $80.00 (upcoming: not done yet, counted and paid) → upcoming +68.00
 *   pending, card declined ($40.00 failed)                             → +0.00
 *   pending, unpaid                                                    → +0.00
 *   cancelled by the customer after it was confirmed, unpaid           → does not count
 *   cancelled late by the customer, paid $50.00, $25.00 refunded: the fee kept ($25.00) → earned +21.25
 *   an unpaid hold that expired (never a job)                         → not counted at all
 * Earned $157.25, upcoming $119.00; 10 bookings, 2 completed, 4 cancelled, 4 upcoming;
 * completion 2 ÷ (2 + 1) = 67%.
 * Reviews of the two completed jobs: 5 and 4 stars → average 4.5 of 2.
 */
const done1 = await booking('completed', 'succeeded');
await refund(await payment(done1, 10_000, 'succeeded'), 1_000, 'failed');
const done2 = await booking('completed', 'succeeded');
await refund(await payment(done2, 8_000, 'succeeded'), 2_000, 'succeeded');
const cancelledPaid = await booking('cancelled', 'refunded');
await refund(await payment(cancelledPaid, 5_000, 'refunded'), 5_000, 'succeeded');
await changed(cancelledPaid, 'confirmed', 'cleaner');
await changed(await booking('cancelled'), 'pending', 'cleaner');
await changed(await booking('cancelled'), 'confirmed', 'customer');
await payment(await booking('confirmed', 'succeeded'), 6_000, 'succeeded');
await payment(await booking('in_progress', 'succeeded'), 8_000, 'succeeded');
await payment(await booking('pending', 'failed'), 4_000, 'failed');
await booking('pending');
const lateCancelled = await booking('cancelled', 'succeeded');
await refund(await payment(lateCancelled, 5_000, 'succeeded'), 2_500, 'succeeded');
await changed(lateCancelled, 'confirmed', 'customer');
await booking('cancelled', 'unpaid', 'expired');
await backfillLedger(ctx.database, ctx.clock.now());

const asFresh = await sessionFor(ctx, cleanerUser.id);
const asCustomer = await sessionFor(ctx, customer);
const asOtherCleaner = await sessionFor(ctx, otherCleaner.userId);

describe('GET /api/cleaners/profile/overview', () => {
  it('matches the hand-computed example, and the reviews move its rating', async () => {
    for (const [bookingId, rating] of [
      [done1, 5],
      [done2, 4],
    ] as const) {
      const review = await ctx.json<Json>('/api/reviews', {
        method: 'POST',
        headers: asCustomer,
        body: { bookingId, rating, comment: 'Careful and quick work.' },
      });
      expect(review.status).toBe(201);
    }
    const res = await ctx.json<Json>('/api/cleaners/profile/overview', { headers: asFresh });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      cleanerId: fresh.id,
      totalBookings: 10,
      completedBookings: 2,
      cancelledBookings: 4,
      upcomingBookings: 4,
      totalEarnings: '157.25',
      upcomingEarnings: '119.00',
      cancelledByCleanerAfterAccepting: 1,
      averageRating: 4.5,
      reviewCount: 2,
      completionRate: 67,
    });
    expect(res.body.links.self.href).toBe('/api/cleaners/profile/overview');
    expect(res.body.links.bookings.href).toBe(`/api/bookings?cleanerId=${fresh.id}`);
    expect(res.body.links.page.href).toBe('/cleaner-dashboard');
    // The cleaner's own profile links to it; the public profile does not.
    const own = await ctx.json<Json>('/api/cleaners/profile', { headers: asFresh });
    expect(own.body.links.overview.href).toBe('/api/cleaners/profile/overview');
    expect(own.body.links.jobs.href).toBe(`/api/bookings?cleanerId=${fresh.id}`);
    expect((await ctx.json<Json>(`/api/cleaners/${fresh.id}`)).body.links.overview).toBeUndefined();
  });

  it('is the signed-in cleaner’s own only: 404 without a profile, 401 signed out', async () => {
    const none = await ctx.json<Json>('/api/cleaners/profile/overview', { headers: asCustomer });
    expect(none.status).toBe(404);
    expect(none.body.error).toMatchObject({ code: 'cleaner_profile_not_found', message: 'Cleaner Profile Not Found' });
    expect((await ctx.json('/api/cleaners/profile/overview', { headers: { origin: ORIGIN } })).status).toBe(401);
    const other = await ctx.json<Json>('/api/cleaners/profile/overview', { headers: asOtherCleaner });
    expect(other.body.cleanerId).toBe(otherCleaner.id);
  });
});

describe('GET /api/bookings?cleanerId=', () => {
  it('lists the cleaner’s own jobs to them, and refuses everyone else', async () => {
    const own = await ctx.json<Json>(`/api/bookings?cleanerId=${fresh.id}`, { headers: asFresh });
    expect(own.status).toBe(200);
    // The list holds every row, the expired hold too (the figures leave it out).
    expect(own.body.total).toBe(11);
    expect(new Set((own.body.items as Json[]).map((b) => b.cleanerId))).toEqual(new Set([fresh.id]));
    const latest = await ctx.json<Json>(`/api/bookings?cleanerId=${fresh.id}&limit=5`, { headers: asFresh });
    expect(latest.body.items).toHaveLength(5);
    expect(latest.body.total).toBe(11);
    // Another cleaner and the customer of these very bookings are refused.
    expect((await ctx.json(`/api/bookings?cleanerId=${fresh.id}`, { headers: asOtherCleaner })).status).toBe(403);
    expect((await ctx.json(`/api/bookings?cleanerId=${fresh.id}`, { headers: asCustomer })).status).toBe(403);
    expect((await ctx.json(`/api/bookings?cleanerId=${fresh.id}`, { headers: { origin: ORIGIN } })).status).toBe(401);
    // Without cleanerId the customer sees their own bookings, never someone else's jobs.
    const mine = await ctx.json<Json>('/api/bookings', { headers: asCustomer });
    expect((mine.body.items as Json[]).every((b) => b.customerId === customer)).toBe(true);
  });

  it('counts only this cleaner’s rows (the seeded cleaners’ payments stay out)', async () => {
    const [row] = await ctx.database.db.select().from(cleaners).where(eq(cleaners.id, fresh.id));
    expect(row?.reviewCount).toBe(2);
    const demo = await ctx.json<Json>('/api/cleaners/profile/overview', {
      headers: await sessionFor(ctx, demoCleaner.userId),
    });
    expect(demo.body.cleanerId).toBe(demoCleaner.id);
    expect(demo.body.totalBookings).toBeGreaterThan(0);
    expect(demo.body.totalEarnings).not.toBe('157.25');
  });
});
