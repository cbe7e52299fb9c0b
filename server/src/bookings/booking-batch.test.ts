import { BookingCreateInput } from '@spotless/sdk/schemas';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AppError } from '../contract/errors';
import type { Database } from '../db/client';
import { availability, bookingStatusHistory, bookings, cleaners, notifications, rateLimits } from '../db/schema';
import { createCustomer, seedWorld, sessionFor } from '../test/booking-fixtures';
import { createTestContext } from '../test/harness';
import { bookInOneBatch } from './booking-create.service';
import { findBookingView } from './bookings.queries';

/**
 * A booking in one round trip (decision 054): planned on what the database holds, written by one
 * batch whose guards re-check every rule. Each check here changes the database between the plan
 * and the batch — what another server's write does — and finds the batch refused and re-planned.
 */

// Monday 15 June 2026, noon UTC. The demo cleaner (id 1) works in Austin, Mon–Sat 08:00–18:00, at
// $45.00/h; service 1 is Regular House Cleaning.
const ctx = await createTestContext({ now: '2026-06-15T12:00:00Z' });
const { demoCleaner } = await seedWorld(ctx);
const ann = await createCustomer(ctx, 'Ann');
const ben = await createCustomer(ctx, 'Ben');

let nextDay = 3;
/** A Monday of its own per check, August 2026, 09:00 for two hours at $90.00. */
function input(overrides: Record<string, unknown> = {}) {
  const day = nextDay;
  nextDay += 7;
  return BookingCreateInput.parse({
    cleanerId: demoCleaner.id,
    serviceId: 1,
    address: '1 Congress Ave, Austin, TX',
    scheduledDate: `2026-08-${String(day).padStart(2, '0')}`,
    scheduledTime: '09:00',
    duration: 120,
    totalPrice: '90.00',
    ...overrides,
  });
}

/** The database, with `between` run once just before the next batch: a write from elsewhere. */
function changedBeforeBatch(between: () => Promise<unknown>): Database {
  let pending = true;
  return {
    ...ctx.database,
    batch: async (statements) => {
      if (pending) {
        pending = false;
        await between();
      }
      return ctx.database.batch(statements);
    },
  };
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  return 'booked';
}

const bookingsOn = (date: Date) =>
  ctx.database.db
    .select({ id: bookings.id, customerId: bookings.customerId })
    .from(bookings)
    .where(and(eq(bookings.cleanerId, demoCleaner.id), eq(bookings.startsAt, date)));

describe('a booking in one batch', () => {
  it('writes the booking with its history naming its id, e-mails nobody, and reads it back in the same batch', async () => {
    const view = await bookInOneBatch(ctx.deps, { kind: 'customer', userId: ann }, input(), ctx.clock.now());
    const id = view.booking.id;
    // What the batch read back is the booking as a fresh read shows it, not a later insert's row.
    expect(view).toEqual(await findBookingView(ctx.database.db, id));
    expect(view).toMatchObject({ booking: { customerId: ann, status: 'pending' }, hasReview: 0, paymentId: null });
    const [history] = await ctx.database.db
      .select()
      .from(bookingStatusHistory)
      .where(eq(bookingStatusHistory.bookingId, id));
    expect(history).toMatchObject({ fromStatus: null, toStatus: 'pending', actorUserId: ann, actorRole: 'customer' });
    // An unpaid hold is nobody's news (decision 072): nothing in the outbox names it.
    const mail = await ctx.database.db
      .select()
      .from(notifications)
      .then((rows) => rows.filter((n) => (n.payload as { bookingId?: number } | null)?.bookingId === id));
    expect(mail).toEqual([]);
  });

  it('refuses a time booked by someone else between its plan and its batch, and names it on a new plan', async () => {
    const mine = input();
    const theirs = { ...mine };
    const deps = {
      ...ctx.deps,
      database: changedBeforeBatch(() =>
        bookInOneBatch(ctx.deps, { kind: 'customer', userId: ben }, theirs, ctx.clock.now()),
      ),
    };
    expect(await refusal(bookInOneBatch(deps, { kind: 'customer', userId: ann }, mine, ctx.clock.now()))).toBe(
      'slot_taken',
    );
    const [only, ...more] = await bookingsOn(new Date('2026-08-10T14:00:00Z'));
    expect(more).toEqual([]);
    expect(only?.customerId).toBe(ben);
  });

  it('refuses hours changed between its plan and its batch, and names the new reason', async () => {
    const deps = {
      ...ctx.deps,
      database: changedBeforeBatch(() =>
        ctx.database.write((tx) =>
          tx
            .update(availability)
            .set({ startTime: '12:00' })
            .where(and(eq(availability.cleanerId, demoCleaner.id), eq(availability.dayOfWeek, 1))),
        ),
      ),
    };
    expect(await refusal(bookInOneBatch(deps, { kind: 'customer', userId: ann }, input(), ctx.clock.now()))).toBe(
      'outside_hours',
    );
    expect(await bookingsOn(new Date('2026-08-17T14:00:00Z'))).toEqual([]);
    await ctx.database.write((tx) =>
      tx
        .update(availability)
        .set({ startTime: '08:00' })
        .where(and(eq(availability.cleanerId, demoCleaner.id), eq(availability.dayOfWeek, 1))),
    );
  });

  it('refuses a rate changed between its plan and its batch: the price the customer saw is gone', async () => {
    const deps = {
      ...ctx.deps,
      database: changedBeforeBatch(() =>
        ctx.database.write((tx) =>
          tx.update(cleaners).set({ hourlyRateCents: 5000 }).where(eq(cleaners.id, demoCleaner.id)),
        ),
      ),
    };
    expect(await refusal(bookInOneBatch(deps, { kind: 'customer', userId: ann }, input(), ctx.clock.now()))).toBe(
      'price_changed',
    );
    expect(await bookingsOn(new Date('2026-08-24T14:00:00Z'))).toEqual([]);
  });
});

describe('POST /api/bookings', () => {
  it('is three round trips: the session, the rate limit counted with the plan reads, and the write batch', async () => {
    // A database of its own: the checks below change the demo cleaner's hours and rate.
    const own = await createTestContext({ now: '2026-06-15T12:00:00Z' });
    await seedWorld(own);
    const cal = await createCustomer(own, 'Cal');
    const headers = { ...(await sessionFor(own, cal)), 'content-type': 'application/json' };
    const { client } = own.database;
    const trips: string[] = [];
    const spy = <T extends object, K extends keyof T>(target: T, name: K, label: string) => {
      const original = target[name] as (...args: unknown[]) => unknown;
      target[name] = ((...args: unknown[]) => {
        trips.push(label);
        return original.apply(target, args);
      }) as T[K];
      return () => {
        target[name] = original as T[K];
      };
    };
    const restore = [
      spy(client, 'execute', 'read'),
      spy(client, 'batch', 'read batch'),
      spy(own.database, 'batch', 'write batch'),
    ];
    let res: Response;
    try {
      res = await own.app.request('/api/bookings', { method: 'POST', headers, body: JSON.stringify(input()) });
    } finally {
      for (const undo of restore) undo();
    }
    expect(res.status).toBe(201);
    expect(trips).toEqual(['read', 'write batch', 'write batch']);
    const [counted] = await own.database.db
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(eq(rateLimits.key, `bookingCreate:user:${cal}`));
    expect(counted?.count).toBe(1);
  });
});
