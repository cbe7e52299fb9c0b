import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiSignIn } from './api';
import { screenshotsIn } from './browser';
import { useBrowser, useServer } from './server';

const server = await useServer();
const { baseUrl } = server;
const browser = await useBrowser(server);

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * The widest vertical band of the viewport, between the sticky header and the bottom bar, crossed by
 * no visible content (text, images, icons, form controls). Section spacing is about 100 px.
 */
const LARGEST_NATURAL_GAP_PX = 150;

async function openListing(page: Page) {
  await page.goto(`${baseUrl}/`);
  await page.getByTestId('cleaner-card').first().waitFor({ timeout: 15_000 });
  await page.getByTestId('featured-card').first().waitFor({ timeout: 15_000 });
}

/** Scrolls at once (no smooth scrolling) and waits for the bar's hide/show transition to end. */
async function scrollTo(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
  await page.waitForTimeout(250);
}

function searchCardBox(page: Page): Promise<Box> {
  return page.getByTestId('sticky-search').evaluate((el) => el.getBoundingClientRect().toJSON() as Box);
}

function trustIconBoxes(page: Page): Promise<Box[]> {
  return page
    .getByTestId('trust-tile')
    .locator('svg')
    .evaluateAll((icons) => icons.map((icon) => icon.getBoundingClientRect().toJSON() as Box));
}

/** The largest band of the visible page area that no visible content crosses, in px. */
function largestBlankBand(page: Page): Promise<{ gap: number; from: number; to: number }> {
  return page.evaluate(() => {
    const header = document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0;
    const bar = document.querySelector('.bottom-bar');
    const bottom = bar && getComputedStyle(bar).display !== 'none' ? bar.getBoundingClientRect().top : innerHeight;
    const spans: Array<[number, number]> = [];
    for (const el of document.querySelectorAll('main *')) {
      const content =
        ['IMG', 'svg', 'INPUT', 'SELECT', 'TEXTAREA', 'BUTTON'].includes(el.tagName) ||
        [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
      if (!content || !el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const box = el.getBoundingClientRect();
      if (box.height === 0 || box.bottom <= header || box.top >= bottom) continue;
      spans.push([Math.max(box.top, header), Math.min(box.bottom, bottom)]);
    }
    spans.sort((a, b) => a[0] - b[0]);
    let reached = header;
    let widest = { gap: 0, from: header, to: header };
    for (const [top, end] of [...spans, [bottom, bottom] as [number, number]]) {
      if (top - reached > widest.gap) widest = { gap: Math.round(top - reached), from: reached, to: top };
      reached = Math.max(reached, end);
    }
    return widest;
  });
}

describe('listing page layout (/)', () => {
  for (const [name, width, height] of [
    ['desktop', 1280, 900],
    ['phone', 390, 844],
  ] as const) {
    it(`${name}: the search card covers none of the trust tiles' icons`, async () => {
      const context = await browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      await openListing(page);
      const card = await searchCardBox(page);
      const icons = await trustIconBoxes(page);
      expect(icons).toHaveLength(4);
      for (const icon of icons) {
        expect(overlaps(card, icon), `card ${JSON.stringify(card)} over icon ${JSON.stringify(icon)}`).toBe(false);
        // and the card comes first: the icons are below it, not beside or under it
        expect(icon.top).toBeGreaterThanOrEqual(card.bottom);
      }
      await context.close();
    });
  }

  it('phone: scrolling down and back up never leaves a blank band where the search card was', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await openListing(page);
    const positions = [...Array.from({ length: 25 }, (_, i) => i * 100), 1800, 1200, 900, 600, 300, 150, 0];
    for (const y of positions) {
      await scrollTo(page, y);
      const band = await largestBlankBand(page);
      expect(band.gap, `at scrollY ${y}: nothing between ${band.from} and ${band.to}`).toBeLessThan(
        LARGEST_NATURAL_GAP_PX,
      );
    }
    // Scrolled far down, the card is out of the way, and scrolling up brings back one line of it
    // under the header (decision 036): never the whole card, which took half the screen.
    await scrollTo(page, 2400);
    expect(await page.getByTestId('sticky-search').evaluate((el) => el.getBoundingClientRect().bottom)).toBeLessThan(
      70,
    );
    const line = page.getByTestId('compact-search');
    expect(await line.isVisible()).toBe(false);
    await scrollTo(page, 2300);
    await line.waitFor({ state: 'visible' });
    const header = await page.locator('.site-header').evaluate((el) => el.getBoundingClientRect().bottom);
    const shown = await line.evaluate((el) => el.getBoundingClientRect().toJSON() as Box);
    expect(shown.top).toBeGreaterThanOrEqual(header - 1);
    expect(shown.top).toBeLessThan(header + 2);
    expect(shown.bottom - shown.top).toBeLessThanOrEqual(72);
    await context.close();
  });

  it('phone: the sticky line says the search in words, and opens the whole card on demand', async () => {
    const shot = screenshotsIn('listing-phone');
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/cleaners?serviceType=deep&sortBy=price&maxPrice=60`);
    await page.getByTestId('cleaner-card').first().waitFor({ timeout: 15_000 });
    await page.screenshot({ path: shot('listing-top-390.png') });
    await scrollTo(page, 1500);
    await scrollTo(page, 1400);
    const line = page.getByTestId('compact-search');
    await line.waitFor({ state: 'visible' });
    expect((await line.innerText()).replace(/\s+/g, ' ')).toContain(
      'Anywhere · Deep cleaning Lowest price · 1 more filter',
    );
    await page.screenshot({ path: shot('listing-scrolled-up-390.png') });
    await line.getByRole('button', { name: 'Edit search' }).click();
    const location = line.getByLabel('Location');
    await expect.poll(() => location.evaluate((el) => el === document.activeElement)).toBe(true);
    // Open, it stays inside the screen between the header and the bottom bar.
    const open = await line.evaluate((el) => el.getBoundingClientRect().toJSON() as Box);
    const bar = await page.locator('.bottom-bar').evaluate((el) => el.getBoundingClientRect().top);
    expect(open.bottom).toBeLessThanOrEqual(bar);
    await page.screenshot({ path: shot('listing-search-open-390.png') });
    await location.fill('Austin');
    await line.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/location=Austin/);
    expect(await line.getByRole('button', { name: 'Edit search' }).getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });

  it('phone: the back-to-search button covers no card price, and takes the page back to the search card', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await openListing(page);
    const button = page.getByRole('button', { name: 'Back to search' });
    const prices = page.getByTestId('cleaner-rate');
    // Bring each of the first prices in turn to where a floating button at the bottom right would sit.
    let checked = 0;
    for (const index of [0, 1, 2, 4]) {
      const price = prices.nth(index);
      const docTop = await price.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
      await scrollTo(page, 0);
      await scrollTo(page, Math.max(0, docTop - 844 + 150));
      const priceBox = await price.evaluate((el) => el.getBoundingClientRect().toJSON() as Box);
      expect(priceBox.bottom).toBeLessThanOrEqual(844);
      if (!(await button.isVisible())) continue;
      const buttonBox = await button.evaluate((el) => el.getBoundingClientRect().toJSON() as Box);
      expect(
        overlaps(buttonBox, priceBox),
        `button ${JSON.stringify(buttonBox)} over price ${JSON.stringify(priceBox)}`,
      ).toBe(false);
      checked++;
    }
    // That far down the card has slid away, so the button was showing each time.
    expect(checked).toBe(4);
    // Scrolled down past the card, the button is there; it scrolls back to the top, card shown.
    await scrollTo(page, 0);
    expect(await button.isVisible()).toBe(false);
    await scrollTo(page, 3000);
    await button.waitFor({ state: 'visible' });
    await button.click();
    await page.waitForFunction(() => window.scrollY === 0, undefined, { timeout: 5_000 });
    await page.waitForTimeout(250);
    const card = await searchCardBox(page);
    expect(card.top).toBeGreaterThan(0);
    expect(await page.getByTestId('sticky-search').evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await context.close();
  });

  it('promises the support the help centre promises: its hours, answered within 24 hours, never 24/7', async () => {
    const shot = screenshotsIn('support-promise');
    for (const width of [1280, 390]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await openListing(page);
      const tile = page.getByTestId('trust-tile').filter({ hasText: 'Support 7 Days a Week' });
      expect((await tile.textContent())?.replace(/\s+/g, ' ').trim()).toBe(
        'Support 7 Days a WeekOpen Mon-Fri 8AM-8PM ET and Sat-Sun 9AM-6PM ET; we respond within 24 hours.',
      );
      expect(await page.getByText('24/7').count()).toBe(0);
      // In the middle of the view, clear of the sticky search card and the phone's bottom bar.
      await tile.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
      await page.waitForTimeout(300);
      await page.screenshot({ path: shot(`home-tiles-${width}.png`) });
      await page.goto(`${baseUrl}/help-center`);
      const contact = page.locator('.help-contact');
      expect(await contact.textContent()).toContain('Our support team responds within 24 hours.');
      await contact.scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot(`help-centre-${width}.png`) });
      // The contact page: the same hours beside the office, the same response time.
      await page.goto(`${baseUrl}/contact`);
      const details = page.locator('.contact-details');
      const said = (await details.textContent())?.replace(/\s+/g, ' ') ?? '';
      for (const hours of ['Mon-Fri 8AM-8PM ET', 'Sat-Sun 9AM-6PM ET']) expect(said).toContain(hours);
      expect(said).toContain('We answer every message within 24 hours.');
      expect(await page.getByText('24/7').count()).toBe(0);
      await details.scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot(`contact-${width}.png`) });
      await context.close();
    }
  });
});

describe('the listing’s address (/cleaners?…)', () => {
  const summary = (page: Page) => page.getByTestId('results-summary').innerText();

  it('keeps the page of results: a refresh or a shared link shows the same page, a new search starts on page 1', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await openListing(page);
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Page 3' }).click();
    await page.waitForURL(`${baseUrl}/?page=3`);
    await expect.poll(() => summary(page)).toBe('Showing 25 - 36 of 120 professionals');
    await page.reload();
    await expect.poll(() => summary(page), { timeout: 15_000 }).toBe('Showing 25 - 36 of 120 professionals');
    // Shared: the same address in another tab shows the same page.
    const shared = await browser.newPage();
    await shared.goto(`${baseUrl}/cleaners?sortBy=price&page=2`);
    await expect.poll(() => summary(shared), { timeout: 15_000 }).toBe('Showing 13 - 24 of 120 professionals');
    await shared.close();
    // A new search (here a new order) goes back to page 1, and Back to page 3.
    await page.getByLabel('Sort by').selectOption('experience');
    await page.waitForURL(`${baseUrl}/?sortBy=experience`);
    await expect.poll(() => summary(page)).toBe('Showing 1 - 12 of 120 professionals');
    await page.goBack();
    await page.waitForURL(`${baseUrl}/?page=3`);
    await expect.poll(() => summary(page)).toBe('Showing 25 - 36 of 120 professionals');
    await page.close();
  });

  for (const [name, width, height] of [
    ['desktop', 1280, 900],
    ['phone', 390, 844],
  ] as const) {
    it(`${name}: a search and a new page bring the results' heading into view, under nothing`, async () => {
      const shot = screenshotsIn('listing-results');
      const page = await browser.newPage({ viewport: { width, height } });
      await openListing(page);
      /** Whether the heading is on screen and the topmost thing at its middle. */
      const headingShown = () =>
        page.locator('#all-professionals').evaluate((el) => {
          const box = el.getBoundingClientRect();
          const hit = document.elementFromPoint(box.left + 20, box.top + box.height / 2);
          return box.top >= 0 && box.bottom <= innerHeight && (hit === el || el.contains(hit));
        });
      if (name === 'desktop') {
        await page.getByLabel('Location').first().fill('Austin');
        await page.getByTestId('sticky-search').getByRole('button', { name: 'Search' }).click();
        await expect.poll(headingShown, { timeout: 10_000 }).toBe(true);
        await page.getByTestId('sticky-search').getByRole('button', { name: 'Clear' }).click();
      }
      await scrollTo(page, 0);
      await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Next' }).click();
      await expect.poll(headingShown, { timeout: 10_000 }).toBe(true);
      await page.screenshot({ path: shot(`results-heading-${name}.png`) });
      await page.close();
    });
  }

  it('holds only what is applied: values the listing ignores are taken out in place, not kept', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/`);
    const before = await page.evaluate(() => history.length);
    await page.goto(`${baseUrl}/cleaners?maxPrice=abc&rating=9&minRating=9&sortBy=cheapest&location=Austin&page=0`);
    await page.waitForURL(`${baseUrl}/cleaners?location=Austin`);
    // Replaced, not pushed: one entry for the one visit.
    expect(await page.evaluate(() => history.length)).toBe(before + 1);
    // A page past the last becomes the last.
    await page.goto(`${baseUrl}/cleaners?page=99`);
    await page.waitForURL(`${baseUrl}/cleaners?page=10`);
    await expect.poll(() => summary(page), { timeout: 15_000 }).toBe('Showing 109 - 120 of 120 professionals');
    // A maximum price keeps cleaners at exactly that rate, and its chip says so.
    await page.goto(`${baseUrl}/cleaners?maxPrice=20`);
    const chip = page.getByTestId('filter-chips').getByRole('button', { name: 'Remove filter: $20/hr or less' });
    await chip.waitFor();
    await page.getByTestId('cleaner-card').first().waitFor({ timeout: 15_000 });
    const rates = await page.getByTestId('cleaner-rate').allInnerTexts();
    expect(rates.length).toBeGreaterThan(0);
    for (const rate of rates) expect(Number(rate.replace(/[^\d.]/g, ''))).toBeLessThanOrEqual(20);
    await page.close();
  });
});

describe('the assistant’s launcher on a phone', () => {
  it('sits in the bottom bar, beside its tabs, over no control of any page as it scrolls', async () => {
    const shot = screenshotsIn('phone-chat-launcher');
    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const customer = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await apiSignIn(customer.request, baseUrl, 'customer@example.com');
    for (const [path, context] of [
      ['/', visitor],
      ['/cleaner/1', visitor],
      ['/login', visitor],
      ['/booking/1', customer],
      ['/dashboard', customer],
    ] as const) {
      const page = await context.newPage();
      await page.goto(`${baseUrl}${path}`);
      await page.locator('main h1').first().waitFor({ timeout: 15_000 });
      await page.waitForTimeout(500);
      const launcher = page.getByTestId('chat-bubble');
      const bar = await page.locator('.bottom-bar').evaluate((el) => el.getBoundingClientRect().toJSON() as Box);
      const tabs = await page
        .locator('.bottom-bar__link')
        .evaluateAll((links) => links.map((link) => link.getBoundingClientRect().toJSON() as Box));
      const height = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
      // Fixed in place: the top, the middle and the end of the page are enough.
      for (const y of [0, Math.round(height / 2), height]) {
        await scrollTo(page, y);
        const box = await launcher.evaluate((el) => el.getBoundingClientRect().toJSON() as Box);
        // Inside the bar's band, so no page content is ever under it …
        expect(box.top, `${path} at ${y}`).toBeGreaterThanOrEqual(bar.top);
        expect(box.bottom, `${path} at ${y}`).toBeLessThanOrEqual(bar.bottom);
        // … and beside the four tabs, not over one.
        for (const tab of tabs) expect(overlaps(box, tab), `${path}: over a tab`).toBe(false);
      }
      await scrollTo(page, 0);
      const name = path === '/' ? 'listing' : path.split('/')[1];
      await page.screenshot({ path: shot(`${name}-390.png`) });
      await page.close();
    }
    await visitor.close();
    await customer.close();
  });

  it('on a wide screen keeps to the margin beside the content and ends the page below it', async () => {
    const shot = screenshotsIn('phone-chat-launcher');
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await openListing(page);
    const launcher = await page.getByTestId('chat-bubble').evaluate((el) => el.getBoundingClientRect().toJSON() as Box);
    const content = await page
      .locator('.cleaner-grid')
      .first()
      .evaluate((el) => el.getBoundingClientRect().right);
    expect(launcher.left).toBeGreaterThanOrEqual(content);
    await page.screenshot({ path: shot('listing-1280.png') });
    await page.close();
  });
});
