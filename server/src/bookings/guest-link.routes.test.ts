import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashPassword, TEST_PASSWORD_COST } from '../auth/password';
import { systemActor } from '../contract/actor';
import { bookings, users } from '../db/schema';
import { deliverNotifications } from '../notifications/outbox';
import { guestCheckoutWorld } from '../test/guest-checkout';
import type { Json } from '../test/harness';
import { queueBookingReminders } from './booking-lifecycle.service';

/**
 * The e-mailed link of guest checkout (decision 049) — single use, expiring, no Referer — joins the
 * booking to the address's account.
 */
const { ctx, widget, payload, bookAsGuest, payAsGuest, bookAndPayAsGuest, linkFor } = await guestCheckoutWorld();

describe('the e-mailed link', () => {
  it('comes with the paid booking’s confirmation, to the guest alone: the cleaner’s copy carries no link', async () => {
    await deliverNotifications(ctx.deps);
    const before = ctx.sent.length;
    const made = await bookAsGuest(payload());
    expect(made.status).toBe(201);
    // An unpaid hold is nobody's news (decision 072): no e-mail, no link yet.
    await deliverNotifications(ctx.deps);
    expect(ctx.sent.slice(before)).toEqual([]);
    await payAsGuest(made);
    await deliverNotifications(ctx.deps);
    const about = ctx.sent.slice(before);
    const guestMail = about.filter((m) => m.to === made.body.booking.customer.email);
    const others = about.filter((m) => m.to !== made.body.booking.customer.email);
    expect(guestMail.map((m) => m.subject)).toEqual([expect.stringMatching(/^Your booking is confirmed for /)]);
    expect(guestMail[0]?.body).toMatch(/^Hi Gail,\n\nYour booking with \S+ \S+ through Sunny Homes is confirmed/);
    expect(guestMail[0]?.body).toMatch(/\nhttp:\/\/localhost:8787\/api\/guest-link\?token=[\w-]+\n/);
    expect(others.length).toBeGreaterThan(0);
    for (const mail of others) {
      expect(mail.body).not.toContain('guest-link');
      expect(mail.body).not.toContain(made.body.guestToken as string);
    }
  });

  it('joins the booking to a new account for the address, signs in once, leaks nothing on, and works once', async () => {
    const made = await bookAndPayAsGuest(payload());
    const email = made.body.booking.customer.email as string;
    const path = await linkFor(email);
    const opened = await ctx.app.request(path);
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe('/dashboard');
    expect(opened.headers.get('referrer-policy')).toBe('no-referrer');
    expect(opened.headers.get('cache-control')).toBe('no-store');
    const session = /spotless_session=([^;]+)/.exec(opened.headers.get('set-cookie') ?? '')?.[1];
    expect(session).toBeDefined();

    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailVerifiedAt).not.toBeNull();
    expect(user?.passwordHash).toBeNull();
    expect(user?.firstName).toBe('Gail');
    const mine = await ctx.json<Json>('/api/bookings', { headers: { cookie: `spotless_session=${session}` } });
    expect(mine.body.items.map((b: Json) => b.id)).toContain(made.body.booking.id);
    // The guest token stops once the booking is someone's.
    const guest = { ...widget, authorization: `Bearer ${made.body.guestToken}` };
    expect((await ctx.json(`/api/bookings/${made.body.booking.id}`, { headers: guest })).status).toBe(401);

    const again = await ctx.app.request(path);
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe('/login?link=expired');
    expect(again.headers.get('set-cookie')).toBeNull();
  });

  it('expires after 7 days', async () => {
    const made = await bookAndPayAsGuest(payload());
    const path = await linkFor(made.body.booking.customer.email);
    const now = ctx.clock.now();
    ctx.clock.set(new Date(now.getTime() + 7 * 24 * 3600_000 + 1000));
    try {
      const late = await ctx.app.request(path);
      expect(late.headers.get('location')).toBe('/login?link=expired');
      const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, made.body.booking.id));
      expect(row?.customerId).toBeNull();
    } finally {
      ctx.clock.set(now);
    }
  });

  it('joins an existing account of that address; one never confirmed loses the password someone may have set', async () => {
    const email = `squatted-${Date.now()}@example.com`;
    const hash = await hashPassword('squatter-password', TEST_PASSWORD_COST);
    await ctx.database.write((tx) =>
      tx.insert(users).values({ email, firstName: 'Not', lastName: 'Owner', passwordHash: hash }),
    );
    const made = await bookAndPayAsGuest(
      payload({ guestName: 'Real Owner', guestEmail: email, guestPhone: '5125550199' }),
    );
    const opened = await ctx.app.request(await linkFor(email));
    expect(opened.headers.get('location')).toBe('/dashboard');
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.passwordHash).toBeNull();
    expect(user?.emailVerifiedAt).not.toBeNull();
    const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, made.body.booking.id));
    expect(row?.customerId).toBe(user?.id);
  });
  it('comes again with the guest’s reminder, which has no My Bookings to send them to', async () => {
    const made = await bookAndPayAsGuest(payload());
    const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, made.body.booking.id));
    if (!row) throw new Error('no booking');
    await deliverNotifications(ctx.deps);
    const before = ctx.sent.length;
    ctx.clock.set(new Date(row.startsAt.getTime() - 23 * 60 * 60 * 1000));
    expect((await queueBookingReminders(ctx.deps, systemActor('test'))).reminded).toContain(row.id);
    await deliverNotifications(ctx.deps);
    const reminder = ctx.sent
      .slice(before)
      .find((m) => m.to === made.body.booking.customer.email && m.subject.startsWith('Reminder'));
    expect(reminder?.subject).toMatch(/^Reminder: your cleaning is tomorrow/);
    expect(reminder?.body).toMatch(
      /See, change or cancel your booking with this link: http:\/\/localhost:8787\/api\/guest-link\?token=/,
    );
    expect(reminder?.body).not.toContain('/dashboard');
  });
});
