import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CLEANER_ID, freeWeekdaySlot } from './api';
import { screenshotsIn, seriousViolations, signInWithForm } from './browser';
import { useBrowser, useServer } from './server';

/**
 * The booking page's calendar and times, as a customer reads them (decision 075): the demo cleaner,
 * Jordan, works Monday to Saturday, so Sundays are days off — disabled and said as such — and a
 * length no start of a day can hold is said once, at the duration, never beside "no free time".
 */
const server = await useServer();
const { baseUrl } = server;
const browser = await useBrowser(server);
const shot = screenshotsIn('booking-days');
let page: Page;

/** The server's day `days` after today, YYYY-MM-DD (the test clock starts on a Wednesday). */
const dayAfter = (days: number) => new Date(server.now().getTime() + days * 86_400_000).toISOString().slice(0, 10);
const SATURDAY = dayAfter(3);
const SUNDAY = dayAfter(4);
const MONDAY = dayAfter(5);
const dayButton = (iso: string) => page.locator(`[data-testid="date-picker"] button[data-date="${iso}"]`);

beforeAll(async () => {
  expect(new Date(`${SUNDAY}T12:00:00Z`).getUTCDay()).toBe(0);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  await signInWithForm(page, baseUrl, 'customer@example.com');
});

/** Both widths of the page, each saved under e2e/artifacts/booking-days/, from `part` in view. */
async function shootBoth(name: string, part: string) {
  await page.getByTestId(part).scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot(`${name}-1280.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId(part).scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot(`${name}-390.png`) });
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('the booking page’s calendar', () => {
  it('disables the days the cleaner never works, and says they are days off', async () => {
    await page.goto(`${baseUrl}/booking/${DEMO_CLEANER_ID}`);
    await page.getByTestId('days-off').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('days-off').innerText()).toBe(
      'Jordan does not work on Sundays: those days cannot be picked.',
    );
    for (let i = 0; i < 2 && (await dayButton(SUNDAY).count()) === 0; i++) {
      await page.getByRole('button', { name: 'Next month' }).click();
    }
    const sunday = dayButton(SUNDAY);
    expect(await sunday.isDisabled()).toBe(true);
    expect(await sunday.getAttribute('aria-label')).toMatch(/^Sunday, .+, day off$/);
    expect(await dayButton(SATURDAY).isDisabled()).toBe(false);
    expect(await dayButton(MONDAY).isDisabled()).toBe(false);
    // A past day is past, not a day off.
    expect(await dayButton(dayAfter(-1)).getAttribute('aria-label')).not.toContain('day off');

    // The arrow keys pass over a day off: Saturday → Monday.
    await dayButton(SATURDAY).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-date'))).toBe(MONDAY);
    expect(await seriousViolations(page)).toEqual([]);
    await shootBoth('days-off', 'date-picker');
  });

  it('says a day off chosen through a link is one, not that the cleaner has no free time', async () => {
    await page.goto(`${baseUrl}/booking/${DEMO_CLEANER_ID}?date=${SUNDAY}&time=10:00`);
    const hint = page.getByTestId('time-hint');
    await expect
      .poll(() => hint.innerText(), { timeout: 15_000 })
      .toBe('Jordan does not work on Sundays. Please pick another date.');
    await shootBoth('day-off-chosen', 'time-hint');
  });
});

describe('a duration no start of the day can hold', () => {
  it('is said once, at the duration, and the time does not say "no free time"', async () => {
    await page.goto(`${baseUrl}/booking/${DEMO_CLEANER_ID}`);
    await page.getByTestId('days-off').waitFor({ timeout: 15_000 });
    await page.getByLabel('Service address').fill('410 Congress Ave, Austin, TX 78701');
    const { date, time } = await freeWeekdaySlot(server, page.request, 30);
    for (let i = 0; i < 3 && (await dayButton(date).count()) === 0; i++) {
      await page.getByRole('button', { name: 'Next month' }).click();
    }
    await dayButton(date).click();
    await page
      .getByTestId('time-hint')
      .filter({ hasText: /free time/ })
      .waitFor();
    await page.getByLabel('Time').selectOption(time);
    // Jordan works 10 hours a day: 11 hours fit no start.
    await page.getByLabel('Duration (minutes)').fill('660');
    const duration = page.getByTestId('duration-error');
    await expect
      .poll(() => duration.innerText().catch(() => ''), { timeout: 10_000 })
      .toMatch(/^No start that day has 11 hr free \(.+ at most\): choose a shorter duration or another date$/);
    const hint = await page.getByTestId('time-hint').innerText();
    expect(hint).not.toMatch(/no free time/i);
    expect(hint).toMatch(/^Times in the cleaner's local time/);
    // One message: not the chosen time's own "Needs 11 hr; only … free from …" beside it.
    expect(await page.getByText(/^Needs 11 hr; only/).count()).toBe(0);
    expect(await page.locator('.field__error').count()).toBe(1);

    // Sending it is refused with the same one message, and nothing is booked.
    await page.getByRole('button', { name: 'Book Now' }).click();
    await expect.poll(() => page.locator('.field__error').allInnerTexts()).toEqual([await duration.innerText()]);
    expect(page.url()).toContain(`/booking/${DEMO_CLEANER_ID}`);
    expect(await seriousViolations(page)).toEqual([]);
    await shootBoth('too-long', 'duration-error');

    // A length that fits leaves the message for the time's free times.
    await page.getByLabel('Duration (minutes)').fill('120');
    await expect
      .poll(() => page.getByTestId('time-hint').innerText())
      .toMatch(/free times?, in the cleaner's local time/);
    expect(await duration.count()).toBe(0);

    // A start too late for the length, on a day with room earlier: that start's own words, and the
    // time still lists the day's free times — one message each, neither saying the other is wrong.
    await page.getByLabel('Duration (minutes)').fill('60');
    await page
      .locator('select[name="scheduledTime"] option[value="17:00"]:not([disabled])')
      .waitFor({ state: 'attached' });
    await page.getByLabel('Time').selectOption('17:00');
    await page.getByLabel('Duration (minutes)').fill('120');
    await expect
      .poll(() => duration.innerText().catch(() => ''))
      .toBe('Needs 2 hr; only 1 hr free from 5:00 PM: choose a shorter duration or another time');
    expect(await page.getByTestId('time-hint').innerText()).toMatch(/^\d+ free times?, in the cleaner's local time/);
  });
});
