import { describe, expect, it } from 'vitest';
import { createTestContext } from '../test/harness';
import { databaseRateLimiter, memoryRateLimiter, type RateLimiter } from './rate-limit';

const ctx = await createTestContext({ now: '2026-06-15T12:00:00Z' });

function behaves(name: string, make: () => RateLimiter) {
  describe(name, () => {
    it('allows `limit` hits per window, then refuses with the seconds left, then resets', async () => {
      const limiter = make();
      const key = `k-${name}`;
      ctx.clock.set('2026-06-15T12:00:00Z');
      for (let i = 1; i <= 3; i++)
        expect(await limiter.hit(key, 3, 60_000)).toEqual({ allowed: true, retryAfterSeconds: 0 });
      ctx.clock.set('2026-06-15T12:00:20Z');
      expect(await limiter.hit(key, 3, 60_000)).toEqual({ allowed: false, retryAfterSeconds: 40 });
      // Other keys are independent.
      expect((await limiter.hit(`${key}-other`, 3, 60_000)).allowed).toBe(true);
      ctx.clock.set('2026-06-15T12:01:00Z');
      expect(await limiter.hit(key, 3, 60_000)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    });
  });
}

behaves('memoryRateLimiter', () => memoryRateLimiter(ctx.clock));
behaves('databaseRateLimiter', () => databaseRateLimiter(ctx.database, ctx.clock));
