import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingStatusHistory, bookings, idempotencyKeys, notifications } from '../db/schema';
import { bookingWorld } from '../test/booking-world';
import type { Json } from '../test/harness';

/** Booking a cleaner: what POST /api/bookings stores, refuses and replays. */
const { ctx, demoCleaner, customerA, customerB, asA, asB, asCleaner, payload, book, rowsAt } = await bookingWorld();

describe('POST /api/bookings', () => {
  it('creates a pending booking priced by the server, at the cleaner’s local time, with history and no e-mail yet', async () => {
    const res = await book(asA, payload({ customerId: customerB }));
    expect(res.status).toBe(201);
    const b = res.body;
    // 09:00 CDT (UTC-5) on 3 Aug 2026 is 14:00 UTC.
    expect(b).toMatchObject({
      status: 'pending',
      customerId: customerA,
      totalPrice: '90.00',
      totalAmount: 90,
      scheduledDate: '2026-08-03',
      scheduledTime: '09:00',
      startsAt: '2026-08-03T14:00:00.000Z',
      endsAt: '2026-08-03T16:00:00.000Z',
      duration: 120,
      paymentStatus: 'unpaid',
      specialInstructions: 'Side door',
      cleaner: { id: demoCleaner.id, user: { firstName: 'Jordan', lastName: 'Rivera' } },
      service: { id: 1, name: 'Regular House Cleaning' },
    });
    const history = await ctx.database.db
      .select()
      .from(bookingStatusHistory)
      .where(eq(bookingStatusHistory.bookingId, b.id));
    expect(history).toMatchObject([
      { fromStatus: null, toStatus: 'pending', actorUserId: customerA, actorRole: 'customer' },
    ]);
    const queued = await ctx.database.db
      .select()
      .from(notifications)
      .where(sql`json_extract(${notifications.payload}, '$.bookingId') = ${b.id}`);
    // An unpaid hold is nobody's news: its e-mails go out once it is confirmed (decision 072).
    expect(queued).toEqual([]);
  });

  it('accepts an ISO instant for scheduledDate', async () => {
    const res = await book(asA, payload({ scheduledDate: '2026-08-04T19:00:00.000Z', scheduledTime: undefined }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ scheduledDate: '2026-08-04', scheduledTime: '14:00' });
  });

  it('lets exactly one of 50 simultaneous requests for the same time through', async () => {
    const body = JSON.stringify(payload({ scheduledDate: '2026-08-05', scheduledTime: '10:00' }));
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        ctx.app.request('/api/bookings', {
          method: 'POST',
          headers: { ...(i % 2 === 0 ? asA : asB), 'content-type': 'application/json' },
          body,
        }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect(await rowsAt('2026-08-05T15:00:00.000Z')).toHaveLength(1);
  });

  it('rejects partial overlaps and allows back-to-back bookings', async () => {
    expect((await book(asA, payload({ scheduledDate: '2026-08-06', scheduledTime: '10:00' }))).status).toBe(201);
    const later = await book(asB, payload({ scheduledDate: '2026-08-06', scheduledTime: '11:00' }));
    expect(later.status).toBe(409);
    expect(later.body.error.code).toBe('slot_taken');
    const earlier = await book(asB, payload({ scheduledDate: '2026-08-06', scheduledTime: '08:30' }));
    expect(earlier.status).toBe(409);
    const inside = await book(
      asB,
      payload({ scheduledDate: '2026-08-06', scheduledTime: '10:30', duration: 30, totalPrice: '80.00' }),
    );
    expect(inside.status).toBe(409);
    expect((await book(asB, payload({ scheduledDate: '2026-08-06', scheduledTime: '12:00' }))).status).toBe(201);
    expect((await book(asB, payload({ scheduledDate: '2026-08-06', scheduledTime: '08:00' }))).status).toBe(201);
  });

  it('refuses times outside the cleaner’s hours and inside time off', async () => {
    const early = await book(asA, payload({ scheduledDate: '2026-08-07', scheduledTime: '07:00' }));
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('outside_hours');
    const late = await book(asA, payload({ scheduledDate: '2026-08-07', scheduledTime: '18:00' }));
    expect(late.body.error.code).toBe('outside_hours');
    // Free at its start but not for its length: it says how long it is free (decision 071).
    const tooLong = await book(asA, payload({ scheduledDate: '2026-08-07', scheduledTime: '17:00' }));
    expect(tooLong.status).toBe(409);
    expect(tooLong.body.error).toMatchObject({
      code: 'not_enough_time',
      fields: { duration: 'Needs 2 hr; only 1 hr free from 5:00 PM: choose a shorter duration or another time' },
    });
    const sunday = await book(asA, payload({ scheduledDate: '2026-08-09', scheduledTime: '10:00' }));
    expect(sunday.body.error.code).toBe('outside_hours');
    const off = await ctx.json<Json>(`/api/cleaners/${demoCleaner.id}/time-off`, {
      method: 'POST',
      headers: asCleaner,
      body: { startDate: '2026-08-10', endDate: '2026-08-11', reason: 'Holiday' },
    });
    expect(off.status).toBe(201);
    const onHoliday = await book(asA, payload({ scheduledDate: '2026-08-11', scheduledTime: '10:00' }));
    expect(onHoliday.status).toBe(409);
    expect(onHoliday.body.error.code).toBe('time_off');
  });

  it('never stores a client’s price: a tampered totalPrice is 409 with the current price', async () => {
    const res = await book(asA, payload({ scheduledDate: '2026-08-12', totalPrice: '10.00' }));
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'price_changed', currentPrice: '90.00', currentAmount: 90 });
    expect(res.body.error.fields.totalPrice).toContain('90.00');
    expect(await rowsAt('2026-08-12T14:00:00.000Z')).toHaveLength(0);
    const higher = await book(asA, payload({ scheduledDate: '2026-08-12', totalPrice: '500.00' }));
    expect(higher.status).toBe(409);
    const ok = await book(asA, payload({ scheduledDate: '2026-08-12', totalPrice: '90' }));
    expect(ok.status).toBe(201);
    const [row] = await rowsAt('2026-08-12T14:00:00.000Z');
    expect(row?.totalPriceCents).toBe(9000);
  });

  it('answers bad input with 400 naming each field in the product’s words', async () => {
    const res = await ctx.json<Json>('/api/bookings', {
      method: 'POST',
      headers: asA,
      body: { cleanerId: demoCleaner.id, serviceId: 1, address: '  ', duration: 15, totalPrice: '90.00' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toMatchObject({
      address: 'Address is required',
      scheduledDate: 'Please select a date',
    });
    const noTime = await book(asA, payload({ scheduledTime: undefined }));
    expect(noTime.status).toBe(400);
    expect(noTime.body.error.fields).toEqual({ scheduledTime: 'Please select a time' });
    const short = await book(asA, payload({ scheduledDate: '2026-08-13', duration: 15 }));
    expect(short.status).toBe(400);
    expect(short.body.error.fields).toEqual({ duration: 'Duration must be at least 30 minutes' });
    const noPrice = await book(asA, payload({ scheduledDate: '2026-08-13', totalPrice: '' }));
    expect(noPrice.status).toBe(400);
    expect(noPrice.body.error.fields).toEqual({ totalPrice: 'Price is required' });
    const past = await book(asA, payload({ scheduledDate: '2026-06-01' }));
    expect(past.status).toBe(400);
    expect(Object.keys(past.body.error.fields)).toEqual(['scheduledDate']);
    const badDate = await book(asA, payload({ scheduledDate: '2026-02-30' }));
    expect(badDate.status).toBe(400);
    const noCleaner = await book(asA, payload({ cleanerId: 999_999 }));
    expect(noCleaner.status).toBe(404);
    expect(Object.keys(noCleaner.body.error.fields)).toEqual(['cleanerId']);
    const badBody = await ctx.json<Json>('/api/bookings', { method: 'POST', headers: asA, body: '{"cleanerId":' });
    expect(badBody.status).toBe(400);
    expect(
      await ctx.database.db
        .select()
        .from(bookings)
        .where(eq(bookings.startsAt, new Date('2026-08-13T14:00:00Z'))),
    ).toHaveLength(0);
  });

  it('answers every malformed payload with a 4xx, never a 500 and never a row', async () => {
    // status, code and the field named, for each body below in order
    const EXPECTED_REFUSALS = [
      ...Array(4).fill('400 validation_failed duration'),
      ...Array(3).fill('400 validation_failed totalPrice'),
      ...Array(4).fill('400 validation_failed scheduledDate'),
      ...Array(2).fill('400 validation_failed scheduledTime'),
      ...Array(2).fill('400 validation_failed cleanerId'),
      '404 not_found serviceId',
      '400 validation_failed address',
      '400 validation_failed specialInstructions',
      // 12 hours from 09:00 runs past the cleaner's day
      '409 outside_hours ',
    ];
    const before = await ctx.database.db.select({ n: sql<number>`count(*)` }).from(bookings);
    const bodies: Json[] = [
      payload({ duration: 'abc' }),
      payload({ duration: 1e20 }),
      payload({ duration: 125 }),
      payload({ duration: -30 }),
      payload({ totalPrice: '1e5' }),
      payload({ totalPrice: '-90.00' }),
      payload({ totalPrice: null }),
      payload({ scheduledDate: '2026-08-03T25:00' }),
      payload({ scheduledDate: '2026-08-03T25:00Z', scheduledTime: undefined }),
      payload({ scheduledDate: '2026-08-03T09:00:00Z' }),
      payload({ scheduledDate: 'tomorrow' }),
      payload({ scheduledTime: 123 }),
      payload({ scheduledTime: '24:00' }),
      payload({ cleanerId: 1e30 }),
      payload({ cleanerId: 'x' }),
      payload({ serviceId: 999_999 }),
      payload({ address: 'x'.repeat(600) }),
      payload({ specialInstructions: 42 }),
      payload({
        cleanerId: demoCleaner.id,
        scheduledDate: '2026-08-03',
        scheduledTime: '09:00',
        duration: 720,
        totalPrice: '540.00',
      }),
    ];
    const answers: string[] = [];
    for (const body of bodies) {
      const res = await book(asA, { ...body, scheduledDate: body.scheduledDate ?? '2026-08-25' });
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(body)).toBeLessThan(500);
      expect(res.body.error.code, JSON.stringify(body)).toBeTypeOf('string');
      answers.push(`${res.status} ${res.body.error.code} ${Object.keys(res.body.error.fields ?? {}).join(',')}`);
    }
    // Each is refused by the booking route for its own reason, naming the field (a missing route
    // would answer 404 to all of them).
    expect(answers).toEqual(EXPECTED_REFUSALS);
    const after = await ctx.database.db.select({ n: sql<number>`count(*)` }).from(bookings);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('requires a signed-in user', async () => {
    expect((await ctx.json('/api/bookings', { method: 'POST', body: payload() })).status).toBe(401);
  });

  it('replays the same Idempotency-Key and body, and refuses the key with another body', async () => {
    const key = { 'idempotency-key': 'retry-1' };
    const first = await book(asA, payload({ scheduledDate: '2026-08-14' }), key);
    const again = await book(asA, payload({ scheduledDate: '2026-08-14' }), key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await rowsAt('2026-08-14T14:00:00.000Z')).toHaveLength(1);
    const other = await book(asA, payload({ scheduledDate: '2026-08-14', scheduledTime: '13:00' }), key);
    expect(other.status).toBe(422);
    // Another user's key space is separate: B's same key is a fresh request (and the time is taken).
    const byB = await book(asB, payload({ scheduledDate: '2026-08-14' }), key);
    expect(byB.status).toBe(409);
    const stored = await ctx.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'retry-1'));
    expect(stored).toHaveLength(1);
  });

  it('gives every simultaneous retry with one Idempotency-Key the same single booking', async () => {
    const body = JSON.stringify(payload({ scheduledDate: '2026-08-26' }));
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        ctx.app.request('/api/bookings', {
          method: 'POST',
          headers: { ...asA, 'content-type': 'application/json', 'idempotency-key': 'burst-1' },
          body,
        }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(201));
    const ids = new Set(await Promise.all(responses.map(async (r) => ((await r.json()) as Json).id)));
    expect(ids.size).toBe(1);
    expect(await rowsAt('2026-08-26T14:00:00.000Z')).toHaveLength(1);
  });

  it('stores a local 09:00 on the day after a DST change at the right UTC instant', async () => {
    // US clocks go back on Sunday 1 Nov 2026: Monday 2 Nov 09:00 in Chicago is CST (UTC-6).
    const autumn = await book(asA, payload({ scheduledDate: '2026-11-02', scheduledTime: '09:00' }));
    expect(autumn.status).toBe(201);
    expect(autumn.body).toMatchObject({ startsAt: '2026-11-02T15:00:00.000Z', scheduledTime: '09:00' });
    // The Friday before is still CDT (UTC-5).
    const before = await book(asA, payload({ scheduledDate: '2026-10-30', scheduledTime: '09:00' }));
    expect(before.body.startsAt).toBe('2026-10-30T14:00:00.000Z');
  });
});
