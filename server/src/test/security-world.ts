/**
 * The world of the security review's suites (SECURITY.md): a seeded server that allows five
 * sign-in attempts, people who sign up through the API, and the links the outbox holds for them.
 */
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { SESSION_COOKIE } from '../auth/cookies';
import { notifications } from '../db/schema';
import { seedDemoData } from '../seed/generate';
import { createTestContext } from './harness';
import { remoteCalls } from './remote-calls';

export const PASSWORD = 'a-long-password';

export const sessionCookieFrom = (headers: Headers, name = SESSION_COOKIE) => {
  const line = headers.getSetCookie().find((l) => l.startsWith(`${name}=`));
  return line ? line.split(';')[0] : undefined;
};

export async function securityWorld() {
  const ctx = await createTestContext({ config: { AUTH_RATE_LIMIT: '5' } });
  await seedDemoData(ctx.database, { cleaners: 4, now: ctx.clock.now(), demoAccounts: false, seed: 5 });
  const { call, freshAddress } = remoteCalls(ctx, '10.20');

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

  /** How many people `register` has signed up. */
  const registered = () => userCounter;

  return { ctx, call, freshAddress, register, linkFor, registered };
}
