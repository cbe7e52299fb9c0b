import type { TimeSlotList } from '@spotless/sdk';
import type { BrowserContext, Cookie, Response } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_TO_LOOPBACK, fetchFrom, type SetCookie, signInVictim, useAttacker } from './cross-site';
import { useBrowser, useServer } from './server';

/**
 * The session defences as Chromium meets them (SECURITY.md, "Sessions" and "Cross-site requests";
 * decision 007): the session cookies as the browser keeps them, and another site's forms and
 * fetches against a signed-in visitor. The other sites are the attacker server's names
 * (cross-site.ts); CORS and the security headers are browser-cors-headers.e2e.ts.
 */

/** `httpsSite`'s public URL is https, so its cookies are the `__Host-` ones (reached as `localhost`, a secure context). */
const [server, httpsSite] = await Promise.all([useServer(), useServer({ PUBLIC_URL: 'https://spotless.test' })]);
const { baseUrl } = server;
const httpsSiteUrl = httpsSite.baseUrl.replace('127.0.0.1', 'localhost');

const DAY_S = 86_400;

/** Chromium resolves the `*.example` names to loopback, where the attacker server listens. */
const browser = await useBrowser(server, [EXAMPLE_TO_LOOPBACK]);
const { sameSite, crossSite, evil, attackPage } = await useAttacker();
/** The victim: signed in as the demo customer and as the administrator, in one browser profile. */
let victim: BrowserContext;
/** The Set-Cookie lines of the hosted app's two sign-ins, as Chromium received them. */
let setCookie: SetCookie;

beforeAll(async () => {
  ({ victim, setCookie } = await signInVictim(browser, baseUrl));
});

const cookieHeader = (cookies: Cookie[]) => cookies.map((c) => `${c.name}=${c.value}`).join('; ');

/** What the victim's account looks like through the API, with the browser's own cookies. */
async function victimState() {
  const [user, admin, bookings] = await Promise.all([
    victim.request.get(`${baseUrl}/api/auth/user`),
    victim.request.get(`${baseUrl}/api/admin/session`),
    victim.request.get(`${baseUrl}/api/bookings?pageSize=1`),
  ]);
  const me = user.ok()
    ? ((await user.json()) as { firstName: string; onboardingStep: number; onboardingCompleted: boolean })
    : undefined;
  return {
    user: user.status(),
    admin: admin.status(),
    firstName: me?.firstName,
    onboarding: [me?.onboardingStep, me?.onboardingCompleted],
    bookings: bookings.ok() ? ((await bookings.json()) as { total: number }).total : undefined,
    cookies: (await victim.cookies(baseUrl)).map((c) => c.name).sort(),
  };
}

interface Sent {
  status: number;
  code?: string;
  /** Whether the browser sent the victim's session cookie along. */
  withCookie: boolean;
}

async function sent(response: Response): Promise<Sent> {
  const cookie = (await response.request().allHeaders()).cookie ?? '';
  let code: string | undefined;
  try {
    code = ((await response.json()) as { error?: { code?: string } }).error?.code;
  } catch {
    code = undefined;
  }
  return { status: response.status(), code, withCookie: cookie.includes('spotless_session=') };
}

/** Another site's page submits a form to `action` in the victim's browser: a top-level POST navigation. */
async function formPost(
  origin: string,
  action: string,
  enctype: 'application/x-www-form-urlencoded' | 'multipart/form-data' | 'text/plain',
  fields: ReadonlyArray<readonly [string, string]>,
): Promise<Sent> {
  const inputs = fields
    .map(([name, value]) => `<input type="hidden" name='${name.replaceAll("'", '&#39;')}' value='${value}'>`)
    .join('');
  const path = attackPage(
    `<form method="post" action="${baseUrl}${action}" enctype="${enctype}">${inputs}</form><script>document.forms[0].submit()</script>`,
  );
  const page = await victim.newPage();
  try {
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url() === `${baseUrl}${action}` && r.request().method() === 'POST'),
      page.goto(`${origin}${path}`),
    ]);
    return await sent(response);
  } finally {
    await page.close();
  }
}

/** A free start for the demo cleaner a few days ahead, and the price the server asks for it. */
async function bookableBody() {
  for (let offset = 3; offset < 30; offset++) {
    const date = new Date(server.now().getTime() + offset * DAY_S * 1000).toISOString().slice(0, 10);
    const slots = (await (await fetch(`${baseUrl}/api/cleaners/1/slots/${date}?duration=120`)).json()) as TimeSlotList;
    const free = slots.items.find((s) => s.isAvailable);
    if (!free) continue;
    const body = {
      cleanerId: 1,
      serviceId: 1,
      address: '1 Congress Ave, Austin, TX',
      scheduledDate: date,
      scheduledTime: free.startTime,
      duration: 120,
    };
    // A wrong price is answered with the right one and books nothing.
    const quote = await victim.request.post(`${baseUrl}/api/bookings`, {
      data: { ...body, totalPrice: '1.00' },
      headers: { origin: baseUrl },
    });
    const { error } = (await quote.json()) as { error: { code: string; currentPrice: string } };
    expect(error.code).toBe('price_changed');
    return { ...body, totalPrice: error.currentPrice };
  }
  throw new Error('no free slot for the demo cleaner');
}

describe('the session cookies, as Chromium keeps them', () => {
  it('are HttpOnly, SameSite=Lax, host-only on Path=/, not Secure on this http site, and expire with the session policy', async () => {
    const now = Date.now() / 1000;
    const cookies = await victim.cookies(baseUrl);
    const user = cookies.find((c) => c.name === 'spotless_session');
    const admin = cookies.find((c) => c.name === 'spotless_admin_session');
    // PUBLIC_URL is http here, so no Secure and no __Host- prefix (config.ts: secureCookies).
    const common = { domain: '127.0.0.1', path: '/', httpOnly: true, secure: false, sameSite: 'Lax' };
    expect(user).toMatchObject(common);
    expect(admin).toMatchObject(common);
    // Expiry follows the absolute lifetime (30 days; 12 hours for an administrator), counted by
    // Max-Age from the browser's own clock, whatever the server's (test) clock reads.
    expect(user?.expires).toBeGreaterThan(now + 30 * DAY_S - 120);
    expect(user?.expires).toBeLessThan(now + 30 * DAY_S + 60);
    expect(admin?.expires).toBeGreaterThan(now + 12 * 3600 - 120);
    expect(admin?.expires).toBeLessThan(now + 12 * 3600 + 60);

    for (const [line, name] of [
      [setCookie.user, 'spotless_session'],
      [setCookie.admin, 'spotless_admin_session'],
    ] as const) {
      expect(line).toMatch(new RegExp(`^${name}=[a-z2-7]{32};`));
      expect(line).not.toMatch(/domain=/i);
      expect(line).toMatch(/; Max-Age=\d+;/);
    }
    // HttpOnly: the page's scripts cannot read either.
    const page = await victim.newPage();
    await page.goto(`${baseUrl}/`);
    expect(await page.evaluate(() => document.cookie)).toBe('');
    await page.close();
  });

  it('are Secure and __Host- prefixed when the public URL is https', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${httpsSiteUrl}/login?returnUrl=%2Fprofile`);
    await page.getByLabel('Email').fill('customer@example.com');
    await page.getByLabel('Password').fill('demo-password');
    await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/profile$/);
    const cookies = await context.cookies(httpsSiteUrl);
    expect(cookies.map((c) => c.name)).toEqual(['__Host-spotless_session']);
    expect(cookies[0]).toMatchObject({ domain: 'localhost', path: '/', httpOnly: true, secure: true, sameSite: 'Lax' });
    await context.close();
  });
});

describe('another site against a signed-in visitor', () => {
  it('cannot book, reset the onboarding or sign the visitor out with an HTML form, from another site or a sibling origin', async () => {
    const booking = await bookableBody();
    const before = await victimState();
    expect(before).toMatchObject({ user: 200, admin: 200, bookings: expect.any(Number) });
    const asFields = Object.entries(booking).map(([k, v]) => [k, String(v)] as [string, string]);
    // The classic trick: a text/plain form whose body is JSON (`name=value` with the `=` inside a string).
    const json = JSON.stringify({ ...booking, pad: '' }).slice(0, -2);
    const asJsonText: Array<[string, string]> = [[json, '"}']];
    const onboardingText: Array<[string, string]> = [
      [JSON.stringify({ step: 1, completed: false, pad: '' }).slice(0, -2), '"}'],
    ];

    for (const origin of [crossSite, sameSite]) {
      const attempts = await Promise.all(
        (
          [
            ['book, urlencoded', '/api/bookings', 'application/x-www-form-urlencoded', asFields],
            ['book, multipart', '/api/bookings', 'multipart/form-data', asFields],
            ['book, text/plain JSON', '/api/bookings', 'text/plain', asJsonText],
            ['onboarding, text/plain JSON', '/api/onboarding/update', 'text/plain', onboardingText],
            ['sign out', '/api/auth/logout', 'application/x-www-form-urlencoded', [['a', 'b']]],
            ['admin sign out', '/api/admin/logout', 'multipart/form-data', [['a', 'b']]],
          ] as const
        ).map(
          async ([what, action, enctype, fields]) => [what, await formPost(origin, action, enctype, fields)] as const,
        ),
      );
      for (const [what, result] of attempts) {
        // Another site gets no cookie (SameSite=Lax), so it is a signed-out caller; a sibling origin
        // does send it, and the Origin check refuses it.
        expect(result.withCookie, `${what} from ${origin}`).toBe(origin === sameSite);
        expect([401, 403, 415], `${what} from ${origin}`).toContain(result.status);
        if (result.status === 403) expect(result.code, `${what} from ${origin}`).toBe('csrf');
        // Signing out needs no cookie to take effect (its answer clears them), so it is refused by Origin alone.
        if (origin === sameSite || what.endsWith('sign out')) {
          expect(result, `${what} from ${origin}`).toMatchObject({ status: 403, code: 'csrf' });
        }
      }
      expect(await victimState(), `after the forms from ${origin}`).toEqual(before);
    }
  });

  it('cannot act, or read, with fetch(credentials: include) from another origin', async () => {
    const booking = await bookableBody();
    const before = await victimState();
    for (const origin of [crossSite, sameSite, evil]) {
      const page = await victim.newPage();
      await page.goto(`${origin}${attackPage('')}`);
      const answered: Array<Promise<readonly [string, Sent]>> = [];
      page.on('response', (r) => {
        if (!r.url().startsWith(`${baseUrl}/api/`)) return;
        answered.push(sent(r).then((s) => [`${r.request().method()} ${new URL(r.url()).pathname}`, s] as const));
      });
      // Writes that need no preflight, sent blind (`no-cors`): they reach the server, and from a
      // sibling origin they carry the cookie.
      const blind = await Promise.all([
        fetchFrom(page, `${baseUrl}/api/bookings`, {
          method: 'POST',
          mode: 'no-cors',
          credentials: 'include',
          headers: { 'content-type': 'text/plain' },
          body: JSON.stringify(booking),
        }),
        fetchFrom(page, `${baseUrl}/api/auth/logout`, { method: 'POST', mode: 'no-cors', credentials: 'include' }),
      ]);
      expect(blind, origin).toEqual(Array(2).fill({ readable: true, status: 0, body: '' }));
      // JSON and PATCH need a preflight, which is refused: the PATCH itself is never sent.
      const patch = await fetchFrom(page, `${baseUrl}/api/auth/profile`, {
        method: 'PATCH',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ firstName: 'Mallory' }),
      });
      // A read is answered, but the answer is kept from the page.
      const read = await fetchFrom(page, `${baseUrl}/api/auth/user`, { credentials: 'include' });
      expect([patch, read], origin).toEqual([{ readable: false }, { readable: false }]);

      // An opaque answer's body and sent cookies are not reported, so the statuses tell: booking
      // without the cookie is 401 (another site: SameSite kept it home), with it 403 (a sibling
      // origin: the Origin check); signing out is refused by Origin either way.
      const statuses = Object.fromEntries(
        (await Promise.all(answered)).map(([what, result]) => [what, result.status] as const),
      );
      expect(statuses, origin).toEqual({
        'POST /api/bookings': origin === sameSite ? 403 : 401,
        'POST /api/auth/logout': 403,
      });
      await page.close();
    }
    expect(await victimState()).toEqual(before);
    // What Chromium asked before the PATCH, from Node: refused, with no allowance.
    const preflight = await fetch(`${baseUrl}/api/auth/profile`, {
      method: 'OPTIONS',
      headers: {
        origin: sameSite,
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses the visitor’s cookie with a wrong-scheme Origin, or with neither Origin nor Referer (from Node)', async () => {
    const before = await victimState();
    const cookie = cookieHeader(await victim.cookies(baseUrl));
    const send = (path: string, method: string, headers: Record<string, string>, body?: unknown) =>
      fetch(`${baseUrl}${path}`, {
        method,
        headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const httpsOrigin = baseUrl.replace('http:', 'https:');
    for (const [path, method, body] of [
      ['/api/auth/profile', 'PATCH', { firstName: 'Mallory' }],
      ['/api/auth/logout', 'POST', undefined],
      ['/api/admin/logout', 'POST', undefined],
    ] as const) {
      const variants: Array<Record<string, string>> = [
        { origin: httpsOrigin },
        { origin: 'null' },
        {},
        { referer: `${evil}/page` },
        { referer: `${httpsOrigin}/profile` },
      ];
      for (const headers of variants) {
        const res = await send(path, method, headers, body);
        expect(res.status, `${method} ${path} ${JSON.stringify(headers)}`).toBe(403);
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe('csrf');
        expect(res.headers.getSetCookie()).toEqual([]);
      }
    }
    // Without an Origin, our own Referer is accepted (the middleware's fallback); the same name goes through.
    const own = await send(
      '/api/auth/profile',
      'PATCH',
      { referer: `${baseUrl}/profile` },
      { firstName: before.firstName },
    );
    expect(own.status).toBe(200);
    expect(await victimState()).toEqual(before);
  });
});
