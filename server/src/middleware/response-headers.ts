import type { HttpBindings } from '@hono/node-server';
import type { MiddlewareHandler } from 'hono';
import type { Config } from '../config';
import type { AppEnv } from '../deps';

export type HeaderList = ReadonlyArray<readonly [name: string, value: string]>;

/**
 * The security headers every answer carries, pages and API alike (decision 062). Stripe Elements
 * loads Stripe.js and its card iframe from Stripe and talks to Stripe's API, so those origins are
 * allowed only while Stripe is the payment provider. The widget bundles are loaded by partner pages
 * on other origins, so no Cross-Origin-Resource-Policy or -Embedder-Policy is sent.
 */
export function securityHeaders(config: Pick<Config, 'stripe'>): HeaderList {
  const stripe = config.stripe !== undefined;
  const csp = [
    "default-src 'self'",
    ['script-src', "'self'", ...(stripe ? ['https://js.stripe.com'] : [])].join(' '),
    ['frame-src', "'self'", ...(stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : [])].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    ['connect-src', "'self'", ...(stripe ? ['https://api.stripe.com'] : [])].join(' '),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
  return [
    ['content-security-policy', csp],
    ['cross-origin-opener-policy', 'same-origin'],
    ['origin-agent-cluster', '?1'],
    // Only what the site uses: the search's "near me" reads the location; no camera, no sensors.
    [
      'permissions-policy',
      'accelerometer=(), camera=(), geolocation=(self), gyroscope=(), magnetometer=(), microphone=(), usb=()',
    ],
    ['referrer-policy', 'no-referrer'],
    // One year, subdomains included; browsers heed it only over https.
    ['strict-transport-security', 'max-age=31536000; includeSubDomains'],
    ['x-content-type-options', 'nosniff'],
    ['x-dns-prefetch-control', 'off'],
    ['x-download-options', 'noopen'],
    // As frame-ancestors 'none' says, for browsers that know only this header.
    ['x-frame-options', 'DENY'],
    ['x-permitted-cross-domain-policies', 'none'],
    // Off: the old XSS auditors could be turned against a page; the CSP does that job.
    ['x-xss-protection', '0'],
  ];
}

const REQUEST_ID_HEADER = 'x-request-id';
/** A caller's own request id is kept when it is short and plain (letters, digits, `_`, `-`, `=`). */
const PLAIN_ID = /^[\w\-=]{1,255}$/;

/**
 * Names each request (`c.get('requestId')`, echoed in `X-Request-Id`) and gives every answer the
 * fixed headers. A header the route set itself wins: an uploaded document keeps its sandbox CSP.
 *
 * On Node the headers go straight onto Node's response before the route runs, so the answer
 * reaches the socket without a fetch `Headers` object being built and read back for them (that
 * cost `/api/health` over a third of its time — decision 062). Elsewhere (Workers, `app.request`) they
 * are added to the answer the route gave.
 */
export function responseHeaders(fixed: HeaderList): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const given = c.req.header(REQUEST_ID_HEADER);
    const id = given !== undefined && PLAIN_ID.test(given) ? given : crypto.randomUUID();
    c.set('requestId', id);
    const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
    if (outgoing !== undefined && typeof outgoing.setHeader === 'function') {
      for (const [name, value] of fixed) outgoing.setHeader(name, value);
      outgoing.setHeader(REQUEST_ID_HEADER, id);
      return next();
    }
    await next();
    const headers = c.res.headers;
    for (const [name, value] of fixed) if (!headers.has(name)) headers.set(name, value);
    headers.set(REQUEST_ID_HEADER, id);
  };
}
