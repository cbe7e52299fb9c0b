import type { Context } from 'hono';
import type { AppEnv } from '../deps';
import { AppError } from './errors';

/**
 * The session checks of `auth/guards.ts` for the feature folders that `auth` itself imports
 * (cleaners, reviews): importing the guards from there would make an import loop (decision 032).
 * The same answers: 401 signed out, 403 for a signed-in non-administrator.
 */

const unauthorized = () =>
  new AppError(401, 'unauthorized', 'Unauthorized: sign in to continue', undefined, {
    'WWW-Authenticate': 'Cookie realm="spotless"',
  });

/** The signed-in user's id; 401 when signed out. */
export function signedInUserId(c: Context<AppEnv>): number {
  const user = c.var.auth?.user;
  if (!user) throw unauthorized();
  return user.id;
}

/** An administrator session; 401 with no session, 403 for a signed-in non-administrator. */
export function assertAdminSession(c: Context<AppEnv>): void {
  if (c.var.auth?.adminSession) return;
  if (c.var.auth?.user) throw new AppError(403, 'forbidden', 'Forbidden: administrators only');
  throw unauthorized();
}
