import { type BookingList, type CleanerSearchPage, HOSTED_PAGES } from '@spotless/sdk';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAdminSignIn, apiSignIn } from './api';
import { screenshotsIn } from './browser';
import { useBrowser, useServer } from './server';

/**
 * Every page of the hosted app, walked as a visitor, the demo customer, the demo cleaner and an
 * administrator: no console error and no failed request the page did not expect (decision 046).
 * What a page expects is written here, each with its reason; anything else that fails — a 401 on a
 * signed-out page, a 403 probe, a missing image — fails the test. Also: an unknown path is the
 * app's Not Found page with status 404 (decision 046), and `?sort=` orders the listing.
 */

const server = await useServer();
const { baseUrl } = server;
const browser = await useBrowser(server);
let cleanerId = 1;
let pendingBookingId = 0;

type Role = 'visitor' | 'customer' | 'cleaner' | 'admin';
const contexts = new Map<Role, BrowserContext>();

/**
 * Pages only a signed-in person sees (docs/product/accounts.md): signed out, the app sends the
 * visitor to sign in before the page reads anything; an administrator session alone is refused.
 */
const SIGNED_IN = new Set([
  '/checkout',
  '/dashboard',
  '/profile',
  '/payments',
  '/reviews',
  '/cleaner-dashboard',
  '/apply-cleaner',
]);
SIGNED_IN.add('/booking/:cleanerId/:serviceId?');
// The portals a person belongs to: a person's list, which an administrator session is not.
SIGNED_IN.add('/partner-portal/:id?');

/** What a role's page may see fail, and why. Keys are page patterns; values are `METHOD path-prefix status`. */
function expectedFailures(role: Role, pattern: string): string[] {
  const expected: string[] = [];
  // A visitor's signed-in page asks who is signed in before it reads anything, and sends them to sign
  // in without a refused request; so does the admin area without an admin session.
  // An administrator session is no person's session: a person's page's data is refused (401).
  if (role === 'admin' && SIGNED_IN.has(pattern)) expected.push('GET /api/ 401', 'POST /api/ 401');
  // Someone who is not a cleaner on the cleaner dashboard: "Cleaner Profile Not Found".
  if (pattern === '/cleaner-dashboard' && role === 'customer') expected.push('GET /api/cleaners/profile 404');
  // The sample checkout is the demo customer's booking: to the cleaner it is someone else's (404, "not found").
  if (pattern === '/checkout' && role === 'cleaner') expected.push('GET /api/bookings/ 404');
  // The sample verification link carries a token that is no longer good: the page says so.
  if (pattern === '/verify-email') expected.push('POST /api/auth/verify-email 400');
  return expected;
}

function concrete(pattern: string): string {
  if (pattern === '/cleaner/:id') return `/cleaner/${cleanerId}`;
  if (pattern === '/booking/:cleanerId/:serviceId?') return `/booking/${cleanerId}/1`;
  if (pattern === '/checkout') return `/checkout?booking=${pendingBookingId}`;
  // A link from an e-mail with a token that is no longer good is a page the app explains.
  if (pattern === '/reset-password' || pattern === '/verify-email') return `${pattern}?token=expired-token`;
  return pattern;
}

async function contextFor(role: Role): Promise<BrowserContext> {
  const existing = contexts.get(role);
  if (existing) return existing;
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (role === 'customer' || role === 'cleaner') await apiSignIn(context.request, baseUrl, `${role}@example.com`);
  if (role === 'admin') await apiAdminSignIn(context.request, baseUrl);
  contexts.set(role, context);
  return context;
}

/**
 * One tab that records what goes wrong on it — console errors and failed requests — and opens
 * page after page, each time waiting until no request has been in flight for a quarter second.
 */
function recorder(page: Page) {
  let consoleErrors: string[] = [];
  let failed: string[] = [];
  let inFlight = 0;
  let quietSince = Date.now();
  const settle = () => {
    inFlight = Math.max(0, inFlight - 1);
    if (inFlight === 0) quietSince = Date.now();
  };
  page.on('request', () => {
    inFlight += 1;
  });
  page.on('requestfinished', settle);
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(`uncaught: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) {
      const path = new URL(response.url()).pathname;
      failed.push(`${response.request().method()} ${path} ${response.status()}`);
    }
  });
  page.on('requestfailed', (request) => {
    settle();
    // A request the page itself dropped when it moved on (a redirect) is not a failure.
    if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
    failed.push(`${request.method()} ${new URL(request.url()).pathname} ${request.failure()?.errorText}`);
  });
  const quiet = async (ms: number) => {
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && (inFlight > 0 || Date.now() - quietSince < ms)) await page.waitForTimeout(50);
  };
  return async (url: string, redirects = true) => {
    consoleErrors = [];
    failed = [];
    inFlight = 0;
    const open = () => page.goto(`${baseUrl}${url}`, { waitUntil: 'load' });
    // The page before may move on by itself as this one opens (a visitor sent on to sign in a
    // moment after arriving): that navigation wins, so open this page again.
    // A navigation interrupted again (the other one to this same address) is tried once more.
    const retry = (error: Error) => {
      if (!/interrupted by another navigation/.test(error.message)) throw error;
      return open();
    };
    const response = await open().catch(retry).catch(retry);
    await quiet(250);
    // A refused visitor is sent on after a moment: then wait until the page stays put.
    for (let at = page.url(); redirects; at = page.url()) {
      await page.waitForTimeout(600);
      await quiet(250);
      if (page.url() === at) break;
    }
    return { console: consoleErrors, failed, status: response?.status() ?? 0 };
  };
}

/** Opens one page in a fresh tab and lists what went wrong on it. */
async function walk(page: Page, url: string) {
  return recorder(page)(url);
}

beforeAll(async () => {
  cleanerId =
    ((await (await fetch(`${baseUrl}/api/cleaners?pageSize=1`)).json()) as CleanerSearchPage).items[0]?.id ?? 1;
  const customer = await contextFor('customer');
  const bookings = (await (await customer.request.get(`${baseUrl}/api/bookings?limit=200`)).json()) as BookingList;
  pendingBookingId = bookings.items.find((b) => b.status === 'pending' && b.paymentStatus !== 'succeeded')?.id ?? 0;
});
afterAll(async () => {
  for (const context of contexts.values()) await context.close();
});

describe('every page, as every kind of user: a clean console and no unexpected failed request', () => {
  for (const role of ['visitor', 'customer', 'cleaner', 'admin'] as const) {
    // The four walks run side by side: each page mostly waits for the network to settle.
    it.concurrent(`as ${role === 'admin' ? 'an administrator' : `the ${role}`}`, async ({ expect }) => {
      const context = await contextFor(role);
      const problems: Record<string, { console: string[]; failed: string[] }> = {};
      const page = await context.newPage();
      const open = recorder(page);
      for (const pattern of HOSTED_PAGES) {
        if (pattern === '/logout') continue; // signs the context out; checked on its own below
        const allowed = expectedFailures(role, pattern);
        const seen = await open(concrete(pattern), allowed.length > 0);
        const isAllowed = (failure: string) => allowed.some((prefix) => matchesExpected(failure, prefix));
        const failed = seen.failed.filter((failure) => !isAllowed(failure));
        // Chromium logs each failed load on the console too; those of expected failures are expected.
        const consoleErrors = seen.console.filter(
          (text) =>
            !(
              allowed.length > 0 &&
              /Failed to load resource: the server responded with a status of (400|401|403|404)/.test(text)
            ),
        );
        if (failed.length > 0 || consoleErrors.length > 0) problems[pattern] = { console: consoleErrors, failed };
      }
      await page.close();
      expect(problems).toEqual({});
    }, 240_000);
  }

  it('signs out cleanly from /logout', async () => {
    const context = await browser.newContext();
    await context.request.post(`${baseUrl}/api/auth/login`, {
      data: { email: 'customer@example.com', password: 'demo-password' },
      headers: { origin: baseUrl },
    });
    const page = await context.newPage();
    const seen = await walk(page, '/logout');
    await context.close();
    expect({ console: seen.console, failed: seen.failed }).toEqual({ console: [], failed: [] });
  });
});

/** `GET /api/ 401` matches any GET under /api answered 401. */
function matchesExpected(failure: string, expected: string): boolean {
  const [method, prefix, status] = expected.split(' ');
  const [fMethod, fPath, fStatus] = failure.split(' ');
  return method === fMethod && status === fStatus && (fPath ?? '').startsWith(prefix ?? '');
}

describe('paths that are no page, and the listing’s sort', () => {
  it('answers an unknown path with the Not Found page and HTTP 404, a page with 200', async () => {
    const page = await browser.newPage();
    const missing = await page.goto(`${baseUrl}/no-such-page-anywhere`);
    expect(missing?.status()).toBe(404);
    await page
      .getByRole('heading', { name: /not found/i })
      .first()
      .waitFor();
    expect((await page.goto(`${baseUrl}/cleaner/${cleanerId}`))?.status()).toBe(200);
    await page.close();
  });

  it('answers a profile of no such cleaner HTTP 404, says Cleaner Not Found, and asks for the cleaner once', async () => {
    const page = await browser.newPage();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/cleaners/999999') asked.push(request.url());
    });
    const response = await page.goto(`${baseUrl}/cleaner/999999`);
    expect(response?.status()).toBe(404);
    await page.getByTestId('cleaner-not-found').waitFor();
    // Long enough for a second read on mount, or a retry, to have gone out.
    await page.waitForTimeout(1000);
    await page.close();
    expect(asked).toHaveLength(1);
  });

  it('Page Not Found offers a search of the listing and the ways to the listing and the help centre', async () => {
    const shot = screenshotsIn('not-found');
    for (const width of [1280, 390]) {
      const page = await browser.newPage({ viewport: { width, height: 844 } });
      await page.goto(`${baseUrl}/no-such-page-anywhere`);
      const notFound = page.getByTestId('not-found');
      await notFound.getByRole('heading', { name: 'Page Not Found' }).waitFor();
      await notFound.getByText('Did you forget to add the page to the router?').waitFor();
      expect(await notFound.getByRole('link', { name: 'Browse all cleaners' }).getAttribute('href')).toBe('/cleaners');
      expect(await notFound.getByRole('link', { name: 'Help Center' }).getAttribute('href')).toBe('/help-center');
      await page.screenshot({ path: shot(`not-found-${width}.png`) });
      await notFound.getByLabel('Looking for a cleaner?').fill('deep clean');
      await notFound.getByRole('button', { name: 'Search' }).click();
      await page.waitForURL(`${baseUrl}/cleaners?query=deep+clean`);
      await page.getByTestId('filter-chips').getByText('Keyword: deep clean').waitFor();
      await page.close();
    }
  });

  it('signed out, a signed-in page toasts Unauthorized and sends the visitor to sign in, without a refused request', async () => {
    for (const [path, signIn] of [
      ['/dashboard', /\/login\?returnUrl=%2Fdashboard$/],
      ['/cleaner-dashboard', /\/login\?returnUrl=%2Fcleaner-dashboard$/],
      ['/admin-dashboard', /\/admin$/],
    ] as const) {
      const page = await browser.newPage();
      const refused: string[] = [];
      page.on('response', (response) => {
        if (response.status() === 401 || response.status() === 403)
          refused.push(`${response.status()} ${response.url()}`);
      });
      await page.goto(`${baseUrl}${path}`);
      const toast = page.locator('[data-testid="toast"]').filter({ hasText: 'Unauthorized' });
      await toast.getByText('You are logged out. Logging in again...').waitFor();
      await page.waitForURL(signIn, { timeout: 10_000 });
      await page.close();
      expect(refused, path).toEqual([]);
    }
  });

  it('reads the profile’s cleaner once: the request its HTML starts is the one the page uses', async () => {
    const page = await browser.newPage();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (/preload/i.test(message.text())) warnings.push(message.text());
    });
    const url = `${baseUrl}/api/cleaners/${cleanerId}`;
    await page.goto(`${baseUrl}/cleaner/${cleanerId}`);
    await page.locator('.profile__areas').waitFor();
    const html = await (await fetch(`${baseUrl}/cleaner/${cleanerId}`)).text();
    expect(html).toContain(
      `<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/cleaners/${cleanerId}">`,
    );
    const entries = await page.evaluate((name) => performance.getEntriesByName(name).length, url);
    await page.close();
    expect(entries).toBe(1);
    expect(warnings).toEqual([]);
  });

  it('keeps the profile’s location pin beside the areas it marks, at phone and desktop widths', async () => {
    for (const width of [390, 1280]) {
      const page = await browser.newPage({ viewport: { width, height: 844 } });
      await page.goto(`${baseUrl}/cleaner/${cleanerId}`);
      const areas = page.locator('.profile__areas');
      await areas.waitFor();
      const pin = await areas.locator('svg').boundingBox();
      const text = await areas.locator('span').boundingBox();
      await page.close();
      expect(pin && text, `width ${width}`).toBeTruthy();
      // Beside, not above: the pin ends where the text starts, on the text's first line.
      expect(pin!.x + pin!.width).toBeLessThanOrEqual(text!.x);
      expect(Math.abs(pin!.y - text!.y)).toBeLessThan(12);
    }
  });

  it('orders /cleaners by ?sort= as by ?sortBy= (the menu’s Top Rated link writes sort)', async () => {
    const page = await browser.newPage();
    const names = async (query: string) => {
      await page.goto(`${baseUrl}/cleaners?${query}`);
      await page.locator('[data-testid="cleaner-card"]').first().waitFor({ timeout: 15_000 });
      return page.locator('[data-testid="cleaner-name"]').allInnerTexts();
    };
    const bySort = await names('sort=price');
    const bySortBy = await names('sortBy=price');
    const byRating = await names('sortBy=rating');
    await page.close();
    expect(bySort).toEqual(bySortBy);
    expect(bySort).not.toEqual(byRating);
  });
});
