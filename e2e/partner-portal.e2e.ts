import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { apiAdminSignIn, apiRegisterPastTour } from './api';
import { pickFirstDayWithFreeTimes, screenshotsIn, seriousViolations } from './browser';
import { startHostPage } from './host-page';
import { runJob } from './jobs';
import { inNewestMail } from './mail';
import { useBrowser, useServer } from './server';

/**
 * A partner's own portal in Chromium (decision 081): an administrator makes a partner and invites
 * its first person; the invitation names the partner, she accepts, adds her site's origin (saved
 * cleaned), copies a snippet from the builder (its live preview showing the widget), embeds it on a
 * page of her own, where a visitor books and pays as a guest; back in the portal she sees the
 * booking, its commission, and her webhook endpoint's signed delivery of it; she rotates the key
 * after a confirmation that says when the old one stops, removes the endpoint and revokes an
 * invitation. Each tab at 1280 and 390 px.
 */

const server = await useServer();
const { baseUrl } = server;
const browser = await useBrowser(server);
const shot = screenshotsIn('partner-portal');

/** The partner's own systems: an endpoint that keeps what it is sent. */
const received: Array<{ body: string; signature: string | undefined }> = [];
const receiver = createServer((req: IncomingMessage, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    received.push({ body, signature: req.headers['spotless-signature'] as string | undefined });
    res.writeHead(200).end('ok');
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/spotless`;

describe('a partner’s portal', () => {
  it('takes its person from the invitation to a booking on her own page, seen with its commission and webhook', async () => {
    // The administrator: a partner with no origin yet, and its first person invited.
    const adminContext = await browser.newContext();
    await apiAdminSignIn(adminContext.request, baseUrl);
    const made = await adminContext.request.post(`${baseUrl}/api/admin/partners`, {
      headers: { origin: baseUrl },
      data: { name: 'Lakeside Homes', allowedOrigins: [], commissionRateBps: 1200 },
    });
    expect(made.status()).toBe(201);
    const partner = (await made.json()) as { id: number; publishableKey: string };
    const email = `pat-${Date.now()}@lakeside.example`;
    const invited = await adminContext.request.post(`${baseUrl}/api/partner-portal/${partner.id}/invites`, {
      headers: { origin: baseUrl },
      data: { email },
    });
    expect(invited.status()).toBe(201);
    const link = await inNewestMail(server.dataDir, email, 'partner_invite', /\/partner-portal\?token=[a-z0-9]+/);
    expect(link).toBeDefined();

    // Signed out, the link names the partner and offers to create an account or sign in.
    const signedOut = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const outside = await signedOut.newPage();
    await outside.goto(`${baseUrl}${link}`);
    await expect
      .poll(() => outside.getByTestId('partner-invite-title').innerText())
      .toBe('You’re invited to join Lakeside Homes’ portal');
    expect(await outside.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toContain(
      'mode=register',
    );
    await outside.getByRole('link', { name: 'Sign in' }).waitFor();
    await outside.screenshot({ path: shot('0-invitation-signed-out-390.png') });
    await signedOut.close();

    // Pat accepts with an account of her own.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await apiRegisterPastTour(context.request, baseUrl, {
      email,
      password: 'pat-password-1',
      firstName: 'Pat',
      lastName: 'Lake',
    });
    const page = await context.newPage();
    await page.goto(`${baseUrl}${link}`);
    await expect
      .poll(() => page.getByTestId('partner-invite-title').innerText())
      .toBe('You’re invited to join Lakeside Homes’ portal');
    await page.screenshot({ path: shot('0-invitation-1280.png') });
    await page.getByRole('button', { name: 'Accept invitation' }).click();
    await page.waitForURL(new RegExp(`/partner-portal/${partner.id}$`));
    await page.getByTestId('partner-portal').waitFor();

    // Her page, on an origin of its own; she allows it in the portal.
    const pages: Record<string, { body: string; key?: string }> = {};
    const host = await startHostPage(baseUrl, pages);
    afterAll(() => host.close());
    const tab = (name: string) => page.getByRole('tab', { name }).click();
    await tab('Key & origins');
    const origins = page.getByRole('textbox', { name: /Allowed origins/ });
    await origins.fill(` ${host.url.toUpperCase()}/ `);
    await page.getByRole('button', { name: 'Save origins' }).click();
    await expect.poll(() => page.getByTestId('toast').first().innerText()).toContain('Origins saved');
    // Saved as the key compares it, and shown so.
    expect(await origins.inputValue()).toBe(host.url);
    await tab('Overview');

    // Where its commission is paid: the test-mode payout account, and back to the portal.
    await page.getByTestId('portal-payout-account').getByRole('button', { name: 'Connect a payout account' }).click();
    await page.getByTestId('test-onboarding').waitFor();
    await page.getByRole('button', { name: 'Save payout account' }).click();
    await page.waitForURL(new RegExp(`/partner-portal/${partner.id}$`));
    await expect.poll(() => page.getByTestId('portal-payout-account').innerText()).toContain('Ready');

    // The snippet builder: the search widget for Austin, its preview live beside the code.
    await tab('Widgets');
    const builder = page.getByTestId('snippet-builder');
    await builder.getByLabel('Widget').selectOption('booking');
    // Nothing typed yet: no field is flagged, and Copy waits, saying why.
    await builder.getByLabel('Cleaner number').waitFor();
    expect(await builder.locator('.field__error').count()).toBe(0);
    expect(await builder.getByRole('button', { name: 'Copy snippet' }).isDisabled()).toBe(true);
    expect(await builder.getByTestId('snippet-copy-blocked').innerText()).toContain('needs the number of the cleaner');
    await builder.getByLabel('Cleaner number').fill('twelve');
    await expect.poll(() => builder.innerText()).toContain('digits only');
    expect(await builder.getByLabel('City').count()).toBe(0);
    await builder.getByLabel('Widget').selectOption('search');
    await builder.getByLabel('City').fill('Austin');
    await builder.getByLabel('Primary colour', { exact: true }).fill('blue');
    await expect.poll(() => builder.innerText()).toContain('Enter a colour as #');
    expect(await page.getByTestId('snippet-code').inputValue()).not.toContain('data-appearance');
    await builder.getByLabel('Primary colour', { exact: true }).fill('#1d4ed8');
    const snippet = await page.getByTestId('snippet-code').inputValue();
    expect(snippet).toContain(`data-key="${partner.publishableKey}"`);
    expect(snippet).toContain(`data-spotless="search" data-city="Austin" data-appearance='{"colorPrimary":"#1d4ed8"}'`);
    const preview = page.frameLocator('[data-testid="snippet-preview"]');
    await expect.poll(() => preview.getByRole('listitem').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    // The frame is as tall as the widget it shows: no scroll bar inside it.
    await expect
      .poll(() =>
        page
          .getByTestId('snippet-preview')
          .evaluate((f: HTMLIFrameElement) => (f.contentDocument?.documentElement.scrollHeight ?? 0) - f.clientHeight),
      )
      .toBeLessThanOrEqual(0);
    await page.screenshot({ path: shot('1-widgets-1280.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    // Her systems are told of her bookings.
    await tab('Webhooks');
    await page.getByLabel('Endpoint URL').fill(hookUrl);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByTestId('portal-hook').waitFor();

    // The snippet on her page: the tag's element (the host page adds the loader tag with her key).
    pages['/'] = { body: snippet.split('\n')[1] ?? '', key: partner.publishableKey };
    const visitor = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await visitor.goto(`${host.url}/`);
    const widget = visitor.locator('[data-spotless="search"]');
    await expect.poll(() => widget.getByRole('listitem').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await widget
      .getByRole('button', { name: /^Book / })
      .first()
      .click();
    const dialog = visitor.getByRole('dialog', { name: 'Book a cleaner' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await pickFirstDayWithFreeTimes(visitor, dialog, server.now(), 1);
    await dialog.locator('[part="slot"]').first().click();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByLabel('Address').fill('12 Lake Road, Austin, TX');
    await dialog.getByLabel('Your name').fill('Vera Visitor');
    await dialog.getByLabel('Email').fill(`vera-${Date.now()}@example.com`);
    await dialog.getByLabel('Phone').fill('512 555 0177');
    await dialog.getByRole('button', { name: /^Book for / }).click();
    await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
    await dialog.getByLabel('Expiry (MM/YY)').fill('12/34');
    await dialog.getByLabel('CVC').fill('123');
    await dialog.getByRole('button', { name: /^Pay / }).click();
    await expect.poll(() => dialog.textContent(), { timeout: 15_000 }).toContain('Booked and paid');

    // The delivery job sends her endpoint the booking, signed.
    await runJob(server, 'deliver-partner-webhooks');
    expect(received.map((r) => (JSON.parse(r.body) as { type: string }).type)).toEqual(
      expect.arrayContaining(['booking.created', 'payment.succeeded']),
    );
    expect(received.every((r) => /^t=\d+,v1=[0-9a-f]{64}$/.test(r.signature ?? ''))).toBe(true);
    expect(received.map((r) => r.body).join()).not.toContain('Vera Visitor');

    // Back in her portal: the booking, its commission, the statement and the delivery.
    await page.reload();
    await expect.poll(() => page.getByTestId('portal-delivery').count()).toBeGreaterThanOrEqual(2);
    const deliveries = await page.getByTestId('portal-deliveries').innerText();
    expect(deliveries).toContain('Delivered');
    expect(deliveries).toContain(hookUrl);
    // Each time with the viewer's zone named.
    expect(deliveries).toMatch(/\d{1,2}:\d{2} [AP]M [A-Z]{2,4}/);
    await page.screenshot({ path: shot('2-webhooks-1280.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    await tab('Overview');
    const booking = page.getByTestId('portal-booking').first();
    await booking.waitFor();
    expect(await booking.innerText()).toMatch(/Austin/);
    expect(await booking.innerText()).toContain('Confirmed · Paid');
    expect(await page.getByTestId('portal-bookings').innerText()).not.toContain('Vera');
    await page.screenshot({ path: shot('3-overview-1280.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    await tab('Statements');
    await expect.poll(() => page.getByTestId('portal-statement').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('portal-statement').first().innerText()).toMatch(/\$\d+\.\d{2}/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).first().click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Lakeside-Homes-commission-\d{4}-\d{2}\.csv$/);
    const csv = await readFile((await download.path()) as string, 'utf8');
    expect(csv).toContain('Commission');
    expect(csv).not.toContain('partner_commission');
    // Each booking's line says its service and amount; the header says which date files it.
    expect(csv).toContain('Booking amount (USD)');
    expect(csv).toMatch(/Cleaning"?,"?\d+\.\d{2}"?,"?Commission/);
    expect(csv).toContain('a commission on the day paid');
    expect(await page.getByTestId('statement-filing').innerText()).toContain('the month the booking was paid');
    await page.screenshot({ path: shot('4-statements-1280.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    // A new key: the grace is required, and she is told when the old key stops before it rotates.
    await tab('Key & origins');
    const grace = page.getByLabel(/Keep the old key working for/);
    expect(await grace.inputValue()).toBe('24');
    await grace.fill('');
    await page.getByRole('button', { name: 'Rotate key' }).click();
    await expect.poll(() => page.getByTestId('portal-key-section').innerText()).toContain('Enter how many hours');
    expect(await page.getByTestId('rotate-key-dialog').count()).toBe(0);
    await grace.fill('2');
    await page.getByRole('button', { name: 'Rotate key' }).click();
    const rotateDialog = page.getByTestId('rotate-key-dialog');
    await rotateDialog.waitFor();
    expect(await page.getByTestId('rotate-key-terms').innerText()).toMatch(
      new RegExp(
        `${partner.publishableKey} stops working at .*\\d{1,2}:\\d{2} [AP]M [A-Z]{2,4} \\(2 hours from now\\)`,
      ),
    );
    await page.screenshot({ path: shot('5-rotate-confirm-1280.png') });
    await rotateDialog.getByRole('button', { name: 'Rotate key', exact: true }).click();
    await expect.poll(() => page.getByTestId('toast').first().innerText()).toContain('New key made');
    await expect.poll(() => page.getByTestId('portal-key').innerText()).not.toBe(partner.publishableKey);
    expect(await page.getByTestId('portal-previous-key').innerText()).toContain(partner.publishableKey);
    await page.screenshot({ path: shot('5-key-1280.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    // A colleague invited (revoked below).
    await tab('People');
    const colleague = `kim-${Date.now()}@lakeside.example`;
    await page.getByLabel('Colleague’s e-mail').fill(colleague);
    await page.getByRole('button', { name: 'Invite a colleague' }).click();
    await expect.poll(() => page.getByTestId('portal-invite').innerText()).toContain(colleague);
    const kimLink = await inNewestMail(
      server.dataDir,
      colleague,
      'partner_invite',
      /\/partner-portal\?token=[a-z0-9]+/,
    );
    await page.screenshot({ path: shot('6-people-1280.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    const small = await (
      await browser.newContext({ viewport: { width: 390, height: 844 }, storageState: await context.storageState() })
    ).newPage();
    await small.goto(`${baseUrl}/partner-portal/${partner.id}`);
    await small.getByTestId('partner-portal').waitFor();
    await small.getByTestId('portal-booking').first().waitFor();
    await small.screenshot({ path: shot('7-overview-390.png'), fullPage: true });
    // Each tab on a phone: the selected one in view in the strip, whatever the address opened, and
    // nothing wider than the screen.
    for (const [id, name] of [
      ['statements', 'Statements'],
      ['key', 'Key & origins'],
      ['widgets', 'Widgets'],
      ['webhooks', 'Webhooks'],
      ['people', 'People'],
    ]) {
      await small.goto(`${baseUrl}/partner-portal/${partner.id}?tab=${id}`);
      const selected = small.getByRole('tab', { name, selected: true });
      await selected.waitFor();
      await expect
        .poll(() =>
          selected.evaluate((el) => {
            const box = el.getBoundingClientRect();
            const strip = (el.parentElement as HTMLElement).getBoundingClientRect();
            return box.left >= strip.left - 1 && box.right <= strip.right + 1;
          }),
        )
        .toBe(true);
      if (id === 'widgets') await small.getByTestId('snippet-preview').waitFor();
      await small.screenshot({ path: shot(`8-${id}-390.png`), fullPage: true });
      const overflow = await small.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, id).toBeLessThanOrEqual(0);
    }

    // The endpoint removed, after a confirmation.
    await tab('Webhooks');
    await page.getByTestId('portal-hook').getByRole('button', { name: 'Disable' }).click();
    await expect.poll(() => page.getByTestId('portal-hook').innerText()).toContain('Disabled');
    await page.getByTestId('portal-hook').getByRole('button', { name: 'Remove' }).click();
    const removeDialog = page.getByTestId('remove-endpoint-dialog');
    await removeDialog.getByRole('button', { name: 'Remove endpoint' }).click();
    await expect.poll(() => page.getByTestId('portal-hook').count()).toBe(0);
    await expect.poll(() => page.getByTestId('toast').first().innerText()).toContain('Endpoint removed');

    // The colleague's invitation revoked, after a confirmation: its link names nothing any more.
    await tab('People');
    await page.getByTestId('portal-invite').getByRole('button', { name: 'Revoke' }).click();
    await page.getByTestId('revoke-invite-dialog').getByRole('button', { name: 'Revoke invitation' }).click();
    await expect.poll(() => page.getByTestId('portal-invite').count()).toBe(0);
    const revoked = await context.newPage();
    await revoked.goto(`${baseUrl}${kimLink}`);
    await expect
      .poll(() => revoked.getByTestId('partner-invite').innerText())
      .toContain('This invitation is not valid');
    await revoked.close();

    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await apiRegisterPastTour(phone.request, baseUrl, {
      email: `other-${Date.now()}@example.com`,
      password: 'other-password-1',
      firstName: 'Oscar',
      lastName: 'Other',
    });
    // Someone else is told the portal does not exist.
    const stranger = await phone.newPage();
    await stranger.goto(`${baseUrl}/partner-portal/${partner.id}`);
    await expect.poll(() => stranger.locator('.alert--error').innerText()).toContain('not yours');
  });
});
