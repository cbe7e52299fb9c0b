import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
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
    // Scrolled far down, the card is out of the way, and scrolling up brings it back under the header.
    await scrollTo(page, 2400);
    expect(await page.getByTestId('sticky-search').evaluate((el) => el.getBoundingClientRect().bottom)).toBeLessThan(
      70,
    );
    await scrollTo(page, 2300);
    const header = await page.locator('.site-header').evaluate((el) => el.getBoundingClientRect().bottom);
    const shown = await searchCardBox(page);
    expect(shown.top).toBeGreaterThanOrEqual(header);
    expect(shown.top).toBeLessThan(header + 20);
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

  it('promises the support the help centre promises: 24/7 means writing any time, answered within 24 hours', async () => {
    const shot = screenshotsIn('support-promise');
    for (const width of [1280, 390]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await openListing(page);
      const tile = page.getByTestId('trust-tile').filter({ hasText: 'Customer Support 24/7' });
      expect((await tile.textContent())?.replace(/\s+/g, ' ').trim()).toBe(
        'Customer Support 24/7Write to us any time, day or night: we reply within 24 hours.',
      );
      // In the middle of the view, clear of the sticky search card and the phone's bottom bar.
      await tile.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
      await page.waitForTimeout(300);
      await page.screenshot({ path: shot(`home-tiles-${width}.png`) });
      await page.goto(`${baseUrl}/help-center`);
      const contact = page.locator('.help-contact');
      expect(await contact.textContent()).toContain('Our support team responds within 24 hours.');
      await contact.scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot(`help-centre-${width}.png`) });
      await context.close();
    }
  });
});
