import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema';
import type { Clock } from '../deps';

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window resets; 0 when allowed. */
  retryAfterSeconds: number;
}

/** Fixed-window throttling: at most `limit` hits per `key` per window. */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
}

/** Sign-in, sign-up and admin login: 10 attempts per address per 15 minutes. */
export const AUTH_WINDOW_MS = 15 * 60 * 1000;

function decide(count: number, resetAt: number, limit: number, now: number): RateLimitResult {
  if (count <= limit) return { allowed: true, retryAfterSeconds: 0 };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)) };
}

/** Counters in the `rate_limits` table: shared by every process on the same database. */
export function databaseRateLimiter(database: Database, clock: Clock): RateLimiter {
  return {
    async hit(key, limit, windowMs) {
      const now = clock.now().getTime();
      const resetAt = now + windowMs;
      // One upsert: a fresh window restarts at 1, a live one counts up.
      const [row] = await database.write((tx) =>
        tx
          .insert(rateLimits)
          .values({ key, count: 1, resetAt: new Date(resetAt) })
          .onConflictDoUpdate({
            target: rateLimits.key,
            set: {
              count: sql`case when ${rateLimits.resetAt} <= ${now} then 1 else ${rateLimits.count} + 1 end`,
              resetAt: sql`case when ${rateLimits.resetAt} <= ${now} then ${resetAt} else ${rateLimits.resetAt} end`,
            },
          })
          .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt }),
      );
      if (!row) throw new Error('rate limit upsert returned no row');
      return decide(row.count, row.resetAt.getTime(), limit, now);
    },
  };
}

/** The same rule in memory, for a single process or tests. */
export function memoryRateLimiter(clock: Clock): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, limit, windowMs) {
      const now = clock.now().getTime();
      let entry = windows.get(key);
      if (!entry || entry.resetAt <= now) {
        entry = { count: 0, resetAt: now + windowMs };
        windows.set(key, entry);
      }
      entry.count += 1;
      return decide(entry.count, entry.resetAt, limit, now);
    },
  };
}
