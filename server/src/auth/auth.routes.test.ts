import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, reviews, sessions, users } from '../db/schema';
import { DEMO_CLEANER_EMAIL, DEMO_CUSTOMER_EMAIL, DEMO_PASSWORD, seedDemoData } from '../seed/generate';
import { cookieHeader, cookiesFrom } from '../test/cookies';
import { createTestContext } from '../test/harness';
import { hashPassword, TEST_PASSWORD_COST } from './password';
import { DAY_MS, sessionIdFromToken } from './sessions';

const ADMIN_PASSWORD = 'correct horse battery staple';
const ctx = await createTestContext({
  config: { ADMIN_PASSWORD_HASH: await hashPassword(ADMIN_PASSWORD, TEST_PASSWORD_COST), AUTH_RATE_LIMIT: '10' },
});
await seedDemoData(ctx.database, {
  cleaners: 6,
  now: ctx.clock.now(),
  demoAccounts: true,
  demoPasswordHash: await hashPassword(DEMO_PASSWORD, TEST_PASSWORD_COST),
  seed: 7,
});

const ORIGIN = 'http://localhost:8787'; // the test config's PUBLIC_URL
let addressCounter = 0;
/** Each test signs in from its own address so the rate limit of one does not spill into another. */
const freshAddress = () => `10.0.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

async function call(
  path: string,
  init: { method?: string; body?: unknown; cookie?: string; headers?: Record<string, string>; ip?: string } = {},
) {
  const headers = new Headers(init.headers);
  if (init.body !== undefined) headers.set('content-type', 'application/json');
  if (init.cookie) headers.set('cookie', init.cookie);
  if (init.method && init.method !== 'GET' && !headers.has('origin')) headers.set('origin', ORIGIN);
  const env = { incoming: { socket: { remoteAddress: init.ip ?? freshAddress() } } };
  const res = await ctx.app.request(
    path,
    { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) },
    env,
  );
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON answers
  let body: any;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  return { status: res.status, body, headers: res.headers };
}

async function signIn(email: string, password = DEMO_PASSWORD) {
  const res = await call('/api/auth/login', { method: 'POST', body: { email, password } });
  expect(res.status).toBe(200);
  const token = cookiesFrom(res.headers).spotless_session?.value as string;
  return { token, cookie: cookieHeader({ spotless_session: token }), user: res.body };
}

describe('sign-up and sign-in', () => {
  it('registers, sets a safe session cookie and answers the user', async () => {
    const res = await call('/api/auth/register', {
      method: 'POST',
      body: { email: 'New.Person@Example.com', password: 'a-long-password', firstName: 'New', lastName: 'Person' },
    });
    expect(res.status).toBe(201);
    const cookie = cookiesFrom(res.headers).spotless_session;
    expect(cookie?.value).toMatch(/^[a-z2-7]{32}$/);
    expect(cookie?.attributes).toMatch(/HttpOnly/);
    expect(cookie?.attributes).toMatch(/SameSite=Lax/);
    expect(cookie?.attributes).toMatch(/Path=\//);
    expect(cookie?.attributes).not.toMatch(/Secure/);
    expect(res.body).toMatchObject({
      email: 'New.Person@Example.com',
      firstName: 'New',
      lastName: 'Person',
      onboardingCompleted: false,
      onboardingStep: 0,
      roles: ['customer'],
      cleanerId: null,
    });
    const me = await call('/api/auth/user', { cookie: cookieHeader({ spotless_session: cookie?.value as string }) });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(res.body.id);
    // The session state: the same user when signed in; signed out is a plain 200 with no user.
    const state = await call('/api/auth/session', {
      cookie: cookieHeader({ spotless_session: cookie?.value as string }),
    });
    expect(state.status).toBe(200);
    expect(state.body).toMatchObject({ user: { id: res.body.id }, admin: false });
    expect(state.body.links.user.href).toBe('/api/auth/user');
    const signedOut = await call('/api/auth/session');
    expect(signedOut.status).toBe(200);
    expect(signedOut.body).toMatchObject({ user: null, admin: false, links: { self: { href: '/api/auth/session' } } });
    expect(signedOut.body.links.user).toBeUndefined();
    // The password is stored hashed, never as given.
    const row = await ctx.database.db.select().from(users).where(eq(users.id, res.body.id)).get();
    expect(row?.passwordHash).toMatch(/^scrypt\$/);
  });

  it('refuses a second account for the same e-mail in any case (409) and bad input (400 naming fields)', async () => {
    const dup = await call('/api/auth/register', {
      method: 'POST',
      body: { email: 'CUSTOMER@example.com', password: 'a-long-password', firstName: 'A', lastName: 'B' },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe('email_taken');
    const bad = await call('/api/auth/register', {
      method: 'POST',
      body: { email: 'not-an-email', password: 'short', firstName: '', lastName: 'B' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['email', 'firstName', 'password']);
  });

  it('does not reveal whether an e-mail exists: same status and message', async () => {
    const wrongPassword = await call('/api/auth/login', {
      method: 'POST',
      body: { email: DEMO_CUSTOMER_EMAIL, password: 'wrong-password' },
    });
    const unknownEmail = await call('/api/auth/login', {
      method: 'POST',
      body: { email: 'nobody-here@example.com', password: 'wrong-password' },
    });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(wrongPassword.status);
    expect(unknownEmail.body).toEqual(wrongPassword.body);
    expect(cookiesFrom(unknownEmail.headers).spotless_session).toBeUndefined();
  });

  it('issues a new token at every sign-in and deletes the one the browser held', async () => {
    const first = await signIn(DEMO_CUSTOMER_EMAIL);
    const again = await call('/api/auth/login', {
      method: 'POST',
      cookie: first.cookie,
      body: { email: DEMO_CUSTOMER_EMAIL, password: DEMO_PASSWORD },
    });
    const second = cookiesFrom(again.headers).spotless_session?.value;
    expect(second).toBeDefined();
    expect(second).not.toBe(first.token);
    expect((await call('/api/auth/user', { cookie: first.cookie })).status).toBe(401);
    expect(
      (await call('/api/auth/user', { cookie: cookieHeader({ spotless_session: second as string }) })).status,
    ).toBe(200);
  });

  it('knows a cleaner by their active cleaner profile', async () => {
    const { user } = await signIn(DEMO_CLEANER_EMAIL);
    expect(user.roles).toEqual(['customer', 'cleaner']);
    expect(user.cleanerId).toBe(1);
  });
});

describe('sessions over HTTP', () => {
  it('a tampered or unknown token is 401 (not 500) and its cookie is cleared', async () => {
    const { token } = await signIn(DEMO_CUSTOMER_EMAIL);
    const tampered = `${token.slice(0, -1)}${token.endsWith('a') ? 'b' : 'a'}`;
    for (const value of [tampered, 'garbage', '%%%', 'x'.repeat(4000)]) {
      const res = await call('/api/auth/user', { cookie: cookieHeader({ spotless_session: value }) });
      expect(res.status, value.slice(0, 20)).toBe(401);
      expect(res.body.error.message).toContain('Unauthorized');
      expect(cookiesFrom(res.headers).spotless_session?.attributes).toMatch(/Max-Age=0/);
    }
  });

  it('a session unused for 7 days is 401; a used one lives on without re-sending the cookie, 30 days at most', async () => {
    const start = new Date('2026-06-15T12:00:00Z');
    ctx.clock.set(start);
    const idle = await signIn(DEMO_CUSTOMER_EMAIL);
    const { token, cookie } = await signIn(DEMO_CUSTOMER_EMAIL);
    for (let day = 3; day < 30; day += 3) {
      ctx.clock.set(new Date(start.getTime() + day * DAY_MS));
      const used = await call('/api/auth/user', { cookie });
      expect(used.status, `day ${day}`).toBe(200);
      expect(cookiesFrom(used.headers).spotless_session).toBeUndefined();
    }
    const row = await ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionIdFromToken(token)))
      .get();
    expect(row?.expiresAt.getTime()).toBe(start.getTime() + 30 * DAY_MS);
    expect((await call('/api/auth/user', { cookie: idle.cookie })).status).toBe(401);
    ctx.clock.set(new Date(start.getTime() + 30 * DAY_MS));
    expect((await call('/api/auth/user', { cookie })).status).toBe(401);
    ctx.clock.set(start);
  });

  it('sign-out deletes the session server-side', async () => {
    const { token, cookie } = await signIn(DEMO_CUSTOMER_EMAIL);
    const out = await call('/api/logout', { cookie });
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe('/');
    const rows = await ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionIdFromToken(token)));
    expect(rows).toEqual([]);
    expect((await call('/api/auth/user', { cookie })).status).toBe(401);

    const second = await signIn(DEMO_CUSTOMER_EMAIL);
    expect((await call('/api/auth/logout', { method: 'POST', cookie: second.cookie })).status).toBe(200);
    expect((await call('/api/auth/user', { cookie: second.cookie })).status).toBe(401);
  });

  it('marks the cookie Secure (and __Host-) in production', async () => {
    const prod = await createTestContext({
      config: {
        NODE_ENV: 'production',
        DATABASE_URL: 'file:unused.db',
        PUBLIC_URL: 'https://spotless.example',
        UNSAFE_TEST_PAYMENTS_IN_PRODUCTION: 'true',
      },
    });
    const res = await prod.app.request('/api/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://spotless.example' },
      body: JSON.stringify({ email: 'prod@example.com', password: 'a-long-password', firstName: 'P', lastName: 'Q' }),
    });
    expect(res.status).toBe(201);
    expect(cookiesFrom(res.headers)['__Host-spotless_session']?.attributes).toMatch(/Secure/);
  });
});

describe('GET /api/login', () => {
  it('keeps only a same-origin returnUrl', async () => {
    const go = async (returnUrl: string) =>
      (await call(`/api/login?returnUrl=${encodeURIComponent(returnUrl)}`)).headers.get('location');
    expect(await go('/apply-cleaner')).toBe('/login?returnUrl=%2Fapply-cleaner');
    expect(await go('//evil.example')).toBe('/login');
    expect(await go('https://evil.example/')).toBe('/login');
    expect(await go('/\\evil.example')).toBe('/login');
    expect((await call('/api/login')).headers.get('location')).toBe('/login');
  });

  it('sends a signed-in user straight back', async () => {
    const { cookie } = await signIn(DEMO_CUSTOMER_EMAIL);
    const res = await call('/api/login?returnUrl=%2Fprofile', { cookie });
    expect(res.headers.get('location')).toBe('/profile');
  });

  it('tells the sign-in page which providers exist', async () => {
    expect((await call('/api/auth/providers')).body).toMatchObject({ password: true, google: false, github: false });
  });
});

describe('CSRF', () => {
  it('refuses a cross-site state-changing request that carries a session cookie', async () => {
    const { cookie } = await signIn(DEMO_CUSTOMER_EMAIL);
    const patch = (headers: Record<string, string>) =>
      call('/api/auth/profile', { method: 'PATCH', cookie, headers, body: { firstName: 'Mallory' } });
    const evil = await patch({ origin: 'https://evil.example' });
    expect(evil.status).toBe(403);
    expect(evil.body.error.code).toBe('csrf');
    expect((await patch({ origin: 'null' })).status).toBe(403);
    expect((await patch({ origin: '', referer: 'https://evil.example/page' })).status).toBe(403);
    const me = await call('/api/auth/user', { cookie });
    expect(me.body.firstName).not.toBe('Mallory');
    // Our own origin, or the request's own host, passes.
    expect((await patch({ origin: ORIGIN })).status).toBe(200);
    expect((await patch({ origin: 'http://localhost' })).status).toBe(200);
    expect((await patch({ origin: '', referer: `${ORIGIN}/profile` })).status).toBe(200);
  });

  it('compares whole origins: the same host under another scheme or port is another site', async () => {
    const { cookie } = await signIn(DEMO_CUSTOMER_EMAIL);
    const patch = (origin: string) =>
      call('/api/auth/profile', { method: 'PATCH', cookie, headers: { origin }, body: { firstName: 'Eve' } });
    // The test requests go to http://localhost; the configured public origin is http://localhost:8787.
    for (const origin of [
      'https://localhost',
      'ws://localhost',
      'ftp://localhost',
      'http://localhost:1',
      'https://localhost:8787',
      'wss://localhost:8787',
    ]) {
      expect((await patch(origin)).status, origin).toBe(403);
    }
    const logout = await call('/api/auth/logout', { method: 'POST', cookie, headers: { origin: 'https://localhost' } });
    expect(logout.status).toBe(403);
    expect((await call('/api/auth/user', { cookie })).body.firstName).not.toBe('Eve');
  });

  it('refuses a request with a session cookie and neither Origin nor Referer', async () => {
    const { cookie } = await signIn(DEMO_CUSTOMER_EMAIL);
    const res = await ctx.app.request('/api/auth/logout', { method: 'POST', headers: { cookie } });
    expect(res.status).toBe(403);
  });

  it('refuses a sign-out posted from another site even without a cookie, so its answer clears nothing', async () => {
    // SameSite=Lax keeps the cookie off another site's form POST, but the browser still stores the
    // answer's cleared cookies: the visitor would be signed out.
    for (const path of ['/api/auth/logout', '/api/admin/logout']) {
      for (const origin of ['https://evil.example', 'null']) {
        const res = await call(path, { method: 'POST', headers: { origin } });
        expect(res.status, `${path} from ${origin}`).toBe(403);
        expect(res.body.error.code).toBe('csrf');
        expect(res.headers.getSetCookie(), `${path} from ${origin}`).toEqual([]);
      }
      // Our own pages still sign out, with or without a session.
      expect((await call(path, { method: 'POST' })).status).toBe(200);
    }
  });

  it('judges a cookie-less sign-in by its Referer when it has no Origin, and lets a client that sends neither in', async () => {
    const body = { email: DEMO_CUSTOMER_EMAIL, password: DEMO_PASSWORD };
    const foreign = await ctx.app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', referer: 'https://evil.example/page' },
      body: JSON.stringify(body),
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.getSetCookie()).toEqual([]);
    const ours = await ctx.app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', referer: 'http://localhost/login' },
      body: JSON.stringify(body),
    });
    expect(ours.status).toBe(200);
    const server = await ctx.app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(server.status).toBe(200);
  });

  it('refuses a sign-in posted from another site even without a cookie', async () => {
    const res = await call('/api/auth/login', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
      body: { email: DEMO_CUSTOMER_EMAIL, password: DEMO_PASSWORD },
    });
    expect(res.status).toBe(403);
  });
});

describe('rate limits', () => {
  it('the 11th rapid admin login from one address gets 429 with Retry-After; another address is unaffected', async () => {
    const ip = '203.0.113.9';
    for (let i = 0; i < 10; i++) {
      const res = await call('/api/admin/login', { method: 'POST', ip, body: { password: 'wrong' } });
      expect(res.status).toBe(401);
    }
    const blocked = await call('/api/admin/login', { method: 'POST', ip, body: { password: ADMIN_PASSWORD } });
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(blocked.body.error.code).toBe('rate_limited');
    expect(
      (await call('/api/admin/login', { method: 'POST', ip: '203.0.113.10', body: { password: ADMIN_PASSWORD } }))
        .status,
    ).toBe(200);
  });

  it('sign-in and sign-up are limited the same way', async () => {
    for (const [path, body] of [
      ['/api/auth/login', { email: 'x@example.com', password: 'nope' }],
      [
        '/api/auth/register',
        { email: 'taken@example.com', password: 'a-long-password', firstName: 'A', lastName: 'B' },
      ],
    ] as const) {
      const ip = `198.51.100.${path.length}`;
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await call(path, { method: 'POST', ip, body })).status);
      expect(statuses.slice(0, 10)).not.toContain(429);
      expect(statuses[10]).toBe(429);
    }
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
    const ip = '192.0.2.50';
    for (let i = 0; i < 10; i++) {
      await call('/api/admin/login', {
        method: 'POST',
        ip,
        headers: { 'x-forwarded-for': `1.2.3.${i}` },
        body: { password: 'x' },
      });
    }
    const res = await call('/api/admin/login', {
      method: 'POST',
      ip,
      headers: { 'x-forwarded-for': '9.9.9.9' },
      body: { password: 'x' },
    });
    expect(res.status).toBe(429);
  });
});

describe('admin sign-in', () => {
  it('the shared password opens an admin session; a customer is 403 and a visitor 401', async () => {
    const ok = await call('/api/admin/login', { method: 'POST', body: { password: ADMIN_PASSWORD } });
    expect(ok.status).toBe(200);
    const adminToken = cookiesFrom(ok.headers).spotless_admin_session?.value as string;
    const adminCookie = cookieHeader({ spotless_admin_session: adminToken });
    expect((await call('/api/admin/session', { cookie: adminCookie })).body).toMatchObject({
      admin: true,
      via: 'password',
      userId: null,
    });
    expect((await call('/api/admin/session')).status).toBe(401);
    const { cookie } = await signIn(DEMO_CUSTOMER_EMAIL);
    expect((await call('/api/admin/session', { cookie })).status).toBe(403);
    // An admin session is not a user session.
    expect((await call('/api/auth/user', { cookie: adminCookie })).status).toBe(401);
    await call('/api/admin/logout', { method: 'POST', cookie: adminCookie });
    expect((await call('/api/admin/session', { cookie: adminCookie })).status).toBe(401);
  });

  it('an empty password is 400, a wrong one 401 with the message the page shows', async () => {
    expect((await call('/api/admin/login', { method: 'POST', body: { password: '' } })).status).toBe(400);
    const wrong = await call('/api/admin/login', { method: 'POST', body: { password: 'nope' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.message).toBe('Invalid password. Please try again.');
  });
});

describe('profile', () => {
  it('edits personal information, which persists', async () => {
    const reg = await call('/api/auth/register', {
      method: 'POST',
      body: { email: 'edit.me@example.com', password: 'a-long-password', firstName: 'Edit', lastName: 'Me' },
    });
    const cookie = cookieHeader({ spotless_session: cookiesFrom(reg.headers).spotless_session?.value as string });
    const res = await call('/api/auth/profile', {
      method: 'PATCH',
      cookie,
      body: {
        firstName: 'Edited',
        lastName: 'Person',
        email: 'edited@example.com',
        phone: '(555) 010-2030',
        currentPassword: 'a-long-password',
      },
    });
    expect(res.status).toBe(200);
    const me = await call('/api/auth/user', { cookie });
    expect(me.body).toMatchObject({
      firstName: 'Edited',
      lastName: 'Person',
      email: 'edited@example.com',
      phone: '(555) 010-2030',
    });
    // The new address signs in.
    expect(
      (
        await call('/api/auth/login', {
          method: 'POST',
          body: { email: 'edited@example.com', password: 'a-long-password' },
        })
      ).status,
    ).toBe(200);
    // Empty phone clears it.
    await call('/api/auth/profile', { method: 'PATCH', cookie, body: { phone: '' } });
    expect((await call('/api/auth/user', { cookie })).body.phone).toBeNull();
  });

  it('keeps e-mails unique (409), validates fields (400) and needs a user (401)', async () => {
    const { cookie } = await signIn(DEMO_CLEANER_EMAIL);
    const taken = await call('/api/auth/profile', {
      method: 'PATCH',
      cookie,
      body: { email: 'Customer@Example.com', currentPassword: DEMO_PASSWORD },
    });
    expect(taken.status).toBe(409);
    const bad = await call('/api/auth/profile', {
      method: 'PATCH',
      cookie,
      body: { phone: 'call me', email: 'x', firstName: ' ' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['email', 'firstName', 'phone']);
    expect((await call('/api/auth/profile', { method: 'PATCH', body: { firstName: 'X' } })).status).toBe(401);
    expect((await call('/api/auth/user', { cookie })).body.email).toBe(DEMO_CLEANER_EMAIL);
  });
});

describe('onboarding', () => {
  it('saves the step, completion and preferences with the defaults', async () => {
    const reg = await call('/api/auth/register', {
      method: 'POST',
      body: { email: 'wizard@example.com', password: 'a-long-password', firstName: 'Wiz', lastName: 'Ard' },
    });
    const cookie = cookieHeader({ spotless_session: cookiesFrom(reg.headers).spotless_session?.value as string });
    const step = await call('/api/onboarding/update', {
      method: 'POST',
      cookie,
      body: { step: 2, completed: false, preferences: { userType: 'both', serviceTypes: ['deep'] } },
    });
    expect(step.status).toBe(200);
    const me = await call('/api/auth/user', { cookie });
    expect(me.body.onboardingStep).toBe(2);
    expect(me.body.onboardingCompleted).toBe(false);
    expect(me.body.onboardingPreferences).toEqual({
      userType: 'both',
      serviceTypes: ['deep'],
      location: { address: '' },
      budget: { min: 50, max: 200 },
      specialRequests: [],
      notifications: { email: true, sms: false, push: true },
    });
    await call('/api/onboarding/update', { method: 'POST', cookie, body: { step: 5, completed: true } });
    const done = await call('/api/auth/user', { cookie });
    expect(done.body).toMatchObject({ onboardingStep: 5, onboardingCompleted: true });
    expect(done.body.onboardingPreferences.userType).toBe('both');
  });

  it('validates the step and the enums', async () => {
    const { cookie } = await signIn(DEMO_CUSTOMER_EMAIL);
    const bad = await call('/api/onboarding/update', {
      method: 'POST',
      cookie,
      body: {
        step: 6,
        completed: 'yes',
        preferences: { userType: 'robot', frequency: 'daily', serviceTypes: ['laundry'], budget: { min: 1.5 } },
      },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual([
      'completed',
      'preferences.budget.min',
      'preferences.frequency',
      'preferences.serviceTypes.0',
      'preferences.userType',
      'step',
    ]);
    expect((await call('/api/onboarding/update', { method: 'POST', body: { step: 1, completed: false } })).status).toBe(
      401,
    );
  });
});

describe('account activity', () => {
  it('counts the user’s own bookings and the average rating they gave', async () => {
    const { cookie, user } = await signIn(DEMO_CUSTOMER_EMAIL);
    const res = await call('/api/auth/activity', { cookie });
    expect(res.status).toBe(200);
    const own = await ctx.database.db.select().from(bookings).where(eq(bookings.customerId, user.id));
    const given = await ctx.database.db.select().from(reviews).where(eq(reviews.customerId, user.id));
    expect(own.length).toBeGreaterThan(0);
    expect(res.body.totalBookings).toBe(own.length);
    expect(res.body.completedBookings).toBe(own.filter((b) => b.status === 'completed').length);
    expect(res.body.pendingBookings).toBe(own.filter((b) => b.status === 'pending').length);
    const average = given.length ? given.reduce((s, r) => s + r.overallRating, 0) / given.length : null;
    expect(res.body.averageRatingGiven).toBe(average === null ? null : Math.round(average * 10) / 10);
    const newest = [...own].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id).slice(0, 5);
    expect(res.body.recentBookings.map((b: { id: number }) => b.id)).toEqual(newest.map((b) => b.id));
    expect(res.body.recentBookings[0].totalAmount).toBe((newest[0]?.totalPriceCents ?? 0) / 100);
  });

  it('is empty with a null average for a new user', async () => {
    const reg = await call('/api/auth/register', {
      method: 'POST',
      body: { email: 'fresh@example.com', password: 'a-long-password', firstName: 'F', lastName: 'R' },
    });
    const cookie = cookieHeader({ spotless_session: cookiesFrom(reg.headers).spotless_session?.value as string });
    expect((await call('/api/auth/activity', { cookie })).body).toMatchObject({
      totalBookings: 0,
      completedBookings: 0,
      pendingBookings: 0,
      averageRatingGiven: null,
      recentBookings: [],
    });
    const n = await ctx.database.db
      .select({ n: sql<number>`count(*)` })
      .from(bookings)
      .where(and(eq(bookings.customerId, reg.body.id)));
    expect(n[0]?.n).toBe(0);
  });
});
