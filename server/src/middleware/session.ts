import type { MiddlewareHandler } from 'hono';
import {
  ADMIN_SESSION_COOKIE,
  clearSessionCookie,
  readCookie,
  SESSION_COOKIE,
  setSessionCookie,
} from '../auth/cookies';
import { type SessionKind, validateSessionToken } from '../auth/sessions';
import type { AppEnv } from '../deps';

/**
 * Resolves the session cookies once per request into `c.var.auth`. An unknown, tampered or
 * expired token is treated as signed out and its cookie cleared; a renewed session's cookie is
 * sent again with the new expiry.
 */
export function sessionMiddleware(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { database, clock } = c.var.deps;
    const now = clock.now();
    const resolve = async (name: string, kind: SessionKind) => {
      const token = readCookie(c, name);
      if (token === undefined) return null;
      const result = await validateSessionToken(database, token, kind, now);
      if (!result) {
        clearSessionCookie(c, name);
        return null;
      }
      if (result.renewed) setSessionCookie(c, name, token, result.session.expiresAt);
      return result;
    };
    const user = await resolve(SESSION_COOKIE, 'user');
    const admin = await resolve(ADMIN_SESSION_COOKIE, 'admin');
    c.set('auth', { user: user?.user ?? null, session: user?.session ?? null, adminSession: admin?.session ?? null });
    await next();
  };
}
