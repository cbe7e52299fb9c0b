import type { InStatement, ResultSet } from '@libsql/client';
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Config } from '../config';
import { userIdOf } from '../contract/actor';
import { AppError } from '../contract/errors';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema';
import type { AppEnv, Clock } from '../deps';
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
export function rateLimitPolicies(
  config: Pick<
    Config,
    'authRateLimit' | 'bookingRateLimit' | 'contactRateLimit' | 'uploadRateLimit' | 'partnerAddressRateLimit'
  >,
) {
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
    /**
     * Uploads per account, documents and photos together (each request one, whatever it
     * carries): every picture is decoded, so one account cannot keep the image workers busy.
     */
    upload: { limit: config.uploadRateLimit, windowMs: HOUR_MS },
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
    partnerAddress: { limit: config.partnerAddressRateLimit, windowMs: MINUTE_MS },
    /**
     * Calendar feed fetches per address (decision 083): calendar services fetch many people's feeds
     * from few addresses, each every few hours, so a guesser is slowed and a subscriber never is.
     */
    calendarFeed: { limit: 120, windowMs: MINUTE_MS },
    /** Messages on bookings per person (decision 087), over all their threads. */
    bookingMessage: { limit: 20, windowMs: 10 * MINUTE_MS },
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
 * One attempt counted under a policy, to be sent in a write batch with other statements (a
 * booking's plan reads it in the same round trip, decision 065): the upsert, and `check`, which
 * throws 429 (with Retry-After) when that batch's result for it is past the limit.
 */
export interface CountedAttempt {
  statement: InStatement;
  check(result: ResultSet | undefined): void;
}

/**
 * The attempt `throttle` counts, as a statement. `subject` defaults to the client address; pass an
 * account key (`user:42`, an e-mail) or `global`.
 */
export function countedAttempt(c: Context<AppEnv>, policy: RateLimitPolicy, subject?: string): CountedAttempt {
  const { clock, config } = c.get('deps');
  const { limit, windowMs } = rateLimitPolicies(config)[policy];
  const who = subject ?? `ip:${rateLimitBucket(clientIp(c))}`;
  const now = clock.now().getTime();
  return {
    statement: hitStatement(`${policy}:${who}`, now + windowMs, now),
    check(result) {
      const decided = decideFrom(result, limit, now);
      if (!decided.allowed) throw tooManyAttempts(decided.retryAfterSeconds);
    },
  };
}

/** Counts one attempt under `policy` for `subject` (see `countedAttempt`) and throws 429 past its limit. */
export async function throttle(c: Context<AppEnv>, policy: RateLimitPolicy, subject?: string): Promise<void> {
  const attempt = countedAttempt(c, policy, subject);
  const [result] = await c.get('deps').database.batch([attempt.statement]);
  attempt.check(result);
}

/**
 * Counts one upload for the signed-in account (application documents, review and damage report photos share the
 * count): called once the service has let the caller upload, before the body is read. 429 past
 * UPLOAD_RATE_LIMIT per hour.
 */
export async function throttleUpload(c: Context<AppEnv>): Promise<void> {
  await throttle(c, 'upload', `user:${userIdOf(c.get('actor')) ?? 0}`);
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

/**
 * One hit on `key`'s counter, as one upsert: a fresh window restarts at 1, a live one counts up.
 * Sent as (part of) a write batch, it is one round trip to a libSQL server, where a transaction
 * would hold the write lock across three.
 */
function hitStatement(key: string, resetAt: number, now: number): InStatement {
  return {
    sql: `insert into rate_limits (key, count, reset_at) values (?, 1, ?)
      on conflict (key) do update set
        count = case when reset_at <= ? then 1 else count + 1 end,
        reset_at = case when reset_at <= ? then excluded.reset_at else reset_at end
      returning count, reset_at`,
    args: [key, resetAt, now, now],
  };
}

function decideFrom(result: ResultSet | undefined, limit: number, now: number): RateLimitResult {
  const stored = result?.rows[0];
  if (!stored) throw new Error('rate limit upsert returned no row');
  return decide(Number(stored.count), Number(stored.reset_at), limit, now);
}

/** Counters in the `rate_limits` table: shared by every process on the same database. */
export function databaseRateLimiter(database: Database, clock: Clock): RateLimiter {
  return {
    async hit(key, limit, windowMs) {
      const now = clock.now().getTime();
      const [result] = await database.batch([hitStatement(key, now + windowMs, now)]);
      return decideFrom(result, limit, now);
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
