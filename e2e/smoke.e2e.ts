import type { Cleaner, CleanerSearchPage } from '@spotless/sdk';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser, useServer } from './server';

const server = await useServer();
const { baseUrl } = server;
const browser = await useBrowser(server);

async function firstPageOfCleaners(): Promise<Cleaner[]> {
  const res = await fetch(`${baseUrl}/api/cleaners?sortBy=rating&page=1&pageSize=12`);
  return ((await res.json()) as CleanerSearchPage).items;
}

async function openHome(page: Page) {
  await page.goto(`${baseUrl}/`);
  await page.locator('[data-testid="cleaner-card"]').first().waitFor({ timeout: 15_000 });
}

describe('home page served by the built product', () => {
  it('shows real cleaner cards: name, rating, badges, bio, completed jobs and $X/hr', async () => {
    const page = await browser.newPage();
    const expected = await firstPageOfCleaners();
    await openHome(page);
    const cards = page.locator('[data-testid="cleaner-card"]');
    expect(await cards.count()).toBeGreaterThanOrEqual(Math.min(12, expected.length));

    const cleaner = expected[0]!;
    const card = cards
      .filter({
        has: page.locator('[data-testid="cleaner-name"]', {
          hasText: `${cleaner.user.firstName} ${cleaner.user.lastName}`,
        }),
      })
      .first();
    await expect.poll(() => card.count()).toBe(1);
    expect(await card.getByTestId('cleaner-rating').innerText()).toContain(
      cleaner.rating === null ? 'New' : cleaner.rating.toFixed(1),
    );
    expect(await card.getByTestId('cleaner-bio').innerText()).toContain(cleaner.bio.slice(0, 30));
    expect(await card.getByTestId('cleaner-jobs').innerText()).toContain(String(cleaner.completedJobs));
    expect(await card.getByTestId('cleaner-rate').innerText()).toBe(`$${cleaner.hourlyRate}/hr`);
    const badges = (await card.getByTestId('badge').allInnerTexts()).map((b) => b.trim());
    const expectedBadges = [
      cleaner.isInsured && 'Insured',
      cleaner.isBonded && 'Bonded',
      cleaner.isVerified && 'Verified',
    ].filter(Boolean);
    expect(badges.sort()).toEqual((expectedBadges as string[]).sort());
    await page.close();
  });

  it('shows initials when the avatar is missing', async () => {
    const page = await browser.newPage();
    const [cleaner] = await firstPageOfCleaners();
    await openHome(page);
    const card = page.locator('[data-testid="cleaner-card"]').first();
    expect(cleaner!.avatar).toBeNull();
    expect(await card.getByTestId('avatar-initials').innerText()).toBe(
      `${cleaner!.user.firstName[0]}${cleaner!.user.lastName[0]}`.toUpperCase(),
    );
    expect(await card.getByTestId('avatar-img').count()).toBe(0);
    await page.close();
  });

  it('falls back to initials when the avatar image fails to load', async () => {
    const page = await browser.newPage();
    // Give every cleaner an avatar URL that answers 404.
    await page.route('**/api/cleaners?**', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as CleanerSearchPage;
      body.items = body.items.map((c) => ({ ...c, avatar: `/missing-avatars/${c.id}.jpg` }));
      await route.fulfill({ response, json: body });
    });
    await openHome(page);
    const card = page.locator('[data-testid="cleaner-card"]').first();
    await expect.poll(() => card.getByTestId('avatar-initials').count(), { timeout: 10_000 }).toBe(1);
    expect(await card.getByTestId('avatar-img').count()).toBe(0);
    await page.close();
  });
});

describe('the API reference (/api/docs)', () => {
  it('reads on a phone without scrolling sideways', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${baseUrl}/api/docs`);
    await page.getByRole('heading', { name: 'Schemas' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.close();
  });
});
