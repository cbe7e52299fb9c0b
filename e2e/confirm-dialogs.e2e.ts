import type { Application } from '@spotless/sdk';
import type { Dialog, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { samplePdf } from '../server/src/test/sample-files';
import { apiRegisterPastTour, apiSignIn, bookDemoCleanerOnWeekday } from './api';
import { screenshotsIn, seriousViolations, signInAsAdmin, toast } from './browser';
import { useBrowser, useServer } from './server';

/**
 * Approve, Deactivate, Decline and deleting a document ask in the app's own dialog, never the
 * browser's confirm(): a modal dialog named for what it does, saying what follows, with focus kept
 * inside; its cancel button and Escape change nothing, its confirm button does it. None of these
 * actions needs a reason (a rejection's reason has its own dialogs, decision 042).
 */

const server = await useServer();
const { baseUrl } = server;
const browser = await useBrowser(server);
const shot = screenshotsIn('confirm-dialogs');

/** A page whose native dialogs are recorded (and dismissed): each test expects none. */
async function watchedPage(width = 1280): Promise<{ page: Page; native: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const native: string[] = [];
  page.on('dialog', (dialog: Dialog) => {
    native.push(dialog.message());
    void dialog.dismiss();
  });
  return { page, native };
}

/** The open dialog named `name`, checked by axe and pictured at 1280 and 390 px wide. */
async function lookAt(page: Page, dialog: Locator, file: string) {
  expect(await seriousViolations(page)).toEqual([]);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: shot(`${file}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.waitFor();
}

async function expectToast(page: Page, title: string) {
  await toast(page).locator('.toast__title').filter({ hasText: title }).waitFor({ timeout: 10_000 });
}

describe('confirmations in the app’s own dialog', () => {
  it('Approve: the question and what is unchecked; Cancel and Escape change nothing; Approve approves', async () => {
    const applicantContext = await browser.newContext();
    const email = `approve-${Date.now()}@example.com`;
    await apiRegisterPastTour(applicantContext.request, baseUrl, {
      email,
      password: 'applicant-password',
      firstName: 'Ada',
      lastName: 'Approvable',
    });
    const applied = await applicantContext.request.post(`${baseUrl}/api/applications`, {
      headers: { origin: baseUrl },
      data: {
        bio: 'Ada has cleaned homes in Austin for six years.',
        experience: '5-10',
        hourlyRate: 35,
        serviceTypes: ['residential'],
        coverageAreas: ['Austin, TX'],
        hasInsurance: true,
        hasBond: false,
      },
    });
    expect(applied.status()).toBe(201);
    const application = (await applied.json()) as Application;
    const uploaded = await applicantContext.request.post(`${baseUrl}${application.actions.uploadDocument?.href}`, {
      headers: { origin: baseUrl },
      multipart: {
        documentType: 'id',
        file: { name: 'photo-id.pdf', mimeType: 'application/pdf', buffer: Buffer.from(samplePdf()) },
      },
    });
    expect(uploaded.status()).toBe(201);

    const { page, native } = await watchedPage();
    await signInAsAdmin(page, baseUrl);
    const row = page.getByTestId('application-row').filter({ hasText: email });
    await row.waitFor({ timeout: 10_000 });
    const approveButton = row.getByRole('button', { name: 'Approve Ada Approvable' });
    expect(await approveButton.getAttribute('aria-haspopup')).toBe('dialog');
    await approveButton.click();
    const dialog = page.getByRole('dialog', { name: 'Approve Ada Approvable' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('They become a cleaner customers can book.');
    expect(await dialog.getByTestId('approve-warning').innerText()).toBe('1 of 1 document is not verified yet.');
    await lookAt(page, dialog, 'approve');

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Focus goes back to the button that opened it.
    expect(await approveButton.evaluate((el) => el === document.activeElement)).toBe(true);
    await approveButton.click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await row.getByText('Pending', { exact: true }).count()).toBe(1);

    await approveButton.click();
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await expectToast(page, 'Application Approved');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => row.count()).toBe(0);
    const profile = await applicantContext.request.get(`${baseUrl}/api/cleaners/profile`);
    expect(profile.status()).toBe(200);
    expect(native).toEqual([]);
    await applicantContext.close();
    await page.context().close();
  });

  it('Deactivate a partner: says its key stops; Keep Active keeps it, Deactivate turns it off', async () => {
    const { page, native } = await watchedPage();
    await signInAsAdmin(page, baseUrl);
    await page.goto(`${baseUrl}/admin-partners`);
    const row = page.getByRole('row').filter({ hasText: 'pk_demo_sunrise_realty' });
    await row.waitFor({ timeout: 10_000 });
    const name = (await row.locator('.admin-partners__name').innerText()).trim();
    await row.getByRole('button', { name: `Deactivate ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Deactivate ${name}` });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('The key stops working on every site at once.');
    await lookAt(page, dialog, 'deactivate-partner');
    await dialog.getByRole('button', { name: 'Keep Active' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await row.innerText()).toContain('Active');
    expect(await row.innerText()).not.toContain('Inactive');

    await row.getByRole('button', { name: `Deactivate ${name}` }).click();
    await dialog.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await expect.poll(() => row.innerText()).toContain('Inactive');
    await dialog.waitFor({ state: 'detached' });
    // Activating again asks nothing: it stops nobody.
    await row.getByRole('button', { name: `Activate ${name}` }).click();
    await expect.poll(() => row.innerText()).not.toContain('Inactive');
    expect(native).toEqual([]);
    await page.context().close();
  });

  it('Decline a request: the terms the customer is told; Keep Request keeps it, Decline Booking declines it', async () => {
    const customer = await browser.newContext();
    await apiSignIn(customer.request, baseUrl, 'customer@example.com');
    const booking = await bookDemoCleanerOnWeekday(server, customer.request, 0, '12 Decline Street, Austin, TX');
    expect(booking.status).toBe('pending');

    const { page, native } = await watchedPage();
    await apiSignIn(page.context().request, baseUrl, 'cleaner@example.com');
    await page.goto(`${baseUrl}/cleaner-dashboard`);
    await page.getByRole('tab', { name: 'Bookings' }).click();
    const card = page.getByTestId(`job-card-${booking.id}`);
    await card.waitFor();
    await card.getByRole('button', { name: 'Decline' }).click();
    const dialog = page.getByRole('dialog', { name: `Decline Booking #${booking.id}` });
    await dialog.waitFor();
    expect(await dialog.getByTestId('decline-terms').innerText()).toBe(
      'The customer is told you declined. Nothing has been charged, so there is nothing to refund.',
    );
    await lookAt(page, dialog, 'decline');
    await dialog.getByRole('button', { name: 'Keep Request' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await card.getByTestId('job-status').innerText()).toBe('Pending');

    await card.getByRole('button', { name: 'Decline' }).click();
    await dialog.getByRole('button', { name: 'Decline Booking' }).click();
    await expectToast(page, 'Booking Updated');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => card.getByTestId('job-status').innerText()).not.toBe('Pending');
    expect(await card.getByRole('button', { name: 'Decline' }).count()).toBe(0);
    expect(native).toEqual([]);
    await customer.close();
    await page.context().close();
  });

  it('Delete a document: names it; Keep Document keeps it, Delete Document deletes it', async () => {
    const { page, native } = await watchedPage();
    const request = page.context().request;
    await apiRegisterPastTour(request, baseUrl, {
      email: `documents-${Date.now()}@example.com`,
      password: 'applicant-password',
      firstName: 'Dee',
      lastName: 'Documents',
    });
    const applied = await request.post(`${baseUrl}/api/applications`, {
      headers: { origin: baseUrl },
      data: {
        bio: 'Dee cleans offices and homes, carefully and on time.',
        experience: '1-3',
        hourlyRate: 30,
        serviceTypes: ['residential'],
        coverageAreas: ['Austin, TX'],
        hasInsurance: false,
        hasBond: false,
      },
    });
    const application = (await applied.json()) as Application;
    const uploaded = await request.post(`${baseUrl}${application.actions.uploadDocument?.href}`, {
      headers: { origin: baseUrl },
      multipart: {
        documentType: 'insurance',
        file: { name: 'insurance.pdf', mimeType: 'application/pdf', buffer: Buffer.from(samplePdf()) },
      },
    });
    expect(uploaded.status()).toBe(201);

    await page.goto(`${baseUrl}/apply-cleaner`);
    const panel = page.getByTestId('documents-panel');
    const remove = panel.getByRole('button', { name: 'Delete insurance.pdf' });
    await remove.waitFor();
    await remove.click();
    const dialog = page.getByRole('dialog', { name: 'Delete Document' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('insurance.pdf');
    await lookAt(page, dialog, 'delete-document');
    await dialog.getByRole('button', { name: 'Keep Document' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await panel.getByText('insurance.pdf').count()).toBeGreaterThan(0);

    await remove.click();
    await dialog.getByRole('button', { name: 'Delete Document' }).click();
    await expectToast(page, 'Document Deleted');
    await expect.poll(() => panel.getByRole('button', { name: 'Delete insurance.pdf' }).count()).toBe(0);
    expect(native).toEqual([]);
    await page.context().close();
  });
});
