import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CLEANER_ID, freeWeekdaySlot } from './api';
import { seriousViolations, signInAsAdmin, signInWithForm, toast } from './browser';
import { useBrowser, useServer } from './server';

const server = await useServer();
const { baseUrl } = server;
const browser = await useBrowser(server);
let context: BrowserContext;
/** The booking whose payment was declined: still pending, so the dashboard can edit and cancel it. */
let declinedBookingId = 0;
/** The booking paid with 4242…: the administrator refunds part of it. */
let paidBookingId = 0;

beforeAll(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInWithForm(page, baseUrl, 'customer@example.com');
  await page.close();
});

async function expectToast(page: Page, title: string, description?: string) {
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
async function bookDemoCleaner(page: Page, options: { checkA11y?: boolean } = {}): Promise<number> {
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

async function pay(page: Page, cardNumber: string) {
  // The checkout, or the Payment Error toast that says why there is none (named in the failure).
  const heading = page.getByRole('heading', { name: 'Complete Your Payment' });
  const error = toast(page).filter({ hasText: 'Payment Error' });
  await heading.or(error).first().waitFor();
  if (!(await heading.isVisible())) throw new Error(`no checkout: ${await error.textContent()}`);
  await page.getByRole('button', { name: /^Pay \$/ }).waitFor({ timeout: 15_000 });
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

describe('booking and checkout in Chromium', () => {
  it('books the demo cleaner, pays with 4242…, lands on the profile, and the dashboard shows it confirmed and paid', async () => {
    const page = await context.newPage();
    const bookingId = await bookDemoCleaner(page, { checkA11y: true });

    // The summary is the booking as the server stored and priced it.
    const summary = page.getByTestId('booking-summary');
    await summary.waitFor();
    expect(await summary.textContent()).toContain('410 Congress Ave, Austin, TX 78701');
    expect(await page.getByTestId('booking-status').textContent()).toBe('PENDING');
    const booking = (await (await page.request.get(`${baseUrl}/api/bookings/${bookingId}`)).json()) as {
      totalPrice: string;
      specialInstructions: string;
    };
    expect(booking.specialInstructions).toBe('Please use the side door.');
    expect(await page.getByRole('button', { name: /^Pay \$/ }).textContent()).toBe(
      `Pay $${Number(booking.totalPrice).toFixed(2)}`,
    );
    expect(await page.getByTestId('test-mode-note').textContent()).toContain('4242 4242 4242 4242');
    expect(await seriousViolations(page)).toEqual([]);

    await pay(page, '4242 4242 4242 4242');
    paidBookingId = bookingId;
    await page.waitForURL(/\/profile\?payment=success$/, { timeout: 15_000 });
    await expectToast(page, 'Payment Successful', 'Your booking has been confirmed!');

    await page.goto(`${baseUrl}/dashboard`);
    await page.getByRole('heading', { name: 'My Dashboard' }).waitFor();
    const card = page.getByTestId(`booking-card-${bookingId}`);
    await card.waitFor({ timeout: 10_000 });
    expect(await card.getByTestId('booking-status').textContent()).toBe('Confirmed');
    expect(await card.getByTestId('payment-status').textContent()).toBe('Paid');

    // The details dialog is modal and accessible.
    await card.getByRole('button', { name: 'View Details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Booking Details' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`#${bookingId}`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.close();
  });

  it('a second booking paid with 4000 0000 0000 0002 is declined: Payment Failed', async () => {
    const page = await context.newPage();
    const bookingId = await bookDemoCleaner(page);
    await pay(page, '4000 0000 0000 0002');
    await expectToast(page, 'Payment Failed', 'Your card was declined.');
    expect(page.url()).toContain(`/checkout?booking=${bookingId}`);
    const booking = (await (await page.request.get(`${baseUrl}/api/bookings/${bookingId}`)).json()) as {
      status: string;
      paymentStatus: string;
    };
    expect(booking).toMatchObject({ status: 'pending', paymentStatus: 'failed' });
    declinedBookingId = bookingId;
    await page.close();
  });

  it('the dashboard shows real figures, finds bookings, edits and cancels one', async () => {
    expect(declinedBookingId).toBeGreaterThan(0);
    const page = await context.newPage();
    page.on('dialog', (dialog) => {
      // The product's question, then the server's terms for this booking (decision 034): unpaid, so
      // free.
      expect(dialog.message()).toMatch(
        /^Are you sure you want to cancel this booking\?\n\nFree cancellation until \d{4}-\d{2}-\d{2} at \d{2}:\d{2} \(America\/[A-Za-z_]+\)\.$/,
      );
      void dialog.accept();
    });
    await page.goto(`${baseUrl}/dashboard`);
    const stats = (await (await page.request.get(`${baseUrl}/api/bookings/stats`)).json()) as {
      total: number;
      completed: number;
      upcoming: number;
    };
    const figures = page.getByTestId('dashboard-stats').locator('dd');
    // The page's code loads after the document: wait for the figures to exist, then to be filled in.
    await figures.first().waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="dashboard-stats"] dd')?.textContent !== '…');
    expect((await figures.allTextContents()).slice(0, 3)).toEqual([
      String(stats.total),
      String(stats.completed),
      String(stats.upcoming),
    ]);

    // Search by the cleaner's name; a name nobody has empties the list.
    const card = page.getByTestId(`booking-card-${declinedBookingId}`);
    await card.waitFor();
    await page.getByPlaceholder('Search by cleaner name or service...').fill('rivera');
    await card.waitFor();
    await page.getByPlaceholder('Search by cleaner name or service...').fill('no such cleaner');
    await page.getByText('No bookings match your search.').waitFor();
    await page.getByPlaceholder('Search by cleaner name or service...').fill('');

    // Edit the special requests in the modal dialog.
    await card.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Booking' });
    await edit.waitFor();
    expect(await edit.getByPlaceholder('Any special instructions...').inputValue()).toBe('Please use the side door.');
    expect(await seriousViolations(page)).toEqual([]);
    await edit.getByLabel('Special requests').fill('Ring twice, please.');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Booking Updated', 'Your booking has been successfully updated.');
    await edit.waitFor({ state: 'detached' });
    await card.getByText('Ring twice, please.').waitFor();
    // Focus returns to the control that opened the dialog.
    expect(await card.getByRole('button', { name: 'Edit' }).evaluate((el) => el === document.activeElement)).toBe(true);

    // Cancel after the browser confirmation: it moves to the history.
    await card.getByRole('button', { name: `Cancel booking #${declinedBookingId}` }).click();
    await expectToast(page, 'Booking Cancelled', 'Your booking has been cancelled successfully.');
    await card.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Booking History' }).click();
    const past = page.getByTestId(`booking-card-${declinedBookingId}`);
    await past.waitFor();
    expect(await past.getByTestId('booking-status').textContent()).toBe('Cancelled');
    await page.getByRole('tab', { name: 'Analytics' }).click();
    await page.getByTestId('dashboard-analytics').getByText('Bookings this month').waitFor();
    await page.close();
  });

  it('the booking page says when the cleaner or the service does not exist', async () => {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/booking/999999`);
    await page.getByRole('heading', { name: 'Cleaner Not Found' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to Cleaners' }).getAttribute('href')).toBe('/cleaners');
    await page.goto(`${baseUrl}/booking/${DEMO_CLEANER_ID}/999999`);
    await page.getByRole('heading', { name: 'Service Not Available' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to Profile' }).getAttribute('href')).toBe(
      `/cleaner/${DEMO_CLEANER_ID}`,
    );
    await page.close();
  });

  it('checkout without a booking parameter: Invalid Booking, then the profile', async () => {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/checkout`);
    await expectToast(page, 'Invalid Booking', 'No booking ID provided');
    await page.waitForURL(/\/profile$/);
    await page.close();
  });

  it('the payments page lists the customer’s payments without refund actions', async () => {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/payments`);
    await page.getByRole('heading', { name: 'Payments' }).first().waitFor();
    await page.getByTestId('payments-list').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('payment-row').count()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: /Refund/ }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('a payment declined and then made with another card shows no failure reason on /payments', async () => {
    expect(declinedBookingId).toBeGreaterThan(0);
    const page = await context.newPage();
    const bookingId = await bookDemoCleaner(page);
    await pay(page, '4000 0000 0000 0002');
    await expectToast(page, 'Payment Failed', 'Your card was declined.');
    await pay(page, '4242 4242 4242 4242');
    await page.waitForURL(/\/profile\?payment=success$/, { timeout: 15_000 });

    await page.goto(`${baseUrl}/payments`);
    await page.getByTestId('payments-list').waitFor({ timeout: 10_000 });
    const rowsOf = (id: number) =>
      page.getByTestId('payment-row').filter({ has: page.locator('td:nth-child(2)', { hasText: `#${id}` }) });
    const paid = rowsOf(bookingId);
    expect(await paid.count()).toBe(1);
    expect(await paid.innerText()).toContain('Succeeded');
    expect(await paid.getByTestId('payment-failure').count()).toBe(0);
    expect(await paid.innerText()).not.toContain('declined');
    // A payment that did fail still says why.
    const failed = rowsOf(declinedBookingId);
    expect(await failed.innerText()).toContain('Failed');
    expect(await failed.innerText()).toContain('Your card was declined.');

    await page.close();
  });

  it('an administrator refunds part of a succeeded payment from the payments page', async () => {
    expect(paidBookingId).toBeGreaterThan(0);
    const admin = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await admin.newPage();
    await signInAsAdmin(page, baseUrl);

    await page.goto(`${baseUrl}/payments`);
    await page.getByTestId('payments-summary').waitFor();
    await page.getByLabel('Status').selectOption('succeeded');
    const row = page.getByTestId('payment-row').filter({ hasText: `#${paidBookingId}` });
    await row.waitFor({ timeout: 10_000 });
    await row.getByRole('button', { name: /^Refund payment/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund Payment' });
    await dialog.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByLabel('Amount (optional)').fill('1000000');
    await dialog.getByRole('button', { name: 'Process Refund' }).click();
    await dialog.getByText(/The amount can be at most/).waitFor();
    await dialog.getByLabel('Amount (optional)').fill('1.00');
    await dialog.getByLabel('Reason (optional)').fill('Late arrival');
    await dialog.getByRole('button', { name: 'Process Refund' }).click();
    await expectToast(page, 'Refund Processed');
    await row.getByText('Refunded $1.00').waitFor({ timeout: 10_000 });
    await admin.close();
  });
});
