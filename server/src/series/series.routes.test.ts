import { and, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { systemActor } from '../contract/actor';
import { bookingSeries, bookings, notifications, partners } from '../db/schema';
import { sessionFor } from '../test/booking-fixtures';
import { bookingWorld } from '../test/booking-world';
import type { Json } from '../test/harness';
import { chargeDueVisits, extendSeries } from './series-horizon.service';

/**
 * Recurring cleanings (decision 088) on a seeded database: Ann's Friday 9:00 cleaning with the demo
 * cleaner (Austin, America/Chicago, Mon–Sat 08:00–18:00) made weekly in October 2026, across the
 * change from daylight time on 1 November. Ben books one Friday first, so it cannot be Ann's.
 */
const world = await bookingWorld();
const { ctx, payload, book } = world;
const asA: Record<string, string> = {};
const asB: Record<string, string> = {};
const asCleaner: Record<string, string> = {};
const asOtherCleaner: Record<string, string> = {};
/** Moves the clock, signing everyone in again then (sessions made months before would have expired). */
async function at(instant: string) {
  ctx.clock.set(instant);
  const ids = [world.customerA, world.customerB, world.demoCleaner.userId, world.otherCleaner.userId];
  const sessions = await Promise.all(ids.map((id) => sessionFor(ctx, id)));
  for (const [i, headers] of [asA, asB, asCleaner, asOtherCleaner].entries()) Object.assign(headers, sessions[i]);
}
await at('2026-10-12T12:00:00Z');
const jobs = { extend: systemActor('extend-series'), charge: systemActor('charge-visits') };

async function pay(headers: Record<string, string>, bookingId: number, cardNumber = '4242424242424242') {
  const intent = await ctx.json<Json>('/api/create-payment-intent', { method: 'POST', headers, body: { bookingId } });
  expect(intent.status, JSON.stringify(intent.body)).toBe(200);
  const paid = await ctx.json<Json>('/api/payments/local/confirm', {
    method: 'POST',
    headers,
    body: { clientSecret: intent.body.clientSecret, cardNumber, expMonth: 12, expYear: 2035, cvc: '123' },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
}

async function weekly(date: string, cardNumber?: string): Promise<{ seriesId: number; firstId: number }> {
  const made = await book(asA, payload({ scheduledDate: date, scheduledTime: '09:00' }));
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  expect(made.body.actions.makeRecurring).toMatchObject({ method: 'POST', href: '/api/booking-series' });
  const series = await ctx.json<Json>('/api/booking-series', {
    method: 'POST',
    headers: asA,
    body: { bookingId: made.body.id, frequency: 'weekly' },
  });
  expect(series.status, JSON.stringify(series.body)).toBe(201);
  if (cardNumber) await pay(asA, made.body.id, cardNumber);
  return { seriesId: series.body.id, firstId: made.body.id };
}

const visitsOf = (seriesId: number) =>
  ctx.database.db.select().from(bookings).where(eq(bookings.seriesId, seriesId)).orderBy(bookings.startsAt);
const read = (id: number, headers: Record<string, string> = asA) =>
  ctx.json<Json>(`/api/booking-series/${id}`, { headers });

// Ben has Friday 30 October at 9:00 already.
const bens = await book(asB, payload({ scheduledDate: '2026-10-30', scheduledTime: '09:00' }));
await pay(asB, bens.body.id);
const { seriesId, firstId } = await weekly('2026-10-16');

describe('a weekly series', () => {
  it('waits for its first visit to be paid, then books visits to the horizon once however often the job runs', async () => {
    expect((await read(seriesId)).body).toMatchObject({ status: 'pending', frequency: 'weekly', card: null });
    expect(await extendSeries(ctx.deps, jobs.extend)).toEqual({ activated: 0, booked: 0, conflicts: 0 });
    await pay(asA, firstId);
    const first = await extendSeries(ctx.deps, jobs.extend);
    expect(first).toEqual({ activated: 1, booked: 6, conflicts: 1 });
    expect(await extendSeries(ctx.deps, jobs.extend)).toEqual({ activated: 0, booked: 0, conflicts: 0 });
    const visits = await visitsOf(seriesId);
    expect(visits.map((v) => v.occurrence)).toEqual([
      '2026-10-16',
      '2026-10-23',
      '2026-11-06',
      '2026-11-13',
      '2026-11-20',
      '2026-11-27',
      '2026-12-04',
    ]);
    const shown = (await read(seriesId)).body;
    expect(shown).toMatchObject({
      status: 'active',
      card: { last4: '4242' },
      schedule: expect.stringContaining('Every week on Friday at 9:00 AM'),
    });
    expect(shown.actions.pause).toBeDefined();
    expect(shown.actions.end).toBeDefined();
  });

  it('keeps 9:00 on the cleaner’s clock across the change from daylight time', async () => {
    const visits = await visitsOf(seriesId);
    const at = (date: string) => visits.find((v) => v.occurrence === date)?.startsAt.toISOString();
    expect(at('2026-10-23')).toBe('2026-10-23T14:00:00.000Z'); // CDT, UTC-5
    expect(at('2026-11-06')).toBe('2026-11-06T15:00:00.000Z'); // CST, UTC-6
    expect(visits.slice(1).every((v) => v.status === 'confirmed' && v.paymentStatus === 'unpaid')).toBe(true);
  });

  it('reports a Friday already taken with the nearest free times, and never double-books it', async () => {
    const atNine = await ctx.database.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.startsAt, new Date('2026-10-30T14:00:00Z')), eq(bookings.status, 'confirmed')));
    expect(atNine.map((b) => b.id)).toEqual([bens.body.id]);
    const shown = (await read(seriesId)).body;
    expect(shown.conflicts).toHaveLength(1);
    expect(shown.conflicts[0]).toMatchObject({ occurrence: '2026-10-30', reason: 'slot_taken' });
    expect(shown.conflicts[0].alternatives.length).toBeGreaterThan(0);
    expect(shown.conflicts[0].alternatives[0].startsAt).not.toBe('2026-10-30T14:00:00.000Z');
    const notices = await ctx.database.db.select().from(notifications).where(eq(notifications.type, 'series_conflict'));
    expect(notices).toHaveLength(1);
  });

  it('charges a later visit to the saved card 72 hours before it, once', async () => {
    await at('2026-10-20T15:00:00Z');
    expect(await chargeDueVisits(ctx.deps, jobs.charge)).toEqual({ charged: 1, failed: 0, cancelled: 0 });
    expect(await chargeDueVisits(ctx.deps, jobs.charge)).toEqual({ charged: 0, failed: 0, cancelled: 0 });
    const visit = (await visitsOf(seriesId)).find((v) => v.occurrence === '2026-10-23');
    expect(visit).toMatchObject({ status: 'confirmed', paymentStatus: 'succeeded' });
  });

  it('lets its customer skip one visit 24 hours ahead, and only that one', async () => {
    const shown = (await read(seriesId)).body;
    const nov6 = shown.visits.find((v: Json) => v.occurrence === '2026-11-06');
    expect(nov6.actions.skip).toMatchObject({ method: 'POST' });
    const skipped = await ctx.json<Json>(nov6.actions.skip.href, { method: 'POST', headers: asA });
    expect(skipped.status, JSON.stringify(skipped.body)).toBe(200);
    const after = skipped.body.visits.find((v: Json) => v.occurrence === '2026-11-06');
    expect(after).toMatchObject({ status: 'cancelled', skipped: true });
    expect(skipped.body.visits.filter((v: Json) => v.status === 'confirmed')).toHaveLength(5);
  });

  it('is read by its cleaner (who may decline it) and by nobody else', async () => {
    const cleaners = await read(seriesId, asCleaner);
    expect(cleaners.body).toMatchObject({ role: 'cleaner', customer: { firstName: 'Ann' } });
    expect(cleaners.body.actions).toEqual({ decline: expect.objectContaining({ method: 'POST' }) });
    expect((await read(seriesId, asB)).status).toBe(404);
    expect((await read(seriesId, asOtherCleaner)).status).toBe(404);
    const pause = await ctx.json<Json>(`/api/booking-series/${seriesId}/pause`, {
      method: 'POST',
      headers: asCleaner,
      body: {},
    });
    expect(pause.status).toBe(404);
  });

  it('ends: only future visits are cancelled, the charged one refunded in full (more than 24 hours ahead)', async () => {
    await at('2026-10-21T12:00:00Z');
    const ended = await ctx.json<Json>(`/api/booking-series/${seriesId}/end`, {
      method: 'POST',
      headers: asA,
      body: {},
    });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect(ended.body.status).toBe('ended');
    expect(ended.body.actions).toEqual({});
    const visits = await visitsOf(seriesId);
    // The first visit, in the past, is left as it was.
    expect(visits[0]).toMatchObject({ occurrence: '2026-10-16', status: 'confirmed', paymentStatus: 'succeeded' });
    expect(visits.slice(1).every((v) => v.status === 'cancelled')).toBe(true);
    // Cancelled by the ending, not skipped one by one: only the visit skipped before reads as skipped.
    expect(ended.body.visits.filter((v: Json) => v.skipped).map((v: Json) => v.occurrence)).toEqual(['2026-11-06']);
    const charged = visits.find((v) => v.occurrence === '2026-10-23');
    expect(charged).toMatchObject({ cancellationFeeCents: 0, paymentStatus: 'refunded' });
    expect(await extendSeries(ctx.deps, jobs.extend)).toEqual({ activated: 0, booked: 0, conflicts: 0 });
    // One e-mail to each party for the ending, not one per cancelled visit.
    const told = await ctx.database.db.select().from(notifications).where(eq(notifications.type, 'series_ended'));
    expect(told.map((n) => n.subject).sort()).toEqual([
      'Ann Customer ended their regular cleaning',
      'Your regular cleaning with Jordan Rivera has ended',
    ]);
    const cancelledMails = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.type, 'booking_cancelled'));
    const endedIds = visits.slice(1).map((v) => String(v.id));
    expect(
      cancelledMails.filter((n) => endedIds.some((id) => JSON.stringify(n.payload).includes(`"bookingId":${id}`))),
    ).toHaveLength(
      // The visit skipped before the ending was told as a skip, to each party.
      2,
    );
  });
});

describe('a visit whose saved card is declined', () => {
  it('tells the customer, and cancels that visit alone, without fee, once its deadline passes', async () => {
    await at('2026-11-02T12:00:00Z');
    // Stripe's test card 4000 0000 0000 0341: saved at checkout, declined when charged later.
    const { seriesId } = await weekly('2026-11-07', '4000000000000341');
    await extendSeries(ctx.deps, jobs.extend);
    const [first, second, third] = await visitsOf(seriesId);
    expect(second?.occurrence).toBe('2026-11-14');
    // Its card is charged later: nothing to pay by hand, no "Pay Now", until then.
    const waiting = await ctx.json<Json>(`/api/bookings/${second?.id}`, { headers: asA });
    expect(waiting.body.actions.pay).toBeUndefined();
    expect(waiting.body.series.chargeAt).toBe('2026-11-11T15:00:00.000Z');
    const early = await ctx.json<Json>('/api/create-payment-intent', {
      method: 'POST',
      headers: asA,
      body: { bookingId: second?.id },
    });
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('charge_scheduled');
    await at('2026-11-11T16:00:00Z');
    expect(await chargeDueVisits(ctx.deps, jobs.charge)).toMatchObject({ charged: 0, failed: 1, cancelled: 0 });
    const notice = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.type, 'visit_charge_failed'));
    expect(notice).toHaveLength(1);
    expect(notice[0]?.body).toContain('this visit alone is cancelled, without any fee');
    const shown = (await read(seriesId)).body.visits.find((v: Json) => v.occurrence === '2026-11-14');
    expect(shown).toMatchObject({ payment: 'charge_failed', payBy: '2026-11-13T15:00:00.000Z' });
    const declined = await ctx.json<Json>(`/api/bookings/${second?.id}`, { headers: asA });
    expect(declined.body.actions.pay).toBeDefined();
    // A day before it, still unpaid: cancelled.
    await at('2026-11-13T15:30:00Z');
    expect((await chargeDueVisits(ctx.deps, jobs.charge)).cancelled).toBe(1);
    const after = await visitsOf(seriesId);
    expect(after.find((v) => v.id === second?.id)).toMatchObject({
      status: 'cancelled',
      cancellationFeeCents: 0,
      cancellationKind: 'expired',
    });
    expect(after.find((v) => v.id === first?.id)?.status).toBe('confirmed');
    expect(after.find((v) => v.id === third?.id)?.status).toBe('confirmed');
    const row = await ctx.database.db.select().from(bookingSeries).where(eq(bookingSeries.id, seriesId)).get();
    expect(row?.status).toBe('active');
  });
});

describe('a series a partner brought', () => {
  it('books every visit for that partner at the commission of the first', async () => {
    await at('2026-11-16T12:00:00Z');
    const [partner] = await ctx.database.write((tx) =>
      tx
        .insert(partners)
        .values({ name: 'Sunny Homes', publishableKey: 'pk_series_partner', allowedOrigins: ['https://sunny.example'] })
        .returning({ id: partners.id }),
    );
    const made = await book(asA, payload({ scheduledDate: '2026-11-18', scheduledTime: '13:00' }));
    await ctx.database.write((tx) =>
      tx
        .update(bookings)
        .set({ partnerId: partner?.id, partnerCommissionBps: 900 })
        .where(eq(bookings.id, made.body.id)),
    );
    const series = await ctx.json<Json>('/api/booking-series', {
      method: 'POST',
      headers: asA,
      body: { bookingId: made.body.id, frequency: 'biweekly' },
    });
    await pay(asA, made.body.id);
    await extendSeries(ctx.deps, jobs.extend);
    const visits = await visitsOf(series.body.id);
    expect(visits.length).toBeGreaterThan(2);
    expect(visits.map((v) => [v.partnerId, v.partnerCommissionBps])).toEqual(visits.map(() => [partner?.id, 900]));
  });
});

describe('pausing and resuming', () => {
  it('books nothing new while paused, and on resuming plans from then on, never a visit too close to pay', async () => {
    await at('2026-12-07T12:00:00Z');
    const { seriesId } = await weekly('2026-12-10', '4242424242424242');
    await extendSeries(ctx.deps, jobs.extend);
    const paused = await ctx.json<Json>(`/api/booking-series/${seriesId}/pause`, {
      method: 'POST',
      headers: asA,
      body: {},
    });
    expect(paused.body).toMatchObject({ status: 'paused' });
    expect(paused.body.actions.resume).toBeDefined();
    const booked = (await visitsOf(seriesId)).length;
    // Six weeks later the horizon has moved past the last visit booked, but a paused series gets no new ones.
    await at('2027-01-20T12:00:00Z');
    await extendSeries(ctx.deps, jobs.extend);
    expect(await visitsOf(seriesId)).toHaveLength(booked);
    // Resumed on Thursday 4 February at 06:00 Austin time: that morning's visit is too close to be paid.
    await at('2027-02-04T12:00:00Z');
    const resumed = await ctx.json<Json>(`/api/booking-series/${seriesId}/resume`, {
      method: 'POST',
      headers: asA,
      body: {},
    });
    expect(resumed.body.status).toBe('active');
    await extendSeries(ctx.deps, jobs.extend);
    const dates = (await visitsOf(seriesId)).map((v) => v.occurrence);
    expect(dates).toContain('2027-01-28');
    expect(dates).not.toContain('2027-02-04');
    expect(dates).toContain('2027-02-11');
  });
});

describe('making a booking regular', () => {
  it('refuses a booking that is not the caller’s, or already in a series, naming the field', async () => {
    await at('2026-11-20T12:00:00Z');
    const made = await book(asA, payload({ scheduledDate: '2026-12-01', scheduledTime: '10:00' }));
    const byBen = await ctx.json<Json>('/api/booking-series', {
      method: 'POST',
      headers: asB,
      body: { bookingId: made.body.id, frequency: 'monthly' },
    });
    expect(byBen.status).toBe(404);
    const first = await ctx.json<Json>('/api/booking-series', {
      method: 'POST',
      headers: asA,
      body: { bookingId: made.body.id, frequency: 'monthly' },
    });
    expect(first.status).toBe(201);
    const again = await ctx.json<Json>('/api/booking-series', {
      method: 'POST',
      headers: asA,
      body: { bookingId: made.body.id, frequency: 'weekly' },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.fields).toHaveProperty('bookingId');
    const bad = await ctx.json<Json>('/api/booking-series', {
      method: 'POST',
      headers: asA,
      body: { bookingId: made.body.id, frequency: 'daily' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('frequency');
    const rows = await ctx.database.db.select().from(bookings).where(isNotNull(bookings.seriesId));
    expect(rows.filter((r) => r.id === made.body.id)).toHaveLength(1);
  });
});
