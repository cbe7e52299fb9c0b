import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createApp } from './app';
import { ADMIN_SESSION_COOKIE, SESSION_COOKIE } from './auth/cookies';
import { hashPassword, TEST_PASSWORD_COST } from './auth/password';
import { createSession, generateSessionToken } from './auth/sessions';
import { totpCode } from './auth/totp';
import { AnswerCache } from './cleaners/search-cache';
import { auditLog, authTokens, notifications, users } from './db/schema';
import { PaymentProviderError } from './lib/payment-provider';
import { deliverNotifications } from './notifications/outbox';
import { SERVER_ROOT } from './paths';
import { LocalPaymentProvider } from './payments/local-provider';
import { databaseLocalStore } from './payments/local-provider-store';
import { providerErrorToAppError } from './payments/payments.service';
import { StripePaymentProvider } from './payments/stripe-provider';
import { lockDemoAccounts, seedDemoData } from './seed/generate';
import { createTestContext, type Json } from './test/harness';

/**
 * The security review's findings (SECURITY.md), one block each. Every test here fails on the code
 * before the fix.
 */

const ORIGIN = 'http://localhost:8787';
const PASSWORD = 'a-long-password';

const ctx = await createTestContext({ config: { AUTH_RATE_LIMIT: '5' } });
await seedDemoData(ctx.database, { cleaners: 4, now: ctx.clock.now(), demoAccounts: false, seed: 5 });

let addressCounter = 0;
const freshAddress = () => `10.20.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

async function call(
  path: string,
  init: { method?: string; body?: unknown; cookie?: string; headers?: Record<string, string>; ip?: string } = {},
  on = ctx,
) {
  const headers = new Headers(init.headers);
  if (init.body !== undefined) headers.set('content-type', 'application/json');
  if (init.cookie) headers.set('cookie', init.cookie);
  if (init.method && init.method !== 'GET' && !headers.has('origin')) headers.set('origin', ORIGIN);
  const res = await on.app.request(
    path,
    { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) },
    { incoming: { socket: { remoteAddress: init.ip ?? freshAddress() } } },
  );
  const text = await res.text();
  let body: Json = {};
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    body = { text };
  }
  return { status: res.status, body, headers: res.headers };
}

const sessionCookieFrom = (headers: Headers, name = SESSION_COOKIE) => {
  const line = headers.getSetCookie().find((l) => l.startsWith(`${name}=`));
  return line ? line.split(';')[0] : undefined;
};

let userCounter = 0;
async function register(email = `person-${++userCounter}@example.com`) {
  const res = await call('/api/auth/register', {
    method: 'POST',
    body: { email, password: PASSWORD, firstName: 'Pat', lastName: 'Lee' },
  });
  expect(res.status).toBe(201);
  return { email, id: res.body.id as number, cookie: sessionCookieFrom(res.headers) as string };
}

/** The link of the newest notification of `type` to `email`, as the outbox holds it. */
async function linkFor(email: string, type: 'verify_email' | 'password_reset') {
  const rows = await ctx.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipientEmail, email), eq(notifications.type, type)))
    .orderBy(notifications.id);
  const body = rows.at(-1)?.body ?? '';
  const url = /https?:\/\/\S+/.exec(body)?.[0];
  return url ? new URL(url) : undefined;
}

describe('1. production takes no fake payments', () => {
  it('gives every installation its own webhook secret, never a constant from the source, shared by every process over its database', async () => {
    const a = await new LocalPaymentProvider().webhookSecret();
    const b = await new LocalPaymentProvider().webhookSecret();
    expect(a).not.toBe(b);
    const first = new LocalPaymentProvider({ store: databaseLocalStore(ctx.database, ctx.clock) });
    const second = new LocalPaymentProvider({ store: databaseLocalStore(ctx.database, ctx.clock) });
    const shared = await first.webhookSecret();
    expect(await second.webhookSecret()).toBe(shared);
    for (const secret of [a, shared]) {
      expect(secret).not.toBe('whsec_local_test_secret');
      expect(secret.length).toBeGreaterThan(40);
    }
  });

  it('refuses an event signed with the old constant secret', async () => {
    const forged = new LocalPaymentProvider({ webhookSecret: 'whsec_local_test_secret', clock: ctx.clock });
    const delivery = await forged.signedDelivery({
      id: 'evt_forged',
      type: 'payment_succeeded',
      providerPaymentId: 'pi_local_x',
      amountCents: 9000,
      createdAt: ctx.clock.now(),
    });
    const res = await call('/api/webhooks/stripe', {
      method: 'POST',
      body: JSON.parse(delivery.rawBody),
      headers: { 'spotless-signature': delivery.signatureHeader },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_signature');
  });

  it('has no local confirm route, and does not document one, when Stripe is the provider', async () => {
    const stripe = new StripePaymentProvider({ secretKey: 'sk_test_x', webhookSecret: 'whsec_x' });
    const app = createApp({ ...ctx.deps, payments: stripe });
    const res = await app.request('/api/payments/local/confirm', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientSecret: 'pi_local_1_secret_1', cardNumber: '4242424242424242' }),
    });
    expect(res.status).toBe(404);
    expect(((await res.json()) as Json).error.message).toBe('No route for POST /api/payments/local/confirm');
    const openapi = (await (await app.request('/api/openapi.json')).json()) as Json;
    expect(Object.keys(openapi.paths)).not.toContain('/api/payments/local/confirm');
    const local = (await (await ctx.app.request('/api/openapi.json')).json()) as Json;
    expect(Object.keys(local.paths)).toContain('/api/payments/local/confirm');
  });
});

describe('2. e-mail ownership before linking or recovery', () => {
  it('sends a verification link on sign-up; the link verifies once, and only for the current address', async () => {
    const { email, cookie } = await register();
    expect((await call('/api/auth/user', { cookie })).body.emailVerified).toBe(false);
    const link = await linkFor(email, 'verify_email');
    expect(link?.pathname).toBe('/verify-email');
    const token = link?.searchParams.get('token') as string;
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    // Only the token's hash is stored.
    expect((await ctx.database.db.select().from(authTokens)).some((t) => t.id === token)).toBe(false);

    const ok = await call('/api/auth/verify-email', { method: 'POST', body: { token } });
    expect(ok).toMatchObject({ status: 200, body: { ok: true, email } });
    expect((await call('/api/auth/user', { cookie })).body.emailVerified).toBe(true);
    const again = await call('/api/auth/verify-email', { method: 'POST', body: { token } });
    expect(again.status).toBe(400);
    expect(again.body.error.fields).toHaveProperty('token');
  });

  it('refuses an expired verification link', async () => {
    const { email } = await register();
    const token = (await linkFor(email, 'verify_email'))?.searchParams.get('token');
    ctx.clock.set(new Date(ctx.clock.now().getTime() + 25 * 3_600_000));
    const res = await call('/api/auth/verify-email', { method: 'POST', body: { token } });
    ctx.clock.set('2026-06-15T12:00:00Z');
    expect(res.status).toBe(400);
  });

  it('changing the e-mail asks for the password, unverifies it, tells the old address and ends other sessions', async () => {
    const person = await register();
    const elsewhere = await call('/api/auth/login', {
      method: 'POST',
      body: { email: person.email, password: PASSWORD },
    });
    const otherCookie = sessionCookieFrom(elsewhere.headers) as string;
    const newEmail = `moved-${userCounter}@example.com`;

    const missing = await call('/api/auth/profile', {
      method: 'PATCH',
      cookie: person.cookie,
      body: { email: newEmail },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields.currentPassword).toBe('Enter your current password to make this change');
    const wrong = await call('/api/auth/profile', {
      method: 'PATCH',
      cookie: person.cookie,
      body: { email: newEmail, currentPassword: 'not-it' },
    });
    expect(wrong.status).toBe(400);
    expect((await call('/api/auth/user', { cookie: person.cookie })).body.email).toBe(person.email);

    const changed = await call('/api/auth/profile', {
      method: 'PATCH',
      cookie: person.cookie,
      body: { email: newEmail, currentPassword: PASSWORD },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ email: newEmail, emailVerified: false });
    expect((await call('/api/auth/user', { cookie: person.cookie })).status).toBe(200);
    expect((await call('/api/auth/user', { cookie: otherCookie })).status).toBe(401);
    expect(await linkFor(newEmail, 'verify_email')).toBeDefined();
    const notice = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientEmail, person.email), eq(notifications.type, 'account_security')));
    expect(notice.map((n) => n.subject)).toContain('The email address of your Spotless account was changed');
    // A link sent to the old address no longer verifies anything.
    const oldLink = (await linkFor(person.email, 'verify_email'))?.searchParams.get('token');
    expect((await call('/api/auth/verify-email', { method: 'POST', body: { token: oldLink } })).status).toBe(400);
  });

  it('limits e-mail changes per account, so the 409 cannot be used to list who has an account', async () => {
    const person = await register();
    const taken = await register();
    const attempts: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await call('/api/auth/profile', {
        method: 'PATCH',
        cookie: person.cookie,
        body: { email: taken.email, currentPassword: PASSWORD },
        ip: freshAddress(),
      });
      attempts.push(res.status);
    }
    expect(attempts).toEqual([409, 409, 409, 409, 409, 429]);
  });
});

describe('6. sessions end, and passwords can be changed and reset', () => {
  it('changing the password asks for the current one and ends every other session', async () => {
    const person = await register();
    const other = sessionCookieFrom(
      (await call('/api/auth/login', { method: 'POST', body: { email: person.email, password: PASSWORD } })).headers,
    ) as string;
    const bad = await call('/api/auth/password', {
      method: 'POST',
      cookie: person.cookie,
      body: { currentPassword: 'nope', newPassword: 'brand-new-password' },
    });
    expect(bad.status).toBe(400);
    const ok = await call('/api/auth/password', {
      method: 'POST',
      cookie: person.cookie,
      body: { currentPassword: PASSWORD, newPassword: 'brand-new-password' },
    });
    expect(ok.status).toBe(200);
    const fresh = sessionCookieFrom(ok.headers) as string;
    expect((await call('/api/auth/user', { cookie: fresh })).status).toBe(200);
    expect((await call('/api/auth/user', { cookie: other })).status).toBe(401);
    expect((await call('/api/auth/user', { cookie: person.cookie })).status).toBe(401);
    const oldLogin = await call('/api/auth/login', {
      method: 'POST',
      body: { email: person.email, password: PASSWORD },
    });
    expect(oldLogin.status).toBe(401);
  });

  it('resets a forgotten password through a one-hour link that verifies the address and ends every session', async () => {
    const person = await register();
    const unknown = await call('/api/auth/password-reset', { method: 'POST', body: { email: 'no-one@example.com' } });
    expect(unknown.status).toBe(202);
    expect(await linkFor('no-one@example.com', 'password_reset')).toBeUndefined();

    expect((await call('/api/auth/password-reset', { method: 'POST', body: { email: person.email } })).status).toBe(
      202,
    );
    const link = await linkFor(person.email, 'password_reset');
    expect(link?.pathname).toBe('/reset-password');
    const token = link?.searchParams.get('token');
    const short = await call('/api/auth/password-reset/confirm', { method: 'POST', body: { token, password: 'x' } });
    expect(short.status).toBe(400);
    const reset = await call('/api/auth/password-reset/confirm', {
      method: 'POST',
      body: { token, password: 'reset-password-1' },
    });
    expect(reset.status).toBe(200);
    expect(reset.body.emailVerified).toBe(true);
    expect((await call('/api/auth/user', { cookie: person.cookie })).status).toBe(401);
    expect(
      (await call('/api/auth/login', { method: 'POST', body: { email: person.email, password: 'reset-password-1' } }))
        .status,
    ).toBe(200);
    const reused = await call('/api/auth/password-reset/confirm', {
      method: 'POST',
      body: { token, password: 'reset-password-2' },
    });
    expect(reused.status).toBe(400);
  });

  it('GET /api/logout signs out a navigation from this site, but not one another site started', async () => {
    const person = await register();
    const foreign = await call('/api/logout', { cookie: person.cookie, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(foreign.status).toBe(302);
    expect(foreign.headers.get('location')).toBe('/logout');
    expect((await call('/api/auth/user', { cookie: person.cookie })).status).toBe(200);
    const byReferer = await call('/api/logout', {
      cookie: person.cookie,
      headers: { referer: 'https://evil.example/page' },
    });
    expect(byReferer.headers.get('location')).toBe('/logout');
    expect((await call('/api/auth/user', { cookie: person.cookie })).status).toBe(200);

    const own = await call('/api/logout', { cookie: person.cookie, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(own.headers.get('location')).toBe('/');
    expect((await call('/api/auth/user', { cookie: person.cookie })).status).toBe(401);
  });

  it('rehashes a password stored with weaker scrypt settings at the next sign-in', async () => {
    // A server at production strength (the shared test context hashes at test strength).
    const strong = await createTestContext({ config: { PASSWORD_HASH_COST: 'production' } });
    const email = 'rehash@example.com';
    const made = await call(
      '/api/auth/register',
      { method: 'POST', body: { email, password: PASSWORD, firstName: 'Pat', lastName: 'Lee' } },
      strong,
    );
    expect(made.status).toBe(201);
    const person = { email, id: made.body.id as number };
    const weak = 'scrypt$16384$8$1$c2FsdHNhbHRzYWx0c2FsdA==$';
    const { scryptSync } = await import('node:crypto');
    const key = scryptSync(PASSWORD.normalize('NFKC'), Buffer.from('c2FsdHNhbHRzYWx0c2FsdA==', 'base64'), 32, {
      N: 16384,
      r: 8,
      p: 1,
    }).toString('base64');
    await strong.database.write((tx) =>
      tx
        .update(users)
        .set({ passwordHash: weak + key })
        .where(eq(users.id, person.id)),
    );
    const login = await call('/api/auth/login', { method: 'POST', body: { email, password: PASSWORD } }, strong);
    expect(login.status).toBe(200);
    const [row] = await strong.database.db.select().from(users).where(eq(users.id, person.id));
    expect(row?.passwordHash).toMatch(/^scrypt\$32768\$8\$3\$/);
  });
});

describe('4. throttling', () => {
  it('limits failed sign-ins per account, from any number of addresses; the owner’s own sign-in is not counted', async () => {
    const person = await register();
    for (let i = 0; i < 3; i++) {
      expect(
        (await call('/api/auth/login', { method: 'POST', body: { email: person.email, password: PASSWORD } })).status,
      ).toBe(200);
    }
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await call('/api/auth/login', {
        method: 'POST',
        body: { email: person.email, password: `guess-${i}` },
        ip: freshAddress(),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const blocked = await call('/api/auth/login', {
      method: 'POST',
      body: { email: person.email, password: PASSWORD },
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits guesses at the admin password across all addresses together', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 26; i++) {
      const res = await call('/api/admin/login', {
        method: 'POST',
        body: { password: `guess-${i}` },
        ip: freshAddress(),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 25).every((s) => s === 401)).toBe(true);
    expect(statuses[25]).toBe(429);
  });

  it('counts an IPv6 client by its /64, so rotating the interface id buys nothing', async () => {
    const own = await createTestContext({ config: { AUTH_RATE_LIMIT: '3' } });
    const statuses: number[] = [];
    const taken = { email: 'taken@example.com', password: PASSWORD, firstName: 'T', lastName: 'K' };
    await call('/api/auth/register', { method: 'POST', body: taken, ip: '192.0.2.200' }, own);
    for (let i = 1; i <= 4; i++) {
      const res = await call(
        '/api/auth/register',
        { method: 'POST', body: taken, ip: `2001:db8:aa:bb::${i.toString(16)}` },
        own,
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([409, 409, 409, 429]);
    expect(
      (await call('/api/auth/register', { method: 'POST', body: taken, ip: '2001:db8:aa:cc::1' }, own)).status,
    ).toBe(409);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY says a proxy of ours sets it', async () => {
    const own = await createTestContext({ config: { AUTH_RATE_LIMIT: '3' } });
    const statuses: number[] = [];
    const taken = { email: 'taken@example.com', password: PASSWORD, firstName: 'T', lastName: 'K' };
    await call('/api/auth/register', { method: 'POST', body: taken, ip: '192.0.2.200' }, own);
    for (let i = 1; i <= 4; i++) {
      const res = await call(
        '/api/auth/register',
        { method: 'POST', body: taken, ip: '198.51.100.7', headers: { 'x-forwarded-for': `192.0.2.${i}` } },
        own,
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([409, 409, 409, 429]);
  });

  it('limits contact messages per account and per address', async () => {
    const own = await createTestContext({ config: { CONTACT_RATE_LIMIT: '2' } });
    const message = {
      firstName: 'A',
      lastName: 'B',
      email: 'a@example.com',
      subject: 'Hi',
      message: 'A question here.',
    };
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await call('/api/contact', { method: 'POST', body: message, ip: '203.0.113.50' }, own)).status);
    }
    expect(statuses).toEqual([201, 201, 429]);
    expect((await call('/api/contact', { method: 'POST', body: message, ip: '203.0.113.51' }, own)).status).toBe(201);
  });

  it('limits bookings per account: at most 3 unpaid at once, and so many per hour', async () => {
    const own = await createTestContext({
      config: { MAX_UNPAID_BOOKINGS: '3', BOOKING_RATE_LIMIT: '5' },
      now: '2026-06-15T12:00:00Z',
    });
    await seedDemoData(own.database, { cleaners: 4, now: own.clock.now(), demoAccounts: true, seed: 7 });
    const [customer] = await own.database.write((tx) =>
      tx.insert(users).values({ email: 'squatter@example.com' }).returning({ id: users.id }),
    );
    const token = generateSessionToken();
    await createSession(own.database, token, { userId: customer?.id as number, kind: 'user' }, own.clock.now());
    const cookie = `${SESSION_COOKIE}=${token}`;
    const book = (day: number) =>
      call(
        '/api/bookings',
        {
          method: 'POST',
          cookie,
          body: {
            cleanerId: 1,
            serviceId: 1,
            address: '1 Main St',
            scheduledDate: `2026-08-${String(day).padStart(2, '0')}`,
            scheduledTime: '10:00',
            duration: 120,
            totalPrice: '90.00',
          },
        },
        own,
      );
    const statuses: number[] = [];
    const codes: string[] = [];
    for (const day of [4, 5, 6, 7]) {
      const res = await book(day);
      statuses.push(res.status);
      codes.push(res.body.error?.code ?? '');
    }
    expect(statuses, codes.join()).toEqual([201, 201, 201, 409]);
    expect(codes[3]).toBe('too_many_unpaid_bookings');
    // Past the hourly limit, even with room for unpaid bookings.
    const first = (await own.json<Json>('/api/bookings', { headers: { cookie } })).body.items.at(-1).id;
    await call(`/api/bookings/${first}`, { method: 'DELETE', cookie }, own);
    expect((await book(11)).status).toBe(201);
    const limited = await book(12);
    expect(limited.status).toBe(429);
  });

  it('bounds the search cache by bytes as well as by entries', () => {
    const cache = new AnswerCache(1000, 10_000);
    const body = 'x'.repeat(2_000);
    for (let i = 0; i < 10; i++) cache.set(`key-${i}`, 1, body);
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.size).toBeLessThan(10);
    expect(cache.get('key-9', 1)).toBe(body);
    expect(cache.get('key-0', 1)).toBeUndefined();
    cache.set('huge', 1, 'y'.repeat(20_000));
    expect(cache.get('huge', 1)).toBeUndefined();
  });
});

describe('5. administrators are named', () => {
  const production = {
    NODE_ENV: 'production',
    DATABASE_URL: 'file:unused.db',
    PUBLIC_URL: 'http://localhost:8787',
    UNSAFE_TEST_PAYMENTS_IN_PRODUCTION: 'true',
    AUTH_RATE_LIMIT: '100',
  };

  it('in production the shared password alone opens nothing', async () => {
    const prod = await createTestContext({
      config: { ...production, ADMIN_PASSWORD_HASH: await hashPassword('shared', TEST_PASSWORD_COST) },
    });
    const res = await call('/api/admin/login', { method: 'POST', body: { password: 'shared' } }, prod);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('named_admin_required');
    expect(sessionCookieFrom(res.headers, ADMIN_SESSION_COOKIE)).toBeUndefined();
  });

  it('a named administrator opens the admin session with their password and authenticator code; the audit log names them', async () => {
    const prod = await createTestContext({ config: production });
    const passwordHash = await hashPassword('admin-own-password', TEST_PASSWORD_COST);
    const [admin] = await prod.database.write((tx) =>
      tx
        .insert(users)
        .values({ email: 'ops@example.com', passwordHash, role: 'admin', emailVerifiedAt: prod.clock.now() })
        .returning(),
    );
    const signIn = await call(
      '/api/auth/login',
      { method: 'POST', body: { email: 'ops@example.com', password: 'admin-own-password' } },
      prod,
    );
    const cookie = signIn.headers
      .getSetCookie()
      .map((l) => l.split(';')[0])
      .join('; ');
    expect((await call('/api/admin/login', { method: 'POST', cookie, body: { password: 'wrong' } }, prod)).status).toBe(
      401,
    );

    // Switch on two-step verification.
    const setup = await call(
      '/api/auth/totp/setup',
      { method: 'POST', cookie, body: { currentPassword: 'admin-own-password' } },
      prod,
    );
    expect(setup.status).toBe(200);
    expect(setup.body.uri).toMatch(/^otpauth:\/\/totp\/Spotless:ops%40example\.com\?/);
    const enable = await call(
      '/api/auth/totp/enable',
      { method: 'POST', cookie, body: { code: totpCode(setup.body.secret, prod.clock.now()) } },
      prod,
    );
    expect(enable.body.totpEnabled).toBe(true);

    // Now the password alone is not enough, and a code works once.
    const noCode = await call(
      '/api/admin/login',
      { method: 'POST', cookie, body: { password: 'admin-own-password' } },
      prod,
    );
    expect(noCode.status).toBe(401);
    expect(noCode.body.error.code).toBe('totp_required');
    prod.clock.set(new Date(prod.clock.now().getTime() + 30_000));
    const code = totpCode(setup.body.secret, prod.clock.now());
    const ok = await call(
      '/api/admin/login',
      { method: 'POST', cookie, body: { password: 'admin-own-password', code } },
      prod,
    );
    expect(ok.status).toBe(200);
    const replay = await call(
      '/api/admin/login',
      { method: 'POST', cookie, body: { password: 'admin-own-password', code } },
      prod,
    );
    expect(replay.body.error.code).toBe('invalid_code');

    const adminCookie = sessionCookieFrom(ok.headers, ADMIN_SESSION_COOKIE) as string;
    const session = await call('/api/admin/session', { cookie: adminCookie }, prod);
    expect(session.body).toMatchObject({ admin: true, via: 'user', userId: admin?.id });
    const entries = await prod.database.db.select().from(auditLog).where(eq(auditLog.action, 'admin.login'));
    expect(entries.map((e) => e.actorUserId)).toEqual([admin?.id]);
  });

  it('a user with the admin role has no admin powers until they open an admin session', async () => {
    const [admin] = await ctx.database.write((tx) =>
      tx.insert(users).values({ email: 'role-only@example.com', role: 'admin' }).returning({ id: users.id }),
    );
    const token = generateSessionToken();
    await createSession(ctx.database, token, { userId: admin?.id as number, kind: 'user' }, ctx.clock.now());
    expect((await call('/api/admin/session', { cookie: `${SESSION_COOKIE}=${token}` })).status).toBe(403);
  });
});

describe('7. the embedded default is not exposed', () => {
  it('locks the demo accounts when the embedded server listens beyond loopback', async () => {
    const own = await createTestContext();
    await seedDemoData(own.database, {
      cleaners: 4,
      now: own.clock.now(),
      demoAccounts: true,
      demoPasswordHash: await hashPassword('demo-password', TEST_PASSWORD_COST),
      seed: 1,
    });
    expect(await lockDemoAccounts(own.database)).toBe(2);
    const login = await call(
      '/api/auth/login',
      { method: 'POST', body: { email: 'customer@example.com', password: 'demo-password' } },
      own,
    );
    expect(login.status).toBe(401);
  });
});

describe('8. every HTML answer carries the security headers, on every runtime', () => {
  it('sets CSP, HSTS (one year) and nosniff on pages served by the assets binding', async () => {
    const app = createApp({
      ...ctx.deps,
      assets: {
        // What Workers' ASSETS binding or the Node file server hands back: a bare page.
        serve: async () =>
          new Response('<!doctype html><title>Spotless</title>', { headers: { 'content-type': 'text/html' } }),
      },
    });
    const res = await app.request('/cleaners');
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('routes every request through the worker on Cloudflare, so the same headers apply there', () => {
    const wrangler = readFileSync(join(SERVER_ROOT, '..', 'wrangler.toml'), 'utf8');
    expect(wrangler).toMatch(/^run_worker_first = true$/m);
  });
});

describe('low: fixed while there', () => {
  it('serves the hosted app’s source maps only where configured', async () => {
    const assets = {
      serve: async () => new Response('{"version":3}', { headers: { 'content-type': 'application/json' } }),
    };
    const dev = createApp({ ...ctx.deps, assets });
    expect((await dev.request('/assets/index-abc.js.map')).status).toBe(200);
    const config = { ...ctx.deps.config, serveSourceMaps: false };
    const prod = createApp({ ...ctx.deps, config, assets });
    expect((await prod.request('/assets/index-abc.js.map')).status).toBe(404);
  });

  it('does not pass the payment provider’s own words to the client', () => {
    const error = providerErrorToAppError(
      new PaymentProviderError('invalid_request', 'No such customer: cus_SECRET123; request req_internal'),
    ) as Error;
    expect(error.message).not.toContain('cus_SECRET123');
    expect(error.message).toBe('The payment provider refused the request. Please try again or contact support.');
  });

  it('treats % and _ in a location as characters, not wildcards', async () => {
    const all = await call('/api/cleaners?location=%25&pageSize=1');
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(0);
    expect((await call('/api/cleaners?location=_&pageSize=1')).body.total).toBe(0);
  });

  it('refuses line breaks in a contact message’s name and subject', async () => {
    const res = await call('/api/contact', {
      method: 'POST',
      body: {
        firstName: 'Pat\r\nBcc: everyone@example.com',
        lastName: 'Lee',
        email: 'pat@example.com',
        subject: 'Hello\nX-Injected: yes',
        message: 'A message long enough.',
      },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields).sort()).toEqual(['firstName', 'subject']);
  });

  it('refuses an id beyond the safe integers instead of rounding it to another', async () => {
    const res = await call('/api/cleaners/9007199254740993');
    expect(res.status).toBe(400);
    expect(res.body.error.fields.id).toBe('must be a positive integer');
  });

  it('reads an id only from decimal digits: hex, exponents, signs and decimals are refused, not read as another id', async () => {
    for (const id of ['0x1', '1e0', '+1', '1.0', '0b1', '%201']) {
      const res = await call(`/api/cleaners/${id}`);
      expect(res.status, id).toBe(400);
      expect(res.body.error.fields.id, id).toBe('must be a positive integer');
    }
    expect((await call('/api/cleaners/1')).status).toBe(200);
  });
});

describe('the outbox is delivered', () => {
  it('sends what is due once, and blanks the stored copy of a link that is a credential', async () => {
    const own = await createTestContext();
    await call(
      '/api/auth/register',
      {
        method: 'POST',
        body: { email: 'mail@example.com', password: PASSWORD, firstName: 'M', lastName: 'L' },
      },
      own,
    );
    expect(await deliverNotifications(own.deps)).toEqual({ sent: 1, failed: 0 });
    expect(own.sent.map((m) => [m.to, m.type])).toEqual([['mail@example.com', 'verify_email']]);
    expect(own.sent[0]?.body).toContain('/verify-email?token=');
    expect(await deliverNotifications(own.deps)).toEqual({ sent: 0, failed: 0 });
    const [stored] = await own.database.db.select().from(notifications);
    expect(stored?.status).toBe('sent');
    expect(stored?.body).not.toContain('token=');
  });
});
