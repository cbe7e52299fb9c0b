import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cleaners, notifications } from '../db/schema';
import { bookingWorld } from '../test/booking-world';
import type { Json } from '../test/harness';
import { CARD } from '../test/payment-world';

/**
 * What a cleaner is booked for and when it does not fit (decision 071): only the services they
 * offer (the SDK's `servicesOffered`, on create, on a move and in their `book` action), a duration
 * too long for its start says how long is free there, an over-long one gets the duration rule's
 * message, and an address in another city is booked with a warning in its e-mails.
 */
const { ctx, demoCleaner, asA, asB, payload, book } = await bookingWorld();
/** The catalogue's Commercial Cleaning: the demo cleaner (residential, deep, move-out) does not offer it. */
const COMMERCIAL = 7;

async function setServiceTypes(types: string[]) {
  await ctx.database.write((tx) =>
    tx.update(cleaners).set({ serviceTypes: types }).where(eq(cleaners.id, demoCleaner.id)),
  );
}

describe('a cleaner is booked only for what they offer', () => {
  it('refuses a service the cleaner does not offer, naming serviceId', async () => {
    const refused = await book(
      asA,
      payload({ serviceId: COMMERCIAL, scheduledDate: '2026-08-10', totalPrice: '200.00' }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'service_not_offered',
      fields: { serviceId: 'This cleaner does not offer Commercial Cleaning: please choose one of their services' },
    });
    expect((await book(asA, payload({ serviceId: 2, scheduledDate: '2026-08-10', totalPrice: '150.00' }))).status).toBe(
      201,
    );
  });

  it('lists in the `book` action exactly the services the cleaner offers', async () => {
    const profile = (await ctx.json<Json>(`/api/cleaners/${demoCleaner.id}`, { headers: asA })).body;
    const field = profile.actions.book.fields.find((f: Json) => f.name === 'serviceId');
    expect(field.type).toBe('select');
    expect(field.options.map((o: Json) => o.title)).toEqual([
      'Regular House Cleaning',
      'Deep Cleaning',
      'Move-in/Move-out Cleaning',
      'Window Cleaning',
      'Carpet & Upholstery Refresh',
    ]);
  });

  it('refuses to move a booking whose service the cleaner no longer offers', async () => {
    await setServiceTypes(['residential', 'commercial']);
    const made = await book(asB, payload({ serviceId: COMMERCIAL, scheduledDate: '2026-08-11', totalPrice: '200.00' }));
    expect(made.status).toBe(201);
    await setServiceTypes(['residential', 'deep', 'moveout']);
    const moved = await ctx.json<Json>(`/api/bookings/${made.body.id}`, {
      method: 'PUT',
      headers: asB,
      body: { scheduledTime: '13:00' },
    });
    expect(moved.status).toBe(409);
    expect(moved.body.error).toMatchObject({ code: 'service_not_offered', fields: { serviceId: expect.any(String) } });
    // Its instructions can still change.
    expect(
      (
        await ctx.json<Json>(`/api/bookings/${made.body.id}`, {
          method: 'PUT',
          headers: asB,
          body: { specialRequests: 'Keys at reception' },
        })
      ).status,
    ).toBe(200);
  });
});

describe('a duration that does not fit', () => {
  it('says how long the cleaner is free from its start, on the booking and in the day’s slots', async () => {
    expect((await book(asA, payload({ scheduledDate: '2026-08-12', scheduledTime: '12:00' }))).status).toBe(201);
    const fourHours = await book(
      asB,
      payload({ scheduledDate: '2026-08-12', scheduledTime: '10:00', duration: 240, totalPrice: '180.00' }),
    );
    expect(fourHours.status).toBe(409);
    expect(fourHours.body.error).toMatchObject({
      code: 'not_enough_time',
      message: 'Needs 4 hr; only 2 hr free from 10:00 AM: choose a shorter duration or another time',
      fields: { duration: 'Needs 4 hr; only 2 hr free from 10:00 AM: choose a shorter duration or another time' },
    });
    const day = (await ctx.json<Json>(`/api/cleaners/${demoCleaner.id}/slots/2026-08-12?duration=240`)).body;
    const free = Object.fromEntries(day.items.map((s: Json) => [s.startTime, s.freeMinutes]));
    expect(free).toMatchObject({
      '08:00': 240,
      '10:00': 120,
      '11:30': 30,
      '12:00': 0,
      '13:30': 0,
      '14:00': 240,
      '17:30': 30,
    });
  });

  it('answers an over-long duration with the duration rule, not with a lack of time', async () => {
    const long = await book(asA, payload({ scheduledDate: '2026-08-13', duration: 800, totalPrice: '600.00' }));
    expect(long.status).toBe(400);
    expect(long.body.error.fields).toEqual({ duration: 'Duration must be at most 12 hours' });
    const slots = await ctx.json<Json>(`/api/cleaners/${demoCleaner.id}/slots/2026-08-13?duration=800`);
    expect(slots.status).toBe(400);
    expect(slots.body.error.fields).toEqual({ duration: 'Duration must be at most 12 hours' });
  });
});

async function pay(id: number) {
  const intent = await ctx.json<Json>('/api/create-payment-intent', {
    method: 'POST',
    headers: asA,
    body: { bookingId: id },
  });
  expect(intent.status).toBe(200);
  const paid = await ctx.json('/api/payments/local/confirm', {
    method: 'POST',
    headers: asA,
    body: { clientSecret: intent.body.clientSecret, ...CARD },
  });
  expect(paid.status).toBe(200);
}

describe('an address outside the cleaner’s city', () => {
  it('is booked, and both e-mails carry the warning the booking page shows', async () => {
    const made = await book(asA, payload({ scheduledDate: '2026-08-14', address: '2100 Ross Ave, Dallas, TX 75201' }));
    expect(made.status).toBe(201);
    // The booking e-mails go out once it is paid (decision 072).
    await pay(made.body.id);
    const mails = await ctx.database.db
      .select()
      .from(notifications)
      .where(sql`json_extract(${notifications.payload}, '$.bookingId') = ${made.body.id}`);
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.body).toContain(
        'This address is in Dallas, TX, but Jordan works in Austin, TX: they may decline a job outside their area.',
      );
    }
    const inTown = await book(asA, payload({ scheduledDate: '2026-08-17' }));
    await pay(inTown.body.id);
    const [mail] = await ctx.database.db
      .select()
      .from(notifications)
      .where(sql`json_extract(${notifications.payload}, '$.bookingId') = ${inTown.body.id}`);
    expect(mail?.body).not.toContain('may decline');
  });
});
