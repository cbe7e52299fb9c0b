import type { MiddlewareHandler } from 'hono';
import { errorBody } from '../contract/errors';
import type { AppEnv } from '../deps';
import { somePartnerAllows } from '../partners/partners.service';

/** The headers a widget sends: its key, a guest token, the host page's UTM, and JSON. */
export const WIDGET_REQUEST_HEADERS =
  'accept, content-type, authorization, idempotency-key, x-spotless-key, x-spotless-utm';
const EXPOSED = 'Location, Retry-After, Content-Type';

/**
 * Cross-origin access for partner widgets (decision 048). The API answers another site's page
 * only for a request carrying a partner's publishable key from an origin that partner allowed:
 * `Access-Control-Allow-Origin` is that one origin, `Vary: Origin`, never credentials (widgets
 * send no cookies). An unknown key or another origin gets the actor middleware's 403 with no CORS
 * allowance, so the page cannot even read why.
 *
 * A preflight carries no key, only the header names: it is allowed when some active partner
 * allows the origin and the request means to send a key; the request itself is then checked
 * against its own key.
 */
export function partnerCors(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (c.req.method === 'OPTIONS' && origin && c.req.header('access-control-request-method')) {
      const wantsKey = (c.req.header('access-control-request-headers') ?? '')
        .toLowerCase()
        .split(',')
        .some((h) => h.trim() === 'x-spotless-key');
      if (!wantsKey || !(await somePartnerAllows(c.get('deps'), origin))) {
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
    const actorOrigin = c.get('partner')?.origin;
    if (actorOrigin) {
      c.res.headers.set('Access-Control-Allow-Origin', actorOrigin);
      c.res.headers.set('Access-Control-Expose-Headers', EXPOSED);
    }
    if (c.req.header('x-spotless-key') !== undefined) c.res.headers.append('Vary', 'Origin');
  };
}
