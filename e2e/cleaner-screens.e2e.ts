import { type BookingList, calendarDayLabel, formatTime12 } from '@spotless/sdk';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiSignIn, DEMO_CLEANER_ID, getJson } from './api';
import { screenshotsIn, seriousViolations } from './browser';
import { useBrowser, useServer } from './server';

/**
 * A cleaner's screens in Chromium, as a newcomer found them: signing in lands an approved cleaner
 * on their dashboard (a customer at home; a return address wins); the menus name a cleaner's jobs
 * My Jobs (Jobs on the phone) and keep the six links for customers; a signed-out phone menu has
 * the header's links; weekly hours and time off read as people write them ("8:00 AM", "Tue, Dec 1");
 * and a booked slot in the calendar says whose job it is and what, with no Book button (decision 076).
 */

const server = await useServer();
const { baseUrl } = server;
const browser = await useBrowser(server);
const shot = screenshotsIn('cleaner-screens');

/** Signs in through the hosted form with no return address, as the header's Sign In does. */
async function signInFromHeader(page: Page, email: string) {
  await page.goto(`${baseUrl}/api/login`);
  await page.waitForURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('demo-password');
  await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
}

const linkTexts = (page: Page, name: string) =>
  page.getByRole('navigation', { name, exact: true }).getByRole('link').allInnerTexts();

describe('signing in', () => {
  it('lands an approved cleaner on the cleaner dashboard, a customer at home, and follows a return address', async () => {
    const cleaner = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInFromHeader(cleaner, 'cleaner@example.com');
    await cleaner.waitForURL(`${baseUrl}/cleaner-dashboard`);
    await cleaner.getByTestId('cleaner-dashboard').waitFor();
    await cleaner.screenshot({ path: shot('signed-in-cleaner-1280.png') });
    await cleaner.close();

    const customer = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInFromHeader(customer, 'customer@example.com');
    await customer.waitForURL(`${baseUrl}/`);
    await customer.close();

    const asked = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await asked.goto(`${baseUrl}/api/login?returnUrl=%2Fprofile`);
    await asked.getByLabel('Email').fill('cleaner@example.com');
    await asked.getByLabel('Password').fill('demo-password');
    await asked.locator('form').getByRole('button', { name: 'Sign In' }).click();
    await asked.waitForURL(`${baseUrl}/profile`);
    await asked.close();
  });
});

describe('the menus', () => {
  it('name a cleaner’s jobs My Jobs in the header and Jobs on the phone; their own bookings stay reachable', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await apiSignIn(context.request, baseUrl, 'cleaner@example.com');
    const page = await context.newPage();
    await page.goto(`${baseUrl}/cleaner-dashboard`);
    await page.getByTestId('cleaner-dashboard').waitFor();
    await expect
      .poll(() => linkTexts(page, 'Main'))
      .toEqual(['Find Cleaners', 'How It Works', 'About', 'Contact', 'My Jobs', 'Profile']);
    const myJobs = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Jobs' });
    expect(await myJobs.getAttribute('href')).toBe('/cleaner-dashboard');
    expect(await myJobs.getAttribute('aria-current')).toBe('page');
    await page.getByRole('button', { name: 'Jordan' }).click();
    expect(await linkTexts(page, 'Account')).toEqual([
      'Earnings & Payouts',
      'My Bookings',
      'Payments',
      'Reviews',
      'Settings',
      'Sign Out',
    ]);
    await page.screenshot({ path: shot('cleaner-header-1280.png') });
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await linkTexts(page, 'Quick navigation')).toEqual(['Search', 'Jobs', 'Help', 'Profile']);
    await page.screenshot({ path: shot('cleaner-bottom-bar-390.png') });
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.locator('#mobile-menu');
    await drawer.getByRole('link', { name: 'My Jobs' }).waitFor();
    expect(await linkTexts(page, 'Mobile')).toEqual([
      'Find Cleaners',
      'Top Rated',
      'How It Works',
      'About',
      'Contact',
      'My Jobs',
      'Reviews',
      'Payments',
      'Profile',
      expect.stringMatching(/^My Bookings/),
      'Earnings & Payouts',
    ]);
    await page.waitForTimeout(300);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: shot('cleaner-drawer-390.png') });
    await context.close();
  });

  it('keep the specification’s six header links for a customer', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await apiSignIn(context.request, baseUrl, 'customer@example.com');
    const page = await context.newPage();
    await page.goto(`${baseUrl}/about`);
    await expect
      .poll(() => linkTexts(page, 'Main'))
      .toEqual(['Find Cleaners', 'How It Works', 'About', 'Contact', 'My Bookings', 'Profile']);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await linkTexts(page, 'Quick navigation')).toEqual(['Search', 'Bookings', 'Help', 'Profile']);
    await context.close();
  });

  it('give a signed-out phone the header’s links: How It Works, About, Contact and Become a Cleaner', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${baseUrl}/about`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.locator('#mobile-menu');
    await drawer.getByRole('link', { name: 'How It Works' }).waitFor();
    expect(await linkTexts(page, 'Mobile')).toEqual([
      'Find Cleaners',
      'Top Rated',
      'How It Works',
      'About',
      'Contact',
      'Reviews',
      'Become a Cleaner',
    ]);
    await drawer.getByRole('link', { name: 'Sign In' }).waitFor();
    await page.waitForTimeout(300);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: shot('visitor-drawer-390.png') });
    await drawer.getByRole('link', { name: 'Become a Cleaner' }).click();
    await page.waitForURL(`${baseUrl}/apply-cleaner`);
    await page.close();
  });
});

describe('the cleaner dashboard’s schedule', () => {
  it('writes weekly hours and time off for people, and a booked slot says whose job it is, with no Book', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await apiSignIn(context.request, baseUrl, 'cleaner@example.com');
    const page = await context.newPage();
    await page.goto(`${baseUrl}/cleaner-dashboard`);
    await page.getByTestId('cleaner-dashboard').waitFor();

    // Weekly hours: Mon–Sat 8:00 AM to 6:00 PM, never "08:00" or "18:00".
    await page.getByRole('tab', { name: 'Availability' }).click();
    const hours = page.getByTestId('availability-tab');
    await hours.locator('tbody tr').first().waitFor();
    const hoursText = await hours.locator('table').innerText();
    expect(hoursText).toContain('8:00 AM');
    expect(hoursText).toContain('6:00 PM');
    expect(hoursText).not.toMatch(/\b\d{1,2}:\d{2}(?! ?[AP]M)/);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: shot(`hours-${width}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // Time off, far from any booking: its day as people say it.
    const day = new Date(server.now().getTime() + 200 * 86_400_000).toISOString().slice(0, 10);
    await page.getByRole('tab', { name: 'Time Off' }).click();
    const timeOff = page.getByTestId('time-off-tab');
    await timeOff.getByLabel('Start date').fill(day);
    await timeOff.getByLabel('Reason (optional)').fill('Family visit');
    await timeOff.getByRole('button', { name: 'Schedule Time Off' }).click();
    const entry = timeOff.locator('.schedule__item').filter({ hasText: 'Family visit' });
    await entry.waitFor();
    expect(await entry.locator('strong').innerText()).toBe(calendarDayLabel(day));
    expect(await timeOff.locator('.schedule__list').innerText()).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(await seriousViolations(page)).toEqual([]);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await entry.scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot(`time-off-${width}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // The calendar on the day of the cleaner's next job: that slot is booked, by whom and for what.
    const jobs = await getJson<BookingList>(
      context.request,
      baseUrl,
      `/api/bookings?cleanerId=${DEMO_CLEANER_ID}&limit=200`,
    );
    const now = server.now().toISOString();
    const job = jobs.items
      .filter((b) => ['pending', 'confirmed'].includes(b.status) && b.startsAt > now && b.customer?.firstName)
      .sort((a, b) => a.startsAt.localeCompare(b.startsAt))[0];
    if (!job) throw new Error('the demo cleaner has no job ahead');
    await page.getByRole('tab', { name: 'Calendar' }).click();
    const calendar = page.getByTestId('calendar-tab');
    await calendar.getByLabel('Date').fill(job.scheduledDate);
    const slot = calendar.getByTestId('cleaner-slot').filter({
      has: page.locator('.slot-grid__time', { hasText: new RegExp(`^${formatTime12(job.scheduledTime)}$`) }),
    });
    await slot.waitFor();
    expect(await slot.getByTestId('slot-booking').innerText()).toBe(
      `Booked · ${job.customer?.firstName} · ${job.service.name}`,
    );
    expect(await calendar.getByRole('button', { name: /^Book/ }).count()).toBe(0);
    expect(await calendar.getByRole('heading', { level: 3 }).first().innerText()).toContain(
      calendarDayLabel(job.scheduledDate),
    );
    expect(await calendar.getByTestId('cleaner-slots').innerText()).not.toMatch(/\b\d{1,2}:\d{2}(?! ?[AP]M)/);
    expect(await seriousViolations(page)).toEqual([]);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await slot.scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot(`calendar-booked-${width}.png`) });
    }
    await context.close();
  });
});
