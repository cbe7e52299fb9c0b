import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookings, notifications, rateLimits } from '../db/schema';
import { ORIGIN } from '../test/booking-fixtures';
import { guestCheckoutWorld } from '../test/guest-checkout';
import type { Json } from '../test/harness';

/**
 * `POST /api/guest-link/resend` (decision 049, addendum): a guest whose link expired or was used
 * asks for a new one by address. The answer is the same whether or not the address booked; a
 * match gets one e-mail through the outbox with a new link that works; the password reset's limits.
 */
const { ctx, payload, bookAndPayAsGuest, linkFor } = await guestCheckoutWorld();

const SAME = { ok: true, message: 'If you booked with that address, we’ve sent a new link.' };
const resend = (email: string) =>
  ctx.json<Json>('/api/guest-link/resend', { method: 'POST', headers: { origin: ORIGIN }, body: { email } });
/** The new-link e-mails queued for an address. */
const queuedFor = (email: string) =>
  ctx.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipientEmail, email), eq(notifications.type, 'guest_link')));
const linkIn = (body: string) => {
  const match = /https?:\/\/\S+\/api\/guest-link\?token=[A-Za-z0-9_-]+/.exec(body);
  if (!match) throw new Error('no link in the e-mail');
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
};
/** A guest booking made with `email`, whose first link is past its 7 days. */
async function expiredGuestBooking(email: string) {
  const made = await bookAndPayAsGuest(payload({ guestEmail: email }));
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return { bookingId: made.body.booking.id as number, first: await linkFor(email) };
}

describe('POST /api/guest-link/resend', () => {
  // Every request here comes from the one test address: each check starts with its counts at zero.
  beforeEach(async () => {
    await ctx.database.write((tx) => tx.delete(rateLimits));
  });

  it('answers the same 202 whether or not the address booked, and sends nothing for an unknown one', async () => {
    const unknown = await resend('nobody-booked@example.com');
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(SAME);
    expect(await queuedFor('nobody-booked@example.com')).toEqual([]);

    await expiredGuestBooking('known-guest@example.com');
    const known = await resend('known-guest@example.com');
    expect(known.status).toBe(202);
    expect(known.body).toEqual(SAME);
  });

  it('ends the links sent before: only the newest opens the booking', async () => {
    const email = 'resent-early@example.com';
    const { first } = await expiredGuestBooking(email);
    // Still within its week: the first link would work, until a new one is sent.
    expect((await resend(email)).status).toBe(202);
    const [mail] = await queuedFor(email);
    expect(mail?.body).toContain('it replaces any link we sent before.');
    expect((await ctx.app.request(first)).headers.get('location')).toBe('/login?link=expired');
    expect((await ctx.app.request(linkIn(mail?.body ?? ''))).headers.get('location')).toBe('/dashboard');
  });

  it('queues one e-mail with a new link for each open booking; the new link opens it, the old stays used', async () => {
    const email = 'two-bookings@example.com';
    const one = await expiredGuestBooking(email);
    const two = await expiredGuestBooking(email);
    // A week and a day later the first links have expired; the bookings are still ahead.
    const now = ctx.clock.now();
    ctx.clock.set(new Date(now.getTime() + 8 * 24 * 3600_000));
    try {
      expect((await ctx.app.request(one.first)).headers.get('location')).toBe('/login?link=expired');
      expect((await resend('Two-Bookings@Example.com')).status).toBe(202);
      const mails = await queuedFor(email);
      expect(mails).toHaveLength(1);
      const mail = mails[0] as (typeof mails)[number];
      expect(mail.body).toContain(`(booking number ${one.bookingId}):\n`);
      expect(mail.body).toContain(`(booking number ${two.bookingId}):\n`);
      expect(mail.body).not.toContain(one.first);
      const link = linkIn(mail.body);
      const opened = await ctx.app.request(link);
      expect(opened.headers.get('location')).toBe('/dashboard');
      const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, one.bookingId));
      expect(row?.customerId).not.toBeNull();
      // Single use, as the first.
      expect((await ctx.app.request(link)).headers.get('location')).toBe('/login?link=expired');
    } finally {
      ctx.clock.set(now);
    }
  });

  it('sends nothing for a booking already in an account, cancelled, or ended more than 7 days ago', async () => {
    const joined = 'joined-guest@example.com';
    const { first } = await expiredGuestBooking(joined);
    expect((await ctx.app.request(first)).headers.get('location')).toBe('/dashboard');
    expect((await resend(joined)).body).toEqual(SAME);
    expect(await queuedFor(joined)).toEqual([]);

    const cancelled = 'cancelled-guest@example.com';
    const { bookingId } = await expiredGuestBooking(cancelled);
    await ctx.database.write((tx) =>
      tx.update(bookings).set({ status: 'cancelled', cancelledAt: ctx.clock.now() }).where(eq(bookings.id, bookingId)),
    );
    expect((await resend(cancelled)).body).toEqual(SAME);
    expect(await queuedFor(cancelled)).toEqual([]);

    const old = 'long-ago-guest@example.com';
    const past = await expiredGuestBooking(old);
    const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, past.bookingId));
    const endsAt = (row as { endsAt: Date }).endsAt.getTime();
    const now = ctx.clock.now();
    // Six days after it ended a new link is still sent; eight days after, not.
    ctx.clock.set(new Date(endsAt + 8 * 24 * 3600_000));
    try {
      expect((await resend(old)).body).toEqual(SAME);
      expect(await queuedFor(old)).toEqual([]);
      ctx.clock.set(new Date(endsAt + 6 * 24 * 3600_000));
      expect((await resend(old)).body).toEqual(SAME);
      expect(await queuedFor(old)).toHaveLength(1);
    } finally {
      ctx.clock.set(now);
    }
  });

  it('is limited like the password reset: 3 an hour per e-mail address, whatever the client address', async () => {
    const email = 'limited-guest@example.com';
    await expiredGuestBooking(email);
    for (let i = 0; i < 3; i++) expect((await resend(email)).status).toBe(202);
    const refused = await resend(email);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await queuedFor(email)).toHaveLength(3);
    // Another address is not held back by it.
    expect((await resend('someone-else@example.com')).status).toBe(202);
  });

  it('is limited per client address too, counted with the password reset requests of that address', async () => {
    const reset = await ctx.json('/api/auth/password-reset', {
      method: 'POST',
      headers: { origin: ORIGIN },
      body: { email: 'forgot@example.com' },
    });
    expect(reset.status).toBe(202);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await resend(`visitor-${i}@example.com`)).status);
    // AUTH_RATE_LIMIT (10 by default) in 15 minutes: the reset request was the first of them.
    expect(statuses.slice(0, 9)).toEqual(Array(9).fill(202));
    expect(statuses[9]).toBe(429);
  });

  it('refuses what is not an e-mail address, naming the field', async () => {
    const res = await resend('not-an-address');
    expect(res.status).toBe(400);
    expect(res.body.error.fields.email).toBeDefined();
  });
});
