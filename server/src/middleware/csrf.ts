import type { MiddlewareHandler } from 'hono';
import { ADMIN_SESSION_COOKIE, readSessionCookie, SESSION_COOKIE } from '../auth/cookies';
import { AppError } from '../contract/errors';
import type { AppEnv } from '../deps';
import { originOf, sameSite } from '../lib/origins';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Signing in and out are guarded even without a cookie. Another site cannot sign a visitor in as
 * itself (a guest booking's link signs in as the account of the booking's address); nor sign them
 * out: SameSite keeps the cookie off another site's form, but the answer's cleared cookies are
 * still stored by a top-level navigation.
 */
const SESSION_PATHS = new Set([
  '/api/auth/login',
  '/api/auth/register',
  '/api/auth/password-reset/confirm',
  '/api/admin/login',
  '/api/guest-link',
  '/api/auth/logout',
  '/api/admin/logout',
]);

/**
 * CSRF defence for cookie-authenticated writes (decision 007): a state-changing request that
 * carries a session cookie must come from our own pages — its Origin (or, without one, its
 * Referer) must be the configured public origin or the request's own origin, compared whole
 * (scheme, host and port: `https://` or `ws://` on our host is another origin). SameSite=Lax already
 * keeps the cookie off most cross-site POSTs; this closes the rest (same-site subdomains, old
 * browsers). Cookie-less requests (partner widgets with a publishable key) are not affected.
 */
export function csrfProtection(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!UNSAFE.has(c.req.method)) return next();
    const hasCookie =
      readSessionCookie(c, SESSION_COOKIE) !== undefined || readSessionCookie(c, ADMIN_SESSION_COOKIE) !== undefined;
    const originHeader = c.req.header('origin');
    const referer = c.req.header('referer');
    // Without a cookie, a session path is judged by whichever of the two the request carries; a
    // client that sends neither (a server, the SDK in Node) is no browser another site steers.
    const session = SESSION_PATHS.has(c.req.path);
    if (!hasCookie && !(session && (originHeader !== undefined || referer !== undefined))) return next();

    const origin = originHeader ? originOf(originHeader) : originOf(referer);
    const allowed = origin !== undefined && sameSite(origin, c.req.url, c.get('deps').config.publicUrl);
    if (!allowed) {
      throw new AppError(403, 'csrf', 'Cross-site request refused: the Origin header does not match this site');
    }
    return next();
  };
}
