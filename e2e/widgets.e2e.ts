import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Cleaner, type ServiceList, servicesOffered } from '@spotless/sdk';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickFirstDayWithFreeTimes, screenshotsIn, seriousViolations } from './browser';
import { type HostPage, startHostPage } from './host-page';
import { useBrowser, useServer } from './server';

/**
 * The embeddable widgets on a partner's page (decision 050): another origin, Bootstrap's global styles
 * and hostile `!important` rules, a strict CSP with only the loader tag's nonce. The widgets mount
 * with no CSP violation and untouched by the host's CSS, two instances coexist, 50 remounts leave
 * one widget and no extra listeners, and a guest books and pays with the test card, the times
 * written for people on the cleaner's clock. A chat reply's cleaner opens the booking widget on the
 * page. A refused key, the search's later pages and the checkout's area warning, as visitors meet
 * them: widgets-visitors.e2e.ts.
 */

const server = await useServer();
const { baseUrl } = server;
const shotPath = screenshotsIn('widgets');
const browser = await useBrowser(server);
let host: HostPage;

beforeAll(async () => {
  host = await startHostPage(baseUrl, {
    '/': { body: '<h1>12 Oak Street</h1><div id="search" data-spotless="search" data-city="Austin"></div>' },
    '/plain': { body: '<div id="search" data-spotless="search" data-city="Austin"></div>', hostile: false },
    '/two': {
      body: `<div id="a" data-spotless="search" data-city="Austin"></div><div id="b" data-spotless="search" data-city="Denver" data-appearance='{"colorPrimary":"#1d4ed8","radius":"0px"}'></div>`,
    },
    '/spa': { body: '<div id="app"><div data-spotless="search" data-city="Austin"></div></div>' },
    // A host overlay with the highest z-index over the corner the chat opens in: the chat is above it (top layer).
    '/chat': { body: '<p>Questions?</p><div class="cover"></div><div data-spotless="chat"></div>' },
    '/book-one': { body: '<div id="book" data-spotless="booking" data-cleaner-id="1"></div>' },
    // A property's page in Denver: "near here" is Denver.
    '/chat-denver': { body: '<h1>9 Pine Street, Denver</h1><div data-spotless="chat" data-city="Denver"></div>' },
  });
});
afterAll(async () => {
  await host?.close();
});

/** The page at `path`; in New York, so the times of an Austin cleaner carry their zone's name. */
async function open(path: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport, timezoneId: 'America/New_York' });
  const page = await context.newPage();
  await page.goto(`${host.url}${path}`);
  return page;
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
const events = (page: Page) =>
  page.evaluate(() => (window as unknown as { __events: Array<{ name: string; detail: unknown }> }).__events);

/** Computed styles of the widget's heading, first input and first button. */
async function widgetStyles(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const root = document.querySelector(sel)?.shadowRoot;
    const pick = (el: Element | null | undefined) => {
      if (!el) return null;
      const s = getComputedStyle(el);
      return {
        color: s.color,
        lineHeight: s.lineHeight,
        letterSpacing: s.letterSpacing,
        wordSpacing: s.wordSpacing,
        textTransform: s.textTransform,
        fontSize: s.fontSize,
        fontStyle: s.fontStyle,
        textAlign: s.textAlign,
        padding: s.padding,
        borderRadius: s.borderRadius,
        fontFamily: s.fontFamily,
      };
    };
    return {
      heading: pick(root?.querySelector('h2')),
      input: pick(root?.querySelector('input')),
      button: pick(root?.querySelector('button')),
    };
  }, selector);
}

describe('the widgets on a partner page under a strict CSP', () => {
  it('mounts the search widget with the city’s cleaners at once, with no CSP violation and none of the host’s CSS', async () => {
    const page = await open('/');
    await expect
      .poll(() => page.locator('#search').getByRole('listitem').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    expect(await page.locator('#search').textContent()).toBe('');
    const text = await page.locator('#search [part="results"]').textContent();
    expect(text).toContain('Austin, TX');
    expect(await violations(page)).toEqual([]);

    const plain = await open('/plain');
    await expect
      .poll(() => plain.locator('#search').getByRole('listitem').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    const hostile = await widgetStyles(page, '#search');
    const clean = await widgetStyles(plain, '#search');
    expect(hostile).toEqual(clean);
    // The host's font family is the one thing inherited.
    expect(hostile.heading?.fontFamily).toBe('Georgia, serif');
    expect((await events(page)).map((e) => e.name)).toEqual(expect.arrayContaining(['ready', 'search']));
    await page.screenshot({ path: shotPath('search-desktop.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
    await plain.context().close();
  }, 60_000);

  it('keeps two instances apart, each with its own city', async () => {
    const page = await open('/two');
    for (const [id, city] of [
      ['#a', 'Austin, TX'],
      ['#b', 'Denver, CO'],
    ] as const) {
      await expect
        .poll(() => page.locator(`${id} [part="results"]`).textContent(), { timeout: 15_000 })
        .toContain(city);
    }
    expect(await page.locator('#a [part="results"]').textContent()).not.toContain('Denver, CO');
    // Each has its own appearance: b's colours and radius, a's defaults.
    const look = (id: string) =>
      page
        .locator(`${id} [part="button"]`)
        .first()
        .evaluate((el) => {
          const s = getComputedStyle(el);
          return [s.backgroundColor, s.borderTopLeftRadius];
        });
    expect(await look('#b')).toEqual(['rgb(29, 78, 216)', '0px']);
    expect(await look('#a')).toEqual(['rgb(15, 118, 110)', '6px']);
    expect(await violations(page)).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('survives 50 remounts of a single-page app: one widget, the old ones destroyed, no extra listeners', async () => {
    const page = await open('/spa');
    await expect.poll(() => page.locator('#app [part="results"]').count(), { timeout: 15_000 }).toBe(1);
    const listenersAfterFirst = await page.evaluate(() => (window as unknown as { __listeners: number }).__listeners);
    await page.evaluate(async () => {
      const app = document.getElementById('app') as HTMLElement;
      const removed: Element[] = [];
      (window as unknown as { __removed: Element[] }).__removed = removed;
      for (let i = 0; i < 50; i++) {
        const old = app.firstElementChild as Element;
        removed.push(old);
        const next = document.createElement('div');
        next.dataset.spotless = 'search';
        next.dataset.city = 'Austin';
        app.replaceChildren(next);
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
    });
    await expect.poll(() => page.locator('#app [part="results"]').count(), { timeout: 15_000 }).toBe(1);
    const state = await page.evaluate(() => ({
      widgets: document.querySelectorAll('[data-spotless]').length,
      leftovers: (window as unknown as { __removed: Element[] }).__removed.filter(
        (el) => (el.shadowRoot?.childNodes.length ?? 0) > 0,
      ).length,
      listeners: (window as unknown as { __listeners: number }).__listeners,
    }));
    expect(state).toEqual({ widgets: 1, leftovers: 0, listeners: listenersAfterFirst });
    expect(await violations(page)).toEqual([]);
    await page.context().close();
  }, 90_000);

  for (const [label, viewport] of [
    ['desktop', { width: 1280, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    it(`lets a guest book and pay with the test card in the widget (${label})`, async () => {
      const page = await open('/', viewport);
      const widget = page.locator('#search');
      await expect.poll(() => widget.getByRole('listitem').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      const profile = page.waitForResponse((r) => /\/api\/cleaners\/\d+$/.test(new URL(r.url()).pathname));
      await widget
        .getByRole('button', { name: /^Book / })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: 'Book a cleaner' });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      // The first day with a free time, from tomorrow on.
      await pickFirstDayWithFreeTimes(page, dialog, server.now(), label === 'phone' ? 31 : 1);
      // Times for people, on the cleaner's clock (Austin, in summer), named: the viewer is in New York.
      expect(await dialog.locator('[part="slot"]').allTextContents()).toEqual(
        expect.arrayContaining([expect.stringMatching(/^\d{1,2}:\d{2} [AP]M$/)]),
      );
      expect(await dialog.locator('legend').textContent()).toContain('CDT');
      await dialog.locator('[part="slot"]').first().click();
      // Only the services this cleaner offers (decision 071), as the server books them.
      const cleaner = (await (await profile).json()) as Cleaner;
      const catalogue = (await (await page.request.get(`${baseUrl}/api/services`)).json()) as ServiceList;
      await expect
        .poll(() => dialog.getByLabel('Service').locator('option').allTextContents())
        .toEqual(servicesOffered(cleaner, catalogue.items).map((s) => s.name));
      // At 390 px too the service box is whole: a row of its own, its text not cut.
      const service = await dialog.getByLabel('Service').evaluate((el) => {
        const box = el.getBoundingClientRect();
        const form = (el.closest('form') as HTMLElement).getBoundingClientRect();
        const date = (el.closest('.sp-row') as HTMLElement).querySelector('input')?.getBoundingClientRect() ?? box;
        const probe = document.createElement('span');
        probe.style.font = getComputedStyle(el).font;
        probe.textContent = (el as HTMLSelectElement).selectedOptions[0]?.text ?? '';
        el.getRootNode().appendChild(probe);
        const text = probe.getBoundingClientRect().width;
        probe.remove();
        return {
          fits: text + 40 <= box.width,
          inside: box.right <= form.right + 0.5,
          dateBelow: date.top >= box.bottom,
        };
      });
      expect(service).toEqual({ fits: true, inside: true, dateBelow: label === 'phone' });
      await page.screenshot({ path: shotPath(`booking-${label}.png`) });
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Continue' }).click();
      const when = /, (Mon|Tue|Wed|Thu|Fri|Sat|Sun), [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} [AP]M CDT\./;
      expect(await dialog.textContent()).toMatch(when);
      await page.screenshot({ path: shotPath(`details-${label}.png`) });
      await dialog.getByLabel('Address').fill('12 Oak Street, Austin, TX');
      await dialog.getByLabel('Your name').fill('Wendy Widget');
      await dialog.getByLabel('Email').fill(`wendy-${label}-${Date.now()}@example.com`);
      await dialog.getByLabel('Phone').fill('512 555 0142');
      await dialog.getByRole('button', { name: /^Book for / }).click();
      await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
      await dialog.getByLabel('Expiry (MM/YY)').fill('12/34');
      await dialog.getByLabel('CVC').fill('123');
      await page.screenshot({ path: shotPath(`payment-${label}.png`) });
      await dialog.getByRole('button', { name: /^Pay / }).click();
      await expect.poll(() => dialog.textContent(), { timeout: 15_000 }).toContain('Booked and paid');
      expect(await dialog.getByRole('status').filter({ hasText: 'is paid' }).textContent()).toMatch(
        / on (Mon|Tue|Wed|Thu|Fri|Sat|Sun), [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} [AP]M CDT is paid\./,
      );
      const names = (await events(page)).map((e) => e.name);
      expect(names).toEqual(expect.arrayContaining(['booking:created', 'payment:succeeded']));
      expect(await violations(page)).toEqual([]);
      await page.screenshot({ path: shotPath(`paid-${label}.png`) });
      await page.context().close();
    }, 120_000);
  }

  for (const [label, viewport] of [
    ['desktop', { width: 1280, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    it(`loads the chat only when opened, answers through the partner key, and opens a named cleaner’s booking on the page (${label})`, async () => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const chunks: string[] = [];
      page.on('request', (request) => chunks.push(new URL(request.url()).pathname));
      await page.goto(`${host.url}/chat`);
      await page.getByRole('button', { name: 'Open chat' }).waitFor();
      expect(chunks.filter((path) => /\/sdk\/embed\/(chat|payment)-/.test(path))).toEqual([]);
      // Round at the corner, over nothing the visitor acts on: compact on a phone (decision 074).
      const launcher = await page.locator('[part="chat-launcher"]').boundingBox();
      expect(launcher?.width).toBe(label === 'phone' ? 48 : 56);
      await page.getByRole('button', { name: 'Open chat' }).click();
      await page.getByRole('button', { name: 'Show me top-rated cleaners' }).click();
      const panel = page.locator('[part="chat-panel"]');
      // Each cleaner the reply names is linked where it names them, by name.
      const cleaners = panel.locator('.sp-msg--assistant button.sp-link');
      await expect.poll(() => cleaners.count(), { timeout: 15_000 }).toBeGreaterThan(0);
      // The reply streams in first; the event follows the finished reply.
      await expect
        .poll(async () => (await events(page)).map((e) => e.name), { timeout: 15_000 })
        .toContain('chat:message');
      expect(chunks.some((path) => /\/sdk\/embed\/chat-/.test(path))).toBe(true);
      expect(chunks.some((path) => /\/sdk\/embed\/payment-/.test(path))).toBe(false);
      // A page with no widget (the listing) opens on the hosted site, whole, in a new tab.
      for (const link of await panel.locator('a').all()) {
        expect(await link.getAttribute('href')).toMatch(new RegExp(`^${baseUrl}/`));
        expect(await link.getAttribute('target')).toBe('_blank');
      }
      expect(await violations(page)).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: shotPath(`chat-${label}.png`) });

      // The cleaner the reply names opens the booking widget here, not the hosted profile.
      const name = (await cleaners.first().textContent()) ?? '';
      await cleaners.first().click();
      const dialog = page.getByRole('dialog', { name: 'Book a cleaner' });
      await expect.poll(() => dialog.textContent(), { timeout: 15_000 }).toContain(`Book ${name}`);
      await expect.poll(() => dialog.locator('[part="slot"]').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      expect(page.url()).toBe(`${host.url}/chat`);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: shotPath(`chat-booking-${label}.png`) });
      await page.context().close();
    }, 60_000);
  }

  it('opens the booking widget on the first day with a free time, not on a full day', async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      timezoneId: 'America/New_York',
    });
    const page = await context.newPage();
    // Tomorrow (the widget's own first day), as if the cleaner were booked all day.
    const tomorrow = new Date(server.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    await page.route(`**/slots/${tomorrow}**`, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { items: Array<{ isAvailable: boolean }> };
      body.items = body.items.map((slot) => ({ ...slot, isAvailable: false }));
      await route.fulfill({ response, json: body });
    });
    await page.goto(`${host.url}/book-one`);
    const widget = page.locator('#book');
    await expect.poll(() => widget.locator('[part="slot"]').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await widget.getByLabel('Date').inputValue()).not.toBe(tomorrow);
    expect(await widget.getByText('No free times that day').count()).toBe(0);
    await page.screenshot({ path: shotPath('booking-first-free-day.png') });
    await context.close();
  }, 60_000);

  it('reads "near here" in the chat as the city its page is about (data-city)', async () => {
    const page = await open('/chat-denver', { width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Open chat' }).click();
    const panel = page.locator('[part="chat-panel"]');
    await panel.getByPlaceholder('Type your message…').fill('any cleaners near here?');
    await panel.getByRole('button', { name: 'Send' }).click();
    const listing = panel.locator('.sp-msg--assistant a[href*="/cleaners?location=Denver"]');
    await expect.poll(() => listing.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.screenshot({ path: shotPath('chat-near-here.png') });
    await page.context().close();
  }, 60_000);

  it('opens a cleaner’s booking on the service searched for: move-out cleaning, not regular cleaning', async () => {
    const page = await open('/plain', { width: 390, height: 844 });
    const widget = page.locator('#search');
    await expect.poll(() => widget.getByRole('listitem').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await widget.getByLabel('Service').selectOption('moveout');
    await widget.getByRole('button', { name: 'Search' }).click();
    await expect
      .poll(async () => (await events(page)).filter((e) => e.name === 'search').length, { timeout: 15_000 })
      .toBe(2);
    await widget
      .getByRole('button', { name: /^Book / })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Book a cleaner' });
    const service = dialog.getByLabel('Service');
    await expect
      .poll(() => service.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.text), { timeout: 15_000 })
      .toBe('Move-in/Move-out Cleaning');
    await page.screenshot({ path: shotPath('booking-moveout-phone.png') });
    await page.context().close();
  }, 60_000);

  it('stays within its size budgets: loader ≤ 1.5 KB gzip, search ≤ 25 KB gzip, payment and chat apart, the hosted listing ≤ 100 KB gzip', () => {
    const dir = mkdtempSync(join(tmpdir(), 'spotless-size-'));
    execFileSync(process.execPath, ['scripts/bench-size.mjs'], {
      cwd: join(import.meta.dirname, '..'),
      env: { ...process.env, BENCH_RESULTS_DIR: dir },
      stdio: 'pipe',
    });
    const report = JSON.parse(readFileSync(join(dir, 'size.json'), 'utf8'));
    expect(report.loader.gzip).toBeLessThanOrEqual(1536);
    expect(report.searchWidget.gzip).toBeLessThanOrEqual(25 * 1024);
    expect(report.chatSeparate).toBe(true);
    expect(report.paymentSeparate).toBe(true);
    expect(report.hostedListingInitial.gzip).toBeLessThanOrEqual(100 * 1024);
  });
});
