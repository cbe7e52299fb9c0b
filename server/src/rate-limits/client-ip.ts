import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from '../deps';

/**
 * The address a request came from, for rate limiting (decision 007, SECURITY.md).
 *
 * X-Forwarded-For is whatever the client typed unless a proxy of ours rewrote it, so it is read
 * only when TRUST_PROXY=true, and then only its last entry (the one our proxy appended); without
 * TRUST_PROXY a forged header changes nothing. On Cloudflare Workers the platform sets
 * CF-Connecting-IP (a client cannot forge it there); elsewhere the socket's address is used.
 */
export function clientIp(c: Context<AppEnv>): string {
  if (c.get('deps').config.trustProxy) {
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

/**
 * The bucket an address counts in. An IPv4 address is itself (an IPv4-mapped IPv6 address too);
 * an IPv6 address counts by its /64, because one subscriber is routinely given a whole /64 and
 * could otherwise take a fresh address for every attempt.
 */
export function rateLimitBucket(address: string): string {
  const text = address
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (mapped?.[1]) return mapped[1];
  if (!text.includes(':')) return text;
  const groups = expandIpv6(text);
  if (!groups) return text;
  return `${groups.slice(0, 4).join(':')}::/64`;
}

function expandIpv6(text: string): string[] | null {
  // An embedded IPv4 tail fills the last 32 bits; only the first 64 matter here.
  const tail = text.replace(/\d+\.\d+\.\d+\.\d+$/, '0:0');
  const halves = tail.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const rest = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const known = head.length + rest.length;
  if (known > 8 || (halves.length === 1 && known !== 8)) return null;
  const groups = [...head, ...Array<string>(8 - known).fill('0'), ...rest];
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => g.padStart(4, '0'));
}
