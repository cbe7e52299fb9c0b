import { isOriginPattern } from '@spotless/sdk/rules';
import type { MiddlewareHandler } from 'hono';
import { errorBody } from '../contract/errors';
import type { AppEnv } from '../deps';
import { isKeyRefusal } from '../partners/partners.service';

/** The headers a widget sends: its key, a guest token, the host page's UTM, and JSON. */
export const WIDGET_REQUEST_HEADERS =
  'accept, content-type, authorization, idempotency-key, x-spotless-key, x-spotless-utm';
const EXPOSED = 'Location, Retry-After, Content-Type';

/** A browser's serialized origin (`https://realty.example`, `http://127.0.0.1:9912`); never `null`. */
const isOrigin = (origin: string) => isOriginPattern(origin) && !origin.endsWith(':*');

/**
 * Cross-origin access for partner widgets (decision 048 and its addendum). The API answers another
 * site's page only for a request carrying a partner's publishable key: from an origin that partner
 * allowed, `Access-Control-Allow-Origin` is that one origin, `Vary: Origin`, never credentials
 * (widgets send no cookies). A key refused — unknown, inactive, or from an origin its partner did
 * not allow — gets the actor middleware's 403 with the same allowance, so the partner's developer
 * can read why: its body is a fixed code and text, and no data. Any other answer to a keyed
 * request (a CSRF refusal, say) carries no allowance.
 *
 * A preflight carries no key, only the header names: it is answered for any origin when the
 * request means to send a key (so that a refusal can be read too), never with credentials; the
 * request itself is then checked against its own key.
 */
export function partnerCors(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (c.req.method === 'OPTIONS' && origin && c.req.header('access-control-request-method')) {
      const wantsKey = (c.req.header('access-control-request-headers') ?? '')
        .toLowerCase()
        .split(',')
        .some((h) => h.trim() === 'x-spotless-key');
      if (!wantsKey || !isOrigin(origin)) {
        return c.json(errorBody('forbidden', 'Forbidden: this origin may not call the API'), 403, { Vary: 'Origin' });
      }
      return c.body(null, 204, {
        'Access-Control-Allow-Origin': origin,
        'Access-Control-Allow-Methods': 'GET, POST, PATCH, DELETE',
        'Access-Control-Allow-Headers': WIDGET_REQUEST_HEADERS,
        'Access-Control-Max-Age': '600',
        Vary: 'Origin',
      });
    }
    await next();
    const keyed = c.req.header('x-spotless-key') !== undefined;
    // The partner's own origin; or, for a refused key, the asking one (the error carries no data).
    const allowed =
      c.get('partner')?.origin ?? (keyed && origin && isOrigin(origin) && isKeyRefusal(c.error) ? origin : null);
    if (allowed) {
      c.res.headers.set('Access-Control-Allow-Origin', allowed);
      c.res.headers.set('Access-Control-Expose-Headers', EXPOSED);
    }
    if (keyed) c.res.headers.append('Vary', 'Origin');
  };
}
