import type {
  AdminApplicationPage,
  Application,
  ApplicationCounts,
  ApplicationDocument,
  ReviewPage,
} from '@spotless/sdk';
import { MESSAGES } from '@spotless/sdk';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { samplePdf } from '../server/src/test/sample-files';
import { screenshotsIn, seriousViolations, signInAsAdmin, toast } from './browser';
import { useBrowser, useServer } from './server';

/**
 * The admin dashboard in Chromium (docs/product/administration.md; decision 038): a new user
 * applies through the API with a PDF, an administrator sees it under Pending with the server's
 * counts, verifies the document and approves it in the detailed review, and the user has a cleaner
 * profile. Another applicant is rejected with the quick Reject, which asks for the reason.
 */

const server = await useServer();
const { baseUrl } = server;
const browser = await useBrowser(server);

/** A real one-page PDF (the server checks a PDF's structure). */
const PDF = samplePdf();

/** One API call as a browser would send it (the origin header passes the CSRF check). */
async function call(path: string, init: { method?: string; body?: unknown; cookie?: string } = {}) {
  const headers: Record<string, string> = { origin: baseUrl };
  if (init.cookie) headers.cookie = init.cookie;
  let body: FormData | string | undefined;
  if (init.body instanceof FormData) body = init.body;
  else if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  const res = await fetch(`${baseUrl}${path}`, { method: init.method ?? 'GET', headers, body });
  const session = res.headers
    .getSetCookie()
    .map((c) => /^spotless_session=([^;]+)/.exec(c)?.[1])
    .find(Boolean);
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : undefined) as unknown, session };
}

interface Applicant {
  email: string;
  name: string;
  cookie: string;
  application: Application;
  document?: ApplicationDocument;
}

/** A new user registers, applies (a coverage area naming a city we serve) and, optionally, uploads a PDF. */
async function applyThroughApi(firstName: string, withDocument: boolean): Promise<Applicant> {
  const lastName = `Applicant${Date.now().toString(36)}`;
  const email = `${firstName.toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const registered = await call('/api/auth/register', {
    method: 'POST',
    body: { email, password: 'applicant-password', firstName, lastName },
  });
  expect(registered.status).toBe(201);
  const cookie = `spotless_session=${registered.session}`;
  const submitted = await call('/api/applications', {
    method: 'POST',
    cookie,
    body: {
      bio: `${firstName} has cleaned family homes in Austin for six years.`,
      experience: '5-10',
      hourlyRate: 37.5,
      serviceTypes: ['residential', 'deep'],
      coverageAreas: ['Austin, TX'],
      hasInsurance: true,
      hasBond: false,
      previousExperience: 'Lead cleaner at a local agency.',
      equipment: 'Own vacuum and supplies',
      availability: { tuesday: { available: true, hours: '8:00-16:00' } },
      emergencyContact: { name: 'Sam Reed', phone: '555-0100', relationship: 'Brother' },
      references: [{ name: 'Pat Lee', phone: '555-0111', email: 'pat@example.com', relationship: 'Employer' }],
    },
  });
  expect(submitted.status, JSON.stringify(submitted.json)).toBe(201);
  const application = submitted.json as Application;
  const applicant: Applicant = { email, name: `${firstName} ${lastName}`, cookie, application };
  if (withDocument) {
    const upload = application.actions.uploadDocument;
    expect(upload).toBeDefined();
    const form = new FormData();
    form.set('documentType', 'id');
    form.set('file', new File([PDF], 'photo-id.pdf', { type: 'application/pdf' }));
    const uploaded = await call(upload?.href ?? '', { method: upload?.method, cookie, body: form });
    expect(uploaded.status, JSON.stringify(uploaded.json)).toBe(201);
    applicant.document = uploaded.json as ApplicationDocument;
  }
  return applicant;
}

async function adminCounts(page: Page): Promise<ApplicationCounts> {
  const res = await page.request.get(`${baseUrl}/api/admin/applications?pageSize=1`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as AdminApplicationPage).counts;
}

/** The count cards as shown. */
async function shownCounts(page: Page): Promise<Record<string, number>> {
  const cards = page.getByTestId('application-counts').locator('.dashboard-stats__card');
  const shown: Record<string, number> = {};
  for (const card of await cards.all()) {
    shown[(await card.locator('dt').innerText()).trim()] = Number((await card.locator('dd').innerText()).trim());
  }
  return shown;
}

async function expectCounts(page: Page, counts: ApplicationCounts) {
  const expected = {
    Pending: counts.pending,
    'Under Review': counts.under_review,
    Approved: counts.approved,
    Rejected: counts.rejected,
    Total: counts.total,
  };
  await expect.poll(() => shownCounts(page), { timeout: 10_000 }).toEqual(expected);
}

async function expectToast(page: Page, title: string) {
  await toast(page).locator('.toast__title').filter({ hasText: title }).waitFor({ timeout: 10_000 });
}

const rowOf = (page: Page, applicant: Applicant) =>
  page.getByTestId('application-row').filter({ has: page.getByRole('cell', { name: applicant.email, exact: true }) });

async function openAdminDashboard(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInAsAdmin(page, baseUrl);
  await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
  return { context, page };
}

describe('the admin dashboard in Chromium', () => {
  it('a new applicant with a PDF is verified and approved in the detailed review, and becomes a cleaner', async () => {
    const { context, page } = await openAdminDashboard();
    const before = await adminCounts(page);
    const applicant = await applyThroughApi('Rosa', true);
    const notCleanerYet = await call('/api/cleaners/profile', { cookie: applicant.cookie });
    expect(notCleanerYet.status).toBe(404);

    await page.reload();
    await expectCounts(page, { ...before, pending: before.pending + 1, total: before.total + 1 });
    expect(await page.getByRole('tab', { name: 'Pending' }).getAttribute('aria-selected')).toBe('true');
    const row = rowOf(page, applicant);
    await row.waitFor({ timeout: 10_000 });
    expect(await row.locator('th, td').allInnerTexts()).toEqual([
      applicant.name,
      applicant.email,
      '5-10 years',
      'Pending',
      expect.stringMatching(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/),
      expect.stringContaining('Review'),
    ]);
    // Quick approve and reject on a pending row, as the row's actions offer them.
    await row.getByRole('button', { name: `Approve ${applicant.name}` }).waitFor();
    await row.getByRole('button', { name: `Reject ${applicant.name}` }).waitFor();
    // Quick approve asks first, in the app's own dialog, and says the document is unchecked;
    // cancelled, nothing changes.
    await row.getByRole('button', { name: `Approve ${applicant.name}` }).click();
    const asked = page.getByRole('dialog', { name: `Approve ${applicant.name}` });
    expect(await asked.getByTestId('approve-warning').innerText()).toBe('1 of 1 document is not verified yet.');
    await asked.getByRole('button', { name: 'Cancel' }).click();
    await asked.waitFor({ state: 'detached' });
    expect(await row.getByRole('cell', { name: 'Pending' }).count()).toBe(1);

    await row.getByRole('button', { name: `Review the application of ${applicant.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Review Application' });
    await dialog.getByTestId('application-review').waitFor();
    const reviewText = await dialog.innerText();
    for (const text of [
      'has cleaned family homes in Austin',
      '$37.50 per hour',
      'Residential, Deep Cleaning',
      'Austin, TX',
      'Lead cleaner at a local agency.',
      'Own vacuum and supplies',
      '8:00-16:00',
      'Sam Reed (Brother), 555-0100',
      'Pat Lee (Employer), 555-0111, pat@example.com',
    ]) {
      expect(reviewText).toContain(text);
    }
    expect(await seriousViolations(page)).toEqual([]);

    // The document: its download link is the server's own, served as an attachment.
    const documentItem = dialog.getByTestId('application-document');
    expect(await documentItem.getByTestId('document-status').innerText()).toBe('Pending Verification');
    const download = documentItem.getByRole('link', { name: /^Download Government ID/ });
    expect(await download.getAttribute('href')).toBe(applicant.document?.links.file.href);
    const file = await page.request.get(`${baseUrl}${await download.getAttribute('href')}`);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-disposition']).toMatch(/^attachment/);
    expect(Buffer.from(await file.body())).toEqual(Buffer.from(PDF));

    expect(await dialog.getByTestId('approve-warning').innerText()).toBe('1 of 1 document is not verified yet.');
    await documentItem.getByRole('button', { name: 'Verify Government ID' }).click();
    await expectToast(page, 'Document Verified');
    await expect.poll(() => documentItem.getByTestId('document-status').innerText()).toBe('Verified');
    await expect.poll(() => dialog.getByTestId('approve-warning').count()).toBe(0);
    expect(await documentItem.getByRole('button', { name: 'Verify Government ID' }).count()).toBe(0);

    await dialog.getByLabel('Admin notes').fill('ID checked; welcome aboard.');
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await expectToast(page, 'Application Approved');
    await dialog.waitFor({ state: 'detached' });

    await expectCounts(page, { ...before, approved: before.approved + 1, total: before.total + 1 });
    await expect.poll(() => rowOf(page, applicant).count()).toBe(0);
    await page.getByRole('tab', { name: 'Approved' }).click();
    const approvedRow = rowOf(page, applicant);
    await approvedRow.waitFor({ timeout: 10_000 });
    expect(await approvedRow.getByRole('cell', { name: 'Approved' }).count()).toBe(1);
    // No quick actions once decided; the detailed review is still there.
    expect(await approvedRow.getByRole('button', { name: `Approve ${applicant.name}` }).count()).toBe(0);
    expect(await approvedRow.getByRole('button', { name: `Reject ${applicant.name}` }).count()).toBe(0);
    await approvedRow.getByRole('button', { name: `Review the application of ${applicant.name}` }).waitFor();

    const approved = await page.request.get(`${baseUrl}/api/admin/applications?status=approved&pageSize=100`);
    const stored = ((await approved.json()) as AdminApplicationPage).items.find(
      (a) => a.id === applicant.application.id,
    );
    expect(stored).toMatchObject({ status: 'approved', adminNotes: 'ID checked; welcome aboard.' });
    const profile = await call('/api/cleaners/profile', { cookie: applicant.cookie });
    expect(profile.status).toBe(200);
    await context.close();
  });

  it('the quick Reject asks for the reason, and the application moves to Rejected with it', async () => {
    const { context, page } = await openAdminDashboard();
    const applicant = await applyThroughApi('Theo', false);
    const before = await adminCounts(page);
    await page.reload();
    await expectCounts(page, before);

    const row = rowOf(page, applicant);
    await row.waitFor({ timeout: 10_000 });
    await row.getByRole('button', { name: `Reject ${applicant.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Reject ${applicant.name}` });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Reject Application' }).click();
    await dialog.getByText('Please give a reason for rejecting this application.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByLabel('Reason for rejection').fill('We need a background check first.');
    await dialog.getByRole('button', { name: 'Reject Application' }).click();
    await expectToast(page, 'Application Rejected');
    await dialog.waitFor({ state: 'detached' });

    await expectCounts(page, { ...before, pending: before.pending - 1, rejected: before.rejected + 1 });
    await page.getByRole('tab', { name: 'Rejected' }).click();
    await rowOf(page, applicant).waitFor({ timeout: 10_000 });
    const mine = await call('/api/applications', { cookie: applicant.cookie });
    const [application] = (mine.json as { items: Application[] }).items;
    expect(application).toMatchObject({ status: 'rejected', adminNotes: 'We need a background check first.' });
    await context.close();
  });

  it('the Reported Reviews queue: the review, the cleaner and the reason; Hide asks for the reason, Keep closes it', async () => {
    const shot = screenshotsIn('admin-reported-reviews');
    const { context, page } = await openAdminDashboard();
    // The payments page is one link away, as the partners are.
    expect(await page.getByRole('link', { name: 'Payments', exact: true }).getAttribute('href')).toBe('/payments');
    await page.screenshot({ path: shot('header-1280.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: shot('header-390.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
    const queue = page.getByTestId('reported-reviews');
    await queue.getByTestId('reported-reviews-empty').waitFor();
    await queue.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot('empty-1280.png') });

    // The demo customer reports two published reviews of the demo cleaner that are not theirs.
    const signedIn = await call('/api/auth/login', {
      method: 'POST',
      body: { email: 'customer@example.com', password: 'demo-password' },
    });
    const cookie = `spotless_session=${signedIn.session}`;
    const listed = (await call('/api/reviews/1?limit=50', { cookie })).json as ReviewPage;
    const [hidden, kept] = listed.items.filter((review) => review.actions.report);
    if (!hidden || !kept) throw new Error('two reportable reviews of the demo cleaner');
    for (const review of [hidden, kept]) {
      const reported = await call(review.actions.report?.href ?? '', {
        method: 'POST',
        cookie,
        body: { reason: 'Spam or fake review', description: `Posted twice (${review.id})` },
      });
      expect(reported.status).toBe(201);
    }
    await page.reload();
    const itemOf = (id: number) => queue.locator('li').filter({ hasText: `Posted twice (${id})` });
    const first = itemOf(hidden.id);
    await first.waitFor();
    expect(await first.getByTestId('reported-comment').innerText()).toBe(hidden.comment);
    expect(await first.innerText()).toContain(`${hidden.overallRating}/5`);
    expect(await first.innerText()).toMatch(/Review of \S+ \S+/);
    expect(await first.getByTestId('report-reason').innerText()).toBe(
      `Reporter’s reason: Spam or fake review: Posted twice (${hidden.id})`,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await queue.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot('queue-1280.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await first.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot('queue-390.png') });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Hide: the reason is required, checked in the page before anything is sent.
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/admin/reviews/')) sent.push(request.method());
    });
    await first.getByRole('button', { name: /^Hide Review/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Hide Review' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Hide Review' }).click();
    await dialog.getByText(MESSAGES.review.hideReasonRequired).waitFor();
    expect(sent).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: shot('hide-dialog-1280.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: shot('hide-dialog-390.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
    await dialog.getByLabel('Reason (sent to the review’s author)').fill('A copy of another review');
    await dialog.getByRole('button', { name: 'Hide Review' }).click();
    await expectToast(page, 'Review Hidden');
    await first.waitFor({ state: 'detached' });
    expect(sent).toEqual(['PATCH']);

    // Keep: the review stays, its report is closed; the queue is empty again.
    await itemOf(kept.id)
      .getByRole('button', { name: /^Keep Review/ })
      .click();
    await expectToast(page, 'Review Kept');
    await queue.getByTestId('reported-reviews-empty').waitFor();
    expect((await call(`/api/reviews/1/${hidden.id}`)).status).toBe(404);
    expect((await call(`/api/reviews/1/${kept.id}`)).status).toBe(200);
    await context.close();
  });
});
