import type { APIRequestContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_CLEANER_ID, freeWeekdaySlot } from './api';
import { seriousViolations, toast } from './browser';
import type { TestServer } from './server';

/** The toast `title` on screen within 10 s (named in the failure otherwise), with `description` when given. */
export async function expectToast(page: Page, title: string, description?: string) {
  try {
    await toast(page).locator('.toast__title').filter({ hasText: title }).waitFor({ timeout: 10_000 });
  } catch (error) {
    const shown = await toast(page)
      .textContent({ timeout: 100 })
      .catch(() => null);
    throw new Error(`no toast '${title}' (showing: ${shown ?? 'none'})`, { cause: error });
  }
  if (description !== undefined) {
    expect((await toast(page).locator('.toast__description').textContent())?.trim()).toBe(description);
  }
}

/** From the cleaner profile: Book Now → pick a free date and time → submit → checkout; answers the booking id. */
export async function bookDemoCleaner(
  server: TestServer,
  page: Page,
  options: { checkA11y?: boolean } = {},
): Promise<number> {
  const { baseUrl } = server;
  await page.goto(`${baseUrl}/cleaner/${DEMO_CLEANER_ID}`);
  await page.locator('[data-testid="book-service"]').click();
  await page.waitForURL(new RegExp(`/booking/${DEMO_CLEANER_ID}$`));
  await page.getByRole('heading', { name: 'Your Cleaner' }).waitFor();
  expect(await page.getByText('Fully Insured').count()).toBe(1);

  const duration = Number(await page.getByLabel('Duration (minutes)').inputValue());
  const { date, time } = await freeWeekdaySlot(server, page.request, duration);

  // Submitting without a date: the product's toast, and no booking.
  await page.getByRole('button', { name: 'Book Now' }).click();
  await expectToast(page, 'Date Required', 'Please select a date for your cleaning service.');

  await page.getByLabel('Service address').fill('410 Congress Ave, Austin, TX 78701');
  const day = page.locator(`[data-testid="date-picker"] button[data-date="${date}"]`);
  for (let i = 0; i < 3 && (await day.count()) === 0; i++) {
    await page.getByRole('button', { name: 'Next month' }).click();
  }
  await day.click();
  expect(await day.getAttribute('aria-pressed')).toBe('true');
  // The time list shows the cleaner's real availability for that day.
  await page
    .getByTestId('time-hint')
    .filter({ hasText: /free time/ })
    .waitFor();
  const option = page.locator(`select[name="scheduledTime"] option[value="${time}"]`);
  expect(await option.isDisabled()).toBe(false);
  await page.getByLabel('Time').selectOption(time);
  await page.getByLabel('Special instructions (optional)').fill('Please use the side door.');
  if (options.checkA11y) expect(await seriousViolations(page)).toEqual([]);

  // Hold the create call a moment, so the pending state can be seen.
  await page.route('**/api/bookings', async (route) => {
    if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, 600));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Book Now' }).click();
  const pending = page.getByRole('button', { name: 'Creating Booking...' });
  await pending.waitFor();
  expect(await pending.isDisabled()).toBe(true);
  await page.waitForURL(/\/checkout\?booking=\d+$/, { timeout: 15_000 });
  // The route stays: taking it off while the checkout's own requests were in flight left the
  // checkout's code unloaded now and then (the page stayed on "Loading..."). It holds only the create.
  await expectToast(page, 'Booking Created', 'Redirecting to payment...');
  return Number(new URL(page.url()).searchParams.get('booking'));
}

/** Fills the checkout's test-mode card form with `cardNumber` and pays. */
export async function pay(page: Page, cardNumber: string) {
  // The checkout, or the Payment Error toast that says why there is none (named in the failure).
  const heading = page.getByRole('heading', { name: 'Complete Your Payment' });
  const error = toast(page).filter({ hasText: 'Payment Error' });
  await heading.or(error).first().waitFor();
  if (!(await heading.isVisible())) throw new Error(`no checkout: ${await error.textContent()}`);
  await page.getByRole('button', { name: /^Pay \$/ }).waitFor({ timeout: 15_000 });
  // "Booking Created — Redirecting to payment..." is gone: on a phone it lay over the card's fields.
  await toast(page).filter({ hasText: 'Booking Created' }).waitFor({ state: 'detached', timeout: 2_000 });
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

/** Starts a booking's payment through its own pay action, as checkout does, and leaves it there (a checkout left). */
export async function startPaymentAndLeave(request: APIRequestContext, baseUrl: string, bookingId: number) {
  const booking = (await (await request.get(`${baseUrl}/api/bookings/${bookingId}`)).json()) as {
    actions: { pay?: { href: string; method: string } };
  };
  const action = booking.actions.pay;
  if (!action) throw new Error(`booking ${bookingId} offers no pay action`);
  const intent = await request.fetch(`${baseUrl}${action.href}`, {
    method: action.method,
    data: { bookingId },
    headers: { origin: baseUrl },
  });
  expect(intent.status()).toBe(200);
}
