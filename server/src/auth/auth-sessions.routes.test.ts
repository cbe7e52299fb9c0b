import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../db/schema';
import { DEMO_CUSTOMER_EMAIL } from '../seed/generate';
import { authWorld } from '../test/auth-world';
import { cookieHeader, cookiesFrom } from '../test/cookies';
import { createTestContext } from '../test/harness';
import { DAY_MS, sessionIdFromToken } from './sessions';

/** Sessions over HTTP: the cookie, its idle and absolute lifetimes, and signing out. */
const { ctx, call, signIn } = await authWorld();

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
