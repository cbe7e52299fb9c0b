/**
 * The world of the auth routes' suites: a server with the shared admin password and a limit of
 * ten sign-in attempts, over the demo data with its demo accounts, and a sign-in through the API.
 */
import { expect } from 'vitest';
import { hashPassword, TEST_PASSWORD_COST } from '../auth/password';
import { DEMO_PASSWORD, seedDemoData } from '../seed/generate';
import { cookieHeader, cookiesFrom } from './cookies';
import { createTestContext } from './harness';
import { remoteCalls } from './remote-calls';

export const ADMIN_PASSWORD = 'correct horse battery staple';

export async function authWorld() {
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
  /** Each test signs in from its own address so the rate limit of one does not spill into another. */
  const { call } = remoteCalls(ctx, '10.0');

  async function signIn(email: string, password = DEMO_PASSWORD) {
    const res = await call('/api/auth/login', { method: 'POST', body: { email, password } });
    expect(res.status).toBe(200);
    const token = cookiesFrom(res.headers).spotless_session?.value as string;
    return { token, cookie: cookieHeader({ spotless_session: token }), user: res.body };
  }

  /** A new account through the API, with the password `a-long-password`, and its session cookie. */
  async function signUp(email: string, firstName: string, lastName: string) {
    const reg = await call('/api/auth/register', {
      method: 'POST',
      body: { email, password: 'a-long-password', firstName, lastName },
    });
    const cookie = cookieHeader({ spotless_session: cookiesFrom(reg.headers).spotless_session?.value as string });
    return { reg, cookie };
  }

  return { ctx, call, signIn, signUp };
}
