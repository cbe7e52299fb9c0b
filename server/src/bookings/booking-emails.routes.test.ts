import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { systemActor } from '../contract/actor';
import { notifications } from '../db/schema';
import { sessionFor } from '../test/booking-fixtures';
import { bookingWorld } from '../test/booking-world';
import { emailProblems, urlsIn } from '../test/email-checks';
import type { Json } from '../test/harness';
import { CARD } from '../test/payment-world';
import { expireUnpaidBookings, queueBookingReminders, UNPAID_BOOKING_TTL_MS } from './booking-lifecycle.service';

/**
 * The booking e-mails as the flows send them (decision 072): an unpaid hold is nobody's news — its
 * customer hears when it is paid (or its cleaner accepts it), its cleaner when it is paid, and a
 * hold that expires or is cancelled unconfirmed sends nothing. Every e-mail greets by first name,
 * says its times on the booking's clock, and links to the address the person was using.
 */
const { ctx, customerA, asCleaner, payload } = await bookingWorld();
/** The address Ann uses: a loopback alias of PUBLIC_URL (`http://localhost:8787`). */
const SITE = 'http://127.0.0.1:8787';
const PUBLIC = ctx.deps.config.publicUrl;
/** Ann signed in at SITE now (a session made before the clock moves weeks on would have expired). */
const annNow = async () => ({ ...(await sessionFor(ctx, customerA)), origin: SITE });
let ann = await annNow();
const JOB = systemActor('test');

/** Every e-mail about a booking, oldest first. */
const mailOf = (id: number) =>
  ctx.database.db
    .select()
    .from(notifications)
    .where(sql`json_extract(${notifications.payload}, '$.bookingId') = ${id}`)
    .orderBy(notifications.id);
const to = (mail: Awaited<ReturnType<typeof mailOf>>, who: 'customer' | 'cleaner') =>
  mail.filter((m) => (m.payload as Json).recipient === who);

async function booked(date: string, time = '09:00'): Promise<number> {
  const made = await ctx.json<Json>(`${SITE}/api/bookings`, {
    method: 'POST',
    headers: ann,
    body: payload({ scheduledDate: date, scheduledTime: time }),
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.id as number;
}

async function pay(id: number) {
  const intent = await ctx.json<Json>(`${SITE}/api/create-payment-intent`, {
    method: 'POST',
    headers: ann,
    body: { bookingId: id },
  });
  expect(intent.status).toBe(200);
  const paid = await ctx.json(`${SITE}/api/payments/local/confirm`, {
    method: 'POST',
    headers: ann,
    body: { clientSecret: intent.body.clientSecret, ...CARD },
  });
  expect(paid.status).toBe(200);
}

describe('the booking e-mails', () => {
  it('sends nothing for an unpaid hold; paying tells the customer and the cleaner, linking where Ann paid', async () => {
    const id = await booked('2026-08-03');
    expect(await mailOf(id)).toEqual([]);

    await pay(id);
    const mail = await mailOf(id);
    expect(mail.map((m) => [m.type, (m.payload as Json).recipient])).toEqual([
      ['booking_confirmed', 'customer'],
      ['booking_confirmed', 'cleaner'],
    ]);
    const [customer] = to(mail, 'customer');
    expect(customer?.subject).toBe('Your booking is confirmed for Monday, August 3');
    expect(customer?.body).toMatch(
      /^Hi Ann,\n\nYour booking with Jordan Rivera is confirmed, and your payment of \$90\.00 went through\./,
    );
    expect(customer?.body).toContain('When: Monday, August 3, 2026 at 9:00 AM CDT');
    expect(customer?.body).toContain('You can cancel for free until Sunday, August 2, 2026 at 9:00 AM CDT');
    expect(urlsIn(customer?.body ?? '')).toEqual([`${SITE}/dashboard`]);
    const [cleaner] = to(mail, 'cleaner');
    expect(cleaner?.body).toMatch(/^Hi Jordan,\n\nAnn Customer booked you, and the booking is paid\./);
    expect(cleaner?.body).toContain('Instructions: Side door');
    for (const m of mail) expect(emailProblems(m, SITE)).toEqual([]);
  });

  it('sends nothing when an unpaid hold expires, nor when one is cancelled before it is confirmed', async () => {
    const expiring = await booked('2026-08-04');
    const cancelled = await booked('2026-08-05');
    expect((await ctx.json(`${SITE}/api/bookings/${cancelled}`, { method: 'DELETE', headers: ann })).status).toBe(200);
    const now = ctx.clock.now();
    ctx.clock.set(new Date(now.getTime() + UNPAID_BOOKING_TTL_MS));
    try {
      expect((await expireUnpaidBookings(ctx.deps, JOB)).expired).toContain(expiring);
    } finally {
      ctx.clock.set(now);
    }
    expect(await mailOf(expiring)).toEqual([]);
    expect(await mailOf(cancelled)).toEqual([]);
  });

  it('tells the customer when the cleaner accepts before payment, and that it is not paid yet', async () => {
    const id = await booked('2026-08-06');
    const accepted = await ctx.json(`${SITE}/api/bookings/${id}/status`, {
      method: 'PATCH',
      headers: { ...asCleaner, origin: SITE },
      body: { status: 'confirmed' },
    });
    expect(accepted.status).toBe(200);
    const mail = await mailOf(id);
    expect(mail.map((m) => (m.payload as Json).recipient)).toEqual(['customer']);
    expect(mail[0]?.body).toContain(
      'Jordan Rivera accepted your booking, so it is confirmed. You have not paid for it yet',
    );
    expect(mail[0]?.body).toContain('Until you pay, cancelling costs nothing.');
    expect(emailProblems(mail[0] as { subject: string; body: string }, SITE)).toEqual([]);
  });

  it('tells both of a confirmed booking’s cancellation, with the fee and the refund, and the refund itself', async () => {
    const id = await booked('2026-08-07');
    await pay(id);
    const before = (await mailOf(id)).length;
    // Less than 24 hours before the start: the cleaner's hour ($45.00) is kept.
    const now = ctx.clock.now();
    ctx.clock.set('2026-08-06T16:00:00Z');
    try {
      ann = await annNow();
      expect((await ctx.json(`${SITE}/api/bookings/${id}`, { method: 'DELETE', headers: ann })).status).toBe(200);
    } finally {
      ctx.clock.set(now);
      ann = await annNow();
    }
    const mail = (await mailOf(id)).slice(before);
    expect(mail.map((m) => [m.type, (m.payload as Json).recipient ?? 'customer'])).toEqual([
      ['booking_cancelled', 'customer'],
      ['booking_cancelled', 'cleaner'],
      ['refund', 'customer'],
    ]);
    expect(mail[0]?.body).toContain("the cleaner's fee of $45.00 is kept, and $45.00 goes back to your card");
    expect(mail[1]?.body).toContain(
      'Ann Customer cancelled their booking with you on Friday, August 7, 2026 at 9:00 AM CDT',
    );
    expect(mail[2]?.subject).toBe("We've refunded $45.00 to your card");
    expect(mail[2]?.body).toContain("less the cleaner's fee of $45.00");
    for (const m of mail) expect(emailProblems(m, SITE)).toEqual([]);
  });

  it('tells the cleaner what changed in a confirmed booking; the day-before reminder links to PUBLIC_URL', async () => {
    const id = await booked('2026-08-08');
    await pay(id);
    const moved = await ctx.json(`${SITE}/api/bookings/${id}`, {
      method: 'PUT',
      headers: ann,
      body: { scheduledTime: '11:00', specialRequests: 'Front door this time' },
    });
    expect(moved.status).toBe(200);
    const [changed] = (await mailOf(id)).filter((m) => m.type === 'booking_updated');
    expect(changed?.subject).toBe('Ann Customer changed their booking for Saturday, August 8');
    expect(changed?.body).toContain(
      'The time moved from Saturday, August 8, 2026 at 9:00 AM CDT to Saturday, August 8, 2026 at 11:00 AM CDT. The instructions are now: Front door this time.',
    );
    expect(emailProblems(changed as { subject: string; body: string }, SITE)).toEqual([]);

    // A job has no request: its e-mails link to PUBLIC_URL.
    const now = ctx.clock.now();
    ctx.clock.set('2026-08-07T16:00:00Z');
    try {
      expect((await queueBookingReminders(ctx.deps, JOB)).reminded).toContain(id);
    } finally {
      ctx.clock.set(now);
    }
    const reminders = (await mailOf(id)).filter((m) => m.type === 'booking_reminder');
    expect(reminders.map((m) => m.subject).sort()).toEqual([
      "Reminder: you're cleaning for Ann Customer tomorrow at 11:00 AM CDT",
      'Reminder: your cleaning is tomorrow at 11:00 AM CDT',
    ]);
    for (const m of reminders) expect(emailProblems(m, PUBLIC)).toEqual([]);
  });
});
