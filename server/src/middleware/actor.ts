import type { MiddlewareHandler } from 'hono';
import { clearSessionCookie, readSessionCookie } from '../auth/cookies';
import { cookieOf, type SessionValidation, validateSessionToken } from '../auth/sessions';
import { guestActorFor } from '../bookings/guest-access.service';
import type { Actor, Person } from '../contract/actor';
import { visitor } from '../contract/actor';
import type { Utm } from '../db/schema/partners';
import type { AppEnv } from '../deps';
import type { SessionKind } from '../lib/auth-state';
import { partnerActorFor } from '../partners/partners.service';
import { throttle, throttlePartnerKey } from '../rate-limits/rate-limit';

/** The header a partner widget sends its publishable key in. */
export const PUBLISHABLE_KEY_HEADER = 'x-spotless-key';
/** The header a partner widget sends the host page's UTM parameters in (`utm_source=…&utm_medium=…`). */
export const UTM_HEADER = 'x-spotless-utm';

const UTM_NAMES = ['source', 'medium', 'campaign', 'term', 'content'] as const;

/** The UTM parameters of a widget's header: known names only, each at most 100 printable characters (letters, digits, punctuation, symbols, spaces). */
export function parseUtm(header: string | undefined): Utm | undefined {
  if (!header || header.length > 1000) return undefined;
  const params = new URLSearchParams(header);
  const utm: Utm = {};
  for (const name of UTM_NAMES) {
    const value = params.get(`utm_${name}`)?.trim();
    if (value && value.length <= 100 && /^[\p{L}\p{N}\p{P}\p{S} ]+$/u.test(value)) utm[name] = value;
  }
  return Object.keys(utm).length > 0 ? utm : undefined;
}

function personOf(validation: SessionValidation | null): Person | null {
  const user = validation?.user;
  if (!user) return null;
  const session = { id: validation.session.id, createdAt: validation.session.createdAt };
  return validation.cleanerId !== null
    ? { kind: 'cleaner', userId: user.id, cleanerId: validation.cleanerId, session }
    : { kind: 'customer', userId: user.id, session };
}

/**
 * Resolves who is calling, once per request (decision 043): a guest token (`Authorization:
 * Bearer …`), else a partner's publishable key, else the session cookies — an admin session, a
 * signed-in person, or a visitor. Sets `c.get('actor')` for the services and `c.get('auth')` (the
 * sessions themselves) for sign-in and sign-out. An unknown, tampered or expired session token is
 * treated as signed out and its cookie cleared.
 */
export function actorMiddleware(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const deps = c.get('deps');
    c.set('partner', null);
    const now = deps.clock.now();
    const resolve = async (kind: SessionKind) => {
      const token = readSessionCookie(c, cookieOf(kind));
      if (token === undefined) return null;
      const result = await validateSessionToken(deps.database, token, kind, now);
      if (!result) clearSessionCookie(c, cookieOf(kind));
      return result;
    };
    const user = await resolve('user');
    const admin = await resolve('admin');
    c.set('auth', { user: user?.user ?? null, session: user?.session ?? null, adminSession: admin?.session ?? null });

    const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    const key = c.req.header(PUBLISHABLE_KEY_HEADER);
    c.set('partner', null);
    if (key !== undefined) {
      const resolved = await partnerActorFor(deps, key, c.req.header('origin') ?? null);
      const utm = parseUtm(c.req.header(UTM_HEADER));
      const partner = {
        kind: 'partner' as const,
        partnerId: resolved.partnerId,
        name: resolved.name,
        commissionRateBps: resolved.commissionRateBps,
        origin: resolved.origin,
        ...(utm ? { utm } : {}),
      };
      // Set before the limits, so a 429 still reaches the widget with its CORS allowance.
      c.set('partner', partner);
      await throttlePartnerKey(c, partner.partnerId, resolved.rateLimitPerMinute);
      await throttle(c, 'partnerAddress');
    }
    const partner = c.get('partner');
    let actor: Actor;
    if (bearer !== undefined) actor = await guestActorFor(deps, bearer);
    else if (partner) actor = partner;
    else if (admin) actor = { kind: 'admin', adminUserId: admin.session.userId, person: personOf(user) };
    else actor = personOf(user) ?? visitor;
    c.set('actor', actor);
    await next();
  };
}
