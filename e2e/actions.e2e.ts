import type { Booking, BookingList, PaymentPage } from '@spotless/sdk';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  apiRegisterPastTour,
  apiSignIn,
  bookDemoCleanerOnWeekday,
  cancelThroughAction,
  getJson,
  payWithTestCard,
} from './api';
import { signInAsAdmin } from './browser';
import { useBrowser, useServer } from './server';

/**
 * The hosted app follows the server's actions (decision 033): a button is there exactly when the
 * booking or payment offers its action, and what the server decides elsewhere changes the buttons
 * at the next load, with no change to the app.
 */

const server = await useServer();
const { baseUrl } = server;
/** The address of the bookings the customers make through the API. */
const ADDRESS = '12 Elm Street, Austin';
const browser = await useBrowser(server);

/** A new customer's own browser context, signed up and past the welcome tour (which would otherwise open over the dashboard). */
async function newCustomer(
  viewport: { width: number; height: number },
  firstName: string,
  lastName: string,
): Promise<BrowserContext> {
  const customer = await browser.newContext({ viewport });
  const toured = await apiRegisterPastTour(customer.request, baseUrl, {
    email: `${lastName.toLowerCase()}-${Date.now()}@example.com`,
    password: `${lastName.toLowerCase()}-password`,
    firstName,
    lastName,
  });
  expect(toured.ok()).toBe(true);
  return customer;
}

/**
 * Eleven bookings of one time by one customer, each cancelled at once, which frees the time for the
 * next (after `before` has run on it, e.g. a payment): a history longer than a page. The first is
 * booked as a customer would; the rest repeat its request (bookings per hour are limited).
 */
async function elevenCancelledBookings(
  request: APIRequestContext,
  before: (booking: Booking) => Promise<void> = async () => {},
): Promise<number[]> {
  const first = await bookDemoCleanerOnWeekday(server, request, 0, ADDRESS);
  const again = {
    cleanerId: first.cleanerId,
    serviceId: first.serviceId,
    address: first.address,
    scheduledDate: first.scheduledDate,
    scheduledTime: first.scheduledTime,
    duration: first.duration,
    totalPrice: first.totalPrice,
  };
  const made: number[] = [];
  for (let i = 0; i < 11; i++) {
    const booking =
      i === 0
        ? first
        : ((await (
            await request.post(`${baseUrl}/api/bookings`, { data: again, headers: { origin: baseUrl } })
          ).json()) as Booking);
    await before(booking);
    const cancelled = await request.delete(`${baseUrl}/api/bookings/${booking.id}`, { headers: { origin: baseUrl } });
    expect(cancelled.status(), `booking ${i}`).toBe(200);
    made.push(booking.id);
  }
  return made;
}

async function dashboard(page: Page) {
  await page.goto(`${baseUrl}/dashboard`);
  await page.getByRole('tab', { name: 'Active Bookings' }).waitFor();
}

const buttonsOf = async (card: ReturnType<Page['getByTestId']>) =>
  (await card.locator('.btn').allTextContents()).map((text) => text.trim());

describe('buttons follow the server’s actions', () => {
  it('the customer dashboard shows Edit and Cancel on a confirmed booking, neither on a completed one', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await apiSignIn(context.request, baseUrl, 'customer@example.com');
    const { items } = await getJson<BookingList>(context.request, baseUrl, '/api/bookings?limit=200');
    const confirmed = items.find((b) => b.status === 'confirmed');
    // The oldest: its 24 hours to report a problem are long over (the demo's newest job is inside them).
    const completed = items
      .filter((b) => b.status === 'completed')
      .sort((a, b) => Date.parse(a.endsAt) - Date.parse(b.endsAt))[0];
    expect(confirmed?.actions.edit && confirmed.actions.cancel, 'a confirmed demo booking').toBeTruthy();
    expect(completed, 'a completed demo booking').toBeDefined();
    // A completed booking can no longer be edited, cancelled or paid; at most reviewed, once.
    expect(Object.keys(completed?.actions ?? {})).toEqual(completed?.hasReview ? [] : ['review']);

    const page = await context.newPage();
    await dashboard(page);
    const active = page.getByTestId(`booking-card-${confirmed?.id}`);
    await active.waitFor();
    expect(await buttonsOf(active)).toEqual(expect.arrayContaining(['Edit', 'Cancel']));
    await page.getByRole('tab', { name: 'Booking History' }).click();
    const past = page.getByTestId(`booking-card-${completed?.id}`);
    await past.waitFor();
    const pastButtons = await buttonsOf(past);
    expect(pastButtons).not.toContain('Edit');
    expect(pastButtons).not.toContain('Cancel');
    expect(pastButtons).not.toContain('Pay Now');
    await context.close();
  });

  it('after the cleaner accepts one booking and declines another in their own session, a reload changes the buttons', async () => {
    const customer = await newCustomer({ width: 1280, height: 900 }, 'Ada', 'Actions');
    const accepted = await bookDemoCleanerOnWeekday(server, customer.request, 0, ADDRESS);
    const declined = await bookDemoCleanerOnWeekday(server, customer.request, 1, ADDRESS);

    const page = await customer.newPage();
    await dashboard(page);
    const acceptedCard = page.getByTestId(`booking-card-${accepted.id}`);
    const declinedCard = page.getByTestId(`booking-card-${declined.id}`);
    await acceptedCard.waitFor();
    for (const card of [acceptedCard, declinedCard]) {
      expect(await buttonsOf(card)).toEqual(['View Details', 'Pay Now', 'Edit', 'Cancel']);
    }
    expect(await acceptedCard.getByTestId('booking-status').textContent()).toBe('Pending');

    // The demo cleaner, elsewhere, takes the actions their own copy of each booking offers.
    const cleaner = await browser.newContext();
    await apiSignIn(cleaner.request, baseUrl, 'cleaner@example.com');
    for (const [booking, name] of [
      [accepted, 'accept'],
      [declined, 'decline'],
    ] as const) {
      const seen = await getJson<Booking>(cleaner.request, baseUrl, `/api/bookings/${booking.id}`);
      const action = seen.actions[name];
      expect(action, name).toBeDefined();
      const body: Record<string, unknown> = {};
      for (const field of action?.fields ?? []) if (field.value !== undefined) body[field.name] = field.value;
      const res = await cleaner.request.fetch(`${baseUrl}${action?.href}`, {
        method: action?.method,
        data: body,
        headers: { origin: baseUrl },
      });
      expect(res.status(), name).toBe(200);
    }
    await cleaner.close();

    await page.reload();
    await acceptedCard.waitFor();
    expect(await acceptedCard.getByTestId('booking-status').textContent()).toBe('Confirmed');
    // The declined booking has left the active list; in the history it offers nothing.
    expect(await declinedCard.count()).toBe(0);
    await page.getByRole('tab', { name: 'Booking History' }).click();
    await declinedCard.waitFor();
    expect(await declinedCard.getByTestId('booking-status').textContent()).toBe('Cancelled');
    expect(await buttonsOf(declinedCard)).toEqual(['View Details']);

    // Tidy up: cancel the accepted one through its own action.
    await cancelThroughAction(customer.request, baseUrl, accepted.id);
    await customer.close();
  });

  it('the dashboard pages a long history ten at a time, read from the server page by page', async () => {
    const customer = await newCustomer({ width: 390, height: 844 }, 'Pia', 'Pages');
    const made = await elevenCancelledBookings(customer.request);

    const page = await customer.newPage();
    await dashboard(page);
    await page.getByTestId('no-active-bookings').waitFor();
    await page.getByRole('tab', { name: 'Booking History' }).click();
    const pages = page.getByRole('navigation', { name: 'Booking history pages' });
    await pages.waitFor();
    const cards = page.locator('[data-testid^="booking-card-"]');
    expect(await cards.count()).toBe(10);
    const firstPage = await cards.evaluateAll((all) => all.map((card) => card.getAttribute('data-testid')));
    await pages.getByRole('button', { name: 'Next' }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid^="booking-card-"]').length === 1);
    const secondPage = await cards.evaluateAll((all) => all.map((card) => card.getAttribute('data-testid')));
    expect(await pages.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    // Every booking once, over the two pages; the new page is read from the top of the list.
    expect([...firstPage, ...secondPage].sort()).toEqual(made.map((id) => `booking-card-${id}`).sort());
    const top = await page.getByRole('tabpanel').evaluate((panel) => panel.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(-1);
    expect(top).toBeLessThan(844);
    await customer.close();
  });

  it('the payments page shows ten at a time, read from the server page by page', async () => {
    const customer = await newCustomer({ width: 390, height: 844 }, 'Paz', 'Payments');
    // Each paid before it is cancelled (and refunded by policy): eleven payments.
    const paid = (
      await elevenCancelledBookings(customer.request, (booking) =>
        payWithTestCard(customer.request, baseUrl, booking.id),
      )
    ).map((id) => `#${id}`);

    const page = await customer.newPage();
    await page.goto(`${baseUrl}/payments`);
    const pages = page.getByRole('navigation', { name: 'Payments pages' });
    await pages.waitFor();
    // The cards count every payment, not the page's.
    await page.getByTestId('payments-summary').getByText('11 payments', { exact: true }).waitFor();
    const bookingsShown = () =>
      page
        .getByTestId('payment-row')
        .evaluateAll((rows) => rows.map((row) => row.querySelector('td:nth-child(2)')?.textContent ?? ''));
    const firstPage = await bookingsShown();
    expect(firstPage).toHaveLength(10);
    await pages.getByRole('button', { name: 'Next' }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="payment-row"]').length === 1);
    const secondPage = await bookingsShown();
    expect(await pages.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    // Every payment once, over the two pages; the new page is read from the top of the list.
    expect([...firstPage, ...secondPage].sort()).toEqual([...paid].sort());
    const top = await page.getByTestId('payments-list').evaluate((list) => list.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(-1);
    expect(top).toBeLessThan(844);
    await customer.close();
  });

  it('the payments dashboard shows Refund exactly on the payments that offer it: succeeded, not yet refunded', async () => {
    const admin = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await admin.newPage();
    await signInAsAdmin(page, baseUrl);
    await page.goto(`${baseUrl}/payments`);
    await page.getByTestId('payments-summary').waitFor();
    await page.getByTestId('payment-row').first().waitFor();

    // The first page of every payment, then of the succeeded ones, each as the page reads it: the
    // newest ten may all be of one kind.
    const rows = page.getByTestId('payment-row');
    const seen: PaymentPage['items'] = [];
    let offered = 0;
    let withheld = 0;
    for (const status of ['all', 'succeeded'] as const) {
      if (status !== 'all') await page.getByLabel('Status').selectOption(status);
      const answer = await getJson<PaymentPage>(
        page.request,
        baseUrl,
        `/api/payments?pageSize=10${status === 'all' ? '' : `&status=${status}`}`,
      );
      const first = answer.items[0]!;
      // Each row is headed by its payment's number (on a phone, "Payment #12").
      await rows
        .first()
        .locator('th', { hasText: new RegExp(`(^|\\s)#${first.id}$`) })
        .waitFor();
      expect(await rows.count()).toBe(answer.items.length);
      for (const payment of answer.items) {
        const row = rows.filter({
          has: page.locator('th', { hasText: new RegExp(`(^|\\s)#${payment.id}$`) }),
        });
        const refund = await row.getByRole('button', { name: `Refund payment #${payment.id}` }).count();
        expect(refund, `payment #${payment.id} (${payment.status})`).toBe(payment.actions.refund ? 1 : 0);
        if (payment.actions.refund) {
          offered += 1;
          expect(payment.status).toBe('succeeded');
        } else withheld += 1;
        seen.push(payment);
      }
    }
    // The page shows both kinds, so the check above means something.
    expect(offered).toBeGreaterThan(0);
    expect(withheld).toBeGreaterThan(0);
    expect(seen.some((p) => p.status !== 'succeeded' && !p.actions.refund)).toBe(true);
    await admin.close();
  });
});
