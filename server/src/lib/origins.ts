import type { Context } from 'hono';
import type { AppEnv } from '../deps';

/** Origins compared whole: scheme, host and port (RFC 6454). */

export function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

/** Whether `origin` is this site: the configured public origin, or the origin the request was sent to. */
export function sameSite(origin: string, requestUrl: string, publicUrl: string): boolean {
  return origin === originOf(publicUrl) || origin === new URL(requestUrl).origin;
}

/**
 * A navigation another site started (a link, an image, a form on their page). Browsers say so in
 * Sec-Fetch-Site; older ones at least send a Referer. Typing the address (or opening it from a mail
 * app) is `none`: the visitor's own. Used by the GET navigations that change who is signed in
 * (`GET /api/logout`, a guest booking's e-mailed link), which ask on a hosted page instead.
 */
export function startedElsewhere(c: Context<AppEnv>): boolean {
  const site = c.req.header('sec-fetch-site');
  if (site) return site !== 'same-origin' && site !== 'none';
  const referer = originOf(c.req.header('referer'));
  if (!referer) return false;
  return !sameSite(referer, c.req.url, c.get('deps').config.publicUrl);
}
