import { type Cleaner, type CleanerSearchPage, MESSAGES, serviceAreaWarning } from '@spotless/sdk';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAdminSignIn } from './api';
import { pickFirstDayWithFreeTimes, screenshotsIn, seriousViolations } from './browser';
import { DEMO_KEY, type HostPage, startHostPage } from './host-page';
import { useBrowser, useServer } from './server';

/**
 * The widgets as a partner's visitors meet them (decisions 048 and 074): a refused key tells the
 * visitor in plain words that booking (or the chat) is not available, the server's reason kept for
 * the page's developer in a collapsed element, the console and the error event, and the chat shows
 * it is unavailable; the search reaches every result ("Show more", and "See all on Spotless" with the
 * same filters); the guest checkout warns, as the hosted checkout does, when the address is in
 * another city than the cleaner's.
 */

const server = await useServer();
const { baseUrl } = server;
const shotPath = screenshotsIn('widgets-visitors');
const browser = await useBrowser(server);
let host: HostPage;
/** Keys the host pages refuse with: a partner allowed elsewhere only, and an inactive one. */
const keys = { elsewhere: '', inactive: '' };
/** A city with more cleaners than the widget shows at once (6). */
const CITY = 'New York';

beforeAll(async () => {
  const admin = await browser.newContext();
  await apiAdminSignIn(admin.request, baseUrl);
  const partner = async (name: string, isActive: boolean) => {
    const res = await admin.request.post(`${baseUrl}/api/admin/partners`, {
      data: { name, allowedOrigins: ['https://realty.example'], isActive },
      headers: { origin: baseUrl },
    });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { publishableKey: string }).publishableKey;
  };
  keys.elsewhere = await partner('Elsewhere Realty', true);
  keys.inactive = await partner('Paused Realty', false);
  await admin.close();
  const search = '<div id="search" data-spotless="search" data-city="Austin"></div>';
  host = await startHostPage(baseUrl, {
    '/wrong-origin': { body: `${search}<div data-spotless="chat"></div>`, key: keys.elsewhere, hostile: false },
    '/inactive': { body: search, key: keys.inactive, hostile: false },
    '/unknown': { body: search, key: 'pk_nobody_has_this_key', hostile: false },
    '/plain': { body: search, hostile: false },
    '/many': { body: `<div id="search" data-spotless="search" data-city="${CITY}"></div>` },
    '/book': { body: '<div id="book" data-spotless="booking" data-cleaner-id="1"></div>' },
  });
});
afterAll(async () => {
  await host?.close();
});

const VIEWPORTS = [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const;

const events = (page: Page) =>
  page.evaluate(() => (window as unknown as { __events: Array<{ name: string; detail: unknown }> }).__events);

describe('a refused key, as the page’s visitors and its developer see it', () => {
  it('tells visitors the search is not available, and keeps the reason for the developer: collapsed, in the console and the error event', async () => {
    const cases = [
      ['/wrong-origin', 'origin_not_allowed', `This key is not allowed on ${host.url} — add it under allowed origins`],
      ['/inactive', 'inactive_key', 'This partner key is inactive'],
      ['/unknown', 'unknown_key', 'This partner key is not recognised'],
    ] as const;
    for (const [path, code, message] of cases) {
      for (const [label, viewport] of VIEWPORTS) {
        if (label === 'phone' && path !== '/wrong-origin') continue;
        const context = await browser.newContext({ viewport });
        const page = await context.newPage();
        const logged: string[] = [];
        page.on('console', (m) => {
          if (m.type() === 'error') logged.push(m.text());
        });
        await page.goto(`${host.url}${path}`);
        const alert = page.locator('#search [part="error"]');
        await alert.waitFor({ timeout: 15_000 });
        // The visitor reads one plain sentence; the developer's reason is there, collapsed.
        // The search widget's own words: it is the search that is unavailable here.
        expect(await alert.locator('p').first().textContent()).toBe(MESSAGES.partner.searchUnavailable);
        const details = alert.locator('details');
        expect(await details.locator('summary').textContent()).toBe("Details for this site's developer");
        expect(await details.getAttribute('open')).toBeNull();
        expect(await alert.getByText(message).isVisible()).toBe(false);
        expect(await alert.innerText()).not.toContain(message);
        await details.locator('summary').click();
        expect(await alert.getByText(message).isVisible()).toBe(true);
        expect(await details.locator('p').textContent()).toBe(`${message} (${code})`);
        expect(logged).toContain(`Spotless: ${message} (${code})`);
        expect((await events(page)).filter((e) => e.name === 'error').map((e) => e.detail)).toContainEqual({
          message,
          status: 403,
          code,
        });
        if (path === '/wrong-origin') {
          await page.screenshot({ path: shotPath(`refused-search-${label}.png`) });
          // The chat shows it is unavailable — not "Online" — and says so in plain words too.
          await page.getByRole('button', { name: 'Open chat' }).click();
          const panel = page.locator('[part="chat-panel"]');
          const said = panel.locator('[part="error"]');
          await said.waitFor({ timeout: 15_000 });
          expect(await said.locator('p').first().textContent()).toBe(MESSAGES.partner.chatUnavailable);
          expect(await said.innerText()).not.toContain(message);
          expect(await said.locator('details p').textContent()).toBe(`${message} (${code})`);
          expect(await panel.locator('.sp-chat-head').innerText()).toContain('Unavailable');
          expect(await panel.locator('.sp-chat-head').innerText()).not.toContain('Online');
          expect(await panel.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
          expect(await seriousViolations(page)).toEqual([]);
          await page.screenshot({ path: shotPath(`refused-chat-${label}.png`) });
        }
        await context.close();
      }
    }
    // The API out of reach: the one case that says Spotless could not be reached.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.route(`${baseUrl}/api/**`, (route) => route.abort('connectionrefused'));
    await page.goto(`${host.url}/plain`);
    await expect
      .poll(() => page.locator('#search [part="error"]').textContent(), { timeout: 15_000 })
      .toContain('We could not reach Spotless. Check your connection and try again.');
    expect((await events(page)).find((e) => e.name === 'error')?.detail).toMatchObject({ status: 0 });
    await context.close();
  }, 120_000);
});

describe('the search’s results beyond the first six', () => {
  for (const [label, viewport] of VIEWPORTS) {
    it(`shows the next page under the results, and links the hosted listing with the same filters (${label})`, async () => {
      const answer = await fetch(`${baseUrl}/api/cleaners?location=${encodeURIComponent(CITY)}&pageSize=100`, {
        headers: { 'x-spotless-key': DEMO_KEY },
      });
      const all = (await answer.json()) as CleanerSearchPage;
      // The case this test is about: more cleaners than one page of the widget.
      expect(all.total).toBeGreaterThan(6);
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(`${host.url}/many`);
      const widget = page.locator('#search');
      const results = widget.locator('[part="result"]');
      await expect.poll(() => results.count(), { timeout: 15_000 }).toBe(6);
      expect(await widget.getByText(`${all.total} cleaners found, showing 6`).count()).toBe(1);
      const seeAll = widget.getByRole('link', { name: /^See all on Spotless/ });
      expect(await seeAll.getAttribute('href')).toBe(`${baseUrl}/cleaners?location=New+York`);
      expect(await seeAll.getAttribute('target')).toBe('_blank');
      await page.screenshot({ path: shotPath(`search-more-${label}.png`), fullPage: true });

      // Until every cleaner is shown, each once.
      const more = widget.getByRole('button', { name: 'Show more' });
      let lastAdded = 0;
      while ((await results.count()) < all.total) {
        lastAdded = await results.count();
        await more.click();
        await expect.poll(() => results.count(), { timeout: 15_000 }).toBeGreaterThan(lastAdded);
      }
      const ids = await results.evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-cleaner'))));
      expect(new Set(ids).size).toBe(ids.length);
      expect([...ids].sort((a, b) => a - b)).toEqual(all.items.map((c) => c.id).sort((a, b) => a - b));
      expect(await more.count()).toBe(0);
      expect(await widget.getByText(`${all.total} cleaners found`, { exact: true }).count()).toBe(1);
      // The focus is on the first cleaner the last page added, not lost with the button.
      const focused = await page.evaluate(
        () => document.querySelector('#search')?.shadowRoot?.activeElement?.closest('li')?.dataset.cleaner,
      );
      expect(Number(focused)).toBe(ids[lastAdded]);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: shotPath(`search-all-${label}.png`), fullPage: true });

      // The listing link follows the filters of the results shown.
      await widget.getByLabel('Service').selectOption('deep');
      await widget.getByLabel('Max $/hour').fill('80');
      await widget.getByRole('button', { name: 'Search' }).click();
      await expect
        .poll(() => seeAll.getAttribute('href'), { timeout: 15_000 })
        .toBe(`${baseUrl}/cleaners?location=New+York&serviceType=deep&maxPrice=80`);
      await context.close();
    }, 60_000);
  }
});

describe('the guest checkout’s address', () => {
  for (const [label, viewport] of VIEWPORTS) {
    it(`warns, as the hosted checkout does, when the address is in another city than the cleaner’s (${label})`, async () => {
      const cleaner = (await (
        await fetch(`${baseUrl}/api/cleaners/1`, { headers: { 'x-spotless-key': DEMO_KEY } })
      ).json()) as Cleaner;
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(`${host.url}/book`);
      const widget = page.locator('#book');
      await widget.getByLabel('Date').waitFor({ timeout: 15_000 });
      await pickFirstDayWithFreeTimes(page, widget, server.now(), 1);
      await widget.locator('[part="slot"]').first().click();
      await widget.getByRole('button', { name: 'Continue' }).click();
      const address = widget.getByLabel('Address');
      const warning = widget.locator('[part="warning"]');
      await address.fill(`12 Oak Street, ${cleaner.city}, ${cleaner.state}`);
      expect(await warning.count()).toBe(0);
      const elsewhere = cleaner.state === 'CO' ? '1 Main St, Austin, TX 78701' : '1600 Broadway, Denver, CO 80202';
      await address.fill(elsewhere);
      const expected = serviceAreaWarning(elsewhere, { firstName: cleaner.user.firstName, ...cleaner });
      expect(expected).toContain(`works in ${cleaner.city}, ${cleaner.state}`);
      await expect.poll(() => warning.textContent()).toBe(expected);
      expect(await warning.getAttribute('role')).toBe('status');
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: shotPath(`area-warning-${label}.png`), fullPage: true });
      await context.close();
    }, 60_000);
  }
});
