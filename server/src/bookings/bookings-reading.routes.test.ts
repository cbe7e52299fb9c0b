import { beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../db/schema';
import { createCustomer, sessionFor } from '../test/booking-fixtures';
import { bookingWorld } from '../test/booking-world';
import type { Json } from '../test/harness';

/** Reading bookings: who sees a booking, the lists of one's own bookings and jobs, and the customer's figures. */
const { ctx, demoCleaner, customerA, asA, asB, asCleaner, asOtherCleaner, payload, book } = await bookingWorld();

describe('reading bookings', () => {
  let bookingId: number;
  beforeAll(async () => {
    const res = await book(asA, payload({ scheduledDate: '2026-08-17' }));
    bookingId = res.body.id;
  });

  it('shows a booking to its customer, its cleaner and nobody else (404)', async () => {
    expect((await ctx.json(`/api/bookings/${bookingId}`, { headers: asA })).status).toBe(200);
    expect((await ctx.json(`/api/bookings/${bookingId}`, { headers: asCleaner })).status).toBe(200);
    expect((await ctx.json(`/api/bookings/${bookingId}`, { headers: asB })).status).toBe(404);
    expect((await ctx.json(`/api/bookings/${bookingId}`, { headers: asOtherCleaner })).status).toBe(404);
    expect((await ctx.json(`/api/bookings/${bookingId}`)).status).toBe(401);
  });

  it('lists the customer’s own bookings and the cleaner’s jobs', async () => {
    const mine = await ctx.json<Json>('/api/bookings', { headers: asA });
    expect(mine.status).toBe(200);
    expect(mine.body.items.length).toBeGreaterThan(0);
    expect(mine.body.items.every((b: Json) => b.customerId === customerA)).toBe(true);
    expect(mine.body.items.some((b: Json) => b.id === bookingId)).toBe(true);
    const theirs = await ctx.json<Json>('/api/bookings', { headers: asB });
    expect(theirs.body.items.some((b: Json) => b.id === bookingId)).toBe(false);

    const jobs = await ctx.json<Json>(`/api/bookings?cleanerId=${demoCleaner.id}&status=pending&limit=500`, {
      headers: asCleaner,
    });
    expect(jobs.status).toBe(400);
    const jobsOk = await ctx.json<Json>(`/api/bookings?cleanerId=${demoCleaner.id}&status=pending&limit=200`, {
      headers: asCleaner,
    });
    expect(jobsOk.status).toBe(200);
    expect(jobsOk.body.items.every((b: Json) => b.cleanerId === demoCleaner.id && b.status === 'pending')).toBe(true);
    expect(jobsOk.body.items.find((b: Json) => b.id === bookingId)).toMatchObject({
      customer: { firstName: 'Ann' },
      hasReview: false,
    });
    expect((await ctx.json(`/api/bookings?cleanerId=${demoCleaner.id}`, { headers: asOtherCleaner })).status).toBe(403);
    expect((await ctx.json(`/api/bookings?cleanerId=${demoCleaner.id}`, { headers: asA })).status).toBe(403);
  });
});

describe('GET /api/bookings/stats', () => {
  it('computes the signed-in customer’s figures from their bookings, payments and reviews', async () => {
    const customer = await createCustomer(ctx, 'Stat');
    const headers = await sessionFor(ctx, customer);
    const empty = await ctx.json<Json>('/api/bookings/stats', { headers });
    expect(empty.body.links.self.href).toBe('/api/bookings/stats');
    delete empty.body.links;
    expect(empty.body).toEqual({
      total: 0,
      completed: 0,
      upcoming: 0,
      cancelled: 0,
      totalSpent: '0.00',
      averagePerBooking: '0.00',
      thisMonthCount: 0,
      thisMonthSpent: '0.00',
      averageRatingGiven: null,
      favouriteService: null,
    });
    const one = await book(headers, payload({ scheduledDate: '2026-06-25', scheduledTime: '09:00' }));
    const two = await book(headers, payload({ scheduledDate: '2026-08-24', scheduledTime: '09:00' }));
    await ctx.json(`/api/bookings/${two.body.id}`, { method: 'DELETE', headers });
    await ctx.database.write(async (tx) => {
      await tx.insert(payments).values([
        {
          bookingId: one.body.id,
          customerId: customer,
          provider: 'local',
          providerPaymentId: 'pi_stats_1',
          amountCents: 9000,
          status: 'succeeded',
          createdAt: new Date('2026-06-15T12:00:00Z'),
        },
        {
          bookingId: two.body.id,
          customerId: customer,
          provider: 'local',
          providerPaymentId: 'pi_stats_2',
          amountCents: 9000,
          refundedCents: 9000,
          status: 'refunded',
          createdAt: new Date('2026-06-15T12:00:00Z'),
        },
      ]);
    });
    const stats = await ctx.json<Json>('/api/bookings/stats', { headers });
    delete stats.body.links;
    expect(stats.body).toEqual({
      total: 2,
      completed: 0,
      upcoming: 1,
      cancelled: 1,
      totalSpent: '90.00',
      averagePerBooking: '90.00',
      thisMonthCount: 1,
      thisMonthSpent: '90.00',
      averageRatingGiven: null,
      favouriteService: 'Regular House Cleaning',
    });
    expect((await ctx.json('/api/bookings/stats')).status).toBe(401);
  });
});
