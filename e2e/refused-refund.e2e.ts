import type { Booking, BookingList, PaymentPage } from '@spotless/sdk';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookDemoCleanerOnWeekday, getJson, payWithTestCard } from './api';
import { screenshotsIn, seriousViolations, signInWithForm } from './browser';
import { expectToast, startPaymentAndLeave } from './checkout-flow';
import { useBrowser, useServer } from './server';

/**
 * A cancelled booking whose refund the card's bank refuses (decision 075), as its customer sees it:
 * the card says the refund did not go through, the details say "Cancelled", when, the refund and
 * its state, and what happens next. Then the payments page's success rate, of attempts only.
 */
const server = await useServer();
const { baseUrl } = server;
const browser = await useBrowser(server);
const shot = screenshotsIn('refused-refund');
let context: BrowserContext;
let booking: Booking;

beforeAll(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInWithForm(page, baseUrl, 'customer@example.com');
  await page.close();
  booking = await bookDemoCleanerOnWeekday(server, context.request, 0, '410 Congress Ave, Austin, TX 78701');
  // Stripe's test card whose refunds are refused by the card's bank.
  await payWithTestCard(context.request, baseUrl, booking.id, '4000000000005126');
});

/** Both widths of a screen, each saved under e2e/artifacts/refused-refund/, with `part` (when given) in view. */
async function shootBoth(page: Page, name: string, part?: Locator) {
  await part?.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot(`${name}-1280.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
  await part?.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot(`${name}-390.png`) });
  await page.setViewportSize({ width: 1280, height: 900 });
}

const text = async (page: Page, testId: string) => (await page.getByTestId(testId).innerText()).trim();

/** The booking's card on the open tab, turning its pages (newest start first) until it shows. */
async function cardOf(page: Page, id: number) {
  const card = page.getByTestId(`booking-card-${id}`);
  const first = page.locator('[data-testid^="booking-card-"]').first();
  await first.waitFor({ timeout: 10_000 });
  for (let turn = 0; turn < 30 && (await card.count()) === 0; turn++) {
    const next = page.getByRole('tabpanel').getByRole('button', { name: 'Next' });
    if (!(await next.isEnabled())) break;
    const before = await first.getAttribute('data-testid');
    await next.click();
    await expect.poll(() => first.getAttribute('data-testid')).not.toBe(before);
  }
  await card.waitFor({ timeout: 1_000 });
  return card;
}

describe('a cancellation whose refund is refused', () => {
  it('is cancelled in the app’s dialog, and its card says the refund did not go through', async () => {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/dashboard`);
    const active = await cardOf(page, booking.id);
    await active.getByRole('button', { name: `Cancel booking #${booking.id}` }).click();
    const ask = page.getByRole('dialog', { name: 'Cancel Booking' });
    await ask.getByRole('button', { name: 'Cancel Booking' }).click();
    await expectToast(page, 'Booking Cancelled');

    await page.getByRole('tab', { name: 'Booking History' }).click();
    const card = await cardOf(page, booking.id);
    expect(await card.getByTestId('booking-status').innerText()).toBe('Cancelled');
    const amount = `$${Number(booking.totalPrice).toFixed(2)}`;
    expect(await card.getByTestId('refund-failed-note').innerText()).toBe(
      `The refund of ${amount} did not go through: see the booking's details.`,
    );
    await page.getByRole('button', { name: 'Close notification' }).click();
    await shootBoth(page, 'history-card', card.getByTestId('refund-failed-note'));
    await page.close();
  });

  it('has details saying Cancelled, when and by whom, the refund and its state, and what happens next', async () => {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/dashboard`);
    await page.getByRole('tab', { name: 'Booking History' }).click();
    const card = await cardOf(page, booking.id);
    await card.getByRole('button', { name: 'View Details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Booking Details' });
    await dialog.waitFor();

    const answer = await getJson<Booking>(context.request, baseUrl, `/api/bookings/${booking.id}`);
    expect(answer.refund).toMatchObject({ status: 'failed', amount: booking.totalPrice });
    expect(await text(page, 'booking-state')).toBe('Cancelled');
    expect(await text(page, 'booking-cancelled')).toMatch(
      /^[A-Z][a-z]{2} \d{1,2}, 2027, \d{1,2}:\d{2} [AP]M.*, by you$/,
    );
    expect(await text(page, 'booking-refund')).toBe(`$${Number(booking.totalPrice).toFixed(2)} · Did not go through`);
    const note = await text(page, 'refund-note');
    expect(note).toBe(answer.refund?.note);
    expect(note).toContain('did not go through');
    expect(note).toContain('our support team has been told');
    expect(await seriousViolations(page)).toEqual([]);
    await shootBoth(page, 'booking-details');
    await page.close();
  });

  it('counts on /payments the charges of the attempts only: a checkout left unpaid is not one', async () => {
    // A checkout left (a pending payment, never an attempt) and a declined card (an attempt that
    // failed), on two of the customer's unpaid bookings.
    const payable = async () =>
      (await getJson<BookingList>(context.request, baseUrl, '/api/bookings?status=pending&limit=50')).items.filter(
        (b) => b.actions.pay,
      );
    let open = await payable();
    for (let skip = 1; open.length < 2 && skip < 3; skip++) {
      await bookDemoCleanerOnWeekday(server, context.request, skip, '410 Congress Ave, Austin, TX 78701');
      open = await payable();
    }
    const [left, declined] = open as [Booking, Booking];
    await startPaymentAndLeave(context.request, baseUrl, left.id);
    await expect(payWithTestCard(context.request, baseUrl, declined.id, '4000000000000002')).rejects.toThrow(
      'the test card answered 402',
    );
    const page = await context.newPage();
    await page.goto(`${baseUrl}/payments`);
    await page.getByTestId('payment-row').first().waitFor({ timeout: 15_000 });
    const { items, summary } = await getJson<PaymentPage>(context.request, baseUrl, '/api/payments?pageSize=100');
    const charged = items.filter((p) => ['succeeded', 'refunded', 'disputed'].includes(p.status)).length;
    const failed = items.filter((p) => p.status === 'failed').length;
    expect(items.some((p) => p.status === 'pending')).toBe(true);
    expect(failed).toBeGreaterThan(0);
    const rate = Math.round((charged / (charged + failed)) * 1000) / 10;
    expect(summary).toMatchObject({ chargedCount: charged, failedCount: failed, chargeSuccessRate: rate });
    const card = page
      .getByTestId('payments-summary')
      .locator('.dashboard-stats__card')
      .filter({ hasText: 'Successful' });
    expect((await card.innerText()).replace(/\s+/g, ' ').trim()).toBe(
      `Successful ${charged} ${rate}% success rate (${charged} of ${charged + failed} ${charged + failed === 1 ? 'attempt' : 'attempts'})`,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await shootBoth(page, 'payments');
    await page.close();
  });
});
