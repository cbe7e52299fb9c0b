import { eq, ne, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_SESSION_COOKIE } from '../auth/cookies';
import { createSession, generateSessionToken } from '../auth/sessions';
import { availability, bookings, cleaners, notifications, payments, refunds, timeOff, users } from '../db/schema';
import { ORIGIN, sessionFor } from '../test/booking-fixtures';
import { bookingWorld } from '../test/booking-world';
import type { Json } from '../test/harness';

/**
 * A cleaner's withdrawal from a confirmed, paid job (decision 071): only its cleaner, only before
 * the start, with a reason; the booking is cancelled as withdrawn and refunded in full at once, the
 * customer is e-mailed the reason and up to three nearby cleaners free at that time who offer the
 * service, the withdrawal counts on the cleaner's record (administrators see it), and the cleaner
 * is paid nothing.
 */
const { ctx, demoCleaner, customerA, asA, asCleaner, payload, book } = await bookingWorld();
const REASON = 'My van broke down and the garage needs two days.';
const CARD = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' };
const adminToken = generateSessionToken();
await createSession(ctx.database, adminToken, { userId: null, kind: 'admin' }, ctx.clock.now());
const asAdmin = { cookie: `${ADMIN_SESSION_COOKIE}=${adminToken}`, origin: ORIGIN };

// Only the cleaners of this test around Austin: the seeded others step aside.
await ctx.database.write((tx) =>
  tx.update(cleaners).set({ status: 'suspended' }).where(ne(cleaners.id, demoCleaner.id)),
);

let added = 0;
/** A cleaner `north` degrees of latitude north of the demo cleaner, working weekdays 08:00–18:00. */
async function cleanerNear(north: number, serviceTypes = ['residential'], east = 0): Promise<number> {
  added += 1;
  return ctx.database.write(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ email: `near-${added}@test.example`, firstName: `Near${added}`, lastName: 'Cleaner' })
      .returning({ id: users.id });
    const [row] = await tx
      .insert(cleaners)
      .values({
        userId: user!.id,
        bio: 'Nearby',
        experience: '3-5 years',
        hourlyRateCents: 4000,
        serviceTypes,
        coverageAreas: ['Austin'],
        city: 'Austin',
        state: 'TX',
        zipCode: '78701',
        latitude: demoCleaner.latitude + north,
        longitude: demoCleaner.longitude + east,
        timeZone: 'America/Chicago',
      })
      .returning({ id: cleaners.id });
    for (const day of [1, 2, 3, 4, 5]) {
      await tx
        .insert(availability)
        .values({ cleanerId: row!.id, dayOfWeek: day, startTime: '08:00', endTime: '18:00' });
    }
    return row!.id;
  });
}

/** A confirmed, paid two-hour booking with the demo cleaner on `date` at 09:00, as customer A. */
async function paidBooking(date: string): Promise<number> {
  const made = await book(asA, payload({ scheduledDate: date }));
  expect(made.status).toBe(201);
  const intent = await ctx.json<Json>('/api/create-payment-intent', {
    method: 'POST',
    headers: asA,
    body: { bookingId: made.body.id },
  });
  const paid = await ctx.json<Json>('/api/payments/local/confirm', {
    method: 'POST',
    headers: asA,
    body: { clientSecret: intent.body.clientSecret, ...CARD },
  });
  expect(paid.status).toBe(200);
  return made.body.id as number;
}

const withdraw = (id: number, headers: Record<string, string>, reason: unknown = REASON) =>
  ctx.json<Json>(`/api/bookings/${id}/withdraw`, { method: 'POST', headers, body: { reason } });

describe('a cleaner withdraws from a confirmed, paid job', () => {
  it('is offered to its cleaner only, and refused to anyone else', async () => {
    const id = await paidBooking('2026-08-03');
    // Another active cleaner, signed in: the booking is none of theirs.
    const [other] = await ctx.database.db
      .select()
      .from(cleaners)
      .where(eq(cleaners.id, await cleanerNear(0.5)));
    const asOtherCleaner = await sessionFor(ctx, other!.userId);
    const seen = (headers: Record<string, string>) => ctx.json<Json>(`/api/bookings/${id}`, { headers });
    const offered = (await seen(asCleaner)).body.actions.withdraw;
    expect(offered).toMatchObject({ method: 'POST', href: `/api/bookings/${id}/withdraw` });
    expect(offered.fields).toEqual([
      expect.objectContaining({ name: 'reason', required: true, minLength: 10, maxLength: 500 }),
    ]);
    expect(offered.description).toContain('refunded in full');
    expect((await seen(asA)).body.actions.withdraw).toBeUndefined();
    expect((await seen(asAdmin)).body.actions.withdraw).toBeUndefined();

    expect((await withdraw(id, asOtherCleaner)).status).toBe(404);
    expect((await withdraw(id, asA)).status).toBe(403);
    expect((await withdraw(id, asAdmin)).status).toBe(403);
    const short = await withdraw(id, asCleaner, 'sick');
    expect(short.status).toBe(400);
    expect(short.body.error.fields).toEqual({
      reason: 'Please tell the customer why you cannot come (at least 10 characters)',
    });
    expect((await seen(asA)).body).toMatchObject({ status: 'confirmed', paymentStatus: 'succeeded' });
  });

  it('cancels it as withdrawn, refunds every cent once, counts it on the cleaner and pays them nothing', async () => {
    const figures = async () => (await ctx.json<Json>('/api/cleaners/profile/overview', { headers: asCleaner })).body;
    const earningsBefore = await figures();
    const id = await paidBooking('2026-08-04');
    // Paid: the money is the cleaner's to come.
    // The cleaner's share of the $90.00 paid: 85% after the platform fee (the money split).
    expect(Number((await figures()).upcomingEarnings)).toBe(Number(earningsBefore.upcomingEarnings) + 76.5);
    const before = (await ctx.database.db.select().from(cleaners).where(eq(cleaners.id, demoCleaner.id)))[0]!;
    const done = await withdraw(id, asCleaner);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      status: 'cancelled',
      cancellationKind: 'withdrawn',
      cancelReason: REASON,
      cancellationFee: '0.00',
      paymentStatus: 'refunded',
      refund: { amount: '90.00', status: 'succeeded' },
      actions: {},
    });
    const again = await withdraw(id, asCleaner);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('illegal_transition');
    const refunded = await ctx.database.db
      .select({ amountCents: refunds.amountCents, status: refunds.status, reason: refunds.reason })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(payments.bookingId, id));
    expect(refunded).toEqual([{ amountCents: 9000, status: 'succeeded', reason: 'Your cleaner withdrew' }]);

    // The customer sees who cancelled it and that it is refunded.
    const mine = (await ctx.json<Json>(`/api/bookings/${id}`, { headers: asA })).body;
    expect(mine).toMatchObject({ cancellationKind: 'withdrawn', paymentStatus: 'refunded', customerId: customerA });
    const after = (await ctx.database.db.select().from(cleaners).where(eq(cleaners.id, demoCleaner.id)))[0]!;
    expect(after.withdrawnJobs).toBe(before.withdrawnJobs + 1);
    expect(after.completedJobs).toBe(before.completedJobs);
    // Administrators see the count; nobody else does.
    expect((await ctx.json<Json>(`/api/cleaners/${demoCleaner.id}`, { headers: asAdmin })).body.withdrawals).toBe(
      after.withdrawnJobs,
    );
    expect((await ctx.json<Json>(`/api/cleaners/${demoCleaner.id}`, { headers: asA })).body).not.toHaveProperty(
      'withdrawals',
    );
    // Withdrawn: none of it is the cleaner's, now or later; it counts against their completion rate.
    const earningsAfter = await figures();
    expect(earningsAfter).toMatchObject({
      totalEarnings: earningsBefore.totalEarnings,
      upcomingEarnings: earningsBefore.upcomingEarnings,
      cancelledByCleanerAfterAccepting: earningsBefore.cancelledByCleanerAfterAccepting + 1,
    });
  });

  it('e-mails the customer the reason and up to three nearby cleaners free then who offer the service', async () => {
    const date = '2026-08-05';
    const first = await cleanerNear(0.01);
    const second = await cleanerNear(0.02);
    const busy = await cleanerNear(0.005);
    const offersNothing = await cleanerNear(0.003, []);
    const off = await cleanerNear(0.004);
    const third = await cleanerNear(0.03);
    const fourth = await cleanerNear(0.04);
    const far = await cleanerNear(2.5, ['residential'], 1);
    const startsAt = new Date('2026-08-05T14:00:00Z');
    await ctx.database.write(async (tx) => {
      await tx.insert(bookings).values({
        customerId: customerA,
        cleanerId: busy,
        serviceId: 1,
        status: 'confirmed',
        startsAt: new Date(startsAt.getTime() + 60 * 60_000),
        endsAt: new Date(startsAt.getTime() + 3 * 60 * 60_000),
        durationMinutes: 120,
        timeZone: 'America/Chicago',
        address: '1 Elm St',
        hourlyRateCents: 4000,
        totalPriceCents: 8000,
      });
      await tx.insert(timeOff).values({ cleanerId: off, startDate: date, endDate: date, reason: 'Away' });
    });
    const id = await paidBooking(date);
    expect((await withdraw(id, asCleaner)).status).toBe(200);

    const [mail] = await ctx.database.db
      .select()
      .from(notifications)
      .where(
        sql`${notifications.type} = 'booking_withdrawn' and json_extract(${notifications.payload}, '$.bookingId') = ${id}`,
      );
    expect(mail?.subject).toBe("Your cleaner can't come on Wednesday, August 5");
    const [customer] = await ctx.database.db.select().from(users).where(eq(users.id, customerA));
    expect(mail?.recipientEmail).toBe(customer?.email);
    expect(mail?.body).toMatch(/^Hi \w+,/);
    expect(mail?.body).toContain(`They told us: ${REASON}`);
    expect(mail?.body).toMatch(/Your cleaner, \w+ \w+, has withdrawn/);
    expect(mail?.body).toContain('Your payment of $90.00 is refunded in full to your card');
    expect(mail?.body).toMatch(/https?:\/\/[^/\s]+\/booking\/\d+\/1\?date=/);
    const linked = [...(mail?.body ?? '').matchAll(/\/booking\/(\d+)\/1\?date=2026-08-05&time=09:00/g)].map((m) =>
      Number(m[1]),
    );
    expect(linked).toEqual([first, second, third]);
    for (const other of [busy, offersNothing, off, fourth, far]) expect(linked).not.toContain(other);
    // The refund's own e-mail says why: the cleaner withdrew, not that the customer cancelled.
    const [refundMail] = await ctx.database.db
      .select()
      .from(notifications)
      .where(sql`${notifications.type} = 'refund' and json_extract(${notifications.payload}, '$.bookingId') = ${id}`);
    expect(refundMail?.body).toContain('Your cleaner withdrew from this booking, so all of it is refunded.');
    expect(refundMail?.body).not.toContain('cancelled booking');
  });

  it('is too late once the job has started', async () => {
    const id = await paidBooking('2026-08-06');
    // Its start has just passed (moved on the row: the sessions would expire with a clock two months on).
    const now = ctx.clock.now().getTime();
    await ctx.database.write((tx) =>
      tx
        .update(bookings)
        .set({ startsAt: new Date(now - 60_000), endsAt: new Date(now + 119 * 60_000) })
        .where(eq(bookings.id, id)),
    );
    const late = await withdraw(id, asCleaner);
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('already_started');
    expect((await ctx.json<Json>(`/api/bookings/${id}`, { headers: asCleaner })).body.actions.withdraw).toBeUndefined();
  });
});
