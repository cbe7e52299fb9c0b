import { join } from 'node:path';
import { createClient } from '@libsql/client';
import type { TimeSlotList } from '@spotless/sdk';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiSignIn, DEMO_CLEANER_ID } from './api';
import { screenshotsIn } from './browser';
import { DEMO_KEY, type HostPage, startHostPage } from './host-page';
import { useBrowser, useServer } from './server';

/**
 * A guest booking's e-mailed link, opened from another site while someone else is signed in (decision
 * 049): it must not sign them in as the link's account behind their back. The link lands on the
 * asking page; Cancel keeps the person signed in, Continue switches to the booking's account.
 */

const server = await useServer();
const { baseUrl } = server;
const shotPath = screenshotsIn('guest-link');
const GUEST_EMAIL = 'gwen.guest@example.com';
const browser = await useBrowser(server);
let host: HostPage;

/** A guest booking through the demo partner's key, as its widget makes one; answers the e-mailed link. */
async function guestBookingLink(): Promise<string> {
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
      guestEmail: GUEST_EMAIL,
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
    // The confirmation sits in the outbox table until the delivery job's next minute.
    const db = createClient({ url: `file:${join(server.dataDir, 'spotless.db')}` });
    const mail = await db.execute({
      sql: 'select body from notifications where recipient_email = ? order by id desc limit 1',
      args: [GUEST_EMAIL],
    });
    db.close();
    const link = /https?:\/\/\S+\/api\/guest-link\?token=[A-Za-z0-9_-]+/.exec(String(mail.rows[0]?.body ?? ''))?.[0];
    if (!link) throw new Error('no guest link in the confirmation');
    // The e-mail names the public address; the test server listens on its own port.
    return `${baseUrl}${new URL(link).pathname}${new URL(link).search}`;
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
    for (const width of [1280, 390]) {
      const page = await signedInCustomer(width);
      await page.goto(host.url);
      await page.locator('#open').click();
      await page.waitForURL(`${baseUrl}/guest-link`);
      await page.getByRole('heading', { name: 'Open your booking?' }).waitFor();
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

  it('once used, says so rather than signing anyone in', async () => {
    const page = await signedInCustomer(1280);
    await page.goto(host.url);
    await page.locator('#open').click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByTestId('guest-link-error').waitFor();
    expect(await page.getByTestId('guest-link-error').textContent()).toContain('expired or was already used');
    expect(await whoIsSignedIn(page)).toBe('customer@example.com');
    await page.screenshot({ path: shotPath('used-1280.png'), fullPage: true });
    await page.context().close();
  });
});
