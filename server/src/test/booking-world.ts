/**
 * The world of the booking routes' suites. Monday 15 June 2026, noon UTC. The demo cleaner (id 1)
 * works in Austin (America/Chicago), Mon–Sat 08:00–18:00, at $45.00/h; service 1 is Regular House
 * Cleaning, base $80.00. Customers Ann (A) and Ben (B) and both cleaners are signed in.
 */
import { and, eq } from 'drizzle-orm';
import { bookings } from '../db/schema';
import { createCustomer, seedWorld, sessionFor } from './booking-fixtures';
import { createTestContext, type Json } from './harness';

/** 2 hours at $45.00/h is $90.00, above the $80.00 base price. */
export const PRICE_2H = '90.00';

export async function bookingWorld() {
  const ctx = await createTestContext({ now: '2026-06-15T12:00:00Z' });
  const { demoCleaner, otherCleaner } = await seedWorld(ctx);
  const customerA = await createCustomer(ctx, 'Ann');
  const customerB = await createCustomer(ctx, 'Ben');
  const asA = await sessionFor(ctx, customerA);
  const asB = await sessionFor(ctx, customerB);
  const asCleaner = await sessionFor(ctx, demoCleaner.userId);
  const asOtherCleaner = await sessionFor(ctx, otherCleaner.userId);

  /** A two-hour booking with the demo cleaner on Monday 3 August, 09:00. */
  function payload(overrides: Json = {}): Json {
    return {
      cleanerId: demoCleaner.id,
      serviceId: 1,
      address: '1 Congress Ave, Austin, TX',
      scheduledDate: '2026-08-03',
      scheduledTime: '09:00',
      duration: 120,
      totalPrice: PRICE_2H,
      specialInstructions: 'Side door',
      ...overrides,
    };
  }

  const book = (headers: Record<string, string>, body: Json, extra: Record<string, string> = {}) =>
    ctx.json<Json>('/api/bookings', { method: 'POST', headers: { ...headers, ...extra }, body });

  async function rowsAt(startsAtIso: string) {
    return ctx.database.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.cleanerId, demoCleaner.id), eq(bookings.startsAt, new Date(startsAtIso))));
  }

  return {
    ctx,
    demoCleaner,
    otherCleaner,
    customerA,
    customerB,
    asA,
    asB,
    asCleaner,
    asOtherCleaner,
    payload,
    book,
    rowsAt,
  };
}
