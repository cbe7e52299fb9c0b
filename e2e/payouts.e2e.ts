import type { Booking } from '@spotless/sdk';
import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sampleJpeg } from '../server/src/test/sample-files';
import { apiSignIn, bookDemoCleanerOnWeekday, getJson } from './api';
import { screenshotsIn, seriousViolations, signInAsAdmin } from './browser';
import { runJob as runJobOn } from './jobs';
import { useBrowser, useServer } from './server';

/**
 * Paying a cleaner out in Chromium (decision 080): the demo cleaner connects a payout account on
 * the test-mode onboarding page, a paid job of theirs is completed on the server's test clock, and
 * their Earnings & Payouts tab shows it pending (inside the 24 hours), then available, then paid
 * out once the payout job has run — with the platform fee beside it. An administrator sees the
 * transfer, the books and the partners' commission. A customer reports a problem with a photo
 * (decision 082), which holds the payout until an administrator, who sees the photo, resolves it.
 */

const server = await useServer();
const { baseUrl } = server;
const browser = await useBrowser(server);
const shot = screenshotsIn('payouts');
const HOUR = 3_600_000;

const runJob = (name: string) => runJobOn(server, name);

/**
 * Both widths of a screen, saved as `<name>-1280.png` and `<name>-390.png` with `part` (when given)
 * in view, and no sideways scrolling on a phone.
 */
async function shootBoth(page: Page, name: string, part?: Locator) {
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await part?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot(`${name}-${width}.png`) });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${width}px scrolls sideways`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Performs one of the booking's own actions as `request`'s person. */
async function act(request: APIRequestContext, id: number, name: 'start' | 'complete', status: string) {
  const booking = await getJson<Booking>(request, baseUrl, `/api/bookings/${id}`);
  const action = booking.actions[name];
  expect(action, `${name} offered`).toBeDefined();
  const res = await request.fetch(`${baseUrl}${action?.href}`, {
    method: action?.method,
    headers: { origin: baseUrl },
    data: { status },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function openEarnings(page: Page) {
  await page.goto(`${baseUrl}/cleaner-dashboard?tab=payouts`);
  await page.getByTestId('payouts-tab').waitFor();
}

/** A guest's paid booking through the demo partner's key, as its widget makes and pays one. */
async function partnerGuestBooking(request: APIRequestContext): Promise<void> {
  const widget = { 'x-spotless-key': 'pk_demo_sunrise_realty', origin: 'http://127.0.0.1:4321' };
  const cleaners = await request.get(`${baseUrl}/api/cleaners?location=Austin&pageSize=1`, { headers: widget });
  const cleaner = ((await cleaners.json()) as { items: Array<{ id: number }> }).items[0];
  for (let offset = 3; offset < 40; offset++) {
    const date = new Date(server.now().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const slots = await request.get(`${baseUrl}/api/cleaners/${cleaner?.id}/slots/${date}?duration=120`, {
      headers: widget,
    });
    const free = ((await slots.json()) as { items: Array<{ isAvailable: boolean; startTime: string }> }).items.find(
      (slot) => slot.isAvailable && slot.startTime >= '09:00',
    );
    if (!free) continue;
    const body = {
      cleanerId: cleaner?.id,
      serviceId: 1,
      address: '500 Congress Ave, Austin, TX',
      duration: 120,
      scheduledDate: date,
      scheduledTime: free.startTime,
      guestName: 'Pat Guest',
      guestEmail: 'pat.guest@example.com',
      guestPhone: '512 555 0100',
    };
    const quote = await request.post(`${baseUrl}/api/guest-bookings`, {
      headers: widget,
      data: { ...body, totalPrice: '1.00' },
    });
    const price = ((await quote.json()) as { error: { currentPrice: string } }).error.currentPrice;
    const made = await request.post(`${baseUrl}/api/guest-bookings`, {
      headers: widget,
      data: { ...body, totalPrice: price },
    });
    expect(made.status()).toBe(201);
    const { booking, guestToken } = (await made.json()) as { booking: { id: number }; guestToken: string };
    const guest = { ...widget, authorization: `Bearer ${guestToken}` };
    const intent = await request.post(`${baseUrl}/api/create-payment-intent`, {
      headers: guest,
      data: { bookingId: booking.id },
    });
    const { clientSecret } = (await intent.json()) as { clientSecret: string };
    const paid = await request.post(`${baseUrl}/api/payments/local/confirm`, {
      headers: guest,
      data: { clientSecret, cardNumber: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' },
    });
    expect(paid.status()).toBe(200);
    return;
  }
  throw new Error('no free time for the guest booking');
}

const rowOf = (page: Page, bookingId: number) =>
  page.locator(`[data-testid="earning-row"][data-booking-id="${bookingId}"]`);

describe('a cleaner is paid out', () => {
  it('connects a payout account, and sees a completed job go from pending to available to paid out, with the fee', async () => {
    // The demo customer books the demo cleaner and pays with the test card.
    const customer = await browser.newContext();
    await apiSignIn(customer.request, baseUrl, 'customer@example.com');
    const booking = await bookDemoCleanerOnWeekday(server, customer.request, 4, '410 Congress Ave, Austin, TX 78701');
    const intent = await customer.request.post(`${baseUrl}/api/create-payment-intent`, {
      headers: { origin: baseUrl },
      data: { bookingId: booking.id },
    });
    const { clientSecret } = (await intent.json()) as { clientSecret: string };
    const paid = await customer.request.post(`${baseUrl}/api/payments/local/confirm`, {
      headers: { origin: baseUrl },
      data: { clientSecret, cardNumber: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' },
    });
    expect(paid.status()).toBe(200);

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await apiSignIn(context.request, baseUrl, 'cleaner@example.com');
    const page = await context.newPage();
    await openEarnings(page);
    await expect.poll(() => page.getByTestId('payout-account-status').innerText()).toContain('Not connected');
    await expect.poll(() => rowOf(page, booking.id).getByTestId('earning-state').innerText()).toBe('Upcoming');
    await page.screenshot({ path: shot('1-not-connected-1280.png'), fullPage: true });

    // The test-mode onboarding: Stripe's test bank account, then back to the tab.
    await page.getByRole('button', { name: 'Connect a payout account' }).click();
    await page.getByTestId('test-onboarding').waitFor();
    await page.screenshot({ path: shot('2-test-onboarding-1280.png') });
    expect(await seriousViolations(page)).toEqual([]);
    // A wrong routing number is told under its field only: no raw "Invalid request body" banner above it.
    const routing = page.getByLabel('Routing number');
    await routing.fill('12');
    await page.getByRole('button', { name: 'Save payout account' }).click();
    await expect.poll(() => page.getByTestId('test-onboarding').innerText()).toContain('A routing number is 9 digits');
    expect(await page.getByTestId('test-onboarding').innerText()).not.toContain('Invalid request body');
    // Nine digits but not the test account's: the routing field is the one flagged.
    await routing.fill('123456789');
    await page.getByRole('button', { name: 'Save payout account' }).click();
    await expect.poll(() => routing.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Account number').getAttribute('aria-invalid')).not.toBe('true');
    await routing.fill('110000000');
    await page.getByRole('button', { name: 'Save payout account' }).click();
    await page.waitForURL(/\/cleaner-dashboard\?tab=payouts$/);
    await expect.poll(() => page.getByTestId('payout-account-status').innerText()).toContain('Ready');

    // The job is done: started and completed on the server's clock, two hours later.
    const startsAt = new Date(booking.startsAt);
    server.setTime(new Date(startsAt.getTime() + 60_000));
    // Days later on the server's clock: the session from before may have lapsed, so sign in again.
    await apiSignIn(context.request, baseUrl, 'cleaner@example.com');
    await act(context.request, booking.id, 'start', 'in_progress');
    server.setTime(new Date(startsAt.getTime() + 2 * HOUR + 60_000));
    await act(context.request, booking.id, 'complete', 'completed');

    await openEarnings(page);
    const row = rowOf(page, booking.id);
    await expect.poll(() => row.getByTestId('earning-state').innerText()).toBe('Pending');
    // 15% of what the customer paid, shown beside the job.
    const total = Number(booking.totalPrice);
    expect(await row.getByTestId('earning-fee').innerText()).toBe(`$${(Math.round(total * 15) / 100).toFixed(2)}`);
    await page.screenshot({ path: shot('3-pending-1280.png'), fullPage: true });

    // A day later the damage window is over: available, with the next payout's date.
    server.setTime(new Date(startsAt.getTime() + 27 * HOUR));
    await openEarnings(page);
    await expect.poll(() => row.getByTestId('earning-state').innerText()).toBe('Available');
    expect(await page.getByTestId('next-payout').innerText()).toContain('Next payout');
    // On the cleaner's own clock, the zone named (the demo cleaner works in Austin).
    expect(await page.getByTestId('next-payout').innerText()).toMatch(/C[SD]T/);
    await page.screenshot({ path: shot('4-available-1280.png'), fullPage: true });

    await runJob('pay-out');
    await openEarnings(page);
    await expect.poll(() => row.getByTestId('earning-state').innerText()).toBe('Paid out');
    // The payout history: the transfer, sent but not yet said to be in the bank.
    const sentRow = page.locator(`[data-testid="payout-row"][data-booking-id="${booking.id}"]`);
    await expect.poll(() => sentRow.getByTestId('payout-status').innerText()).toBe('Sent');
    expect(await sentRow.getByTestId('payout-arrival').innerText()).toContain(
      'Usually arrives within 2 business days (by',
    );
    await page.screenshot({ path: shot('5-paid-out-1280.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await apiSignIn(phone.request, baseUrl, 'cleaner@example.com');
    const small = await phone.newPage();
    await openEarnings(small);
    await rowOf(small, booking.id).waitFor();
    await small.screenshot({ path: shot('6-paid-out-390.png'), fullPage: true });
    const overflow = await small.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // A visitor on the demo partner's site books another cleaner as a guest and pays: commission.
    await partnerGuestBooking(customer.request);

    // An administrator sees the transfer, the books and the partners' commission.
    const admin = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInAsAdmin(admin, baseUrl);
    await admin.goto(`${baseUrl}/admin-payouts`);
    await admin.getByTestId('admin-payouts').waitFor();
    const transfer = admin.locator(`[data-testid="payout-row"][data-booking-id="${booking.id}"]`);
    await expect.poll(() => transfer.innerText()).toContain('Paid');
    expect(await transfer.innerText()).toContain('Jordan Rivera');
    await expect.poll(() => admin.getByTestId('reconciliation').innerText()).toContain('Balanced');
    await expect.poll(() => admin.getByTestId('commission-row').count()).toBeGreaterThan(0);
    await admin.screenshot({ path: shot('7-admin-payouts-1280.png'), fullPage: true });
    server.resetTime();
  });

  it('lets the customer report a problem within 24 hours, which holds the payout until an administrator resolves it', async () => {
    const customer = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await apiSignIn(customer.request, baseUrl, 'customer@example.com');
    const booking = await bookDemoCleanerOnWeekday(server, customer.request, 6, '410 Congress Ave, Austin, TX 78701');
    const intent = await customer.request.post(`${baseUrl}/api/create-payment-intent`, {
      headers: { origin: baseUrl },
      data: { bookingId: booking.id },
    });
    const { clientSecret } = (await intent.json()) as { clientSecret: string };
    await customer.request.post(`${baseUrl}/api/payments/local/confirm`, {
      headers: { origin: baseUrl },
      data: { clientSecret, cardNumber: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' },
    });
    const cleaner = await browser.newContext();
    const startsAt = new Date(booking.startsAt);
    server.setTime(new Date(startsAt.getTime() + 60_000));
    await apiSignIn(cleaner.request, baseUrl, 'cleaner@example.com');
    await act(cleaner.request, booking.id, 'start', 'in_progress');
    server.setTime(new Date(startsAt.getTime() + 3 * HOUR));
    await act(cleaner.request, booking.id, 'complete', 'completed');

    await apiSignIn(customer.request, baseUrl, 'customer@example.com');
    const page = await customer.newPage();
    await page.goto(`${baseUrl}/dashboard`);
    await page.getByRole('tab', { name: 'Booking History' }).click();
    await page.getByRole('button', { name: 'Report a problem' }).first().click();
    const dialog = page.getByTestId('report-damage');
    // Sent too short, then fixed: the message goes as the text is fixed.
    await dialog.getByRole('button', { name: 'Send report' }).click();
    const tooShort = dialog.getByText('Describe what happened in at least 10 characters');
    await expect.poll(() => tooShort.isVisible()).toBe(true);
    await dialog.getByLabel('What happened?').fill('The glass shower door has a new crack along the bottom.');
    expect(await tooShort.count()).toBe(0);
    // A page named like a photo is refused before it is sent, with a message under the picker.
    const picker = dialog.getByLabel('Photos (optional)');
    await picker.setInputFiles({ name: 'door.png', mimeType: 'image/png', buffer: Buffer.from('<!doctype html>') });
    await expect.poll(() => dialog.getByText('Invalid File Type: door.png').isVisible()).toBe(true);
    expect(await dialog.getByTestId('photo-draft').count()).toBe(0);
    // A phone photo (EXIF with a GPS position, which the server strips): seen before it is sent.
    await picker.setInputFiles({
      name: 'shower-door.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from(sampleJpeg(640, 480, { orientation: 1 })),
    });
    const preview = dialog.getByTestId('photo-preview');
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth > 0)).toBe(true);
    expect(await preview.getAttribute('alt')).toBe('Preview of shower-door.jpg');
    expect(await dialog.getByText('Invalid File Type').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shootBoth(page, '8-report-problem');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect.poll(() => page.getByTestId('toast').first().innerText()).toContain('Problem reported');
    expect(await page.getByTestId('toast').first().innerText()).toContain('1 photo');

    // A day later it would be due, but the report holds it.
    server.setTime(new Date(startsAt.getTime() + 30 * HOUR));
    await runJob('pay-out');
    const admin = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInAsAdmin(admin, baseUrl);
    await admin.goto(`${baseUrl}/admin-payouts`);
    const form = admin.getByRole('form', { name: `Damage report on booking ${booking.id}` });
    await form.waitFor();
    expect(await admin.locator(`[data-testid="payout-row"][data-booking-id="${booking.id}"]`).count()).toBe(0);
    // What the decision rests on: the customer, the cleaner, what was paid and the share the report holds.
    const facts = await form.getByTestId('damage-case').innerText();
    expect(facts).toContain('Jordan Rivera');
    expect(facts).toContain(`$${Number(booking.totalPrice).toFixed(2)}`);
    expect(facts).toContain('Cleaner’s share on hold');
    // The customer's photo, as a thumbnail that loads with the administrator's session and opens full size.
    const thumbnail = form.getByTestId('damage-photo');
    await thumbnail.scrollIntoViewIfNeeded();
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);
    await form.getByRole('button', { name: 'Open photo 1 of 1 full size' }).click();
    const full = admin.getByRole('dialog', { name: 'Photo 1 of 1' });
    await expect
      .poll(() => full.getByTestId('damage-photo-full').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(640);
    expect(await seriousViolations(admin)).toEqual([]);
    await shootBoth(admin, '10-report-photo');
    await admin.keyboard.press('Escape');
    await full.waitFor({ state: 'detached' });
    await form.getByLabel('Decision').selectOption('partial_refund');
    await form.getByLabel('Refund amount ($)').fill('20.00');
    await form.getByLabel('Reason (both parties read it)').fill('The crack was new; the rest was well done');
    await shootBoth(admin, '9-resolve-report', form);
    await form.getByRole('button', { name: 'Resolve' }).click();
    await expect.poll(() => admin.getByTestId('toast').first().innerText()).toContain('Report resolved');
    await runJob('pay-out');
    await admin.reload();
    const transfer = admin.locator(`[data-testid="payout-row"][data-booking-id="${booking.id}"]`);
    await expect.poll(() => transfer.innerText()).toContain('Paid');

    // The customer's Booking Details now say what was decided, addressed to them, and why.
    await page.goto(`${baseUrl}/dashboard`);
    await page.getByRole('tab', { name: 'Booking History' }).click();
    // The tab is in the address: a reload comes back to it.
    await page.waitForURL(/\/dashboard\?tab=history$/);
    await page.reload();
    await expect
      .poll(() => page.getByRole('tab', { name: 'Booking History' }).getAttribute('aria-selected'))
      .toBe('true');
    const card = page.getByTestId(`booking-card-${booking.id}`);
    await card.getByRole('button', { name: 'View Details' }).click();
    const note = page.getByRole('dialog', { name: 'Booking Details' }).getByTestId('damage-report-note');
    await expect.poll(() => note.innerText()).toContain('we refunded you $20.00');
    expect(await note.innerText()).toContain('Why: The crack was new; the rest was well done');
    await shootBoth(page, '11-customer-decision');
    // The cleaner's card for the job says the same decision, in words addressed to them.
    await apiSignIn(cleaner.request, baseUrl, 'cleaner@example.com');
    const jobs = await cleaner.newPage();
    await jobs.setViewportSize({ width: 1280, height: 900 });
    await jobs.goto(`${baseUrl}/cleaner-dashboard?tab=bookings`);
    const jobNote = jobs.getByTestId(`job-card-${booking.id}`).getByTestId('damage-report-note');
    await expect.poll(() => jobNote.innerText()).toContain('the customer was refunded $20.00');
    await jobNote.scrollIntoViewIfNeeded();
    await shootBoth(jobs, '12-cleaner-decision', jobNote);
    server.resetTime();
  });
});
