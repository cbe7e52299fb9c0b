import type { CleanerSearchPage, CleanerSearchStats, PlatformReviewSummary } from '@spotless/sdk';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser, useServer } from './server';

/**
 * The landing page's (and the About page's) figures are the platform's real ones: the average and
 * review count /reviews shows (`GET /api/reviews/summary`) and the search's counts of verified
 * cleaners and cities — no fixed "4.8 from 10,000+ customers" claim, and no number while loading.
 */

const server = await useServer();
const { baseUrl } = server;
const browser = await useBrowser(server);

async function get<T>(path: string): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

interface Figures {
  summary: PlatformReviewSummary;
  all: CleanerSearchStats;
  verified: CleanerSearchStats;
}

async function figures(): Promise<Figures> {
  const [summary, all, verified] = await Promise.all([
    get<PlatformReviewSummary>('/api/reviews/summary'),
    get<CleanerSearchPage>('/api/cleaners?pageSize=1'),
    get<CleanerSearchPage>('/api/cleaners?isVerified=true&pageSize=1'),
  ]);
  return { summary, all: all.stats, verified: verified.stats };
}

const count = (n: number) => n.toLocaleString('en-US');
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const dollars = (amount: string) => usd.format(Number(amount));

async function open(path: string, viewport: { width: number; height: number }): Promise<Page> {
  const page = await browser.newPage({ viewport });
  await page.goto(`${baseUrl}${path}`);
  return page;
}

/** The visible text of the page's main content (the footer and navigation aside). */
const mainText = (page: Page) => page.locator('main').innerText();

/** Every number the text claims: "4.62", "3,832", "10,000+", "25K+", "$20.00". */
const numbersIn = (text: string) => [...text.matchAll(/\$?\d[\d,]*(?:\.\d+)?(?:K\+|\+)?/g)].map((m) => m[0]);

describe('landing page figures', () => {
  it('are the server’s: the average over its reviews, the verified cleaners and their cities', async () => {
    const { summary, all, verified } = await figures();
    expect(summary.totalReviews).toBeGreaterThan(0);
    expect(summary.averageRating).not.toBeNull();
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const page = await open('/landing', viewport);
      const card = page.getByTestId('landing-figures');
      await card.getByTestId('landing-average').waitFor();
      expect(await card.isVisible(), `${viewport.width}px`).toBe(true);
      expect(await card.getByTestId('landing-average').innerText()).toBe(summary.averageRating?.toFixed(2));
      expect(await card.getByTestId('landing-rating-caption').innerText()).toBe(
        `average rating from ${count(summary.totalReviews)} reviews`,
      );
      expect(await card.getByTestId('landing-cleaners').innerText()).toBe(
        `${count(verified.total)} verified cleaners in ${count(verified.cities)} cities`,
      );
      expect((await page.getByTestId('landing-price-range').innerText()).trim()).toBe(
        `Cleaners set their own hourly rates, from ${dollars(all.priceRange!.min)} to ${dollars(all.priceRange!.max)}.`,
      );

      // No fixed claim is left: every number on the page is one of the real figures (or the
      // 24-hour rescheduling rule).
      const text = await mainText(page);
      expect(text).not.toMatch(/10,000\+|10K\+|500\+|25K\+/);
      const real = new Set([
        summary.averageRating!.toFixed(2),
        count(summary.totalReviews),
        count(verified.total),
        count(verified.cities),
        dollars(all.priceRange!.min),
        dollars(all.priceRange!.max),
        '24',
      ]);
      expect(numbersIn(text).filter((n) => !real.has(n))).toEqual([]);
      // The old hard-coded rating only if it is the real one.
      if (summary.averageRating!.toFixed(2) !== '4.80') expect(text).not.toMatch(/(^|\s)4\.8(\s|$)/);
      await page.close();
    }
  });

  it('show no number while they load, then the real ones', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/(reviews\/summary|cleaners\?)/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${baseUrl}/landing`);
    const card = page.getByTestId('landing-figures');
    await card.waitFor();
    expect(await card.getAttribute('aria-busy')).toBe('true');
    expect(await card.innerText()).not.toMatch(/\d/);
    expect(await page.locator('.cta').innerText()).not.toMatch(/\d/);
    release();
    await card.getByTestId('landing-average').waitFor();
    // The card stays busy until both figures' requests have answered, which may be a moment later.
    await expect.poll(() => card.getAttribute('aria-busy')).toBe('false');
    const { summary } = await figures();
    expect(await card.getByTestId('landing-average').innerText()).toBe(summary.averageRating?.toFixed(2));
    await page.close();
  });

  it('the About page’s impact figures are the server’s too', async () => {
    const { summary, all, verified } = await figures();
    const page = await open('/about', { width: 1280, height: 800 });
    const impact = page.getByTestId('impact-figures');
    await impact.waitFor();
    const value = (id: string) => impact.getByTestId(`impact-${id}`).locator('dd').innerText();
    await expect.poll(() => value('rating')).toBe(summary.averageRating?.toFixed(2));
    expect(await value('reviews')).toBe(count(summary.totalReviews));
    expect(await value('cleaners')).toBe(count(verified.total));
    expect(await value('cities')).toBe(count(all.cities));
    const text = await mainText(page);
    expect(text).not.toMatch(/10,000\+|10K\+|500\+|25K\+/);
    await page.close();
  });
});
