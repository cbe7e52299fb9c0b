import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingStatusHistory, bookings, cleaners, notifications } from '../db/schema';
import { sessionFor } from '../test/booking-fixtures';
import { bookingWorld } from '../test/booking-world';
import type { Json } from '../test/harness';

/** Changing bookings: the cleaner moves a booking through its states, the customer edits and cancels it. */
const { ctx, demoCleaner, customerA, asA, asB, asCleaner, asOtherCleaner, payload, book } = await bookingWorld();

describe('changing bookings', () => {
  it('lets only the booking’s cleaner move it through its states, counting completed jobs', async () => {
    const { body } = await book(asA, payload({ scheduledDate: '2026-08-18' }));
    const id = body.id as number;
    const patch = (headers: Record<string, string>, status: string) =>
      ctx.json<Json>(`/api/bookings/${id}/status`, { method: 'PATCH', headers, body: { status } });

    expect((await patch(asB, 'confirmed')).status).toBe(404);
    expect((await patch(asOtherCleaner, 'confirmed')).status).toBe(404);
    expect((await patch(asA, 'confirmed')).status).toBe(403);
    expect((await patch(asCleaner, 'completed')).status).toBe(409);
    expect((await patch(asCleaner, 'in_progress')).status).toBe(409);
    expect((await patch(asCleaner, 'pending')).status).toBe(409);
    expect((await patch(asCleaner, 'bogus')).status).toBe(400);

    const [before] = await ctx.database.db.select().from(cleaners).where(eq(cleaners.id, demoCleaner.id));
    const accepted = await patch(asCleaner, 'confirmed');
    expect(accepted.status).toBe(200);
    expect(accepted.body.status).toBe('confirmed');
    expect((await patch(asCleaner, 'cancelled')).status).toBe(409);
    expect((await patch(asCleaner, 'confirmed')).status).toBe(409);
    // Accepted but unpaid: no work on it yet (decision 031).
    expect((await patch(asCleaner, 'in_progress')).body.error.code).toBe('not_paid');
    expect((await patch(asCleaner, 'completed')).body.error.code).toBe('not_paid');
    await ctx.database.write((tx) =>
      tx.update(bookings).set({ paymentStatus: 'succeeded' }).where(eq(bookings.id, id)),
    );
    // Paid, but booked for August: too early to start or complete it in June.
    expect((await patch(asCleaner, 'in_progress')).body.error.code).toBe('too_early');
    expect((await patch(asCleaner, 'completed')).body.error.code).toBe('too_early');
    const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, id));
    const today = ctx.clock.now();
    // On the day (sessions from June would be long idle by then: sign in again).
    ctx.clock.set(new Date((row?.startsAt.getTime() ?? 0) - 30 * 60_000));
    const onTheDay = await sessionFor(ctx, demoCleaner.userId);
    expect((await patch(onTheDay, 'in_progress')).body.status).toBe('in_progress');
    expect((await patch(onTheDay, 'completed')).body.error.code).toBe('too_early');
    ctx.clock.set(row?.startsAt ?? today);
    expect((await patch(onTheDay, 'completed')).body.status).toBe('completed');
    expect((await patch(onTheDay, 'completed')).status).toBe(409);
    ctx.clock.set(today);
    const [after] = await ctx.database.db.select().from(cleaners).where(eq(cleaners.id, demoCleaner.id));
    expect(after?.completedJobs).toBe((before?.completedJobs ?? 0) + 1);

    const history = await ctx.database.db
      .select()
      .from(bookingStatusHistory)
      .where(eq(bookingStatusHistory.bookingId, id))
      .orderBy(bookingStatusHistory.id);
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.actorRole])).toEqual([
      [null, 'pending', 'customer'],
      ['pending', 'confirmed', 'cleaner'],
      ['confirmed', 'in_progress', 'cleaner'],
      ['in_progress', 'completed', 'cleaner'],
    ]);
    const confirmedMail = await ctx.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.type, 'booking_confirmed'),
          sql`json_extract(${notifications.payload}, '$.bookingId') = ${id}`,
        ),
      );
    expect(confirmedMail).toHaveLength(1);
    // Completed bookings are history: no edit, no cancel.
    expect((await ctx.json(`/api/bookings/${id}`, { method: 'DELETE', headers: asA })).status).toBe(409);
    expect(
      (await ctx.json(`/api/bookings/${id}`, { method: 'PUT', headers: asA, body: { specialRequests: 'x' } })).status,
    ).toBe(409);
  });

  it('a declined booking frees the time, and the decline says what it will really do', async () => {
    const first = await book(asA, payload({ scheduledDate: '2026-08-19' }));
    const offered = await ctx.json<Json>(`/api/bookings/${first.body.id}`, { headers: asCleaner });
    expect(offered.body.actions.decline.description).toBe(
      'The customer is told you declined. Nothing has been charged, so there is nothing to refund.',
    );
    expect(offered.body.actions.decline.description).not.toMatch(/and refunded/);
    const declined = await ctx.json<Json>(`/api/bookings/${first.body.id}/status`, {
      method: 'PATCH',
      headers: asCleaner,
      body: { status: 'cancelled' },
    });
    expect(declined.body).toMatchObject({ status: 'cancelled', cancellationFee: '0.00' });
    expect((await book(asB, payload({ scheduledDate: '2026-08-19' }))).status).toBe(201);
  });

  it('lets the customer edit while pending: reschedules against availability, excluding itself', async () => {
    const a = await book(asA, payload({ scheduledDate: '2026-08-20', scheduledTime: '09:00' }));
    await book(asB, payload({ scheduledDate: '2026-08-20', scheduledTime: '13:00' }));
    const id = a.body.id as number;
    const put = (headers: Record<string, string>, body: Json) =>
      ctx.json<Json>(`/api/bookings/${id}`, { method: 'PUT', headers, body });

    expect((await put(asB, { specialRequests: 'mine now' })).status).toBe(404);
    expect((await put(asCleaner, { specialRequests: 'x' })).status).toBe(403);
    const clash = await put(asA, { scheduledTime: '13:30' });
    expect(clash.status).toBe(409);
    expect(clash.body.error.code).toBe('slot_taken');
    // Up to the other booking at 13:00 there is an hour: the two-hour booking does not fit (decision 071).
    const short = await put(asA, { scheduledTime: '12:00' });
    expect(short.body.error).toMatchObject({
      code: 'not_enough_time',
      fields: { duration: 'Needs 2 hr; only 1 hr free from 12:00 PM: choose a shorter duration or another time' },
    });
    const overlapSelf = await put(asA, { scheduledTime: '10:00', specialRequests: 'Bring a ladder' });
    expect(overlapSelf.status).toBe(200);
    expect(overlapSelf.body).toMatchObject({
      scheduledTime: '10:00',
      startsAt: '2026-08-20T15:00:00.000Z',
      specialRequests: 'Bring a ladder',
      totalPrice: '90.00',
    });
    const badTime = await put(asA, { scheduledTime: '9am' });
    expect(badTime.status).toBe(400);
    expect(badTime.body.error.fields).toHaveProperty('scheduledTime');
    const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, id));
    expect(row?.startsAt.toISOString()).toBe('2026-08-20T15:00:00.000Z');
  });

  it('cancels for free 24 hours or more ahead, and keeps the fee of a paid booking cancelled later', async () => {
    const free = await book(asA, payload({ scheduledDate: '2026-08-21' }));
    expect((await ctx.json(`/api/bookings/${free.body.id}`, { method: 'DELETE', headers: asB })).status).toBe(404);
    expect((await ctx.json(`/api/bookings/${free.body.id}`, { method: 'DELETE', headers: asCleaner })).status).toBe(
      403,
    );
    const cancelled = await ctx.json<Json>(`/api/bookings/${free.body.id}`, { method: 'DELETE', headers: asA });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancellationFee: '0.00' });
    expect((await ctx.json(`/api/bookings/${free.body.id}`, { method: 'DELETE', headers: asA })).status).toBe(409);

    // Monday 15 June 15:00 CDT is 8 hours after the clock's now (12:00 UTC, 07:00 CDT).
    const soon = await book(asA, payload({ scheduledDate: '2026-06-15', scheduledTime: '15:00' }));
    expect(soon.body.error).toBeUndefined();
    expect(soon.status).toBe(201);
    await ctx.database.write((tx) =>
      tx.update(bookings).set({ paymentStatus: 'succeeded' }).where(eq(bookings.id, soon.body.id)),
    );
    const late = await ctx.json<Json>(`/api/bookings/${soon.body.id}`, { method: 'DELETE', headers: asA });
    expect(late.status).toBe(200);
    // One hour at $45.00, within the $90.00 total.
    expect(late.body.cancellationFee).toBe('45.00');
    const history = await ctx.database.db
      .select()
      .from(bookingStatusHistory)
      .where(eq(bookingStatusHistory.bookingId, soon.body.id));
    expect(history.at(-1)).toMatchObject({ fromStatus: 'pending', toStatus: 'cancelled', actorUserId: customerA });
  });
});
