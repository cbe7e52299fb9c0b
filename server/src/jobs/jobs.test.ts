import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  expireUnpaidBookings,
  queueBookingReminders,
  UNPAID_BOOKING_TTL_MS,
} from '../bookings/booking-lifecycle.service';
import { systemActor } from '../contract/actor';
import { bookingStatusHistory, bookings, notifications } from '../db/schema';
import { createCustomer, seedWorld, sessionFor } from '../test/booking-fixtures';
import { createTestContext, type Json } from '../test/harness';

const ctx = await createTestContext({ now: '2026-06-15T12:00:00Z' });
const { demoCleaner } = await seedWorld(ctx);
const customer = await createCustomer(ctx, 'Jo');

async function bookAt(date: string, time = '09:00'): Promise<number> {
  // A session made at the test clock's moment: the clock jumps weeks between tests.
  const res = await ctx.json<Json>('/api/bookings', {
    method: 'POST',
    headers: await sessionFor(ctx, customer),
    body: {
      cleanerId: demoCleaner.id,
      serviceId: 1,
      address: '1 Main St',
      scheduledDate: date,
      scheduledTime: time,
      duration: 120,
      totalPrice: '90.00',
    },
  });
  if (res.status !== 201) throw new Error(`booking failed: ${JSON.stringify(res.body)}`);
  return res.body.id;
}

const statusOf = async (id: number) =>
  (await ctx.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]?.status;

const notificationsFor = (id: number, type: string) =>
  ctx.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.type, type), sql`json_extract(${notifications.payload}, '$.bookingId') = ${id}`));

const JOB = systemActor('test');

describe('expireUnpaidBookings', () => {
  it('cancels a pending booking left unpaid past the TTL, as the system, and frees the time', async () => {
    ctx.clock.set('2026-07-01T12:00:00Z');
    const unpaid = await bookAt('2026-07-20');
    const paying = await bookAt('2026-07-21');
    const failed = await bookAt('2026-07-22');
    const abandoned = await bookAt('2026-07-23');
    await ctx.database.write(async (tx) => {
      await tx.update(bookings).set({ paymentStatus: 'pending' }).where(eq(bookings.id, abandoned));
      await tx.update(bookings).set({ paymentStatus: 'processing' }).where(eq(bookings.id, paying));
      await tx.update(bookings).set({ paymentStatus: 'failed' }).where(eq(bookings.id, failed));
    });

    ctx.clock.set(new Date(Date.parse('2026-07-01T12:00:00Z') + UNPAID_BOOKING_TTL_MS - 1000));
    expect((await expireUnpaidBookings(ctx.deps, JOB)).expired).not.toContain(unpaid);
    expect(await statusOf(unpaid)).toBe('pending');

    ctx.clock.set(new Date(Date.parse('2026-07-01T12:00:00Z') + UNPAID_BOOKING_TTL_MS));
    const { expired } = await expireUnpaidBookings(ctx.deps, JOB);
    expect(expired).toEqual(expect.arrayContaining([unpaid, failed, abandoned]));
    expect(expired).not.toContain(paying);
    expect(await statusOf(unpaid)).toBe('cancelled');
    expect(await statusOf(failed)).toBe('cancelled');
    expect(await statusOf(abandoned)).toBe('cancelled');
    expect(await statusOf(paying)).toBe('pending');
    const history = await ctx.database.db
      .select()
      .from(bookingStatusHistory)
      .where(eq(bookingStatusHistory.bookingId, unpaid));
    expect(history.at(-1)).toMatchObject({
      fromStatus: 'pending',
      toStatus: 'cancelled',
      actorRole: 'system',
      actorUserId: null,
    });
    // Nobody was told of the hold, so nobody is told it lapsed (decision 072).
    for (const id of [unpaid, failed, abandoned]) expect(await notificationsFor(id, 'booking_cancelled')).toEqual([]);
    // A second run finds nothing more to do.
    expect((await expireUnpaidBookings(ctx.deps, JOB)).expired).not.toContain(unpaid);
    // The time is free again.
    expect(await bookAt('2026-07-20')).toBeGreaterThan(unpaid);
  });
});

describe('queueBookingReminders', () => {
  it('queues one reminder per party 24 hours before a confirmed booking, once', async () => {
    ctx.clock.set('2026-08-01T12:00:00Z');
    const id = await bookAt('2026-08-10', '10:00'); // 15:00 UTC
    const asCleaner = await sessionFor(ctx, demoCleaner.userId);
    const accepted = await ctx.json(`/api/bookings/${id}/status`, {
      method: 'PATCH',
      headers: asCleaner,
      body: { status: 'confirmed' },
    });
    expect(accepted.status).toBe(200);

    ctx.clock.set('2026-08-09T14:59:00Z'); // 24 h and 1 min before
    expect((await queueBookingReminders(ctx.deps, JOB)).reminded).not.toContain(id);
    ctx.clock.set('2026-08-09T15:00:00Z'); // exactly 24 h before
    expect((await queueBookingReminders(ctx.deps, JOB)).reminded).toContain(id);
    ctx.clock.set('2026-08-09T15:05:00Z');
    expect((await queueBookingReminders(ctx.deps, JOB)).reminded).not.toContain(id);

    const reminders = await notificationsFor(id, 'booking_reminder');
    expect(reminders.map((r) => (r.payload as Json).recipient).sort()).toEqual(['cleaner', 'customer']);
    const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, id));
    expect(row?.reminderSentAt?.toISOString()).toBe('2026-08-09T15:00:00.000Z');
  });
});
