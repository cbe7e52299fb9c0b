import type { BookingList } from '@spotless/sdk';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CLEANER_ID, getJson } from './api';
import { screenshotsIn, seriousViolations, signInAsAdmin, signInWithForm } from './browser';
import { bookDemoCleaner, expectToast, pay, startPaymentAndLeave } from './checkout-flow';
import { useBrowser, useServer } from './server';

const server = await useServer();
const { baseUrl } = server;
const browser = await useBrowser(server);
const shot = screenshotsIn('dashboards');
let context: BrowserContext;
/** The booking whose payment was declined: still pending, so the dashboard can edit it. */
let declinedBookingId = 0;
/** The booking paid with 4242…: the administrator refunds part of it. */
let paidBookingId = 0;
/** A booking whose checkout was started and left, then cancelled: never paid, so "Cancelled" everywhere. */
let leftBookingId = 0;

beforeAll(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInWithForm(page, baseUrl, 'customer@example.com');
  await page.close();
});

/** Both widths of a screen, each saved under e2e/artifacts/dashboards/. */
async function shootBoth(page: Page, name: string) {
  await page.screenshot({ path: shot(`${name}-1280.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: shot(`${name}-390.png`) });
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('booking and checkout in Chromium', () => {
  it('books the demo cleaner, pays with 4242…, and lands on that booking with one confirmation', async () => {
    const page = await context.newPage();
    const bookingId = await bookDemoCleaner(server, page, { checkA11y: true });

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
    // My Bookings, with the booking paid for in its details: the one confirmation, no toast, no banner.
    await page.waitForURL(new RegExp(`/dashboard\\?booking=${bookingId}&payment=success$`), { timeout: 15_000 });
    const paid = page.getByRole('dialog', { name: 'Payment Successful' });
    await paid.waitFor();
    await expect.poll(() => paid.textContent()).toContain('Your booking has been confirmed!');
    expect(await paid.textContent()).toContain(`#${bookingId}`);
    expect(await paid.getByTestId('paid-booking-payment').textContent()).toContain('Payment: Paid.');
    // No toast at all: none for the payment, and the booking's "Booking Created" is not left over.
    expect(await page.getByTestId('toast').count()).toBe(0);
    expect(await page.getByTestId('payment-success').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shootBoth(page, 'paid-booking');
    await paid.getByRole('button', { name: 'Done' }).click();
    await page.waitForURL(/\/dashboard$/);
    await paid.waitFor({ state: 'detached' });
    expect(await page.getByTestId('toast').filter({ hasText: 'Payment Successful' }).count()).toBe(0);

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

    // On a phone the figures take a compact block: the first booking starts on the first screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    const first = page.locator('[data-testid^="booking-card-"]').first();
    await expect.poll(async () => (await first.boundingBox())?.y ?? 9999).toBeLessThan(700);
    expect(await page.getByTestId('dashboard-stats').isVisible()).toBe(true);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await shootBoth(page, 'customer-dashboard');
    await page.close();
  });

  it('a second booking paid with 4000 0000 0000 0002 is declined: Payment Failed', async () => {
    const page = await context.newPage();
    const bookingId = await bookDemoCleaner(server, page);
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

  it('the dashboard shows real figures, finds and edits bookings, and cancels one in its own dialog', async () => {
    expect(declinedBookingId).toBeGreaterThan(0);
    // A checkout started and left: its payment stays pending until the booking is cancelled.
    // A checkout started and left (on the demo customer's unpaid request to the demo cleaner): its
    // payment stays pending until the booking is cancelled.
    const mine = await getJson<BookingList>(context.request, baseUrl, '/api/bookings?status=pending&limit=50');
    const left = mine.items.find(
      (b) => b.cleanerId === DEMO_CLEANER_ID && b.paymentStatus === 'unpaid' && b.actions.pay && b.actions.cancel,
    );
    if (!left) throw new Error('the demo customer’s unpaid request to the demo cleaner');
    await startPaymentAndLeave(context.request, baseUrl, left.id);
    leftBookingId = left.id;
    const page = await context.newPage();
    const nativeDialogs: string[] = [];
    page.on('dialog', (dialog) => {
      nativeDialogs.push(dialog.message());
      void dialog.dismiss();
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

    // Cancelling asks first in the app's own dialog, never the browser's confirm(): the product's
    // question, the booking, and what the customer gets back (the server's terms for it now).
    const leftCard = page.getByTestId(`booking-card-${leftBookingId}`);
    const cancel = leftCard.getByRole('button', { name: `Cancel booking #${leftBookingId}` });
    await cancel.click();
    const ask = page.getByRole('dialog', { name: 'Cancel Booking' });
    await ask.waitFor();
    expect(await ask.textContent()).toContain('Are you sure you want to cancel this booking?');
    expect(await ask.textContent()).toContain(`#${leftBookingId}`);
    expect(await ask.getByTestId('cancel-terms').textContent()).toMatch(
      /^Free cancellation until [A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M [A-Z][A-Za-z0-9+:-]*\. You have not been charged for this booking, so nothing is kept\.$/,
    );
    expect(await seriousViolations(page)).toEqual([]);
    // Focus stays inside it, both ways round.
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await ask.evaluate((dialog) => dialog.contains(document.activeElement)), key).toBe(true);
    }
    await shootBoth(page, 'cancel-dialog');
    // Keeping it changes nothing, and focus goes back to the button.
    await ask.getByRole('button', { name: 'Keep Booking' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await cancel.evaluate((el) => el === document.activeElement)).toBe(true);
    await cancel.click();
    await ask.getByRole('button', { name: 'Cancel Booking', exact: true }).click();
    await expectToast(page, 'Booking Cancelled', 'Your booking has been cancelled successfully.');
    await leftCard.waitFor({ state: 'detached' });
    expect(nativeDialogs).toEqual([]);

    // Never paid: "Cancelled" once in the history, never beside "Pending".
    await page.getByRole('tab', { name: 'Booking History' }).click();
    const past = page.getByTestId(`booking-card-${leftBookingId}`);
    await past.waitFor();
    expect(await past.getByTestId('booking-status').textContent()).toBe('Cancelled');
    expect(await past.getByTestId('payment-status').count()).toBe(0);
    expect(await past.locator('.booking-card__badges').innerText()).not.toContain('Pending');
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
    // The left checkout's payment: its booking was cancelled before it was paid, so it reads so.
    const left = page
      .getByTestId('payment-row')
      .filter({ has: page.locator('td:nth-child(2)', { hasText: new RegExp(`^#${leftBookingId}$`) }) });
    expect(await left.getByTestId('payment-status').textContent()).toBe('Cancelled');
    expect(await page.getByTestId('payments-list').innerText()).not.toMatch(/succeeded|Succeeded/);
    expect(await seriousViolations(page)).toEqual([]);
    await shootBoth(page, 'payments');
    await page.close();
  });

  it('the cleaner’s dashboard: the left checkout reads Cancelled, a change is told in words', async () => {
    expect(leftBookingId).toBeGreaterThan(0);
    const cleaner = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await cleaner.newPage();
    await signInWithForm(page, baseUrl, 'cleaner@example.com');
    await page.goto(`${baseUrl}/cleaner-dashboard`);
    // The figures agree: the note's upcoming count is the server's, whose money is beside it.
    const overview = (await (await page.request.get(`${baseUrl}/api/cleaners/profile/overview`)).json()) as {
      upcomingBookings: number;
    };
    await expect
      .poll(() => page.getByTestId('cleaner-stats').innerText())
      .toContain(`${overview.upcomingBookings} upcoming`);
    await shootBoth(page, 'cleaner-overview');

    await page.getByRole('tab', { name: 'Bookings' }).click();
    const job = page.getByTestId(`job-card-${leftBookingId}`);
    await job.waitFor();
    expect(await job.getByTestId('job-status').textContent()).toBe('Cancelled');
    expect(await job.getByTestId('job-payment').count()).toBe(0);
    // Accepting a request says what it did, in words.
    const request = page
      .locator('[data-testid^="job-card-"]')
      .filter({ has: page.getByRole('button', { name: 'Accept' }) });
    const id = (await request.first().getAttribute('data-testid'))?.replace('job-card-', '');
    await request.first().getByRole('button', { name: 'Accept' }).click();
    await expectToast(page, 'Booking Updated', `Booking accepted: booking #${id}.`);
    await expect
      .poll(() => page.getByTestId(`job-card-${id}`).getByTestId('job-status').textContent())
      .toBe('Confirmed');
    await cleaner.close();
  });

  it('a payment declined and then made with another card shows no failure reason on /payments', async () => {
    expect(declinedBookingId).toBeGreaterThan(0);
    const page = await context.newPage();
    const bookingId = await bookDemoCleaner(server, page);
    await pay(page, '4000 0000 0000 0002');
    await expectToast(page, 'Payment Failed', 'Your card was declined.');
    await pay(page, '4242 4242 4242 4242');
    await page.waitForURL(new RegExp(`/dashboard\\?booking=${bookingId}&payment=success$`), { timeout: 15_000 });

    await page.goto(`${baseUrl}/payments`);
    await page.getByTestId('payments-list').waitFor({ timeout: 10_000 });
    const rowsOf = (id: number) =>
      page.getByTestId('payment-row').filter({ has: page.locator('td:nth-child(2)', { hasText: `#${id}` }) });
    const paid = rowsOf(bookingId);
    expect(await paid.count()).toBe(1);
    expect(await paid.getByTestId('payment-status').textContent()).toBe('Paid');
    expect(await paid.getByTestId('payment-failure').count()).toBe(0);
    expect(await paid.innerText()).not.toContain('declined');
    // A payment that did fail still says why.
    const failed = rowsOf(declinedBookingId);
    expect(await failed.getByTestId('payment-status').textContent()).toBe('Payment failed');
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
    // Every payment: the left checkout's reads Cancelled for the administrator too.
    const left = page
      .getByTestId('payment-row')
      .filter({ has: page.locator('td:nth-child(2)', { hasText: new RegExp(`^#${leftBookingId}$`) }) });
    expect(await left.getByTestId('payment-status').textContent()).toBe('Cancelled');
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
