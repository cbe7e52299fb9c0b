import { centsToDollars, LATE_CANCELLATION_FEE_HOURS } from '@spotless/sdk/rules';
import { and, eq, gt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, payments, users } from '../db/schema';
import { sessionFor } from '../test/booking-fixtures';
import { createTestContext } from '../test/harness';
import { DEMO_CUSTOMER_EMAIL } from './demo-accounts';
import { seedDemoData } from './generate';

/**
 * The demo data's paid bookings are paid at the local test-mode provider too (decision 053): a
 * new user who cancels one in the demo gets the refund the cancel dialog promised, as for a booking
 * paid at checkout — the provider does not answer "it does not know this payment".
 */
const NOW = '2026-11-24T15:00:00Z';
const ctx = await createTestContext({ now: NOW });
await seedDemoData(ctx.database, { cleaners: 20, now: new Date(NOW), demoAccounts: true, seed: 3 });

describe('a seeded paid booking', () => {
  it('is refunded in full when its customer cancels it more than 24 hours ahead', async () => {
    const [customer] = await ctx.database.db.select().from(users).where(eq(users.email, DEMO_CUSTOMER_EMAIL));
    if (!customer) throw new Error('demo customer missing');
    const [paid] = await ctx.database.db
      .select({ id: bookings.id, total: bookings.totalPriceCents })
      .from(bookings)
      .innerJoin(payments, eq(payments.bookingId, bookings.id))
      .where(
        and(
          eq(bookings.customerId, customer.id),
          eq(bookings.status, 'confirmed'),
          eq(payments.status, 'succeeded'),
          gt(bookings.startsAt, new Date(Date.parse(NOW) + 48 * 3_600_000)),
        ),
      )
      .limit(1);
    if (!paid) throw new Error('no paid future booking in the demo data');
    const res = await ctx.json(`/api/bookings/${paid.id}`, {
      method: 'DELETE',
      headers: await sessionFor(ctx, customer.id),
    });
    expect(res.status).toBe(200);
    const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.bookingId, paid.id));
    expect(payment).toMatchObject({ status: 'refunded', refundedCents: paid.total });
  });

  it('cancelled late keeps the policy’s fee (one hour at its own rate) and refunds the rest', async () => {
    const [customer] = await ctx.database.db.select().from(users).where(eq(users.email, DEMO_CUSTOMER_EMAIL));
    if (!customer) throw new Error('demo customer missing');
    const late = await ctx.database.db
      .select({ booking: bookings, payment: payments })
      .from(bookings)
      .innerJoin(payments, eq(payments.bookingId, bookings.id))
      .where(and(eq(bookings.customerId, customer.id), gt(bookings.cancellationFeeCents, 0)));
    expect(late).toHaveLength(1);
    const { booking, payment } = late[0]!;
    const fee = Math.min(booking.hourlyRateCents * LATE_CANCELLATION_FEE_HOURS, booking.totalPriceCents);
    expect(booking.cancellationFeeCents).toBe(fee);
    expect(payment).toMatchObject({ status: 'succeeded', refundedCents: booking.totalPriceCents - fee });
    expect(payment.refundReason).toBe(`Booking cancelled (cancellation fee $${centsToDollars(fee)} kept)`);
  });
});
