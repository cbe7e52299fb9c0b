import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Database, Tx } from '../db/client';
import { preparedPer } from '../db/prepared';
import { cleaners, sessions, type User, users } from '../db/schema';
import type { AppEnv } from '../deps';
import type { Session, SessionKind } from '../lib/auth-state';
import {
  ADMIN_SESSION_COOKIE,
  clearSessionCookie,
  SESSION_COOKIE,
  type SessionCookie,
  setSessionCookie,
} from './cookies';

/**
 * Sessions after Lucia's "Sessions" guide: the browser holds a random token, the database holds
 * only its SHA-256, so a leaked database cannot be replayed as cookies. Every session has an
 * absolute lifetime from sign-in and an idle timeout (decision 007).
 */

export const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

export type { AuthState, Session, SessionKind } from '../lib/auth-state';

/**
 * How long a session may live at most (`absolute`), how long it survives without use (`idle`), and
 * how much use it takes before the idle expiry is moved (`refreshAfter`, so a busy session does
 * not write on every request). The cookie expires with the absolute lifetime.
 */
export const SESSION_POLICY: Record<SessionKind, { absolute: number; idle: number; refreshAfter: number }> = {
  user: { absolute: 30 * DAY_MS, idle: 7 * DAY_MS, refreshAfter: DAY_MS },
  admin: { absolute: 12 * HOUR_MS, idle: 30 * MINUTE_MS, refreshAfter: MINUTE_MS },
};
/** A sign-in this recent counts as re-authentication for changes that would otherwise ask for the password. */
export const RECENT_SIGN_IN_MS = 15 * MINUTE_MS;

export interface SessionValidation {
  session: Session;
  user: User | null;
  /** The user's cleaner profile when it is active: the request acts as that cleaner. */
  cleanerId: number | null;
}

/** 20 random bytes (160 bits) as lower-case base32: 32 characters, cookie-safe. */
export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

export function sessionIdFromToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

export function absoluteExpiry(session: Pick<Session, 'kind' | 'createdAt'>): Date {
  return new Date(session.createdAt.getTime() + SESSION_POLICY[session.kind].absolute);
}

export async function createSession(
  database: Database,
  token: string,
  owner: { userId: number | null; kind: SessionKind },
  now: Date,
): Promise<Session> {
  const policy = SESSION_POLICY[owner.kind];
  const session: Session = {
    id: sessionIdFromToken(token),
    userId: owner.userId,
    kind: owner.kind,
    expiresAt: new Date(now.getTime() + Math.min(policy.idle, policy.absolute)),
    createdAt: now,
  };
  await database.write((tx) => tx.insert(sessions).values(session));
  return session;
}

/** The session, its user and their active cleaner profile: read by every signed-in request, so built once. */
const sessionWithUser = preparedPer((db) =>
  db
    .select({ session: sessions, user: users, cleanerId: cleaners.id })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .leftJoin(cleaners, and(eq(cleaners.userId, sessions.userId), eq(cleaners.status, 'active')))
    .where(eq(sessions.id, sql.placeholder('id')))
    .limit(1)
    .prepare(),
);

/**
 * The session behind `token`, or null when it is unknown (tampered), idle too long, past its
 * absolute lifetime, or of another kind. An expired session is deleted; a used one has its idle
 * expiry moved forward, never past the absolute lifetime.
 */
export async function validateSessionToken(
  database: Database,
  token: string,
  kind: SessionKind,
  now: Date,
): Promise<SessionValidation | null> {
  // Anything longer than a token we issue is not one; do not hash arbitrary cookie payloads.
  if (token.length === 0 || token.length > 64) return null;
  const id = sessionIdFromToken(token);
  const [row] = await sessionWithUser(database.db).execute({ id });
  if (!row || row.session.kind !== kind) return null;
  const session: Session = { ...row.session };
  const absolute = absoluteExpiry(session).getTime();
  if (now.getTime() >= session.expiresAt.getTime() || now.getTime() >= absolute) {
    await invalidateSession(database, session.id);
    return null;
  }
  if (kind === 'user' && !row.user) return null;
  const policy = SESSION_POLICY[kind];
  if (session.expiresAt.getTime() - now.getTime() < policy.idle - policy.refreshAfter) {
    session.expiresAt = new Date(Math.min(now.getTime() + policy.idle, absolute));
    await database.write((tx) =>
      tx.update(sessions).set({ expiresAt: session.expiresAt }).where(eq(sessions.id, session.id)),
    );
  }
  return { session, user: row.user, cleanerId: row.cleanerId };
}

export async function invalidateSession(database: Database, sessionId: string): Promise<void> {
  await database.write((tx) => tx.delete(sessions).where(eq(sessions.id, sessionId)));
}

/**
 * Ends every session of a user (both kinds), except `keep` when given: on a password or e-mail
 * change the person making it stays signed in and everyone else holding a session is out.
 */
export async function invalidateAllSessions(db: Database | Tx, userId: number, keep?: string): Promise<void> {
  const where = keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId);
  if ('write' in db) await db.write((tx) => tx.delete(sessions).where(where));
  else await db.delete(sessions).where(where);
}

export const cookieOf = (kind: SessionKind): SessionCookie =>
  kind === 'admin' ? ADMIN_SESSION_COOKIE : SESSION_COOKIE;

/**
 * Starts a new session of `kind` and sets its cookie. A session the request already carried is
 * deleted first, so every sign-in gets a fresh token (no session fixation).
 */
export async function startSession(c: Context<AppEnv>, kind: SessionKind, userId: number | null): Promise<Session> {
  const { database, clock } = c.get('deps');
  const previous = kind === 'admin' ? c.get('auth')?.adminSession : c.get('auth')?.session;
  if (previous) await invalidateSession(database, previous.id);
  const token = generateSessionToken();
  const session = await createSession(database, token, { userId, kind }, clock.now());
  setSessionCookie(c, cookieOf(kind), token, absoluteExpiry(session));
  return session;
}

/** Deletes the request's session(s) of `kinds` server-side and clears their cookies. */
export async function endSessions(c: Context<AppEnv>, kinds: SessionKind[]): Promise<void> {
  const { database } = c.get('deps');
  for (const kind of kinds) {
    const session = kind === 'admin' ? c.get('auth')?.adminSession : c.get('auth')?.session;
    if (session) await invalidateSession(database, session.id);
    clearSessionCookie(c, cookieOf(kind));
  }
}
