import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { sessions, type User, users } from '../db/schema';

/**
 * Sessions after Lucia's "Sessions" guide: the browser holds a random token, the database holds
 * only its SHA-256, so a leaked database cannot be replayed as cookies.
 */

export const DAY_MS = 86_400_000;
/** User sessions last 30 days and slide forward when fewer than 15 remain. */
export const SESSION_LIFETIME_MS = 30 * DAY_MS;
export const SESSION_RENEW_BEFORE_MS = 15 * DAY_MS;
/** Shared-password admin sessions are short and never slide (decision 007). */
export const ADMIN_SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;

export type SessionKind = 'user' | 'admin';

export interface Session {
  id: string;
  userId: number | null;
  kind: SessionKind;
  expiresAt: Date;
}

export interface SessionValidation {
  session: Session;
  user: User | null;
  /** True when the expiry moved: the cookie must be sent again with the new lifetime. */
  renewed: boolean;
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

export async function createSession(
  database: Database,
  token: string,
  owner: { userId: number | null; kind: SessionKind },
  now: Date,
): Promise<Session> {
  const lifetime = owner.kind === 'admin' ? ADMIN_SESSION_LIFETIME_MS : SESSION_LIFETIME_MS;
  const session: Session = {
    id: sessionIdFromToken(token),
    userId: owner.userId,
    kind: owner.kind,
    expiresAt: new Date(now.getTime() + lifetime),
  };
  await database.write((tx) => tx.insert(sessions).values({ ...session, createdAt: now }));
  return session;
}

/**
 * The session behind `token`, or null when it is unknown (tampered), expired or of another kind.
 * An expired session is deleted; a user session with under 15 days left is extended to 30.
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
  const [row] = await database.db
    .select({ session: sessions, user: users })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id))
    .limit(1);
  if (!row || row.session.kind !== kind) return null;
  const session: Session = {
    id: row.session.id,
    userId: row.session.userId,
    kind: row.session.kind,
    expiresAt: row.session.expiresAt,
  };
  if (now.getTime() >= session.expiresAt.getTime()) {
    await invalidateSession(database, session.id);
    return null;
  }
  if (kind === 'user' && !row.user) return null;
  let renewed = false;
  if (kind === 'user' && session.expiresAt.getTime() - now.getTime() < SESSION_RENEW_BEFORE_MS) {
    session.expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
    await database.write((tx) =>
      tx.update(sessions).set({ expiresAt: session.expiresAt }).where(eq(sessions.id, session.id)),
    );
    renewed = true;
  }
  return { session, user: row.user, renewed };
}

export async function invalidateSession(database: Database, sessionId: string): Promise<void> {
  await database.write((tx) => tx.delete(sessions).where(eq(sessions.id, sessionId)));
}

export async function invalidateAllSessions(database: Database, userId: number): Promise<void> {
  await database.write((tx) => tx.delete(sessions).where(eq(sessions.userId, userId)));
}

/** What the session middleware resolved for this request (`c.var.auth`). */
export interface AuthState {
  user: User | null;
  session: Session | null;
  /** A shared-password administrator session, separate from the user's (decision 007). */
  adminSession: Session | null;
}
