import type { Booking } from '@spotless/sdk';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAdminSignIn, apiSignIn, bookDemoCleanerOnWeekday, getJson, payWithTestCard } from './api';
import { screenshotsIn, seriousViolations } from './browser';
import { useBrowser, useServer } from './server';

/**
 * The admin area on a phone and in administrators' words: at 390 px the applications, payments and
 * partners tables stack each row into a block of its own — nothing scrolls sideways, each value
 * beside its column's name — while a wide screen keeps the tables; and the payment of a job its
 * cleaner withdrew from reads "Cleaner withdrew: <reason>" to an administrator, "Your cleaner
 * withdrew" to its customer.
 */

const server = await useServer();
const { baseUrl } = server;
const browser = await useBrowser(server);
const shot = screenshotsIn('admin-phone');
const REASON = 'My car broke down and the repair takes all week.';

/** Whether anything on the page, or inside a table's card, scrolls sideways. */
async function sideways(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth) found.push('page');
    for (const wrap of document.querySelectorAll<HTMLElement>('.stack-table-wrap')) {
      if (wrap.scrollWidth > wrap.clientWidth + 1) found.push(wrap.getAttribute('aria-label') ?? 'a table');
    }
    return found;
  });
}

/** The column names a stacked row shows beside its values (the cells' labels, as drawn). */
async function shownLabels(page: Page, row: string): Promise<string[]> {
  return page.evaluate(
    (selector) =>
      [...(document.querySelector(selector)?.querySelectorAll('td[data-label]') ?? [])].map((cell) =>
        getComputedStyle(cell, '::before').content.replace(/^"|"$/g, ''),
      ),
    row,
  );
}

/** The drawn height of the first stacked table's column headers (kept for screen readers on a phone). */
const headerRowHeight = (page: Page) =>
  page
    .locator('.stack-table thead')
    .first()
    .evaluate((head) => head.getBoundingClientRect().height);

describe('the admin tables on a phone', () => {
  it('stack every row at 390 px and stay tables at 1280 px: applications, payments, partners', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await apiAdminSignIn(context.request, baseUrl);
    const page = await context.newPage();
    const pages = [
      { path: '/admin-dashboard', row: '[data-testid="application-row"]', labels: ['Email', 'Experience'] },
      { path: '/payments', row: '[data-testid="payment-row"]', labels: ['Booking', 'Status', 'Amount', 'Date'] },
      { path: '/admin-partners', row: 'tr[data-testid^="partner-"]', labels: ['Allowed origins', 'Commission'] },
    ];
    for (const { path, row, labels } of pages) {
      const name = path.slice(1);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${baseUrl}${path}`);
      await page.locator(row).first().waitFor({ timeout: 10_000 });
      expect(await sideways(page), path).toEqual([]);
      const shown = await shownLabels(page, row);
      for (const label of labels) expect(shown, path).toContain(label);
      expect(await headerRowHeight(page), path).toBeLessThanOrEqual(1);
      expect(await seriousViolations(page), path).toEqual([]);
      await page.locator(row).first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot(`${name}-390.png`) });

      await page.setViewportSize({ width: 1280, height: 900 });
      expect(await headerRowHeight(page), path).toBeGreaterThan(20);
      // The column headers name the values again: no cell draws its own label.
      expect([...new Set(await shownLabels(page, row))], path).toEqual(['none']);
      await page.screenshot({ path: shot(`${name}-1280.png`) });
    }
    await context.close();
  });
});

describe('a withdrawal’s refund', () => {
  it('reads "Cleaner withdrew: <reason>" to an administrator and "Your cleaner withdrew" to the customer', async () => {
    const customer = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await apiSignIn(customer.request, baseUrl, 'customer@example.com');
    const booking = await bookDemoCleanerOnWeekday(server, customer.request, 1, '5 Withdrawal Way, Austin, TX');
    await payWithTestCard(customer.request, baseUrl, booking.id);

    const cleaner = await browser.newContext();
    await apiSignIn(cleaner.request, baseUrl, 'cleaner@example.com');
    const job = await getJson<Booking>(cleaner.request, baseUrl, `/api/bookings/${booking.id}`);
    const withdraw = job.actions.withdraw;
    if (!withdraw) throw new Error(`booking ${booking.id} offers no withdraw action`);
    const withdrawn = await cleaner.request.fetch(`${baseUrl}${withdraw.href}`, {
      method: withdraw.method,
      data: { reason: REASON },
      headers: { origin: baseUrl },
    });
    expect(withdrawn.status()).toBe(200);
    await cleaner.close();

    const admin = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await apiAdminSignIn(admin.request, baseUrl);
    const page = await admin.newPage();
    await page.goto(`${baseUrl}/payments`);
    const bookingCell = page.locator('td:nth-child(2)', { hasText: new RegExp(`^#${booking.id}$`) });
    const row = page.getByTestId('payment-row').filter({ has: bookingCell });
    await row.waitFor({ timeout: 10_000 });
    await expect.poll(() => row.innerText()).toContain(`Reason: Cleaner withdrew: ${REASON}`);
    expect(await row.innerText()).not.toContain('Your cleaner withdrew');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await row.scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot(`payments-withdrawn-${width}.png`) });
    }
    await admin.close();

    const mine = await customer.newPage();
    await mine.goto(`${baseUrl}/payments`);
    const own = mine
      .getByTestId('payment-row')
      .filter({ has: mine.locator('td:nth-child(2)', { hasText: new RegExp(`^#${booking.id}$`) }) });
    await own.waitFor({ timeout: 10_000 });
    expect(await own.innerText()).toContain('Reason: Your cleaner withdrew');
    expect(await own.innerText()).not.toContain(REASON);
    await customer.close();
  });
});
