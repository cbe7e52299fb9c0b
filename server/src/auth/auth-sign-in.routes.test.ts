import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { DEMO_CLEANER_EMAIL, DEMO_CUSTOMER_EMAIL, DEMO_PASSWORD } from '../seed/generate';
import { ADMIN_PASSWORD, authWorld } from '../test/auth-world';
import { cookieHeader, cookiesFrom } from '../test/cookies';

/** Signing up, signing in (GET /api/login too) and the shared-password admin sign-in, over HTTP. */
const { ctx, call, signIn } = await authWorld();

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

  it('lands a signed-in approved cleaner with no return address on their dashboard, a customer at home', async () => {
    const cleaner = await signIn(DEMO_CLEANER_EMAIL);
    expect((await call('/api/login', { cookie: cleaner.cookie })).headers.get('location')).toBe('/cleaner-dashboard');
    expect((await call('/api/login?returnUrl=%2Fprofile', { cookie: cleaner.cookie })).headers.get('location')).toBe(
      '/profile',
    );
    const customer = await signIn(DEMO_CUSTOMER_EMAIL);
    expect((await call('/api/login', { cookie: customer.cookie })).headers.get('location')).toBe('/');
  });

  it('tells the sign-in page which providers exist', async () => {
    expect((await call('/api/auth/providers')).body).toMatchObject({ password: true, google: false, github: false });
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
