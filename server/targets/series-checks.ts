import { createClient } from '@libsql/client';
import { expect, it } from 'vitest';
import type { Json } from './call';
import type { OnTarget } from './each-target';
import { bookDemoCleaner } from './paid-booking';

/**
 * Recurring cleanings (decision 088) on a target: the demo customer makes a booking weekly, pays its
 * first visit (the card saved), and the `extend-series` job books the visits to the horizon once
 * however often it runs; a later visit is charged off-session by `charge-visits` before it starts; a
 * card saved but declined later leaves that visit unpaid and, past its deadline, cancels it alone.
 * The visits' times are moved in the database, as only waiting days would.
 */
export interface SeriesDriver {
  /** Pays the first visit's intent with a card that charges later (`declines`: one saved but declined off-session). */
  pay(on: OnTarget, clientSecret: string, card: 'charges' | 'declines'): Promise<void>;
  /** The off-session charges the provider made for a booking. */
  offSessionCharges(on: OnTarget, bookingId: number): Promise<number>;
}

export const LOCAL_SERIES: SeriesDriver = {
  async pay(on, clientSecret, card) {
    const cookie = await on.signIn('customer@example.com');
    const cardNumber = card === 'charges' ? '4242424242424242' : '4000000000000341';
    const paid = await on.call('/api/payments/local/confirm', {
      method: 'POST',
      body: { clientSecret, cardNumber, expMonth: 12, expYear: 2035, cvc: '123' },
      cookie,
    });
    expect(paid.body.status).toBe('succeeded');
  },
  async offSessionCharges(on, bookingId) {
    const db = createClient({ url: on.target.databaseUrl });
    try {
      const { rows } = await db.execute({
        sql: 'select count(*) as n from local_payment_intents where booking_id = ? and off_session = 1',
        args: [bookingId],
      });
      return Number(rows[0]?.n ?? 0);
    } finally {
      db.close();
    }
  },
};

export function seriesChecks(on: OnTarget, driver: SeriesDriver, fromDay: number): void {
  const { call } = on;

  /** A weekly series from the demo cleaner's first free two hours `day` days or more ahead, its first visit paid. */
  async function weeklySeries(day: number, card: 'charges' | 'declines') {
    const { customer, cleanerCookie, made, scheduledTime } = await bookDemoCleaner(on, day, 14);
    const recur = made.actions.makeRecurring as Json;
    const series = await call(recur.href, {
      method: recur.method,
      body: { bookingId: made.id, frequency: 'weekly' },
      cookie: customer,
    });
    expect(series.status, JSON.stringify(series.body)).toBe(201);
    expect(series.body.status).toBe('pending');
    const pay = made.actions.pay as Json;
    const intent = await call(pay.href, { method: pay.method, body: { bookingId: made.id }, cookie: customer });
    await driver.pay(on, intent.body.clientSecret as string, card);
    return {
      customer,
      cleanerCookie,
      seriesHref: series.body.links.self.href as string,
      scheduledTime,
    };
  }

  /** Moves a visit to start `hours` from now (as the days before it would pass). */
  async function startIn(bookingId: number, hours: number) {
    const db = createClient({ url: on.target.databaseUrl });
    try {
      const startsAt = Date.now() + hours * 3_600_000;
      await db.execute({
        sql: 'update bookings set starts_at = ?, ends_at = ? where id = ?',
        args: [startsAt, startsAt + 2 * 3_600_000, bookingId],
      });
    } finally {
      db.close();
    }
  }

  it('books a weekly series to the horizon once, and charges a later visit to the saved card before it', async () => {
    const { customer, seriesHref, scheduledTime } = await weeklySeries(fromDay, 'charges');
    await on.target.runJob('extend-series');
    const first = (await call(seriesHref, { cookie: customer })).body;
    expect(first.status).toBe('active');
    expect(first.card).not.toBeNull();
    const planned = first.visits.length + first.conflicts.length;
    expect(planned, 'about eight weeks of Fridays, or whichever weekday').toBeGreaterThanOrEqual(7);
    await on.target.runJob('extend-series');
    const again = (await call(seriesHref, { cookie: customer })).body;
    expect(again.visits.map((v: Json) => v.bookingId)).toEqual(first.visits.map((v: Json) => v.bookingId));
    expect(new Set(again.visits.map((v: Json) => v.occurrence)).size).toBe(again.visits.length);
    expect(again.visits.every((v: Json) => v.scheduledTime === scheduledTime)).toBe(true);

    const later = again.visits.find((v: Json) => v.payment === 'charge_scheduled');
    expect(later, 'a later visit waiting for its charge').toBeDefined();
    await startIn(later.bookingId, 48);
    await on.target.runJob('charge-visits');
    await on.target.runJob('charge-visits');
    const visit = (await call(`/api/bookings/${later.bookingId}`, { cookie: customer })).body;
    expect(visit).toMatchObject({ status: 'confirmed', paymentStatus: 'succeeded' });
    expect(await driver.offSessionCharges(on, later.bookingId)).toBe(1);
  });

  it('cancels only the visit whose saved card is declined, once it is unpaid by its deadline', async () => {
    const { customer, seriesHref } = await weeklySeries(fromDay + 1, 'declines');
    await on.target.runJob('extend-series');
    const series = (await call(seriesHref, { cookie: customer })).body;
    const [declined, kept] = series.visits.filter((v: Json) => v.payment === 'charge_scheduled');
    expect(kept, 'two later visits').toBeDefined();
    await startIn(declined.bookingId, 48);
    await on.target.runJob('charge-visits');
    const failed = (await call(seriesHref, { cookie: customer })).body.visits.find(
      (v: Json) => v.bookingId === declined.bookingId,
    );
    expect(failed).toMatchObject({ status: 'confirmed', payment: 'charge_failed' });
    await startIn(declined.bookingId, 12);
    await on.target.runJob('charge-visits');
    const after = (await call(seriesHref, { cookie: customer })).body;
    const byId = (id: number) => after.visits.find((v: Json) => v.bookingId === id);
    expect(byId(declined.bookingId)).toMatchObject({ status: 'cancelled', skipped: false });
    expect(byId(kept.bookingId)).toMatchObject({ status: 'confirmed', payment: 'charge_scheduled' });
    expect(after.status).toBe('active');
  });
}
