import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_SESSION_COOKIE } from '../auth/cookies';
import { createSession, generateSessionToken } from '../auth/sessions';
import { bookings, guestBookingLinks, users } from '../db/schema';
import { createCustomer, ORIGIN, sessionFor } from '../test/booking-fixtures';
import { guestCheckoutWorld } from '../test/guest-checkout';
import type { Json } from '../test/harness';
import { maskEmail } from './guest-access.service';

/**
 * `POST /api/guest-link/preview` (decision 049, addendum): what the asking page reads before it
 * asks — which booking, which address (masked), whether that account is the one signed in — without
 * using the link or signing anyone in. And `GET /api/guest-link` without a usable token, from a
 * browser, lands on the expired-link page rather than a JSON error.
 */
const { ctx, payload, bookAndPayAsGuest, linkFor } = await guestCheckoutWorld();

/** A guest booking, its e-mailed link's path and token, and what the booking answered. */
async function guestLink(overrides: Json = {}) {
  const made = await bookAndPayAsGuest(payload(overrides));
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const booking = made.body.booking as Json;
  const path = await linkFor(booking.customer.email as string);
  const token = new URL(path, ORIGIN).searchParams.get('token') as string;
  return { booking, email: booking.customer.email as string, path, token };
}
const preview = (token: string, headers: Record<string, string> = { origin: ORIGIN }) =>
  ctx.json<Json>('/api/guest-link/preview', { method: 'POST', headers, body: { token } });
/** Whether the link is still unused and its booking still in nobody's account. */
async function unused(bookingId: number): Promise<boolean> {
  const [link] = await ctx.database.db
    .select()
    .from(guestBookingLinks)
    .where(eq(guestBookingLinks.bookingId, bookingId));
  const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
  return link?.usedAt === null && row?.customerId === null;
}
/** An account for `email` signed in: its address confirmed or not. */
async function accountOf(email: string, confirmed: boolean) {
  const [row] = await ctx.database.write((tx) =>
    tx
      .insert(users)
      .values({ email, firstName: 'Gail', lastName: 'Guest', emailVerifiedAt: confirmed ? ctx.clock.now() : null })
      .returning({ id: users.id }),
  );
  return sessionFor(ctx, row?.id as number);
}

describe('POST /api/guest-link/preview', () => {
  it('answers the booking’s cleaner, its local date and time and the masked address, with `open`', async () => {
    const { booking, token } = await guestLink({ guestEmail: 'gwendolyn@example.net', scheduledTime: '10:30' });
    const res = await preview(token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const cleaner = booking.cleaner.user as Json;
    expect(res.body).toMatchObject({
      booking: {
        cleanerName: `${cleaner.firstName} ${cleaner.lastName}`,
        scheduledDate: booking.scheduledDate,
        scheduledTime: '10:30',
        startsAt: booking.startsAt,
        timeZone: booking.timeZone,
      },
      email: 'g•••@example.net',
      signedInToThisAccount: false,
      alreadyOpened: false,
      links: { next: { href: '/dashboard', type: 'text/html' } },
      actions: { open: { method: 'POST', href: '/api/guest-link', operation: 'confirmGuestLink' } },
    });
    expect(res.body.actions.open.fields.map((f: Json) => f.name)).toEqual(['token']);
    expect(res.body.links.booking).toBeUndefined();
    // Nothing more of the booking or the guest: no id, address, price, name or phone.
    const text = JSON.stringify(res.body);
    for (const hidden of ['gwendolyn', 'Congress', 'Gail', '555', String(booking.totalPrice)]) {
      expect(text).not.toContain(hidden);
    }
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('uses nothing and signs nobody in: the link still opens afterwards', async () => {
    const { booking, email, path, token } = await guestLink();
    for (let i = 0; i < 3; i++) {
      const res = await preview(token);
      expect(res.status).toBe(200);
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    expect(await unused(booking.id as number)).toBe(true);
    const opened = await ctx.app.request(path);
    expect(opened.headers.get('location')).toBe('/dashboard');
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(user).toBeDefined();
  });

  it('answers each link for its own booking only', async () => {
    const first = await guestLink({ scheduledTime: '09:00' });
    const second = await guestLink({ scheduledTime: '13:00', guestEmail: 'other.person@example.org' });
    const a = await preview(first.token);
    const b = await preview(second.token);
    expect(a.body.booking.scheduledDate).toBe(first.booking.scheduledDate);
    expect(a.body.booking.scheduledTime).toBe('09:00');
    expect(b.body.booking.scheduledDate).toBe(second.booking.scheduledDate);
    expect(b.body.booking.scheduledTime).toBe('13:00');
    expect(b.body.email).toBe('o•••@example.org');
  });

  it('refuses a used, expired, unknown or malformed link: 400 naming `token`', async () => {
    const used = await guestLink();
    expect((await ctx.app.request(used.path)).headers.get('location')).toBe('/dashboard');
    const someone = await sessionFor(ctx, await createCustomer(ctx, 'Una'));
    for (const headers of [{ origin: ORIGIN }, someone]) {
      const res = await preview(used.token, headers);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_token', fields: { token: expect.any(String) } });
    }
    for (const token of ['never-issued-but-well-shaped-0123456789', 'short', 'not a token at all!']) {
      const res = await preview(token);
      expect(res.status, token).toBe(400);
      expect(res.body.error.fields.token, token).toBeDefined();
    }
    const late = await guestLink();
    const now = ctx.clock.now();
    ctx.clock.set(new Date(now.getTime() + 7 * 24 * 3600_000 + 1000));
    try {
      expect((await preview(late.token)).body.error.code).toBe('invalid_token');
    } finally {
      ctx.clock.set(now);
    }
    expect(await unused(late.booking.id as number)).toBe(true);
  });

  it('a used link whose booking is in the signed-in account answers `alreadyOpened`, with no `open`', async () => {
    const { booking, path, token } = await guestLink();
    const opened = await ctx.app.request(path);
    const session = /spotless_session=([^;]+)/.exec(opened.headers.get('set-cookie') ?? '')?.[1];
    const res = await preview(token, { cookie: `spotless_session=${session}`, origin: ORIGIN });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      alreadyOpened: true,
      signedInToThisAccount: true,
      links: { next: { href: '/dashboard' }, booking: { href: `/api/bookings/${booking.id}` } },
    });
    expect(res.body.actions.open).toBeUndefined();
  });

  it('says whether the account the link opens is the one signed in: confirmed, and no administrator session', async () => {
    const mine = await guestLink({ guestEmail: 'same.account@example.com' });
    const confirmed = await accountOf('same.account@example.com', true);
    expect((await preview(mine.token, confirmed)).body.signedInToThisAccount).toBe(true);
    // Someone else signed in, or nobody.
    const other = await sessionFor(ctx, await createCustomer(ctx, 'Otto'));
    expect((await preview(mine.token, other)).body.signedInToThisAccount).toBe(false);
    expect((await preview(mine.token)).body.signedInToThisAccount).toBe(false);
    // Continuing would sign out the administrator session beside it: the page asks.
    const adminToken = generateSessionToken();
    await createSession(ctx.database, adminToken, { userId: null, kind: 'admin' }, ctx.clock.now());
    const both = { cookie: `${confirmed.cookie}; ${ADMIN_SESSION_COOKIE}=${adminToken}`, origin: ORIGIN };
    expect((await preview(mine.token, both)).body.signedInToThisAccount).toBe(false);
    // An account whose address was never confirmed loses its password when the link opens: the page asks.
    const squatted = await guestLink({ guestEmail: 'never.confirmed@example.com' });
    const unconfirmed = await accountOf('never.confirmed@example.com', false);
    expect((await preview(squatted.token, unconfirmed)).body.signedInToThisAccount).toBe(false);
    expect(await unused(mine.booking.id as number)).toBe(true);
  });

  it('is refused from another site when it carries a session (CSRF)', async () => {
    const { token } = await guestLink();
    const someone = await sessionFor(ctx, await createCustomer(ctx, 'Cy'));
    const res = await preview(token, { ...someone, origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('csrf');
  });

  it('masks an address but for its first character and domain; a short name shows none', () => {
    expect(maskEmail('gail@example.net')).toBe('g•••@example.net');
    expect(maskEmail('jo@example.net')).toBe('•••@example.net');
  });
});

describe('GET /api/guest-link without a usable token', () => {
  it('sends a browser to the expired-link page, signed in or not; a JSON caller gets the 400', async () => {
    const someone = await sessionFor(ctx, await createCustomer(ctx, 'Bo'));
    const browser = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    for (const path of ['/api/guest-link', '/api/guest-link?token=', '/api/guest-link?token=%3Cscript%3E']) {
      const opens: Record<string, string>[] = [
        { accept: browser },
        { accept: browser, cookie: someone.cookie as string },
        {},
      ];
      for (const headers of opens) {
        const res = await ctx.app.request(path, { headers });
        expect(res.status, path).toBe(303);
        expect(res.headers.get('location')).toBe('/login?link=expired');
        expect(res.headers.get('referrer-policy')).toBe('no-referrer');
        expect(res.headers.get('set-cookie')).toBeNull();
      }
    }
    const api = await ctx.json<Json>('/api/guest-link', { headers: { accept: 'application/json' } });
    expect(api.status).toBe(400);
    expect(api.body.error).toMatchObject({ code: 'validation_failed', fields: { token: 'This link is incomplete' } });
  });
});
