import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema';
import type { AppEnv, Clock } from '../deps';
import { AppError } from '../lib/errors';
import { clientIp, rateLimitBucket } from './client-ip';

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window resets; 0 when allowed. */
  retryAfterSeconds: number;
}

/** Fixed-window throttling: at most `limit` hits per `key` per window. */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  /** Whether one more hit would be allowed, without counting one. */
  peek(key: string, limit: number): Promise<RateLimitResult>;
}

/** Sign-in, sign-up and admin login: 10 attempts per address per 15 minutes. */
export const AUTH_WINDOW_MS = 15 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/**
 * Every throttle of the API in one table (SECURITY.md): what is counted, how many per window.
 * `perAddress` keys count the client address (an IPv6 address by its /64), the others the account
 * or the whole site. `AUTH_RATE_LIMIT` scales the sign-in family.
 */
export function rateLimitPolicies(config: Pick<Config, 'authRateLimit' | 'bookingRateLimit' | 'contactRateLimit'>) {
  const auth = config.authRateLimit;
  return {
    login: { limit: auth, windowMs: AUTH_WINDOW_MS },
    /**
     * Failed sign-ins per account, so a botnet of addresses cannot guess one person's password at
     * full speed; successful ones do not count, so the owner is not locked out by using the site.
     */
    loginFailures: { limit: auth, windowMs: AUTH_WINDOW_MS },
    register: { limit: auth, windowMs: AUTH_WINDOW_MS },
    adminLogin: { limit: auth, windowMs: AUTH_WINDOW_MS },
    /** Every address together: the shared admin password is one secret, whoever guesses at it. */
    adminLoginGlobal: { limit: auth * 5, windowMs: AUTH_WINDOW_MS },
    passwordReset: { limit: auth, windowMs: AUTH_WINDOW_MS },
    passwordResetAccount: { limit: 3, windowMs: HOUR_MS },
    verifyEmail: { limit: 5, windowMs: HOUR_MS },
    /** E-mail changes per account: a conflict answer tells whether an address has an account. */
    emailChange: { limit: 5, windowMs: HOUR_MS },
    passwordChange: { limit: auth, windowMs: AUTH_WINDOW_MS },
    contact: { limit: config.contactRateLimit, windowMs: HOUR_MS },
    bookingCreate: { limit: config.bookingRateLimit, windowMs: HOUR_MS },
    /** New assistant conversations per address: an office behind one address still chats freely. */
    chatSession: { limit: 120, windowMs: MINUTE_MS },
    /** Messages per conversation (decision 047). */
    chatMessage: { limit: 30, windowMs: MINUTE_MS },
    /** Messages per address, over all its conversations. */
    chatMessageAddress: { limit: 300, windowMs: MINUTE_MS },
    /**
     * Requests per address through partner keys (decision 048), beside each key's own limit
     * (`partners.rateLimitPerMinute`): one visitor cannot spend a partner's whole allowance.
     */
    partnerAddress: { limit: 300, windowMs: MINUTE_MS },
  } as const;
}
export type RateLimitPolicy = keyof ReturnType<typeof rateLimitPolicies>;

export function tooManyAttempts(retryAfterSeconds: number): AppError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new AppError(
    429,
    'rate_limited',
    `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    undefined,
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

/**
 * Counts one attempt under `policy` for `subject` and throws 429 (with Retry-After) past its limit.
 * `subject` defaults to the client address; pass an account key (`user:42`, an e-mail) or `global`.
 */
export async function throttle(c: Context<AppEnv>, policy: RateLimitPolicy, subject?: string): Promise<void> {
  const { database, clock, config } = c.get('deps');
  const { limit, windowMs } = rateLimitPolicies(config)[policy];
  const who = subject ?? `ip:${rateLimitBucket(clientIp(c))}`;
  const result = await databaseRateLimiter(database, clock).hit(`${policy}:${who}`, limit, windowMs);
  if (!result.allowed) throw tooManyAttempts(result.retryAfterSeconds);
}

/** Counts one request against a partner key's own per-minute limit; 429 past it. */
export async function throttlePartnerKey(c: Context<AppEnv>, partnerId: number, limit: number): Promise<void> {
  const { database, clock } = c.get('deps');
  const result = await databaseRateLimiter(database, clock).hit(`partnerKey:${partnerId}`, limit, MINUTE_MS);
  if (!result.allowed) throw tooManyAttempts(result.retryAfterSeconds);
}

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
      // One upsert, sent as a one-statement batch: a fresh window restarts at 1, a live one counts
      // up. On a libSQL server that is one round trip, where a transaction would hold the write
      // lock across three.
      const [result] = await database.batch([
        {
          sql: `insert into rate_limits (key, count, reset_at) values (?, 1, ?)
            on conflict (key) do update set
              count = case when reset_at <= ? then 1 else count + 1 end,
              reset_at = case when reset_at <= ? then excluded.reset_at else reset_at end
            returning count, reset_at`,
          args: [key, resetAt, now, now],
        },
      ]);
      const stored = result?.rows[0];
      const row = stored ? { count: Number(stored.count), resetAt: new Date(Number(stored.reset_at)) } : undefined;
      if (!row) throw new Error('rate limit upsert returned no row');
      return decide(row.count, row.resetAt.getTime(), limit, now);
    },
    async peek(key, limit) {
      const now = clock.now().getTime();
      const row = await database.db.select().from(rateLimits).where(eq(rateLimits.key, key)).get();
      if (!row || row.resetAt.getTime() <= now) return { allowed: true, retryAfterSeconds: 0 };
      return decide(row.count + 1, row.resetAt.getTime(), limit, now);
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
    async peek(key, limit) {
      const now = clock.now().getTime();
      const entry = windows.get(key);
      if (!entry || entry.resetAt <= now) return { allowed: true, retryAfterSeconds: 0 };
      return decide(entry.count + 1, entry.resetAt, limit, now);
    },
  };
}

/**
 * For limits on failures only: `guard` refuses with 429 once `subject` has used up its failures,
 * `fail` counts one. Use both around the check that can fail.
 */
export function failureLimit(c: Context<AppEnv>, policy: RateLimitPolicy, subject: string) {
  const { database, clock, config } = c.get('deps');
  const { limit, windowMs } = rateLimitPolicies(config)[policy];
  const limiter = databaseRateLimiter(database, clock);
  const key = `${policy}:${subject}`;
  return {
    async guard() {
      const result = await limiter.peek(key, limit);
      if (!result.allowed) throw tooManyAttempts(result.retryAfterSeconds);
    },
    async fail() {
      await limiter.hit(key, limit, windowMs);
    },
  };
}
