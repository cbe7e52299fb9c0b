import { createClient } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call as send } from './call';
import { DECIDED_HEADERS } from './decided-headers';
import { TARGETS, type Target } from './targets';

/**
 * The browser-facing defences on the three targets (SECURITY.md, "Cross-site requests"; decisions
 * 007, 048, 062): every answer's fixed security headers, whoever wrote the answer (a hosted page
 * from the assets, a route, a 404, a refusal); another site's form posts refused; and no CORS
 * allowance for a hostile Origin. The browser's view of the same is `e2e/browser-cors-headers.e2e.ts`.
 */

const EVIL = 'https://evil.example';
const DEMO_KEY = 'pk_demo_sunrise_realty';
/** A page the demo partner allows (loopback, any port). */
const DEMO_PAGE = 'http://127.0.0.1:4321';
const OTHER_KEY = 'pk_targets_other_partner';
const OTHER_PAGE = 'https://other-partner.example';

describe.each(TARGETS)('%s', (_name, start) => {
  let target: Target;
  beforeAll(async () => {
    target = await start();
    // A second partner, to present its key from the demo partner's page.
    const db = createClient({ url: target.databaseUrl });
    try {
      await db.execute({
        sql: 'insert into partners (name, publishable_key, allowed_origins) values (?, ?, ?)',
        args: ['Other Partner', OTHER_KEY, JSON.stringify([OTHER_PAGE])],
      });
    } finally {
      db.close();
    }
  });
  afterAll(async () => {
    await target?.stop();
  });

  const raw = (path: string, init: RequestInit = {}) => fetch(`${target.url}${path}`, init);
  const expectDecided = (res: Response, what: string) => {
    for (const [name, value] of Object.entries(DECIDED_HEADERS)) {
      expect(res.headers.get(name), `${name} on ${what}`).toBe(value);
    }
  };
  async function signIn() {
    const login = await send(target.url, '/api/auth/login', {
      method: 'POST',
      body: { email: 'customer@example.com', password: 'demo-password' },
    });
    expect(login.status).toBe(200);
    return `spotless_session=${login.session}`;
  }

  it('puts the same security headers on pages, API answers, errors and refusals', async () => {
    const answers: Array<[string, Response, number]> = [
      ['the hosted app', await raw('/'), 200],
      ['a hosted page', await raw('/profile'), 200],
      ['the Not Found page', await raw('/no-such-page'), 404],
      ['an API answer', await raw('/api/services'), 200],
      ['an API 404', await raw('/api/no-such-route'), 404],
      ['a 401', await raw('/api/auth/user'), 401],
      ['a CSRF refusal', await raw('/api/auth/logout', { method: 'POST', headers: { origin: EVIL } }), 403],
      [
        'a refused preflight (it means to send no key)',
        await raw('/api/services', {
          method: 'OPTIONS',
          headers: {
            origin: EVIL,
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'content-type',
          },
        }),
        403,
      ],
      ['a refused key', await raw('/api/services', { headers: { origin: EVIL, 'x-spotless-key': DEMO_KEY } }), 403],
    ];
    for (const [what, res, status] of answers) {
      expect(res.status, what).toBe(status);
      expectDecided(res, what);
      await res.body?.cancel();
    }
  });

  it('refuses another site’s form posts, signed in or not, and changes nothing', async () => {
    const cookie = await signIn();
    const before = (await send(target.url, '/api/bookings?pageSize=1', { cookie })).body.total as number;
    const form = (path: string, body: string | URLSearchParams, headers: Record<string, string>) =>
      raw(path, { method: 'POST', body, headers: { origin: EVIL, ...headers } });
    const booking = { cleanerId: 1, serviceId: 1, address: '1 Main St', scheduledDate: '2030-01-07', duration: 120 };
    const fields = Object.entries(booking).map(([k, v]): [string, string] => [k, String(v)]);
    // Written whole rather than streamed from a FormData: workerd answers the refusal before reading
    // the body and closes the connection, which a body still being written meets as EPIPE.
    const boundary = 'targets-form-boundary';
    const multipart = `${fields
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('')}--${boundary}--\r\n`;
    for (const [what, res] of [
      ['urlencoded', await form('/api/bookings', new URLSearchParams(fields), { cookie })],
      [
        'multipart',
        await form('/api/bookings', multipart, { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` }),
      ],
      [
        'text/plain JSON',
        await form('/api/bookings', JSON.stringify(booking), { cookie, 'content-type': 'text/plain' }),
      ],
      [
        'sign out',
        await form('/api/auth/logout', 'a=b', { cookie, 'content-type': 'application/x-www-form-urlencoded' }),
      ],
      // Without the cookie (SameSite kept it home), signing out would still clear it in the browser.
      [
        'sign out, no cookie',
        await form('/api/auth/logout', 'a=b', { 'content-type': 'application/x-www-form-urlencoded' }),
      ],
    ] as const) {
      expect(res.status, what).toBe(403);
      expect(((await res.json()) as { error: { code: string } }).error.code, what).toBe('csrf');
      expect(res.headers.getSetCookie(), what).toEqual([]);
    }
    expect((await send(target.url, '/api/auth/user', { cookie })).status).toBe(200);
    expect((await send(target.url, '/api/bookings?pageSize=1', { cookie })).body.total).toBe(before);
  });

  it('grants a hostile Origin, a look-alike, or another partner’s key nothing but its refusal to read, and null nothing', async () => {
    const refused: Array<[origin: string, key: string]> = [
      [EVIL, DEMO_KEY],
      ['null', DEMO_KEY],
      ['http://127.0.0.1.evil.example:4321', DEMO_KEY],
      ['https://other-partner.example.evil.example', OTHER_KEY],
      [DEMO_PAGE, OTHER_KEY],
      [OTHER_PAGE, DEMO_KEY],
    ];
    for (const [origin, key] of refused) {
      const res = await raw('/api/services', { headers: { origin, 'x-spotless-key': key } });
      expect(res.status, `${origin} with ${key}`).toBe(403);
      // The refusal is readable by the page that asked (decision 048, addendum): a fixed code and
      // text, no data and never credentials; a sandboxed page's `null` gets nothing.
      expect(res.headers.get('access-control-allow-origin'), origin).toBe(origin === 'null' ? null : origin);
      expect(res.headers.get('access-control-allow-credentials'), origin).toBeNull();
      const body = (await res.json()) as { error: Record<string, unknown> };
      expect(Object.keys(body.error).sort(), origin).toEqual(['code', 'message']);
      expect(body.error.code, origin).toBe('origin_not_allowed');
      const preflight = await raw('/api/services', {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-spotless-key' },
      });
      // A preflight carries no key: it is answered for any origin that means to send one.
      expect(preflight.status, `preflight from ${origin}`).toBe(origin === 'null' ? 403 : 204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe(origin === 'null' ? null : origin);
      expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
      await preflight.body?.cancel();
    }
    // A signed-in visitor's cookie, sent along from another site, gets no allowance either.
    const cookie = await signIn();
    const withCookie = await raw('/api/auth/user', { headers: { origin: EVIL, cookie } });
    expect(withCookie.headers.get('access-control-allow-origin')).toBeNull();
    await withCookie.body?.cancel();

    const allowed: Array<[origin: string, key: string]> = [
      [DEMO_PAGE, DEMO_KEY],
      [OTHER_PAGE, OTHER_KEY],
    ];
    for (const [origin, key] of allowed) {
      const res = await raw('/api/services', { headers: { origin, 'x-spotless-key': key } });
      expect(res.status, origin).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
      expect(res.headers.get('vary')).toMatch(/Origin/);
      expectDecided(res, `a keyed answer to ${origin}`);
      await res.body?.cancel();
    }
  });
});
