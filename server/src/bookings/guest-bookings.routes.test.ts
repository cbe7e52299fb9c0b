import { createClient } from '@libsql/client';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_SESSION_COOKIE } from '../auth/cookies';
import { hashPassword, TEST_PASSWORD_COST } from '../auth/password';
import { createSession, generateSessionToken } from '../auth/sessions';
import { bookings, guestBookingLinks, partners, users } from '../db/schema';
import { purgeExpired } from '../jobs/purge-expired';
import { deliverNotifications } from '../notifications/outbox';
import { createCustomer, ORIGIN, seedWorld, sessionFor } from '../test/booking-fixtures';
import { cookieHeader, cookiesFrom } from '../test/cookies';
import { createTestContext, type Json } from '../test/harness';

/**
 * Guest checkout through a partner widget (decision 049): a partner's key books for a
 * guest's name, e-mail and phone; the guest token reads and pays that one booking and nothing else;
 * the e-mailed link — single use, expiring, no Referer — joins the booking to the address's account.
 */
const ctx = await createTestContext({ now: '2026-06-15T12:00:00Z' });
const { demoCleaner } = await seedWorld(ctx);

const HOST = 'https://sunny-homes.example';
const KEY = 'pk_guest_test_partner';
await ctx.database.write((tx) =>
  tx
    .insert(partners)
    .values({ name: 'Sunny Homes', publishableKey: KEY, allowedOrigins: [HOST], commissionRateBps: 1200 }),
);
const [partner] = await ctx.database.db.select().from(partners).where(eq(partners.publishableKey, KEY));
const widget = { 'x-spotless-key': KEY, origin: HOST };

let day = 0;
/** 2 hours at $45.00/h: $90.00 (seedWorld's demo cleaner), a new weekday each time. */
function payload(overrides: Json = {}): Json {
  day += 1;
  const date = new Date(Date.UTC(2026, 7, 3 + ((day - 1) % 5) + 7 * Math.floor((day - 1) / 5)));
  return {
    cleanerId: demoCleaner.id,
    serviceId: 1,
    address: '1 Congress Ave, Austin, TX',
    scheduledDate: date.toISOString().slice(0, 10),
    scheduledTime: '09:00',
    duration: 120,
    totalPrice: '90.00',
    guestName: 'Gail Guest',
    guestEmail: `gail-${day}@example.com`,
    guestPhone: '+1 512 555 0100',
    ...overrides,
  };
}

const bookAsGuest = (body: Json, headers: Record<string, string> = widget) =>
  ctx.json<Json>('/api/guest-bookings', { method: 'POST', headers, body });

/** The manage link in the last e-mail sent to `email`. */
async function linkFor(email: string): Promise<string> {
  await deliverNotifications(ctx.deps);
  const mail = ctx.sent.filter((m) => m.to === email).at(-1);
  const match = /https?:\/\/\S+\/api\/guest-link\?token=[A-Za-z0-9_-]+/.exec(mail?.body ?? '');
  if (!match) throw new Error(`no guest link sent to ${email}`);
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
}

describe('guest bookings through a partner key', () => {
  it('offers a partner’s widget the cleaner’s bookAsGuest action, with its fields, and nobody else', async () => {
    const keyed = await ctx.json<Json>(`/api/cleaners/${demoCleaner.id}`, { headers: widget });
    const action = keyed.body.actions.bookAsGuest;
    expect(action).toMatchObject({ method: 'POST', href: '/api/guest-bookings', operation: 'createGuestBooking' });
    const fields = Object.fromEntries((action.fields as Json[]).map((f) => [f.name, f]));
    expect(fields.cleanerId.value).toBe(demoCleaner.id);
    expect(fields.guestEmail).toMatchObject({ type: 'email', required: true, title: 'Email' });
    expect(fields.guestName).toMatchObject({ required: true, maxLength: 100, title: 'Your name' });
    expect(keyed.body.actions.book).toBeUndefined();
    const search = await ctx.json<Json>('/api/cleaners?location=Austin', { headers: widget });
    expect(
      search.body.items.every((c: Json) => c.actions.bookAsGuest !== undefined || c.serviceTypes.length === 0),
    ).toBe(true);
    const visitor = await ctx.json<Json>(`/api/cleaners/${demoCleaner.id}`, { headers: { origin: ORIGIN } });
    expect(visitor.body.actions.bookAsGuest).toBeUndefined();
    const visitorSearch = await ctx.json<Json>('/api/cleaners?location=Austin', { headers: { origin: ORIGIN } });
    expect(visitorSearch.body.items.some((c: Json) => c.actions.bookAsGuest !== undefined)).toBe(false);
  });

  it('books for a guest with the partner, its rate and the host page’s UTM, and answers a token once', async () => {
    const res = await bookAsGuest(payload(), { ...widget, 'x-spotless-utm': 'utm_source=listing&utm_campaign=spring' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.headers.get('access-control-allow-origin')).toBe(HOST);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.guestToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const booking = res.body.booking;
    expect(booking.status).toBe('pending');
    expect(booking.totalPrice).toBe('90.00');
    expect(booking.customer).toEqual({ firstName: 'Gail Guest', lastName: null, email: booking.customer.email });
    expect(Object.keys(booking.actions)).toEqual(['pay']);
    const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({
      customerId: null,
      partnerId: partner?.id,
      partnerCommissionBps: 1200,
      guestPhone: '+1 512 555 0100',
      utm: { source: 'listing', campaign: 'spring' },
    });
    expect(row?.guestTokenHash).not.toContain(res.body.guestToken);
  });

  it('is for partner keys only: a visitor or a signed-in person is refused', async () => {
    const visitor = await ctx.json('/api/guest-bookings', {
      method: 'POST',
      headers: { origin: ORIGIN },
      body: payload(),
    });
    expect(visitor.status).toBe(403);
    const person = await sessionFor(ctx, await createCustomer(ctx));
    expect((await ctx.json('/api/guest-bookings', { method: 'POST', headers: person, body: payload() })).status).toBe(
      403,
    );
  });

  it('refuses bad guest details with a 400 naming the field, and writes nothing', async () => {
    const before = (await ctx.database.db.select().from(bookings)).length;
    const bad = await bookAsGuest(payload({ guestName: '', guestEmail: 'not-an-email', guestPhone: 'call me' }));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['guestEmail', 'guestName', 'guestPhone']);
    const price = await bookAsGuest(payload({ totalPrice: '1.00' }));
    expect(price.status).toBe(409);
    expect((await ctx.database.db.select().from(bookings)).length).toBe(before);
  });

  it('never joins an account by the e-mail typed: the booking waits for the link', async () => {
    const ownerId = await createCustomer(ctx, 'Owen');
    const [owner] = await ctx.database.db.select().from(users).where(eq(users.id, ownerId));
    const res = await bookAsGuest(
      payload({ guest: { name: 'Someone Else', email: owner?.email, phone: '5125550101' } }),
    );
    expect(res.status).toBe(201);
    const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, res.body.booking.id));
    expect(row?.customerId).toBeNull();
    const mine = await ctx.json<Json>('/api/bookings', { headers: await sessionFor(ctx, ownerId) });
    expect(mine.body.items.map((b: Json) => b.id)).not.toContain(res.body.booking.id);
  });
});

describe('the guest token', () => {
  it('reads and pays its own booking, and does nothing else', async () => {
    const made = await bookAsGuest(payload());
    const token = made.body.guestToken as string;
    const id = made.body.booking.id as number;
    const other = await bookAsGuest(payload());
    const guest = { ...widget, authorization: `Bearer ${token}` };

    const own = await ctx.json<Json>(`/api/bookings/${id}`, { headers: guest });
    expect(own.status).toBe(200);
    expect(own.body.actions.pay).toBeDefined();
    expect(own.headers.get('access-control-allow-origin')).toBe(HOST);
    expect((await ctx.json(`/api/bookings/${other.body.booking.id}`, { headers: guest })).status).toBe(404);
    for (const [method, path] of [
      ['GET', '/api/bookings'],
      ['PUT', `/api/bookings/${id}`],
      ['DELETE', `/api/bookings/${id}`],
      ['GET', '/api/payments'],
      ['GET', '/api/auth/user'],
    ] as const) {
      const res = await ctx.json(path, { method, headers: guest, ...(method === 'GET' ? {} : { body: {} }) });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    // Another booking cannot be paid with it.
    const stranger = await ctx.json('/api/payment-intents', {
      method: 'POST',
      headers: guest,
      body: { bookingId: other.body.booking.id },
    });
    expect(stranger.status).toBe(404);

    const pay = own.body.actions.pay;
    const intent = await ctx.json<Json>(pay.href, { method: pay.method, headers: guest, body: { bookingId: id } });
    expect(intent.status, JSON.stringify(intent.body)).toBe(200);
    const confirmed = await ctx.json<Json>('/api/payments/local/confirm', {
      method: 'POST',
      headers: guest,
      body: {
        clientSecret: intent.body.clientSecret,
        cardNumber: '4242424242424242',
        expMonth: 12,
        expYear: 2030,
        cvc: '123',
      },
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.status).toBe('succeeded');
    const after = await ctx.json<Json>(`/api/bookings/${id}`, { headers: guest });
    expect(after.body.paymentStatus).toBe('succeeded');
    expect(after.body.actions.pay).toBeUndefined();
  });

  it('stops working 7 days after its booking ends, or after it is cancelled, and is then forgotten', async () => {
    const ended = await bookAsGuest(payload());
    const cancelled = await bookAsGuest(payload());
    const read = (made: Json) =>
      ctx.json(`/api/bookings/${made.body.booking.id}`, {
        headers: { ...widget, authorization: `Bearer ${made.body.guestToken}` },
      });
    const start = ctx.clock.now();
    const week = 7 * 24 * 3_600_000;
    await ctx.database.write((tx) =>
      tx
        .update(bookings)
        .set({ status: 'cancelled', cancelledAt: start })
        .where(eq(bookings.id, cancelled.body.booking.id)),
    );
    const endsAt = new Date(ended.body.booking.endsAt).getTime();
    try {
      ctx.clock.set(new Date(start.getTime() + week - 1000));
      expect((await read(ended)).status).toBe(200);
      expect((await read(cancelled)).status).toBe(200);
      ctx.clock.set(new Date(start.getTime() + week + 1000));
      expect((await read(ended)).status).toBe(200);
      expect((await read(cancelled)).status).toBe(401);
      ctx.clock.set(new Date(endsAt + week + 1000));
      expect((await read(ended)).status).toBe(401);

      expect((await purgeExpired(ctx.deps)).guestTokens).toBeGreaterThanOrEqual(2);
      const rows = await ctx.database.db
        .select({ hash: bookings.guestTokenHash })
        .from(bookings)
        .where(inArray(bookings.id, [ended.body.booking.id, cancelled.body.booking.id]));
      expect(rows).toEqual([{ hash: null }, { hash: null }]);
    } finally {
      ctx.clock.set(start);
    }
  });

  it('is looked up through its own index, not a scan of every booking', async () => {
    // On a connection of its own: an EXPLAIN left the shared reader on its snapshot of that moment.
    const own = createClient({ url: `file:${ctx.file}` });
    const plan = await own.execute("explain query plan select id from bookings where guest_token_hash = 'x'");
    own.close();
    expect(plan.rows.map((row) => String(row.detail))).toEqual([
      expect.stringContaining('USING COVERING INDEX bookings_guest_token_idx'),
    ]);
  });

  it('is refused outright when unknown', async () => {
    const res = await ctx.json('/api/bookings/1', {
      headers: { ...widget, authorization: 'Bearer not-a-token-we-made-at-all' },
    });
    expect(res.status).toBe(401);
  });
});

describe('the e-mailed link', () => {
  it('is e-mailed to the guest alone: the cleaner’s copy of the new booking carries no link', async () => {
    await deliverNotifications(ctx.deps);
    const before = ctx.sent.length;
    const made = await bookAsGuest(payload());
    expect(made.status).toBe(201);
    await deliverNotifications(ctx.deps);
    const about = ctx.sent.slice(before);
    const guestMail = about.filter((m) => m.to === made.body.booking.customer.email);
    const others = about.filter((m) => m.to !== made.body.booking.customer.email);
    expect(guestMail.some((m) => m.body.includes('/api/guest-link?token='))).toBe(true);
    expect(others.length).toBeGreaterThan(0);
    for (const mail of others) {
      expect(mail.body).not.toContain('guest-link');
      expect(mail.body).not.toContain(made.body.guestToken as string);
    }
  });

  it('joins the booking to a new account for the address, signs in once, leaks nothing on, and works once', async () => {
    const made = await bookAsGuest(payload());
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
    const made = await bookAsGuest(payload());
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
    const made = await bookAsGuest(payload({ guestName: 'Real Owner', guestEmail: email, guestPhone: '5125550199' }));
    const opened = await ctx.app.request(await linkFor(email));
    expect(opened.headers.get('location')).toBe('/dashboard');
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.passwordHash).toBeNull();
    expect(user?.emailVerifiedAt).not.toBeNull();
    const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, made.body.booking.id));
    expect(row?.customerId).toBe(user?.id);
  });
});

describe('the e-mailed link opened by another site, or over someone’s session (login CSRF)', () => {
  /** A guest booking and the path of its e-mailed link. */
  async function guestLink() {
    const made = await bookAsGuest(payload());
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
