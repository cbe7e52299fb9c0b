import type { BrowserContext, Page, Response } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DECIDED_HEADERS } from '../server/targets/decided-headers';
import { EXAMPLE_TO_LOOPBACK, fetchFrom, signInVictim, useAttacker } from './cross-site';
import { useBrowser, useServer } from './server';

/**
 * What other sites may read, and the headers, as Chromium meets them (SECURITY.md, "Cross-site
 * requests"; decisions 048, 062): CORS for partner keys from hostile origins, and the security
 * headers on pages and API answers. The other sites are the attacker server's names
 * (cross-site.ts); the session cookies and cross-site forms are browser-cookies-csrf.e2e.ts.
 */

const server = await useServer();
const { baseUrl } = server;

/** Chromium resolves the `*.example` names to loopback, where the attacker server listens. */
const browser = await useBrowser(server, [EXAMPLE_TO_LOOPBACK]);
const { crossSite, evil, partnerSite, otherPartnerSite, suffixSite, attackPage } = await useAttacker();
/** The victim: signed in as the demo customer and as the administrator, in one browser profile. */
let victim: BrowserContext;
const keys = { partner: '', otherPartner: '' };

beforeAll(async () => {
  ({ victim } = await signInVictim(browser, baseUrl));
  const partner = async (name: string, allowedOrigins: string[]) => {
    const res = await victim.request.post(`${baseUrl}/api/admin/partners`, {
      data: { name, allowedOrigins },
      headers: { origin: baseUrl },
    });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { publishableKey: string }).publishableKey;
  };
  keys.partner = await partner('Partner Homes', [partnerSite, 'https://partner.com']);
  keys.otherPartner = await partner('Other Realty', [otherPartnerSite, 'https://other-partner.com']);
});

describe('CORS for partner keys', () => {
  const preflight = (origin: string) =>
    fetch(`${baseUrl}/api/services`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-spotless-key',
      },
    });
  const keyed = (origin: string, key: string) =>
    fetch(`${baseUrl}/api/services`, { headers: { origin, 'x-spotless-key': key } });

  it('grants a hostile Origin, a look-alike, or a partner showing another partner’s key only its refusal to read, and null nothing (from Node)', async () => {
    const refused: Array<[origin: string, key: string]> = [
      ['https://evil.com', keys.partner],
      ['null', keys.partner],
      ['https://partner.com.evil.com', keys.partner],
      ['https://partner.com.', keys.partner],
      ['https://partner.com', keys.otherPartner],
      ['https://other-partner.com', keys.partner],
      ['https://partner.com', 'pk_not_a_partner_at_all'],
    ];
    for (const [origin, key] of refused) {
      const res = await keyed(origin, key);
      expect(res.status, `${origin} with ${key}`).toBe(403);
      // Decision 048's addendum: the asking page may read why (a fixed code and text, no data);
      // a sandboxed page's `null` gets nothing.
      expect(res.headers.get('access-control-allow-origin'), origin).toBe(origin === 'null' ? null : origin);
      expect(res.headers.get('access-control-allow-credentials'), origin).toBeNull();
      const body = (await res.json()) as { error: Record<string, unknown> };
      expect(Object.keys(body.error).sort(), origin).toEqual(['code', 'message']);
    }
    const sandboxed = await preflight('null');
    expect(sandboxed.status).toBe(403);
    expect(sandboxed.headers.get('access-control-allow-origin')).toBeNull();
    for (const origin of ['https://evil.com', 'https://partner.com.evil.com', 'http://partner.com']) {
      const res = await preflight(origin);
      expect(res.status, origin).toBe(204);
      expect(res.headers.get('access-control-allow-origin'), origin).toBe(origin);
      expect(res.headers.get('access-control-allow-credentials'), origin).toBeNull();
    }
    // No key: a public read still answers, but with no allowance, so no other site's page can read it.
    const open = await fetch(`${baseUrl}/api/services`, { headers: { origin: 'https://evil.com' } });
    expect(open.headers.get('access-control-allow-origin')).toBeNull();

    const allowed = await keyed('https://partner.com', keys.partner);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://partner.com');
    expect(allowed.headers.get('access-control-allow-credentials')).toBeNull();
    expect(allowed.headers.get('vary')).toMatch(/Origin/);
    const answered = await preflight('https://partner.com');
    expect(answered.status).toBe(204);
    expect(answered.headers.get('access-control-allow-origin')).toBe('https://partner.com');
    expect(answered.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('lets only the partner’s own page read with its own key, never with credentials (in Chromium)', async () => {
    const context = await browser.newContext();
    const read = async (origin: string, key: string, credentials: RequestCredentials = 'omit', headers = {}) => {
      const page = await context.newPage();
      await page.goto(`${origin}${attackPage('', headers)}`);
      const result = await fetchFrom(page, `${baseUrl}/api/services`, {
        credentials,
        headers: { 'x-spotless-key': key },
      });
      await page.close();
      return result;
    };
    // A sandboxed document: its origin is `null`.
    const sandboxed = { 'content-security-policy': 'sandbox allow-scripts' };
    const results = await Promise.all([
      read(evil, keys.partner),
      read(crossSite, keys.partner, 'omit', sandboxed),
      read(suffixSite, keys.partner),
      read(otherPartnerSite, keys.partner),
      read(partnerSite, keys.otherPartner),
      read(partnerSite, keys.partner, 'include'),
      read(partnerSite, keys.partner),
      read(otherPartnerSite, keys.otherPartner),
    ]);
    // Another origin reads only why its key was refused, never data; a sandboxed page, or a
    // credentialed request, reads nothing at all.
    for (const result of [results[0], ...results.slice(2, 5)]) {
      expect(result).toEqual({
        readable: true,
        status: 403,
        body: expect.stringMatching(
          /^\{"error":\{"code":"origin_not_allowed","message":"This key is not allowed on http:\/\/[a-z.]+:\d+ — add it under allowed origins"\}\}$/,
        ),
      });
    }
    expect([results[1], results[5]]).toEqual(Array(2).fill({ readable: false }));
    expect(results.slice(6)).toEqual(Array(2).fill(expect.objectContaining({ readable: true, status: 200 })));
    await context.close();
  });
});

describe('the security headers, as the browser receives them', () => {
  // Chromium keeps Strict-Transport-Security only from https answers (RFC 6797, section 8.1): on this http
  // site it is checked as sent, from Node.
  const { 'strict-transport-security': hsts, ...overHttp } = DECIDED_HEADERS;
  const expectDecided = (headers: Record<string, string>, what: string, expected = overHttp) => {
    for (const [name, value] of Object.entries(expected)) expect(headers[name], `${name} on ${what}`).toBe(value);
  };

  it('are on the hosted app’s pages and the API’s answers, and the app runs under its CSP without a violation', async () => {
    const refused: string[] = [];
    const api: Response[] = [];
    const visit = async (path: string, status: number) => {
      const page = await victim.newPage();
      page.on('console', (m) => {
        if (/Content Security Policy|Refused to/i.test(m.text())) refused.push(`${path}: ${m.text()}`);
      });
      page.on('response', (r) => {
        if (r.url().startsWith(`${baseUrl}/api/`)) api.push(r);
      });
      const response = await page.goto(`${baseUrl}${path}`);
      expect(response?.status(), path).toBe(status);
      expectDecided(await (response as Response).allHeaders(), path);
      await page.locator('main').first().waitFor();
      await page.waitForLoadState('networkidle');
      return page;
    };
    const pages = await Promise.all([
      visit('/', 200),
      visit('/search?location=Austin%2C%20TX', 200),
      visit('/profile', 200),
      visit('/dashboard', 200),
      visit('/admin-dashboard', 200),
      visit('/no-such-page', 404),
    ]);
    expect(api.length).toBeGreaterThan(3);
    for (const r of api) {
      expectDecided(await r.allHeaders(), `${r.request().method()} ${r.url()}`);
      // Referrer-Policy: no-referrer, so the app's own calls carry no Referer.
      expect(await r.request().headerValue('referer')).toBeNull();
    }
    for (const page of pages) {
      expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
    }
    expect(refused).toEqual([]);
    await Promise.all(pages.slice(1).map((p) => p.close()));
    const page = pages[0] as Page;

    // The policy is enforced, not only sent: a script injected into the page does not run.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.head.append(script);
    });
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations))
      .toEqual([expect.stringMatching(/^script-src-elem inline$/)]);
    expect(await page.evaluate(() => '__injected' in window)).toBe(false);
    await page.close();

    // As sent, HSTS included: a page, an API answer and a refusal.
    expect(hsts).toBe('max-age=31536000; includeSubDomains');
    for (const [what, res] of [
      ['a page', await fetch(`${baseUrl}/profile`)],
      ['an API answer', await fetch(`${baseUrl}/api/services`)],
      ['a CSRF refusal', await fetch(`${baseUrl}/api/auth/logout`, { method: 'POST', headers: { origin: evil } })],
    ] as const) {
      expectDecided(Object.fromEntries(res.headers), what, DECIDED_HEADERS);
    }
  });

  it('keep the hosted app out of another site’s frame, and its window out of another site’s reach', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const messages: string[] = [];
    page.on('console', (m) => messages.push(m.text()));
    await page.goto(`${crossSite}${attackPage(`<iframe src="${baseUrl}/login" title="framed"></iframe>`)}`);
    await expect.poll(() => page.frames().length).toBe(2);
    const framed = page.frames()[1];
    await expect.poll(() => framed?.url()).toMatch(/^chrome-error:/);
    expect(messages).toContainEqual(expect.stringMatching(/^Framing '.+' violates .+ "frame-ancestors 'none'"/));

    // Cross-Origin-Opener-Policy: a window another site opens is cut off from it.
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page.evaluate((url) => {
        (window as unknown as { opened: Window | null }).opened = window.open(url);
      }, `${baseUrl}/`),
    ]);
    await popup.waitForLoadState();
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { opened: Window | null }).opened?.closed))
      .toBe(true);
    await context.close();
  });
});
