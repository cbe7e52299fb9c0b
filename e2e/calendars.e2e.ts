import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readIcs } from '../server/src/test/ics-reader';
import { apiSignIn, bookDemoCleanerOnWeekday, payWithTestCard } from './api';
import { screenshotsIn, seriousViolations } from './browser';
import { useBrowser, useServer } from './server';

/**
 * Calendars in Chromium (decision 083): the demo customer downloads the `.ics` of their confirmed
 * booking from My Bookings and it parses (ical.js) at the booking's time and zone, with the address
 * and a link back that opens the booking's details; the demo cleaner makes a calendar feed URL in
 * the Calendar tab, whose feed, fetched with no session, lists that booking.
 */

const server = await useServer();
const { baseUrl } = server;
const browser = await useBrowser(server);
const shot = screenshotsIn('calendars');

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

describe('calendars', () => {
  it('downloads a confirmed booking’s .ics, and makes the cleaner a feed URL that lists it', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    await apiSignIn(context.request, baseUrl, 'customer@example.com');
    const booking = await bookDemoCleanerOnWeekday(server, context.request, 8, '77 Rainey St, Austin, TX 78701');
    await payWithTestCard(context.request, baseUrl, booking.id);

    const page = await context.newPage();
    await page.goto(`${baseUrl}/dashboard`);
    const card = page.getByTestId(`booking-card-${booking.id}`);
    await expect.poll(() => card.getByTestId('booking-status').innerText()).toBe('Confirmed');
    const add = card.getByRole('link', { name: 'Add to calendar' });
    await shootBoth(page, '1-my-bookings', card);
    const [download] = await Promise.all([page.waitForEvent('download'), add.click()]);
    expect(download.suggestedFilename()).toBe(`spotless-booking-${booking.id}.ics`);
    const text = readFileSync((await download.path()) as string, 'utf8');
    const [event] = readIcs(text).events;
    expect(event).toMatchObject({
      summary: 'Regular House Cleaning with Jordan Rivera',
      location: '77 Rainey St, Austin, TX 78701',
      timeZone: 'America/Chicago',
      localStart: `${booking.scheduledDate}T${booking.scheduledTime}:00`,
    });
    expect(event?.start.toISOString()).toBe(booking.startsAt);
    expect(event?.url).toMatch(new RegExp(`/dashboard\\?booking=${booking.id}$`));

    // The event's link opens the booking's details, which offer the file too.
    await page.goto(`${baseUrl}/dashboard?booking=${booking.id}`);
    const details = page.getByTestId('booking-details');
    await details.getByRole('link', { name: 'Add to calendar' }).waitFor();
    await shootBoth(page, '2-booking-details', details);
    expect(await seriousViolations(page)).toEqual([]);

    // The demo cleaner makes a feed URL in the Calendar tab.
    const cleaner = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await apiSignIn(cleaner.request, baseUrl, 'cleaner@example.com');
    const tab = await cleaner.newPage();
    await tab.goto(`${baseUrl}/cleaner-dashboard?tab=calendar`);
    const sync = tab.getByTestId('calendar-sync');
    await sync.getByRole('button', { name: /Create feed URL|Make a new URL/ }).waitFor();
    await shootBoth(tab, '3-sync-card', sync);
    const made = sync.getByRole('button', { name: /Create feed URL|Make a new URL/ });
    const wasActive = (await made.innerText()) === 'Make a new URL';
    await made.click();
    if (wasActive) await tab.getByTestId('rotate-feed-dialog').getByRole('button', { name: 'Make a new URL' }).click();
    const field = sync.getByLabel('Your feed URL');
    await field.waitFor();
    const url = await field.inputValue();
    expect(url).toMatch(/\/api\/calendar\/cleaners\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await sync.getByRole('link', { name: 'Open in your calendar app' }).getAttribute('href')).toBe(
      url.replace(/^https?:\/\//, 'webcal://'),
    );
    await sync.locator('summary').click();
    await shootBoth(tab, '4-feed-url', sync);
    expect(await seriousViolations(tab)).toEqual([]);

    // Fetched as a calendar app would: no session.
    const app = await browser.newContext();
    const feed = await app.request.get(`${baseUrl}${new URL(url).pathname}`);
    expect(feed.status()).toBe(200);
    const listed = readIcs(await feed.text()).events.find((e) => e.uid === event?.uid);
    expect(listed?.start.toISOString()).toBe(booking.startsAt);
    expect(listed?.location).toBe('77 Rainey St, Austin, TX 78701');
    await Promise.all([context.close(), cleaner.close(), app.close()]);
  });
});
