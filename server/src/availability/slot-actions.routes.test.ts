import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SESSION_COOKIE } from '../auth/cookies';
import { createSession, generateSessionToken } from '../auth/sessions';
import { bookings, timeSlots } from '../db/schema';
import { createCustomer, ORIGIN, seedWorld, sessionFor } from '../test/booking-fixtures';
import { createTestContext, type Json } from '../test/harness';

/**
 * Slots as resources with actions (decision 033): the cleaner reading their own day is offered
 * `release` exactly when performing it succeeds and no `book` on a slot a booking holds (decision
 * 076), nobody else is offered anything; and a day's slots can leave out the booking being moved,
 * for the people who see that booking.
 */

type Headers = Record<string, string>;

// Sunday 1 February 2026, noon UTC. The demo cleaner works in America/Chicago, Mon–Sat 08:00–18:00;
// Tuesday 17 March 2026 is in CDT (UTC-5).
const ctx = await createTestContext({ now: '2026-02-01T12:00:00Z' });
const { demoCleaner, otherCleaner } = await seedWorld(ctx);
const owner = await createCustomer(ctx, 'Olive');
const stranger = await createCustomer(ctx, 'Sam');
const adminToken = generateSessionToken();
await createSession(ctx.database, adminToken, { userId: null, kind: 'admin' }, ctx.clock.now());

const ROLES: Record<string, () => Promise<Headers>> = {
  visitor: async () => ({ origin: ORIGIN }),
  owner: () => sessionFor(ctx, owner),
  anotherCustomer: () => sessionFor(ctx, stranger),
  itsCleaner: () => sessionFor(ctx, demoCleaner.userId),
  anotherCleaner: () => sessionFor(ctx, otherCleaner.userId),
  administrator: async () => ({ cookie: `${ADMIN_SESSION_COOKIE}=${adminToken}`, origin: ORIGIN }),
};
const as: Record<string, Headers> = {};
beforeAll(async () => {
  for (const [role, headers] of Object.entries(ROLES)) as[role] = await headers();
});

const base = `/api/cleaners/${demoCleaner.id}`;
const slotsOn = async (date: string, headers: Headers, query = '?duration=120') => {
  const res = await ctx.json<Json>(`${base}/slots/${date}${query}`, { headers });
  return {
    status: res.status,
    body: res.body,
    at: Object.fromEntries((res.body.items ?? []).map((s: Json) => [s.startTime, s])),
  };
};

async function bookAt(headers: Headers, date: string, time: string): Promise<Json> {
  const res = await ctx.json<Json>('/api/bookings', {
    method: 'POST',
    headers,
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
  expect(res.status, `${date} ${time}`).toBe(201);
  return res.body;
}

/** A mark made before decision 076 (the calendar's Book then), written as it was stored. */
const markSlot = (id: number, bookingId: number) =>
  ctx.database.write((tx) => tx.update(timeSlots).set({ isBooked: true, bookingId }).where(eq(timeSlots.id, id)));

/** Performs an action as offered: its method, its href, and its fields' values. */
const perform = (action: Json, headers: Headers, body?: Json) =>
  ctx.json<Json>(action.href, { method: action.method, headers, body: body ?? {} });

describe('time slot actions', () => {
  it('are offered to the slot’s own cleaner only', async () => {
    await bookAt(as.owner as Headers, '2026-03-17', '10:00');
    // The cleaner's read stores the day, so others see the same stored slots.
    expect((await slotsOn('2026-03-17', as.itsCleaner as Headers)).body.items.every((s: Json) => s.id)).toBe(true);
    for (const role of ['visitor', 'owner', 'anotherCustomer', 'anotherCleaner', 'administrator']) {
      const day = await slotsOn('2026-03-17', as[role] as Headers);
      expect(day.status, role).toBe(200);
      expect(
        day.body.items.filter((s: Json) => Object.keys(s.actions).length > 0),
        role,
      ).toEqual([]);
    }
  });

  it('offer no Book on the slots a booking holds: they read booked, by it, and a mark is refused', async () => {
    const booking = await bookAt(as.owner as Headers, '2026-03-18', '10:00');
    const day = await slotsOn('2026-03-18', as.itsCleaner as Headers);
    expect(day.body.items.filter((s: Json) => Object.keys(s.actions).length > 0)).toEqual([]);
    const held = day.body.items.filter((s: Json) => s.isBooked).map((s: Json) => [s.startTime, s.bookingId]);
    expect(held).toEqual([
      ['10:00', booking.id],
      ['10:30', booking.id],
      ['11:00', booking.id],
      ['11:30', booking.id],
    ]);

    // What is not offered is refused: 10:00 is booked already, no booking covers 09:00, and 10:00
    // carries no mark to release.
    const cleaner = as.itsCleaner as Headers;
    const markAt = (time: string) =>
      ctx.json<Json>(`/api/time-slots/${day.at[time].id}/book`, {
        method: 'POST',
        headers: cleaner,
        body: { bookingId: booking.id },
      });
    const booked = await markAt('10:00');
    expect(booked.status).toBe(409);
    expect(booked.body.error).toMatchObject({
      code: 'slot_already_booked',
      message: `This slot is already booked by booking #${booking.id}`,
    });
    expect((await markAt('09:00')).body.error.code).toBe('booking_does_not_cover_slot');
    const refusedRelease = await ctx.json<Json>(`/api/time-slots/${day.at['10:00'].id}/release`, {
      method: 'POST',
      headers: cleaner,
    });
    expect(refusedRelease.status).toBe(409);
    expect(refusedRelease.body.error.code).toBe('slot_not_booked');
  });

  it('release a mark made before, and offer nothing once it is gone', async () => {
    const booking = await bookAt(as.owner as Headers, '2026-03-19', '10:00');
    const cleaner = as.itsCleaner as Headers;
    const before = (await slotsOn('2026-03-19', cleaner)).at['10:00'];
    await markSlot(before.id, booking.id);
    const marked = (await slotsOn('2026-03-19', cleaner)).at['10:00'];
    expect(marked).toMatchObject({ isBooked: true, bookingId: booking.id });
    expect(Object.keys(marked.actions)).toEqual(['release']);

    const released = await perform(marked.actions.release, cleaner);
    expect(released.status).toBe(200);
    expect(released.body).toMatchObject({ isBooked: false, bookingId: null });
    expect(released.body.actions).toEqual({});
    // The booking still holds the slot in the day's list.
    expect((await slotsOn('2026-03-19', cleaner)).at['10:00']).toMatchObject({
      isBooked: true,
      bookingId: booking.id,
      actions: {},
    });

    // Cancelling the booking takes its marks, and with nothing covering the slot nothing is offered.
    await markSlot(before.id, booking.id);
    await ctx.json(`/api/bookings/${booking.id}`, { method: 'DELETE', headers: as.owner as Headers });
    expect((await slotsOn('2026-03-19', cleaner)).at['10:00'].actions).toEqual({});
  });

  it('offer nothing for a booking that is over', async () => {
    const booking = await bookAt(as.owner as Headers, '2026-03-20', '10:00');
    await ctx.database.write((tx) =>
      tx.update(bookings).set({ status: 'completed' }).where(eq(bookings.id, booking.id)),
    );
    const cleaner = as.itsCleaner as Headers;
    const ten = (await slotsOn('2026-03-20', cleaner)).at['10:00'];
    expect(ten.actions).toEqual({});
    const refused = await ctx.json<Json>(`/api/time-slots/${ten.id}/book`, {
      method: 'POST',
      headers: cleaner,
      body: { bookingId: booking.id },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('booking_not_active');
  });
});

describe('excludeBookingId', () => {
  it('lists the time the booking holds as free, for its customer, its cleaner and administrators', async () => {
    const booking = await bookAt(as.owner as Headers, '2026-03-24', '10:00');
    await bookAt(as.anotherCustomer as Headers, '2026-03-24', '14:00');
    // The cleaner's own mark for the booking goes with it too.
    const cleaner = as.itsCleaner as Headers;
    const ten = (await slotsOn('2026-03-24', cleaner)).at['10:00'];
    await markSlot(ten.id, booking.id);

    const plain = await slotsOn('2026-03-24', as.owner as Headers);
    expect(plain.at['10:00']).toMatchObject({ isBooked: true, isAvailable: false });
    const query = `?duration=120&excludeBookingId=${booking.id}`;
    for (const role of ['owner', 'itsCleaner', 'administrator']) {
      const day = await slotsOn('2026-03-24', as[role] as Headers, query);
      expect(day.status, role).toBe(200);
      for (const time of ['09:00', '10:00', '11:00', '12:00']) {
        expect(day.at[time], `${role} ${time}`).toMatchObject({ isBooked: false, isAvailable: true });
      }
      // The other customer's 14:00 still stands: a 2-hour job from 13:00 would run into it.
      expect(day.at['13:00'].isAvailable, role).toBe(false);
      expect(day.at['14:00'], role).toMatchObject({ isBooked: true, isAvailable: false });
      expect(day.body.links.self.href).toContain(`excludeBookingId=${booking.id}`);
    }
    // Leaving it out changes what is listed, not what the cleaner may do: the mark is still there.
    const own = await slotsOn('2026-03-24', cleaner, query);
    expect(Object.keys(own.at['10:00'].actions)).toEqual(['release']);
  });

  it('is refused to everyone else: 401 signed out, 404 as for a missing booking, 400 for another cleaner’s day', async () => {
    const booking = await bookAt(as.owner as Headers, '2026-03-25', '10:00');
    const query = `?duration=120&excludeBookingId=${booking.id}`;
    expect((await slotsOn('2026-03-25', as.visitor as Headers, query)).status).toBe(401);
    for (const role of ['anotherCustomer', 'anotherCleaner']) {
      const res = await slotsOn('2026-03-25', as[role] as Headers, query);
      expect(res.status, role).toBe(404);
      expect(res.body.error.code, role).toBe('not_found');
    }
    expect((await slotsOn('2026-03-25', as.owner as Headers, '?excludeBookingId=999999')).status).toBe(404);
    const elsewhere = await ctx.json<Json>(`/api/cleaners/${otherCleaner.id}/slots/2026-03-25${query}`, {
      headers: as.owner as Headers,
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error.fields).toEqual({ excludeBookingId: 'Not a booking with this cleaner' });
    const malformed = await slotsOn('2026-03-25', as.owner as Headers, '?excludeBookingId=abc');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.fields).toHaveProperty('excludeBookingId');
  });

  it('is what the booking’s cleanerSlots link carries: its free times are the times it can be moved to', async () => {
    const booking = await bookAt(as.owner as Headers, '2026-03-26', '10:00');
    await bookAt(as.anotherCustomer as Headers, '2026-03-26', '14:00');
    const seen = await ctx.json<Json>(`/api/bookings/${booking.id}`, { headers: as.owner as Headers });
    const link = seen.body.links.cleanerSlots;
    expect(link).toMatchObject({
      href: `${base}/slots/{date}?duration=120&excludeBookingId=${booking.id}`,
      templated: true,
      operation: 'listTimeSlots',
    });
    const day = await ctx.json<Json>(String(link.href).replace('{date}', '2026-03-26'), {
      headers: as.owner as Headers,
    });
    expect(day.status).toBe(200);
    const free = day.body.items.filter((s: Json) => s.isAvailable).map((s: Json) => s.startTime);
    expect(free).toContain('10:00');
    expect(free).not.toContain('13:00');
    expect(free).not.toContain('14:00');

    const move = (scheduledTime: string) =>
      ctx.json<Json>(`/api/bookings/${booking.id}`, {
        method: 'PUT',
        headers: as.owner as Headers,
        body: { scheduledDate: '2026-03-26', scheduledTime },
      });
    expect((await move('13:00')).status).toBe(409);
    const moved = await move('08:30');
    expect(free).toContain('08:30');
    expect(moved.status).toBe(200);
    expect(moved.body.scheduledTime).toBe('08:30');
    // Nobody else is offered the link.
    const asCleaner = await ctx.json<Json>(`/api/bookings/${booking.id}`, { headers: as.itsCleaner as Headers });
    expect(asCleaner.body.links.cleanerSlots).toBeUndefined();
  });
});
