import type { TimeSlotList } from '@spotless/sdk';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiSignIn, DEMO_CLEANER_ID } from './api';
import { screenshotsIn } from './browser';
import { DEMO_KEY, type HostPage, startHostPage } from './host-page';
import { inNewestMail } from './mail';
import { useBrowser, useServer } from './server';

/**
 * A guest booking's e-mailed link, opened from another site while someone else is signed in (decision
 * 049): it must not sign them in as the link's account behind their back. The link lands on the
 * asking page, which names the booking and the masked address it opens; Cancel keeps the person
 * signed in, Continue switches to the booking's account. A link that no longer works goes straight
 * to the expired-link page, whose "Send me a new link" e-mails one that works; a link for the
 * account already signed in goes straight to the bookings.
 */

const server = await useServer();
const { baseUrl } = server;
const shotPath = screenshotsIn('guest-link');
const GUEST_EMAIL = 'gwen.guest@example.com';
const browser = await useBrowser(server);
let host: HostPage;

/**
 * The newest e-mail of `type` to `email` in the outbox table (delivered each minute), and the guest
 * link in it: on the address the request came to (127.0.0.1 here, a loopback alias of PUBLIC_URL's
 * localhost), so it opens where the browser's session is (decision 072).
 */
async function newestLinkTo(email: string, type: string): Promise<string> {
  const read = () => inNewestMail(server.dataDir, email, type, /https?:\/\/\S+\/api\/guest-link\?token=[A-Za-z0-9_-]+/);
  // The answer to "Send me a new link" is the same whether or not the address booked, so the test
  // waits for the mail; the delivery job may have sent it already (then it is read from its file).
  let link = await read();
  for (let tries = 0; !link && tries < 50; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    link = await read();
  }
  if (!link) throw new Error(`no guest link in the newest ${type} e-mail to ${email}`);
  expect(link.startsWith(`${baseUrl}/api/guest-link?token=`), link).toBe(true);
  return link;
}

/**
 * A guest booking through the demo partner's key, made and paid as its widget does; answers the
 * link its confirmation e-mails (an unpaid booking e-mails nothing).
 */
async function guestBookingLink(guestEmail = GUEST_EMAIL): Promise<string> {
  const headers = { 'content-type': 'application/json', 'x-spotless-key': DEMO_KEY, origin: 'http://localhost:4000' };
  for (let offset = 3; offset < 30; offset++) {
    const date = new Date(server.now().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const slots = (await (
      await fetch(`${baseUrl}/api/cleaners/${DEMO_CLEANER_ID}/slots/${date}?duration=120`)
    ).json()) as TimeSlotList;
    const free = slots.items.find((s) => s.isAvailable);
    if (!free) continue;
    const body = {
      cleanerId: DEMO_CLEANER_ID,
      serviceId: 1,
      address: '12 Oak Street, Austin, TX',
      scheduledDate: date,
      scheduledTime: free.startTime,
      duration: 120,
      guestName: 'Gwen Guest',
      guestEmail,
      guestPhone: '+1 512 555 0199',
    };
    const quote = await fetch(`${baseUrl}/api/guest-bookings`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...body, totalPrice: '1.00' }),
    });
    const { error } = (await quote.json()) as { error: { currentPrice: string } };
    const made = await fetch(`${baseUrl}/api/guest-bookings`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...body, totalPrice: error.currentPrice }),
    });
    expect(made.status).toBe(201);
    const { booking, guestToken } = (await made.json()) as { booking: { id: number }; guestToken: string };
    const guest = { ...headers, authorization: `Bearer ${guestToken}` };
    const intent = await fetch(`${baseUrl}/api/create-payment-intent`, {
      method: 'POST',
      headers: guest,
      body: JSON.stringify({ bookingId: booking.id }),
    });
    const { clientSecret } = (await intent.json()) as { clientSecret: string };
    const paid = await fetch(`${baseUrl}/api/payments/local/confirm`, {
      method: 'POST',
      headers: guest,
      body: JSON.stringify({ clientSecret, cardNumber: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' }),
    });
    expect(paid.status).toBe(200);
    // The confirmation sits in the outbox table until the delivery job's next minute.
    return newestLinkTo(guestEmail, 'booking_confirmed');
  }
  throw new Error('the demo cleaner has no free time in the next month');
}

async function signedInCustomer(width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await apiSignIn(page.request, baseUrl, 'customer@example.com');
  return page;
}

const whoIsSignedIn = async (page: Page) =>
  ((await (await page.request.get(`${baseUrl}/api/auth/session`)).json()) as { user: { email: string } | null }).user
    ?.email ?? null;

afterAll(async () => {
  await host?.close();
});

describe('a guest link another site opens', () => {
  it('asks the signed-in customer first: Cancel keeps them, Continue opens the booking in its own account', async () => {
    const link = await guestBookingLink();
    host = await startHostPage(baseUrl, {
      '/': { body: `<p><a id="open" href="${link}">Your booking at 12 Oak Street</a></p>`, hostile: false },
    });
    // Cancel first (the link stays unused), then Continue (which uses it).
    for (const width of [390, 1280]) {
      const page = await signedInCustomer(width);
      await page.goto(host.url);
      await page.locator('#open').click();
      await page.waitForURL(`${baseUrl}/guest-link`);
      await page.getByRole('heading', { name: 'Open your booking?' }).waitFor();
      // It names what it opens, read without using the link: the cleaner, the day and time, the masked address.
      const booking = page.getByTestId('guest-link-booking');
      await booking.waitFor();
      expect(await booking.textContent()).toMatch(
        /^Booking with \S+ \S+ on \w+day, \w+ \d{1,2}, 2027 at \d{1,2}:\d{2} [AP]M( \w+)?, made with g•••@example\.com\.$/,
      );
      // The token left the address bar, and nothing was used or switched.
      expect(new URL(page.url()).hash).toBe('');
      expect(await page.getByTestId('guest-link-signed-in').textContent()).toContain('customer@example.com');
      expect(await whoIsSignedIn(page)).toBe('customer@example.com');
      await page.screenshot({ path: shotPath(`asking-${width}.png`), fullPage: true });
      if (width === 390) {
        await page.getByRole('button', { name: 'Cancel' }).click();
        await page.waitForURL(`${baseUrl}/`);
        expect(await whoIsSignedIn(page)).toBe('customer@example.com');
      } else {
        await page.getByRole('button', { name: 'Continue' }).click();
        await page.waitForURL(`${baseUrl}/dashboard`);
        expect(await whoIsSignedIn(page)).toBe(GUEST_EMAIL);
      }
      await page.context().close();
    }
  });

  it('once used, goes straight to the expired-link page without asking, and signs nobody in', async () => {
    const page = await signedInCustomer(1280);
    await page.goto(host.url);
    await page.locator('#open').click();
    await page.waitForURL(`${baseUrl}/login?link=expired`);
    await page.getByTestId('link-expired').waitFor();
    expect(await page.getByRole('button', { name: 'Continue' }).count()).toBe(0);
    expect(await page.getByTestId('link-expired').textContent()).toContain('expired or was already used');
    await page.getByRole('button', { name: 'Send me a new link' }).waitFor();
    expect(await whoIsSignedIn(page)).toBe('customer@example.com');
    await page.screenshot({ path: shotPath('used-signed-in-1280.png'), fullPage: true });
    await page.context().close();
  });
});

describe('a guest link that no longer works, or opens the account signed in', () => {
  it('an invalid, missing or malformed link lands on the expired-link page, headed for the booking', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    for (const path of [
      '/guest-link#token=never-issued-but-well-shaped-0123456789',
      '/api/guest-link',
      '/api/guest-link?token=%3Cnot-a-token%3E',
    ]) {
      await page.goto(`${baseUrl}${path}`);
      await page.waitForURL(`${baseUrl}/login?link=expired`);
      await page.getByRole('heading', { name: 'Open your booking', exact: true }).waitFor();
      expect(await page.getByText('Welcome back').count(), path).toBe(0);
      // Raw JSON never reaches the browser.
      expect(await page.locator('body').textContent()).not.toContain('validation_failed');
    }
    await context.close();
  });

  it('a used link, opened again by its guest signed in, goes straight to the bookings; a new one for them opens at once', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const email = 'gil.guest@example.com';
    const first = await guestBookingLink(email);
    // Typed (or from a mail app) with nobody signed in: it signs in at once.
    await page.goto(first);
    await page.waitForURL(`${baseUrl}/dashboard`);
    expect(await whoIsSignedIn(page)).toBe(email);
    // Again, now signed in as its own account: no question and no expired message.
    await page.goto(first);
    await page.waitForURL(`${baseUrl}/dashboard`);
    expect(await whoIsSignedIn(page)).toBe(email);
    // A second booking's link for the same address, the guest signed in: opens without asking.
    const second = await guestBookingLink(email);
    await page.goto(second);
    await page.waitForURL(`${baseUrl}/dashboard`);
    expect(await whoIsSignedIn(page)).toBe(email);
    const mine = (await (await page.request.get(`${baseUrl}/api/bookings`)).json()) as { total: number };
    expect(mine.total).toBe(2);
    await context.close();
  });

  it('“Send me a new link” on the expired-link page e-mails a link that works', async () => {
    const email = 'rosa.resend@example.com';
    await guestBookingLink(email);
    for (const width of [1280, 390]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${baseUrl}/guest-link#token=never-issued-but-well-shaped-0123456789`);
      await page.waitForURL(`${baseUrl}/login?link=expired`);
      await page.getByRole('heading', { name: 'Open your booking', exact: true }).waitFor();
      await page.screenshot({ path: shotPath(`expired-${width}.png`), fullPage: true });
      if (width === 390) {
        // Scrolled to the sign-in button, as a phone shows it under the fixed bottom bar: not covered.
        const submit = page.locator('form[aria-label="Sign In"] button[type="submit"]');
        await submit.evaluate((el) => el.scrollIntoView({ block: 'center' }));
        const covered = await submit.evaluate((el) => {
          const box = el.getBoundingClientRect();
          return !el.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
        });
        expect(covered).toBe(false);
        await page.screenshot({ path: shotPath('expired-390-sign-in.png') });
      }
      await page.getByLabel('Email you booked with').fill(email);
      await page.getByRole('button', { name: 'Send me a new link' }).click();
      const sent = page.getByTestId('guest-link-resent');
      await sent.waitFor();
      expect(await sent.textContent()).toContain('If you booked with that address, we’ve sent a new link.');
      await page.screenshot({ path: shotPath(`resent-${width}.png`), fullPage: true });
      if (width === 390) {
        // The newest link, opened from the mail app with nobody signed in: the booking, signed in.
        await page.goto(await newestLinkTo(email, 'guest_link'));
        await page.waitForURL(`${baseUrl}/dashboard`);
        expect(await whoIsSignedIn(page)).toBe(email);
      }
      await context.close();
    }
  });
});
