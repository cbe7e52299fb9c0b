import type { CleanerSearchPage, ServiceList } from '@spotless/sdk';
import { formatDollars, formatDuration, formatMoney, quoteTotalCents } from '@spotless/sdk/rules';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotsIn } from './browser';
import { useBrowser, useServer } from './server';

const server = await useServer();
const { baseUrl } = server;
const browser = await useBrowser(server);

describe('advanced search (/search)', () => {
  it('searches Austin with a radius and a minimum rating: only qualifying cleaners, with distance badges', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/search`);
    await page.getByTestId('search-intro').waitFor({ timeout: 15_000 });

    await page.getByLabel('Location').fill('Austin');
    await page.getByRole('button', { name: 'Advanced Filters' }).click();
    await page.getByLabel(/^Radius/).fill('30');
    await page.getByLabel(/^Minimum rating/).fill('4');
    expect(await page.getByTestId('active-filters').innerText()).toContain('Active filters (3)');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByTestId('search-results').waitFor({ timeout: 15_000 });

    // What should qualify, from the API's raw rows checked here against the rule itself.
    const res = await fetch(`${baseUrl}/api/cleaners?minRating=0&pageSize=100&state=TX`);
    const texas = (await res.json()) as CleanerSearchPage;
    const all: CleanerSearchPage['items'] = [...texas.items];
    for (let p = 2; all.length < texas.total; p++) {
      const more = (await (
        await fetch(`${baseUrl}/api/cleaners?pageSize=100&state=TX&page=${p}`)
      ).json()) as CleanerSearchPage;
      all.push(...more.items);
    }
    // Austin's cleaners live within 18 miles of its centre and no other city's within 50 (the seed's
    // jitter), so "within 30 miles of Austin, rated 4 or more" is exactly Austin's cleaners rated 4 or more.
    const qualifying = all.filter((c) => c.rating !== null && c.rating >= 4).filter((c) => c.city === 'Austin');
    const names = new Set(qualifying.map((c) => `${c.user.firstName} ${c.user.lastName}`));
    const api = (await (
      await fetch(`${baseUrl}/api/cleaners?location=Austin&radius=30&minRating=4&pageSize=100`)
    ).json()) as CleanerSearchPage;
    expect(api.total).toBeGreaterThan(0);
    expect(api.total).toBeLessThanOrEqual(100);
    expect(new Set(api.items.map((c) => c.id))).toEqual(new Set(qualifying.map((c) => c.id)));
    for (const c of api.items) {
      expect(c.rating).toBeGreaterThanOrEqual(4);
      expect(c.distance).toBeLessThanOrEqual(30);
    }

    const cards = page.getByTestId('cleaner-card');
    await expect.poll(() => cards.count()).toBe(Math.min(12, api.total));
    for (const card of await cards.all()) {
      const name = (await card.getByTestId('cleaner-name').innerText()).trim();
      expect(names.has(name), name).toBe(true);
      const rating = Number.parseFloat(await card.getByTestId('cleaner-rating').innerText());
      expect(rating).toBeGreaterThanOrEqual(4);
      const badge = await card.getByTestId('distance-badge').innerText();
      const miles = Number.parseFloat(badge);
      expect(badge).toMatch(/mi away/);
      expect(miles).toBeLessThanOrEqual(30);
      const hit = api.items.find((c) => `${c.user.firstName} ${c.user.lastName}` === name);
      if (hit) expect(miles).toBeCloseTo(hit.distance!, 1);
      expect(await card.getByTestId('services-offered').count()).toBe(1);
    }
    expect(await page.getByTestId('stat-total').innerText()).toContain(String(api.total));

    await page.close();
  });

  it('shows the empty state with Clear Filters, which returns to the introduction', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/search`);
    await page.getByLabel('Keyword').fill('zzqqxxnothingmatches');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('No cleaners found matching your criteria').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await page.getByTestId('search-intro').waitFor();
    await page.close();
  });
});

/** What a results screen shows: the total and the cards' names, in order. */
async function shownResults(page: Page): Promise<{ total: string; names: string[] }> {
  await page.getByTestId('search-results').waitFor({ timeout: 15_000 });
  await page.waitForFunction(
    () => document.querySelector('[data-testid="search-results"]')?.getAttribute('aria-busy') === 'false',
  );
  return {
    total: (await page.getByTestId('stat-total').innerText()).trim(),
    names: (await page.getByTestId('cleaner-name').allInnerTexts()).map((name) => name.trim()),
  };
}

/** The form's values as the user sees them. */
async function formValues(page: Page) {
  return {
    keyword: await page.getByLabel('Keyword').inputValue(),
    service: await page.getByLabel('Service type').inputValue(),
    location: await page.getByLabel('Location', { exact: true }).inputValue(),
    advancedOpen: await page.getByRole('button', { name: 'Advanced Filters' }).getAttribute('aria-expanded'),
    radius: await page.getByLabel(/^Radius/).inputValue(),
    minRating: await page.getByLabel(/^Minimum rating/).inputValue(),
    maxPrice: await page.getByLabel(/^Maximum price/).inputValue(),
    verified: await page.getByLabel('Verified').isChecked(),
    insured: await page.getByLabel('Insured').isChecked(),
    sortBy: await page.getByLabel('Sort by').inputValue(),
    order: await page.getByLabel('Order').inputValue(),
  };
}

describe('a search kept in the address bar (/search?…)', () => {
  it('is restored with its form and results from its URL, and by Back after another search', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/search`);
    await page.getByTestId('search-intro').waitFor({ timeout: 15_000 });

    await page.getByLabel('Service type').selectOption('residential');
    await page.getByLabel('Location', { exact: true }).fill('Austin');
    await page.getByRole('button', { name: 'Advanced Filters' }).click();
    await page.getByLabel(/^Radius/).fill('40');
    await page.getByLabel(/^Minimum rating/).fill('3.5');
    await page.getByLabel(/^Maximum price/).fill('150');
    await page.getByLabel('Verified').check();
    await page.getByLabel('Sort by').selectOption('price');
    await page.getByLabel('Order').selectOption('asc');
    const entered = await formValues(page);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/\/search\?/);
    const first = await shownResults(page);
    expect(first.names.length).toBeGreaterThan(0);

    // Every filter is in the URL, under the API's names.
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({
      serviceType: 'residential',
      location: 'Austin',
      radius: '40',
      minRating: '3.5',
      maxPrice: '150',
      isVerified: 'true',
      sortBy: 'price',
      sortOrder: 'asc',
    });

    // Opened directly (shared, bookmarked): the same form and the same results.
    const shared = await browser.newPage();
    await shared.goto(url.toString());
    expect(await shownResults(shared)).toEqual(first);
    expect(await formValues(shared)).toEqual(entered);
    expect(await shared.getByTestId('active-filters').innerText()).toContain('Active filters (6)');
    await shared.close();

    // Another search, then Back: the first search again, form included; Back once more: the introduction.
    await page.getByLabel('Location', { exact: true }).fill('Dallas');
    await page.getByLabel('Verified').uncheck();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get('location') === 'Dallas');
    const second = await shownResults(page);
    expect(second.names).not.toEqual(first.names);
    await page.goBack();
    await page.waitForURL((u) => u.searchParams.get('location') === 'Austin');
    expect(await shownResults(page)).toEqual(first);
    expect(await formValues(page)).toEqual(entered);
    await page.goBack();
    await page.getByTestId('search-intro').waitFor();
    expect(new URL(page.url()).search).toBe('');
    await page.close();
  });
});

describe('the active filters (/search)', () => {
  it('are chips in words, each removed by its ×, which searches again without it', async () => {
    const shot = screenshotsIn('search-chips');
    for (const width of [1280, 390]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(`${baseUrl}/search?serviceType=deep&location=Austin&maxPrice=60&isBonded=true&sortBy=nearest`);
      // An order the page cannot use is put right in place.
      await page.waitForURL((u) => u.searchParams.get('sortBy') === 'rating');
      const chips = page.getByTestId('active-filters');
      await page.getByTestId('search-results').waitFor({ timeout: 15_000 });
      // Each chip's name says what it removes, in words ('Deep Cleaning', never 'Service: deep').
      expect(await chips.getByRole('button').evaluateAll((buttons) => buttons.map((b) => b.textContent))).toEqual([
        'Remove filter: Deep Cleaning×',
        'Remove filter: Near Austin×',
        'Remove filter: $60/hr or less×',
        'Remove filter: Bonded×',
      ]);
      await chips.scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot(`search-chips-${width}.png`) });
      await chips.getByRole('button', { name: 'Remove filter: Deep Cleaning' }).click();
      await page.waitForURL((u) => !u.searchParams.has('serviceType') && u.searchParams.get('location') === 'Austin');
      expect(await page.getByLabel('Service type').inputValue()).toBe('');
      // Focus moves to the chip that took its place.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent))
        .toBe('Remove filter: Near Austin×');
      await page.close();
    }
  });
});

describe('cleaner profile (/cleaner/:id)', () => {
  it('lists the available services; Book Now goes to /booking/{cleanerId}/{serviceId}', async () => {
    const cleaner = (await (await fetch(`${baseUrl}/api/cleaners/1`)).json()) as CleanerSearchPage['items'][number];
    const services = (await (await fetch(`${baseUrl}/api/services`)).json()) as ServiceList;
    const expected = services.items.filter(
      (s) =>
        s.category === 'residential' ||
        (s.category === 'commercial' && cleaner.serviceTypes.includes('commercial')) ||
        (cleaner.serviceTypes as string[]).includes(s.type),
    );
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/cleaner/1`);
    await page.getByTestId('service-item').first().waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('profile-name').innerText()).toBe(
      `${cleaner.user.firstName} ${cleaner.user.lastName}`,
    );
    expect(await page.getByTestId('service-item').count()).toBe(expected.length);
    // The base price, and what the cleaner's usual length really costs by the pricing rule.
    const first = expected[0]!;
    const total = quoteTotalCents({
      hourlyRate: cleaner.hourlyRate,
      durationMinutes: first.duration,
      basePrice: first.basePrice,
    });
    expect(await page.getByTestId('service-price').first().innerText()).toBe(
      `Base price ${formatDollars(first.basePrice)} · ${formatMoney(total)} for ${formatDuration(first.duration)} with ${cleaner.user.firstName}`,
    );
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByTestId('service-item').first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotsIn('cleaner-profile')(`service-prices-${width}.png`) });
    }
    expect(await page.getByText(`${cleaner.experience} experience`).count()).toBe(1);
    await page
      .getByTestId('service-item')
      .first()
      .getByRole('link', { name: /Book Now/ })
      .click();
    await page.waitForURL(`**/booking/1/${expected[0]!.id}`);
    expect(new URL(page.url()).pathname).toBe(`/booking/1/${expected[0]!.id}`);
    await page.close();
  });

  it('shows Cleaner Not Found for an unknown id', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/cleaner/99999999`);
    await page.getByText('Cleaner Not Found').first().waitFor({ timeout: 15_000 });
    expect(await page.getByRole('link', { name: 'Back to Cleaners' }).count()).toBe(1);
    await page.close();
  });
});
