import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_SESSION_COOKIE } from '../auth/cookies';
import { createSession, generateSessionToken } from '../auth/sessions';
import { bookings, guestBookingLinks } from '../db/schema';
import { createCustomer, ORIGIN, sessionFor } from '../test/booking-fixtures';
import { cookieHeader, cookiesFrom } from '../test/cookies';
import { guestCheckoutWorld } from '../test/guest-checkout';
import type { Json } from '../test/harness';

/**
 * The e-mailed link of guest checkout (decision 049) opened by another site, or over someone's
 * session: it asks before it signs anyone in (login CSRF).
 */
const { ctx, payload, bookAndPayAsGuest, linkFor } = await guestCheckoutWorld();

describe('the e-mailed link opened by another site, or over someone’s session (login CSRF)', () => {
  /** A guest booking and the path of its e-mailed link. */
  async function guestLink() {
    const made = await bookAndPayAsGuest(payload());
    const email = made.body.booking.customer.email as string;
    return { bookingId: made.body.booking.id as number, email, path: await linkFor(email) };
  }
  /** Whether the link is still unused and its booking still in nobody's account. */
  async function unused(bookingId: number): Promise<boolean> {
    const [link] = await ctx.database.db
      .select()
      .from(guestBookingLinks)
      .where(eq(guestBookingLinks.bookingId, bookingId));
    const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    return link?.usedAt === null && row?.customerId === null;
  }
  /** Who a cookie header is signed in as, by GET /api/auth/session (null: nobody). */
  async function signedInAs(cookie: string): Promise<string | null> {
    const state = await ctx.json<Json>('/api/auth/session', { headers: { cookie } });
    return (state.body.user?.email as string | undefined) ?? null;
  }
  const victimEmail = async (headers: Record<string, string>) => signedInAs(headers.cookie as string);
  /** The token of a link's path. */
  const tokenOf = (path: string) => new URL(path, ORIGIN).searchParams.get('token') as string;
  /** The answer leads to the asking page with the token in the fragment, and sets no cookie. */
  function expectAsked(res: Response, path: string) {
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/guest-link#token=${tokenOf(path)}`);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('set-cookie')).toBeNull();
  }

  it('a link another site opens for a signed-in victim asks first: the victim stays signed in, the link unused', async () => {
    const { bookingId, path } = await guestLink();
    const victim = await sessionFor(ctx, await createCustomer(ctx, 'Vera'));
    const before = await victimEmail(victim);
    expect(before).not.toBeNull();
    const starts: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
      { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'navigate' },
      { referer: 'https://evil.example/page' },
    ];
    for (const headers of starts) {
      const res = await ctx.app.request(path, { headers: { cookie: victim.cookie as string, ...headers } });
      expectAsked(res, path);
      expect(await victimEmail(victim)).toBe(before);
      expect(await unused(bookingId), JSON.stringify(headers)).toBe(true);
    }
  });

  it('a link another site opens asks first even with nobody signed in', async () => {
    const { bookingId, path } = await guestLink();
    const starts: Record<string, string>[] = [{ 'sec-fetch-site': 'cross-site' }, { referer: 'https://evil.example/' }];
    for (const headers of starts) {
      expectAsked(await ctx.app.request(path, { headers }), path);
      expect(await unused(bookingId)).toBe(true);
    }
  });

  it('a link typed or opened from a mail app with nobody signed in still signs in at once', async () => {
    const { email, path } = await guestLink();
    const opened = await ctx.app.request(path, { headers: { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' } });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe('/dashboard');
    const session = cookiesFrom(opened.headers).spotless_session?.value;
    expect(session).toBeDefined();
    expect(await signedInAs(`spotless_session=${session}`)).toBe(email);
  });

  it('never replaces someone’s session silently, even opened from this site or typed', async () => {
    const { bookingId, path } = await guestLink();
    const someone = await sessionFor(ctx, await createCustomer(ctx, 'Sam'));
    const before = await victimEmail(someone);
    for (const site of ['none', 'same-origin']) {
      const res = await ctx.app.request(path, {
        headers: { cookie: someone.cookie as string, 'sec-fetch-site': site },
      });
      expectAsked(res, path);
      expect(await victimEmail(someone)).toBe(before);
    }
    const adminToken = generateSessionToken();
    await createSession(ctx.database, adminToken, { userId: null, kind: 'admin' }, ctx.clock.now());
    const admin = await ctx.app.request(path, {
      headers: { cookie: `${ADMIN_SESSION_COOKIE}=${adminToken}`, 'sec-fetch-site': 'none' },
    });
    expectAsked(admin, path);
    expect(await unused(bookingId)).toBe(true);
  });

  it('POST /api/guest-link (the asking page’s Continue) signs in as the address’s account, replacing any other', async () => {
    const { bookingId, email, path } = await guestLink();
    const someone = await sessionFor(ctx, await createCustomer(ctx, 'Sid'));
    const res = await ctx.json<Json>('/api/guest-link', {
      method: 'POST',
      headers: someone,
      body: { token: tokenOf(path) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ ok: true, links: { next: { href: '/dashboard', type: 'text/html' } } });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const session = cookiesFrom(res.headers).spotless_session?.value;
    expect(session).toBeTruthy();
    expect(await signedInAs(cookieHeader({ spotless_session: session as string }))).toBe(email);
    // The session it replaced is over.
    expect(await victimEmail(someone)).toBeNull();
    expect(await unused(bookingId)).toBe(false);
    const mine = await ctx.json<Json>('/api/bookings', { headers: { cookie: `spotless_session=${session}` } });
    expect(mine.body.items.map((b: Json) => b.id)).toContain(bookingId);

    // An administrator session in the same browser ends too: continuing signs out whoever it was.
    const other = await guestLink();
    const adminToken = generateSessionToken();
    await createSession(ctx.database, adminToken, { userId: null, kind: 'admin' }, ctx.clock.now());
    const adminCookie = `${ADMIN_SESSION_COOKIE}=${adminToken}`;
    const asAdmin = await ctx.json<Json>('/api/guest-link', {
      method: 'POST',
      headers: { cookie: adminCookie, origin: ORIGIN },
      body: { token: tokenOf(other.path) },
    });
    expect(asAdmin.status).toBe(200);
    expect(cookiesFrom(asAdmin.headers)[ADMIN_SESSION_COOKIE]?.value).toBe('');
    expect((await ctx.json<Json>('/api/auth/session', { headers: { cookie: adminCookie } })).body.admin).toBe(false);
  });

  it('POST /api/guest-link from another site is refused by the CSRF check, signed in or not', async () => {
    const { bookingId, path } = await guestLink();
    const someone = await sessionFor(ctx, await createCustomer(ctx, 'Cy'));
    for (const headers of [{ origin: 'https://evil.example' }, { ...someone, origin: 'https://evil.example' }]) {
      const res = await ctx.json<Json>('/api/guest-link', { method: 'POST', headers, body: { token: tokenOf(path) } });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('csrf');
    }
    expect(await unused(bookingId)).toBe(true);
  });

  it('POST /api/guest-link works once: a used, unknown or expired link is a 400 the page explains', async () => {
    const { path } = await guestLink();
    const send = (token: string) =>
      ctx.json<Json>('/api/guest-link', { method: 'POST', headers: { origin: ORIGIN }, body: { token } });
    expect((await send(tokenOf(path))).status).toBe(200);
    const again = await send(tokenOf(path));
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('invalid_token');
    expect(again.headers.get('set-cookie')).toBeNull();
    expect((await send('never-issued-token')).body.error.code).toBe('invalid_token');

    const late = await guestLink();
    const now = ctx.clock.now();
    ctx.clock.set(new Date(now.getTime() + 7 * 24 * 3600_000 + 1000));
    try {
      expect((await send(tokenOf(late.path))).body.error.code).toBe('invalid_token');
    } finally {
      ctx.clock.set(now);
    }
  });
});
