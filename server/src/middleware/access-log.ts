import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { AppEnv } from '../deps';

/**
 * One structured line per request, written after the answer is known (the request id comes with
 * the request's logger), and the request counted by the route pattern that answered it when
 * metrics are kept. A request answered by a middleware or by no route (a preflight, a refused
 * origin, a hosted page, a 404) counts under that middleware's pattern (`/api/*`, `*`), so a
 * label never holds a raw path.
 */
export function accessLog(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const deps = c.get('deps');
    const durationMs = performance.now() - started;
    const status = c.res.status;
    deps.logger.info('request', {
      method: c.req.method,
      path: c.req.path,
      status,
      durationMs: Math.round(durationMs * 10) / 10,
    });
    // After `next()`, the route index is the last handler that ran: the one that answered.
    deps.metrics?.request(routePath(c), c.req.method, status, durationMs / 1000);
  };
}
