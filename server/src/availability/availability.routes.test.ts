import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { availability, timeSlots } from '../db/schema';
import { createCustomer, seedWorld, sessionFor } from '../test/booking-fixtures';
import { createTestContext, type Json } from '../test/harness';

// Sunday 1 February 2026, noon UTC (the seeded demo jobs and time off fall in February): before both US daylight-saving changes of 2026
// (8 March spring forward, 1 November fall back). The demo cleaner is in America/Chicago.
const ctx = await createTestContext({ now: '2026-02-01T12:00:00Z' });
const { demoCleaner, otherCleaner } = await seedWorld(ctx);
const customer = await createCustomer(ctx, 'Cara');
let asCustomer: Record<string, string>;
let asCleaner: Record<string, string>;
let asOtherCleaner: Record<string, string>;
const base = `/api/cleaners/${demoCleaner.id}`;

beforeAll(async () => {
  asCustomer = await sessionFor(ctx, customer);
  asCleaner = await sessionFor(ctx, demoCleaner.userId);
  asOtherCleaner = await sessionFor(ctx, otherCleaner.userId);
});

const slotsOn = (date: string, headers: Record<string, string> = {}, query = '') =>
  ctx.json<Json>(`${base}/slots/${date}${query}`, { headers });

describe('weekly hours', () => {
  it('lists a cleaner’s hours publicly', async () => {
    const res = await ctx.json<Json>(`${base}/availability`);
    expect(res.status).toBe(200);
    expect(res.body.items.map((r: Json) => [r.dayOfWeek, r.startTime, r.endTime])).toEqual(
      [1, 2, 3, 4, 5, 6].map((d) => [d, '08:00', '18:00']),
    );
    expect((await ctx.json('/api/cleaners/999999/availability')).status).toBe(404);
  });

  it('lets only the cleaner add, change and remove hours, with the product’s messages', async () => {
    const add = (headers: Record<string, string>, body: Json) =>
      ctx.json<Json>(`${base}/availability`, { method: 'POST', headers, body });
    expect((await ctx.json(`${base}/availability`, { method: 'POST', body: {} })).status).toBe(401);
    const row = { dayOfWeek: 0, startTime: '09:00', endTime: '12:00' };
    expect((await add(asCustomer, row)).status).toBe(403);
    expect((await add(asOtherCleaner, row)).status).toBe(403);
    const bad = await add(asCleaner, { dayOfWeek: 7, startTime: '9:00', endTime: '25:00' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({
      startTime: 'Time must be in HH:MM format',
      endTime: 'Time must be in HH:MM format',
    });
    expect(bad.body.error.fields).toHaveProperty('dayOfWeek');
    const backwards = await add(asCleaner, { dayOfWeek: 0, startTime: '12:00', endTime: '09:00' });
    expect(backwards.status).toBe(400);
    expect(Object.keys(backwards.body.error.fields)).toEqual(['endTime']);

    const created = await add(asCleaner, row);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...row, isAvailable: true, cleanerId: demoCleaner.id });
    const overlapping = await add(asCleaner, { dayOfWeek: 0, startTime: '11:00', endTime: '13:00' });
    expect(overlapping.status).toBe(409);
    expect((await add(asCleaner, { dayOfWeek: 0, startTime: '12:00', endTime: '13:00' })).status).toBe(201);

    const id = created.body.id as number;
    const put = (headers: Record<string, string>, body: Json) =>
      ctx.json<Json>(`/api/availability/${id}`, { method: 'PUT', headers, body });
    // Another cleaner's row is answered like a missing one (decision 007).
    expect((await put(asOtherCleaner, { startTime: '08:00', endTime: '10:00' })).status).toBe(404);
    expect((await put(asCleaner, { startTime: '08:00', endTime: 'noon' })).status).toBe(400);
    expect((await put(asCleaner, { startTime: '08:00', endTime: '12:30' })).status).toBe(409);
    const changed = await put(asCleaner, { startTime: '08:00', endTime: '10:00' });
    expect(changed.body).toMatchObject({ startTime: '08:00', endTime: '10:00' });

    expect((await ctx.json(`/api/availability/${id}`, { method: 'DELETE', headers: asOtherCleaner })).status).toBe(404);
    expect((await ctx.json(`/api/availability/${id}`, { method: 'DELETE', headers: asCleaner })).status).toBe(200);
    expect(await ctx.database.db.select().from(availability).where(eq(availability.id, id))).toHaveLength(0);
    expect((await ctx.json(`/api/availability/${id}`, { method: 'DELETE', headers: asCleaner })).status).toBe(404);
  });
});

describe('time off', () => {
  it('is read by the cleaner only and refuses days holding bookings', async () => {
    expect((await ctx.json(`${base}/time-off`, { headers: asCustomer })).status).toBe(403);
    expect((await ctx.json(`${base}/time-off`)).status).toBe(401);
    const bad = await ctx.json<Json>(`${base}/time-off`, {
      method: 'POST',
      headers: asCleaner,
      body: { startDate: '2026-03-20', endDate: '2026-03-19' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(['endDate']);
    const missing = await ctx.json<Json>(`${base}/time-off`, { method: 'POST', headers: asCleaner, body: {} });
    expect(Object.keys(missing.body.error.fields).sort()).toEqual(['endDate', 'startDate']);

    const booked = await ctx.json<Json>('/api/bookings', {
      method: 'POST',
      headers: asCustomer,
      body: {
        cleanerId: demoCleaner.id,
        serviceId: 1,
        address: '1 Main St',
        scheduledDate: '2026-03-24',
        scheduledTime: '10:00',
        duration: 120,
        totalPrice: '90.00',
      },
    });
    expect(booked.status).toBe(201);
    const clash = await ctx.json<Json>(`${base}/time-off`, {
      method: 'POST',
      headers: asCleaner,
      body: { startDate: '2026-03-23', endDate: '2026-03-25' },
    });
    expect(clash.status).toBe(409);
    expect(clash.body.error.code).toBe('bookings_in_time_off');

    const created = await ctx.json<Json>(`${base}/time-off`, {
      method: 'POST',
      headers: asCleaner,
      body: { startDate: '2026-03-26', endDate: '2026-03-27', reason: 'Trip' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ startDate: '2026-03-26', endDate: '2026-03-27', isRecurring: false });
    const list = await ctx.json<Json>(`${base}/time-off`, { headers: asCleaner });
    expect(list.body.items.map((t: Json) => t.id)).toContain(created.body.id);
    expect((await slotsOn('2026-03-26')).body.items).toEqual([]);

    expect(
      (await ctx.json(`/api/time-off/${created.body.id}`, { method: 'DELETE', headers: asOtherCleaner })).status,
    ).toBe(404);
    expect((await ctx.json(`/api/time-off/${created.body.id}`, { method: 'DELETE', headers: asCleaner })).status).toBe(
      200,
    );
    expect((await slotsOn('2026-03-26')).body.items.length).toBe(20);
  });
});

describe('slots', () => {
  it('lists the day’s 30-minute slots in local time across a DST change, with bookings marked', async () => {
    // Monday 9 March 2026, the day after spring forward: 08:00 CDT is 13:00 UTC.
    const monday = await slotsOn('2026-03-09');
    expect(monday.status).toBe(200);
    expect(monday.body.timeZone).toBe('America/Chicago');
    expect(monday.body.items).toHaveLength(20);
    expect(monday.body.items[0]).toMatchObject({
      id: null,
      startTime: '08:00',
      endTime: '08:30',
      startsAt: '2026-03-09T13:00:00.000Z',
      isAvailable: true,
      isBooked: false,
    });
    // The Friday before is CST: 08:00 is 14:00 UTC.
    expect((await slotsOn('2026-03-06')).body.items[0].startsAt).toBe('2026-03-06T14:00:00.000Z');

    const booking = await ctx.json<Json>('/api/bookings', {
      method: 'POST',
      headers: asCustomer,
      body: {
        cleanerId: demoCleaner.id,
        serviceId: 1,
        address: '1 Main St',
        scheduledDate: '2026-03-09',
        scheduledTime: '09:00',
        duration: 120,
        totalPrice: '90.00',
      },
    });
    expect(booking.body.startsAt).toBe('2026-03-09T14:00:00.000Z');
    const after = await slotsOn('2026-03-09', {}, '?duration=120');
    const byTime = Object.fromEntries(after.body.items.map((s: Json) => [s.startTime, s]));
    // The public sees that the time is taken, not by which booking.
    expect(byTime['09:00']).toMatchObject({ isBooked: true, isAvailable: false, bookingId: null });
    expect(after.body.items.every((s: Json) => s.bookingId === null)).toBe(true);
    const own = await slotsOn('2026-03-09', asCleaner, '?duration=120');
    const ownByTime = Object.fromEntries(own.body.items.map((s: Json) => [s.startTime, s]));
    expect(ownByTime['09:00']).toMatchObject({ isBooked: true, isAvailable: false, bookingId: booking.body.id });
    expect(ownByTime['10:30']).toMatchObject({ isBooked: true, bookingId: booking.body.id });
    expect(byTime['11:00']).toMatchObject({ isBooked: false, isAvailable: true });
    // A 2-hour job starting 08:00 would run into the 09:00 booking; one ending at 18:00 fits.
    expect(byTime['08:00']).toMatchObject({ isBooked: false, isAvailable: false });
    expect(byTime['16:00'].isAvailable).toBe(true);
    expect(byTime['16:30'].isAvailable).toBe(false);
    expect((await slotsOn('2026-02-30')).status).toBe(400);
    expect((await slotsOn('2026-03-09', {}, '?duration=10')).status).toBe(400);
  });

  it('skips the missing hour on the spring-forward night', async () => {
    await ctx.json(`${base}/availability`, {
      method: 'POST',
      headers: asCleaner,
      body: { dayOfWeek: 0, startTime: '01:00', endTime: '04:00' },
    });
    const sunday = await slotsOn('2026-03-08');
    expect(sunday.body.items.map((s: Json) => [s.startTime, s.startsAt])).toEqual([
      ['01:00', '2026-03-08T07:00:00.000Z'],
      ['01:30', '2026-03-08T07:30:00.000Z'],
      ['03:00', '2026-03-08T08:00:00.000Z'],
      ['03:30', '2026-03-08T08:30:00.000Z'],
      // The 12:00–13:00 row added by the hours test above, now in CDT (UTC-5).
      ['12:00', '2026-03-08T17:00:00.000Z'],
      ['12:30', '2026-03-08T17:30:00.000Z'],
    ]);
  });

  it('stores the day’s slots on the cleaner’s read; a mark on one is refused and one made before is released', async () => {
    const publicRead = await slotsOn('2026-03-10');
    expect(publicRead.body.items.every((s: Json) => s.id === null)).toBe(true);
    const own = await slotsOn('2026-03-10', asCleaner);
    expect(own.body.items.every((s: Json) => typeof s.id === 'number')).toBe(true);
    expect((await slotsOn('2026-03-10', asCleaner)).body.items.map((s: Json) => s.id)).toEqual(
      own.body.items.map((s: Json) => s.id),
    );
    const slot = own.body.items.find((s: Json) => s.startTime === '10:00');
    const other = own.body.items.find((s: Json) => s.startTime === '15:00');

    const booking = await ctx.json<Json>('/api/bookings', {
      method: 'POST',
      headers: asCustomer,
      body: {
        cleanerId: demoCleaner.id,
        serviceId: 1,
        address: '1 Main St',
        scheduledDate: '2026-03-10',
        scheduledTime: '10:00',
        duration: 120,
        totalPrice: '90.00',
      },
    });
    const bookSlot = (id: number, headers: Record<string, string>, bookingId: number) =>
      ctx.json<Json>(`/api/time-slots/${id}/book`, { method: 'POST', headers, body: { bookingId } });
    expect((await bookSlot(slot.id, asCustomer, booking.body.id)).status).toBe(403);
    expect((await bookSlot(slot.id, asOtherCleaner, booking.body.id)).status).toBe(404);
    expect((await bookSlot(other.id, asCleaner, booking.body.id)).status).toBe(409);
    expect((await bookSlot(slot.id, asCleaner, 999_999)).status).toBe(400);
    expect((await bookSlot(999_999, asCleaner, booking.body.id)).status).toBe(404);
    // The booking holds 10:00 by itself: a mark would say it twice (decision 076).
    const twice = await bookSlot(slot.id, asCleaner, booking.body.id);
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('slot_already_booked');
    // A mark made before stays until released.
    const mark = () =>
      ctx.database.write((tx) =>
        tx.update(timeSlots).set({ isBooked: true, bookingId: booking.body.id }).where(eq(timeSlots.id, slot.id)),
      );
    await mark();

    const release = (id: number, headers: Record<string, string>) =>
      ctx.json<Json>(`/api/time-slots/${id}/release`, { method: 'POST', headers });
    expect((await release(slot.id, asOtherCleaner)).status).toBe(404);
    expect((await release(slot.id, asCleaner)).body).toMatchObject({ isBooked: false, bookingId: null });
    expect((await release(slot.id, asCleaner)).status).toBe(409);

    // Cancelling a booking clears the marks made against it.
    await mark();
    await ctx.json(`/api/bookings/${booking.body.id}`, { method: 'DELETE', headers: asCustomer });
    const [row] = await ctx.database.db.select().from(timeSlots).where(eq(timeSlots.id, slot.id));
    expect(row).toMatchObject({ isBooked: false, bookingId: null });
  });
});

describe('GET /api/cleaners/profile', () => {
  it('answers the cleaner’s own profile, 404 without one, 401 signed out', async () => {
    const own = await ctx.json<Json>('/api/cleaners/profile', { headers: asCleaner });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: demoCleaner.id, user: { firstName: 'Jordan' } });
    const none = await ctx.json<Json>('/api/cleaners/profile', { headers: asCustomer });
    expect(none.status).toBe(404);
    expect(none.body.error).toMatchObject({ code: 'cleaner_profile_not_found', message: 'Cleaner Profile Not Found' });
    expect((await ctx.json('/api/cleaners/profile')).status).toBe(401);
  });
});
