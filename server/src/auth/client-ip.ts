import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from '../deps';

/**
 * The address a request came from, for rate limiting. X-Forwarded-For is client-controlled, so it
 * is read only when TRUST_PROXY=true, and then its last entry (the one our proxy appended).
 * On Cloudflare Workers the platform sets CF-Connecting-IP; elsewhere the socket's address.
 */
export function clientIp(c: Context<AppEnv>): string {
  if (c.var.deps.config.trustProxy) {
    const forwarded = c.req.header('x-forwarded-for');
    const last = forwarded?.split(',').at(-1)?.trim();
    if (last) return last;
  }
  if ((c.req.raw as { cf?: unknown }).cf) {
    const address = c.req.header('cf-connecting-ip');
    if (address) return address;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // Not on @hono/node-server (tests calling app.request, other runtimes).
    return 'unknown';
  }
}
