import { describe, expect, it } from 'vitest';
import { issueAuthToken } from '../auth/auth-tokens';
import { createSession, validateSessionToken } from '../auth/sessions';
import { authTokens, idempotencyKeys, rateLimits, sessions, users } from '../db/schema';
import { databaseRateLimiter } from '../rate-limits/rate-limit';
import { createTestContext } from '../test/harness';
import { purgeExpired } from './purge-expired';

const ctx = await createTestContext({ now: '2026-03-01T12:00:00Z' });

describe('purgeExpired', () => {
  it('deletes expired sessions, reset rate-limit windows and stale idempotent answers, and nothing live', async () => {
    const now = ctx.clock.now();
    const user = await createSession(ctx.database, 'token-old-enough-to-expire', { userId: null, kind: 'admin' }, now);
    const limiter = databaseRateLimiter(ctx.database, ctx.clock);
    await limiter.hit('login:203.0.113.9', 10, 60_000);
    const [owner] = await ctx.database.write((tx) =>
      tx.insert(users).values({ email: 'purge@example.com' }).returning({ id: users.id }),
    );
    const link = await ctx.database.write((tx) =>
      issueAuthToken(tx, now, { userId: owner?.id as number, purpose: 'reset_password', email: 'purge@example.com' }),
    );
    await ctx.database.write((tx) =>
      tx.insert(idempotencyKeys).values({
        scope: 'test',
        key: 'k1',
        requestHash: 'h',
        responseStatus: 201,
        responseBody: '{}',
        createdAt: now,
        expiresAt: new Date(now.getTime() + 60_000),
      }),
    );

    // Nothing has expired yet.
    expect(await purgeExpired(ctx.deps)).toEqual({
      sessions: 0,
      rateLimits: 0,
      idempotencyKeys: 0,
      authTokens: 0,
      localPaymentRequests: 0,
      guestTokens: 0,
    });

    // Later than every expiry (the reset link's hour included), and a fresh session and window made now stay.
    ctx.clock.set(new Date(Math.max(user.expiresAt.getTime(), now.getTime() + 3_600_000) + 1));
    await createSession(ctx.database, 'token-made-later', { userId: null, kind: 'admin' }, ctx.clock.now());
    await limiter.hit('login:198.51.100.7', 10, 60_000);
    expect(await purgeExpired(ctx.deps)).toEqual({
      sessions: 1,
      rateLimits: 1,
      idempotencyKeys: 1,
      authTokens: 1,
      localPaymentRequests: 0,
      guestTokens: 0,
    });

    expect((await ctx.database.db.select().from(sessions)).map((s) => s.expiresAt > ctx.clock.now())).toEqual([true]);
    expect((await ctx.database.db.select().from(rateLimits)).map((r) => r.key)).toEqual(['login:198.51.100.7']);
    expect(await ctx.database.db.select().from(idempotencyKeys)).toEqual([]);
    expect(await ctx.database.db.select().from(authTokens)).toEqual([]);
    expect(link).toMatch(/^[a-z2-7]{32}$/);
    expect(await validateSessionToken(ctx.database, 'token-made-later', 'admin', ctx.clock.now())).not.toBeNull();
  });

  it('forgets the local payment provider’s idempotency keys after a day, as Stripe does', async () => {
    const intent = await ctx.deps.payments.createPaymentIntent({
      amountCents: 5_000,
      currency: 'usd',
      bookingId: 1,
      customerId: null,
      idempotencyKey: 'purge-key',
    });
    ctx.clock.set(new Date(ctx.clock.now().getTime() + 23 * 3_600_000));
    expect((await purgeExpired(ctx.deps)).localPaymentRequests).toBe(0);
    ctx.clock.set(new Date(ctx.clock.now().getTime() + 2 * 3_600_000));
    expect((await purgeExpired(ctx.deps)).localPaymentRequests).toBe(1);
    // The intent itself stays, as Stripe's do.
    expect((await ctx.deps.payments.retrieve(intent.providerPaymentId))?.amountCents).toBe(5_000);
  });
});
