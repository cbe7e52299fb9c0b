import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Booking, BookingList, CleanerSearchPage, TimeSlotList } from '@spotless/sdk';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAdminSignIn, apiSignIn, bookAtServerPrice } from './api';
import { seriousAxeViolations, seriousViolations } from './browser';
import { useBrowser, useServer } from './server';

const server = await useServer();
const { baseUrl } = server;
const browser = await useBrowser(server);
let cleanerId = 1;
let pendingBookingId = 0;
/** Made once each, by whichever page asks first: the pages are checked side by side. */
const signedInContexts = new Map<string, Promise<BrowserContext>>();
const adminContexts = new Map<number, Promise<BrowserContext>>();

interface Route {
  path: string;
  /** Marked `protected: true` in its route object (a `handle`, or a placeholder's handle). */
  protected: boolean;
  /** Marked `admin: true`: the admin area, checked with an admin session rather than the customer's. */
  admin: boolean;
}

/**
 * Every path of the hosted app's route table, read from its source so that a page added later is
 * checked without editing this test. Routes with parameters need a sample below, protected routes
 * what they show a signed-in customer.
 */
function routeTable(): Route[] {
  const source = readFileSync(join(import.meta.dirname, '..', 'admin', 'src', 'routes.tsx'), 'utf8');
  const found = [...source.matchAll(/\bpath:\s*'([^']+)'/g)];
  const routes = found.map((match, i) => {
    const routeText = source.slice(match.index, found[i + 1]?.index ?? source.length);
    return {
      path: match[1]!.replace(/^\//, ''),
      protected: /\bprotected:\s*true\b/.test(routeText),
      admin: /\badmin:\s*true\b/.test(routeText),
    };
  });
  return routes;
}

const samples: Record<string, () => string> = {
  'cleaner/:id': () => `cleaner/${cleanerId}`,
  'booking/:cleanerId/:serviceId?': () => `booking/${cleanerId}/1`,
  checkout: () => `checkout?booking=${pendingBookingId}`,
  // A signed-in person's portal list (the demo customer belongs to no partner).
  'partner-portal/:id?': () => 'partner-portal',
  'payouts/test-onboarding': () => 'payouts/test-onboarding?account=acct_local_sample&token=sample',
};

/**
 * A heading each protected page shows its signed-in user and the sign-in page does not: axe must
 * check the page itself, not the login page a signed-out visitor is sent to.
 */
const signedInHeadings: Record<string, string | RegExp> = {
  'booking/:cleanerId/:serviceId?': /^Book /,
  checkout: 'Booking Summary',
  dashboard: 'My Dashboard',
  profile: 'Personal Information',
  payments: 'Payments',
  'cleaner-dashboard': 'Cleaner Dashboard',
  'admin-dashboard': 'Admin Dashboard',
  'admin-partners': 'Partners',
  'admin-payouts': 'Payouts',
  'partner-portal/:id?': 'Partner Portal',
  'payouts/test-onboarding': 'Where should we send your payouts?',
};

function concrete(path: string): string {
  const sample = samples[path];
  if (sample) return `/${sample()}`;
  if (path.includes(':')) throw new Error(`add a sample value for the route "${path}" in e2e/a11y.e2e.ts`);
  return `/${path}`;
}

function signedInHeading(path: string): string | RegExp {
  const heading = signedInHeadings[path];
  if (!heading) throw new Error(`add the heading the protected route "${path}" shows in e2e/a11y.e2e.ts`);
  return heading;
}

/** Protected pages seen by someone other than the demo customer: the cleaner's own dashboard. */
const signedInAccounts: Record<string, string> = { 'cleaner-dashboard': 'cleaner@example.com' };

/** A browser context signed in as a demo account (the customer unless given), one per viewport. */
async function signedInContext(
  viewport: { width: number; height: number },
  email = 'customer@example.com',
): Promise<BrowserContext> {
  const key = `${email} ${viewport.width}`;
  let context = signedInContexts.get(key);
  if (!context) {
    context = browser.newContext({ viewport }).then(async (made) => {
      await apiSignIn(made.request, baseUrl, email);
      return made;
    });
    signedInContexts.set(key, context);
  }
  return context;
}

/** A browser context holding an admin session (the demo admin password), one per viewport. */
async function adminContext(viewport: { width: number; height: number }): Promise<BrowserContext> {
  let context = adminContexts.get(viewport.width);
  if (!context) {
    context = browser.newContext({ viewport }).then(async (made) => {
      await apiAdminSignIn(made.request, baseUrl);
      return made;
    });
    adminContexts.set(viewport.width, context);
  }
  return context;
}

/** Protected pages redirect after 500 ms when signed out: check the page the visitor ends on. */
async function waitForStableUrl(page: Page) {
  for (let url = page.url(); ; url = page.url()) {
    await page.waitForTimeout(700);
    if (page.url() === url) break;
    await page.waitForLoadState('networkidle');
  }
}

beforeAll(async () => {
  const res = await fetch(`${baseUrl}/api/cleaners?pageSize=1`);
  cleanerId = ((await res.json()) as CleanerSearchPage).items[0]?.id ?? 1;
  const context = await signedInContext({ width: 1280, height: 900 });
  const bookings = (await (await context.request.get(`${baseUrl}/api/bookings?limit=200`)).json()) as BookingList;
  pendingBookingId = bookings.items.find((b) => b.status === 'pending' && b.paymentStatus !== 'succeeded')?.id ?? 0;
  // The seeded holds expire 30 minutes after they were made; a file that moves the server's clock
  // ahead can let the expiry job take them first. Then the customer books one to pay.
  for (let day = 10; pendingBookingId === 0 && day < 40; day++) {
    const date = new Date(server.now().getTime() + day * 86_400_000).toISOString().slice(0, 10);
    const slots = (await (
      await context.request.get(`${baseUrl}/api/cleaners/${cleanerId}/slots/${date}?duration=120`)
    ).json()) as TimeSlotList;
    const free = slots.items.find((s) => s.isAvailable);
    if (!free) continue;
    const made = await bookAtServerPrice(context.request, baseUrl, {
      cleanerId,
      serviceId: 1,
      address: '1 Congress Ave, Austin',
      scheduledDate: date,
      scheduledTime: free.startTime,
      duration: 120,
    });
    if (made.status() === 201) pendingBookingId = ((await made.json()) as Booking).id;
  }
  expect(pendingBookingId, 'the demo customer has a pending booking to pay').toBeGreaterThan(0);
});
afterAll(async () => {
  for (const context of [...signedInContexts.values(), ...adminContexts.values()]) await (await context).close();
});

describe('accessibility (axe-core in Chromium)', () => {
  const routes = routeTable();
  const pages = [...routes, { path: 'no-such-page-anywhere', protected: false, admin: false }];

  it('catches serious violations (the check itself works)', async () => {
    const page = await browser.newPage();
    await page.setContent(
      '<html><body><main><img src="x.png"><button></button><p style="color:#bbb;background:#fff">faint</p></main></body></html>',
    );
    const ids = (await seriousAxeViolations(page)).map((v) => v.id);
    await page.close();
    expect(ids).toEqual(expect.arrayContaining(['image-alt', 'button-name', 'color-contrast']));
  });

  it('knows the pages of the route table, and which are protected', () => {
    expect(pages.map((p) => p.path)).toContain('contact');
    expect(pages.length).toBeGreaterThan(15);
    expect(routes.filter((r) => r.protected).map((r) => r.path)).toEqual(
      expect.arrayContaining(['checkout', 'dashboard', 'profile', 'payments', 'booking/:cleanerId/:serviceId?']),
    );
    expect(routes.find((r) => r.path === 'contact')?.protected).toBe(false);
    expect(routes.filter((r) => r.admin).map((r) => r.path)).toEqual([
      'admin-dashboard',
      'admin-payouts',
      'admin-partners',
    ]);
  });

  for (const { path, protected: isProtected, admin } of pages) {
    for (const viewport of [
      { name: 'desktop', width: 1280, height: 900 },
      { name: 'mobile', width: 390, height: 844 },
    ]) {
      const label = `/${path}${admin ? ' (admin session)' : isProtected ? ' (signed in)' : ''} (${viewport.name})`;
      // Side by side (a few at a time): each page mostly waits for its network to settle.
      it.concurrent(`${label} has no serious or critical violations`, async ({ expect }) => {
        // Samples are read now: they come from the server, after the test file was collected.
        const url = concrete(path);
        const page = admin
          ? await (await adminContext(viewport)).newPage()
          : isProtected
            ? await (await signedInContext(viewport, signedInAccounts[path])).newPage()
            : await browser.newPage({ viewport });
        await page.goto(`${baseUrl}${url}`, { waitUntil: 'networkidle' });
        await waitForStableUrl(page);
        await page.locator('main').first().waitFor();
        if (isProtected) {
          // The page itself is on screen, not the sign-in page or a redirect.
          await page
            .getByRole('heading', { name: signedInHeading(path), exact: true })
            .first()
            .waitFor({ timeout: 10_000 });
          expect(new URL(page.url()).pathname).toBe(new URL(url, baseUrl).pathname);
        }
        const violations = await seriousViolations(page);
        await page.close();
        expect(violations).toEqual([]);
      });
    }
  }
});
