import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiSignIn, bookDemoCleanerOnWeekday, payWithTestCard } from './api';
import { screenshotsIn, seriousViolations } from './browser';
import { useBrowser, useServer } from './server';

/**
 * Messages on a booking in Chromium (decision 087): the demo customer writes to the cleaner from
 * the booking's details, the demo cleaner follows the notice's link to that job's card, reads it (the booking
 * is paid, so a phone number in it shows as written) and answers, and the customer reads the answer.
 */

const server = await useServer();
const { baseUrl } = server;
const browser = await useBrowser(server);
const shot = screenshotsIn('messages');

/** Both widths of a screen with `part` in view, and no sideways scrolling on a phone. */
async function shootBoth(page: Page, name: string, part: Locator) {
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await part.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot(`${name}-${width}.png`) });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${width}px scrolls sideways`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('messages on a booking', () => {
  it('carries a message from the customer to the cleaner and the answer back', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await apiSignIn(context.request, baseUrl, 'customer@example.com');
    const booking = await bookDemoCleanerOnWeekday(server, context.request, 9, '12 Congress Ave, Austin, TX 78701');
    await payWithTestCard(context.request, baseUrl, booking.id);

    const page = await context.newPage();
    await page.goto(`${baseUrl}/dashboard?booking=${booking.id}`);
    const thread = page.getByTestId('booking-details').getByTestId('message-thread');
    await thread.getByText('No messages yet.').waitFor();
    await thread.getByLabel('Write a message').fill('The spare key is under the blue pot. Call me on 512-555-0147.');
    await thread.getByRole('button', { name: 'Send' }).click();
    await thread.getByTestId('message').filter({ hasText: 'blue pot' }).waitFor();
    await shootBoth(page, '1-customer-sent', thread);
    expect(await seriousViolations(page)).toEqual([]);

    const cleaner = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await apiSignIn(cleaner.request, baseUrl, 'cleaner@example.com');
    const tab = await cleaner.newPage();
    // The notice e-mail's link: the job's card, its messages open.
    await tab.goto(`${baseUrl}/cleaner-dashboard?booking=${booking.id}&tab=messages`);
    const card = tab.getByTestId(`job-card-${booking.id}`);
    await card.getByRole('button', { name: 'Hide messages' }).waitFor();
    const theirs = card.getByTestId('message').filter({ hasText: 'blue pot' });
    await theirs.waitFor();
    // Paid: the number shows as written.
    expect(await theirs.innerText()).toContain('512-555-0147');
    await card.getByLabel('Write a message').fill('Thanks, I will text you when I arrive.');
    await card.getByRole('button', { name: 'Send' }).click();
    await card.getByTestId('message').filter({ hasText: 'text you when I arrive' }).waitFor();
    await shootBoth(tab, '2-cleaner-answered', card);

    // The answer is counted beside My Bookings (and on a phone's Bookings tab) until it is read.
    await page.goto(`${baseUrl}/dashboard`);
    const badge = page.locator('.main-nav').getByTestId('unread-messages');
    await expect.poll(() => badge.innerText()).toBe('1');
    await shootBoth(page, '3-unread-badge', page.locator('.site-header'));
    await page.goto(`${baseUrl}/dashboard?booking=${booking.id}`);
    await page
      .getByTestId('booking-details')
      .getByTestId('message')
      .filter({ hasText: 'text you when I arrive' })
      .waitFor();
    await expect.poll(() => page.locator('.main-nav').getByTestId('unread-messages').count()).toBe(0);
    await cleaner.close();
    await context.close();
  });
});
