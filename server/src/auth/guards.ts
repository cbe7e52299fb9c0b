import type { Context } from 'hono';
import { findActiveCleanerByUser } from '../cleaners/cleaners.queries';
import type { CleanerRow, User } from '../db/schema';
import type { AppEnv } from '../deps';
import { AppError } from '../lib/errors';

/** Who is acting, for ownership checks and the audit log. */
export interface Actor {
  userId: number | null;
  isAdmin: boolean;
}

export const unauthorized = () =>
  new AppError(401, 'unauthorized', 'Unauthorized: sign in to continue', undefined, {
    'WWW-Authenticate': 'Cookie realm="spotless"',
  });
export const forbidden = (message = 'Forbidden: you are not allowed to do this') =>
  new AppError(403, 'forbidden', message);

/** The signed-in user, or null. */
export function getUser(c: Context<AppEnv>): User | null {
  return c.var.auth?.user ?? null;
}

/** The signed-in user; 401 when signed out. */
export function requireUser(c: Context<AppEnv>): User {
  const user = getUser(c);
  if (!user) throw unauthorized();
  return user;
}

/** The signed-in user's active cleaner profile; 401 when signed out, 403 without one. */
export async function requireCleaner(c: Context<AppEnv>): Promise<{ user: User; cleaner: CleanerRow }> {
  const user = requireUser(c);
  const cleaner = await findActiveCleanerByUser(c.var.deps.database.db, user.id);
  if (!cleaner) throw forbidden('Forbidden: this needs an approved, active cleaner profile');
  return { user, cleaner };
}

/**
 * True with an admin session (decision 030): opened by a named administrator with their password
 * (and second factor), or outside production with the shared admin password. Being a named
 * administrator alone does not give admin powers; opening the session does.
 */
export function isAdmin(c: Context<AppEnv>): boolean {
  return c.var.auth?.adminSession != null;
}

/**
 * An administrator; 401 when nobody is signed in, 403 for a signed-in non-administrator. The actor
 * is the named administrator who opened the session (null for the shared password), so the audit
 * log records who did it.
 */
export function requireAdmin(c: Context<AppEnv>): Actor {
  const session = c.var.auth?.adminSession;
  if (session) return { userId: session.userId, isAdmin: true };
  if (getUser(c)) throw forbidden('Forbidden: administrators only');
  throw unauthorized();
}

export function getActor(c: Context<AppEnv>): Actor {
  const admin = c.var.auth?.adminSession;
  return admin ? { userId: admin.userId, isAdmin: true } : { userId: getUser(c)?.id ?? null, isAdmin: false };
}

/**
 * Ownership of a private resource (a booking, payment, review, application, document). Another
 * user's resource answers 404, exactly like a missing one, so ids cannot be probed (decision 007);
 * administrators pass. `what` names the resource in the message, e.g. 'Booking'.
 */
export function assertOwner(resourceUserId: number | null | undefined, actor: Actor, what = 'Resource'): void {
  if (actor.isAdmin) return;
  if (actor.userId === null) throw unauthorized();
  if (resourceUserId == null || resourceUserId !== actor.userId) {
    throw new AppError(404, 'not_found', `${what} not found`);
  }
}
