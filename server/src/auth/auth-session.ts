import type { Context } from 'hono';
import type { AppEnv } from '../deps';
import { AppError } from '../lib/errors';
import { clientIp } from './client-ip';
import { ADMIN_SESSION_COOKIE, clearSessionCookie, SESSION_COOKIE, setSessionCookie } from './cookies';
import { AUTH_WINDOW_MS, databaseRateLimiter } from './rate-limit';
import { createSession, generateSessionToken, invalidateSession, type SessionKind } from './sessions';

/**
 * Starts a new session of `kind` and sets its cookie. A session the request already carried is
 * deleted first, so every sign-in gets a fresh token (no session fixation).
 */
export async function startSession(c: Context<AppEnv>, kind: SessionKind, userId: number | null): Promise<void> {
  const { database, clock } = c.var.deps;
  const previous = kind === 'admin' ? c.var.auth?.adminSession : c.var.auth?.session;
  if (previous) await invalidateSession(database, previous.id);
  const token = generateSessionToken();
  const session = await createSession(database, token, { userId, kind }, clock.now());
  setSessionCookie(c, kind === 'admin' ? ADMIN_SESSION_COOKIE : SESSION_COOKIE, token, session.expiresAt);
}

/** Deletes the request's session(s) of `kinds` server-side and clears their cookies. */
export async function endSessions(c: Context<AppEnv>, kinds: SessionKind[]): Promise<void> {
  const { database } = c.var.deps;
  for (const kind of kinds) {
    const session = kind === 'admin' ? c.var.auth?.adminSession : c.var.auth?.session;
    if (session) await invalidateSession(database, session.id);
    clearSessionCookie(c, kind === 'admin' ? ADMIN_SESSION_COOKIE : SESSION_COOKIE);
  }
}

/** 10 attempts (AUTH_RATE_LIMIT) per address per 15 minutes for `action`; the next gets 429. */
export async function throttle(c: Context<AppEnv>, action: 'login' | 'register' | 'admin-login'): Promise<void> {
  const { database, clock, config } = c.var.deps;
  const result = await databaseRateLimiter(database, clock).hit(
    `${action}:${clientIp(c)}`,
    config.authRateLimit,
    AUTH_WINDOW_MS,
  );
  if (!result.allowed) {
    const minutes = Math.ceil(result.retryAfterSeconds / 60);
    throw new AppError(
      429,
      'rate_limited',
      `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      undefined,
      { 'Retry-After': String(result.retryAfterSeconds) },
    );
  }
}
