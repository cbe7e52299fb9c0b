/** Test helpers for the booking and availability suites: users, sessions and requests. */
import { eq } from 'drizzle-orm';
import { SESSION_COOKIE } from '../auth/cookies';
import { createSession, generateSessionToken } from '../auth/sessions';
import { cleaners, users } from '../db/schema';
import { seedDemoData } from '../seed/generate';
import type { TestContext } from '../test/harness';

export const ORIGIN = 'http://localhost:8787';

export async function seedWorld(ctx: TestContext) {
  await seedDemoData(ctx.database, { cleaners: 4, now: ctx.clock.now(), demoAccounts: true, seed: 7 });
  const [demo] = await ctx.database.db.select().from(cleaners).where(eq(cleaners.id, 1));
  const [other] = await ctx.database.db.select().from(cleaners).where(eq(cleaners.id, 2));
  if (!demo || !other) throw new Error('seeded cleaners missing');
  return { demoCleaner: demo, otherCleaner: other };
}

let counter = 0;
export async function createCustomer(ctx: TestContext, firstName = 'Test'): Promise<number> {
  counter += 1;
  const [row] = await ctx.database.write((tx) =>
    tx
      .insert(users)
      .values({ email: `customer-${counter}-${Date.now()}@test.example`, firstName, lastName: 'Customer' })
      .returning({ id: users.id }),
  );
  if (!row) throw new Error('user insert failed');
  return row.id;
}

/** A signed-in session for `userId`: the cookie and the same-site Origin a browser would send. */
export async function sessionFor(ctx: TestContext, userId: number): Promise<Record<string, string>> {
  const token = generateSessionToken();
  await createSession(ctx.database, token, { userId, kind: 'user' }, ctx.clock.now());
  return { cookie: `${SESSION_COOKIE}=${token}`, origin: ORIGIN };
}
