import type { AuthUser, Booking, BookingList, Cleaner, PlatformReviewSummary, ReviewPage } from '@spotless/sdk';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiRegisterPastTour, apiSignIn, getJson } from './api';
import { ONE_PIXEL_PNG, screenshotsIn, seriousViolations } from './browser';
import { useBrowser, useServer } from './server';

/**
 * The reviews UI in Chromium (docs/product/discovery.md; decisions 039 and 041): the demo customer
 * opens /reviews, picks their completed, unreviewed job on the Leave Review tab and sends the full
 * form with a PNG photo → the demo cleaner answers it from the reviews page → the cleaner's public
 * profile shows the review, its photo, the response and the new average; every Analytics figure is
 * the server's, before and after.
 */

const server = await useServer();
const { baseUrl } = server;
const COMMENT = `Careful with the kitchen, but the bathroom was rushed (${Date.now().toString(36)}).`;
const RESPONSE = 'Thank you for the honest review: I will take more time on bathrooms.';

const browser = await useBrowser(server);
const contexts: BrowserContext[] = [];
const shot = screenshotsIn('reviews');

/** Both widths of a screen, each saved under e2e/artifacts/reviews/, with `part` (when given) in view. */
async function shootBoth(page: Page, name: string, part?: Locator) {
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await part?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot(`${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

afterAll(async () => {
  for (const context of contexts) await context.close();
});

async function signedIn(email?: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  if (email) await apiSignIn(context.request, baseUrl, email);
  return context.newPage();
}

interface Figures {
  average: string;
  total: string;
  recommendation: string;
  response: string;
  distribution: string[];
}

/** The Analytics tab's figures, as shown. */
async function analytics(page: Page): Promise<Figures> {
  await page.goto(`${baseUrl}/reviews`);
  await page.getByRole('tab', { name: 'Analytics' }).click();
  const tab = page.getByTestId('review-analytics');
  await tab.waitFor();
  const card = async (id: string) => {
    const values = await tab.getByTestId(`analytics-${id}`).locator('dd').allInnerTexts();
    return values.join(' · ');
  };
  const rows = tab.getByTestId('rating-distribution').locator('li');
  return {
    average: await card('average'),
    total: await card('total'),
    recommendation: await card('recommendation'),
    response: await card('response'),
    distribution: (await rows.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim()),
  };
}

/** The figures as the page should show them from the server's platform summary. */
function expected(summary: PlatformReviewSummary): Figures {
  const pct = (n: number) => `${Number.isInteger(n) ? n : n.toFixed(1)}%`;
  const total = summary.totalReviews.toLocaleString('en-US');
  const of = (count: number) => `${count.toLocaleString('en-US')} of ${total} reviews`;
  return {
    average: `${summary.averageRating === null ? '—' : summary.averageRating.toFixed(2)} · over ${total} reviews`,
    total,
    recommendation: `${pct(summary.recommendationRate)} · ${of(summary.recommendedCount)}`,
    response: `${pct(summary.responseRate)} · ${of(summary.respondedCount)}`,
    distribution: summary.ratingDistribution.map(
      (d) => `${d.rating} ${d.rating === 1 ? 'star' : 'stars'} ${d.count.toLocaleString('en-US')} (${pct(d.percent)})`,
    ),
  };
}

describe('reviews: a full review with a photo, the cleaner’s response, the figures', () => {
  let customer: Page;
  let cleaner: Page;
  let cleanerId: number;
  let booking: Booking;
  let before: Figures;
  let summaryBefore: PlatformReviewSummary;

  it('the platform figures on /reviews are the server’s', async () => {
    customer = await signedIn('customer@example.com');
    cleaner = await signedIn('cleaner@example.com');
    cleanerId = (await getJson<AuthUser>(cleaner.request, baseUrl, '/api/auth/user')).cleanerId ?? 0;
    expect(cleanerId).toBeGreaterThan(0);
    const completed = await getJson<BookingList>(customer.request, baseUrl, '/api/bookings?status=completed&limit=200');
    const open = completed.items.find((b) => b.actions.review && b.cleanerId === cleanerId);
    expect(open, 'the seeded completed, unreviewed job with the demo cleaner').toBeDefined();
    booking = open as Booking;

    summaryBefore = await getJson<PlatformReviewSummary>(customer.request, baseUrl, '/api/reviews/summary');
    before = await analytics(customer);
    expect(before).toEqual(expected(summaryBefore));
    // Not the prototype's hard-coded demo figures.
    expect(before.total).not.toBe('1,247');
    await expect
      .poll(() => customer.getByTestId('platform-average').innerText())
      .toContain(summaryBefore.averageRating?.toFixed(2) ?? '—');
  });

  it('the customer leaves a full review with a PNG photo from the Leave Review tab', async () => {
    await customer.getByRole('tab', { name: 'Leave Review' }).click();
    const card = customer.getByTestId(`completed-booking-${booking.id}`);
    await card.getByRole('link', { name: /^Leave Review/ }).click();
    await customer.waitForURL(new RegExp(`/reviews\\?bookingId=${booking.id}$`));
    await customer.getByRole('heading', { name: 'Leave a Review' }).waitFor();
    await customer.getByRole('button', { name: '← Back to Reviews' }).waitFor();

    // No star is chosen until the reviewer picks one: sent without the overall rating, the form
    // says so on it (and the short comment on its own field), and the stars take the focus.
    const overall = customer.getByRole('group', { name: 'Overall rating' });
    const checked = (group: Locator) =>
      group.getByRole('radio').evaluateAll((radios) => radios.filter((r) => (r as HTMLInputElement).checked).length);
    expect(await checked(overall)).toBe(0);
    expect(await checked(customer.getByRole('group', { name: 'Quality of work' }))).toBe(0);
    await customer.getByLabel('Comment *').fill('Too short');
    await customer.getByRole('button', { name: 'Submit Review' }).click();
    await expect.poll(() => overall.getByText('Please select a rating before submitting').isVisible()).toBe(true);
    expect(await overall.getAttribute('aria-invalid')).toBe('true');
    await expect
      .poll(() =>
        customer.evaluate(() => document.activeElement?.closest('fieldset')?.querySelector('legend')?.textContent),
      )
      .toBe('Overall rating *');
    await expect
      .poll(() => customer.getByText('Comment must be at least 10 characters').first().isVisible())
      .toBe(true);
    await customer
      .getByRole('button', { name: 'Close notification' })
      .click({ timeout: 1000 })
      .catch(() => undefined);
    await shootBoth(customer, 'no-rating', overall);

    // This review gives 2 overall and mixed marks; a chosen rating clears its message.
    await overall.getByRole('radio', { name: '2 stars, Fair' }).check({ force: true });
    expect(await overall.getByText('Please select a rating before submitting').count()).toBe(0);
    await customer
      .getByRole('group', { name: 'Punctuality' })
      .getByRole('radio', { name: '3 stars, Good' })
      .check({ force: true });
    await customer
      .getByRole('group', { name: 'Quality of work' })
      .getByRole('radio', { name: '5 stars, Excellent' })
      .check({ force: true });
    await customer.getByLabel('Title (optional)').fill('Good kitchen, rushed bathroom');

    // The product's other client check: a photo that is not an image by its bytes.
    await customer.getByLabel(/^Add photos/).setInputFiles({
      name: 'kitchen.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<!doctype html><p>not an image</p>'),
    });
    await expect.poll(() => customer.getByText('Invalid File Type').isVisible()).toBe(true);
    expect(await customer.getByTestId('photo-draft').count()).toBe(0);

    await customer.getByLabel('Comment *').fill(COMMENT);
    await customer.getByLabel('Pros (optional)').fill('Spotless kitchen');
    await customer.getByLabel('Cons (optional)').fill('Bathroom rushed');
    await customer.getByRole('checkbox', { name: 'Kitchen' }).check();
    await customer.getByRole('checkbox', { name: 'Bathroom' }).check();
    await customer.getByLabel('Time spent (optional)').fill('3 hours');
    await customer.getByRole('checkbox', { name: 'I would recommend this cleaner' }).uncheck();
    // A phone's full-size 24-megapixel photo, over the server's pixel cap: the page scales it first.
    const phoneShot = await customer.evaluate(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 5712;
      canvas.height = 4284;
      const context = canvas.getContext('2d') as CanvasRenderingContext2D;
      const gradient = context.createLinearGradient(0, 0, canvas.width, canvas.height);
      gradient.addColorStop(0, '#2a9d8f');
      gradient.addColorStop(1, '#e9c46a');
      context.fillStyle = gradient;
      context.fillRect(0, 0, canvas.width, canvas.height);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
      const bytes = new Uint8Array(await (blob as Blob).arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(binary);
    });
    await customer.getByLabel(/^Add photos/).setInputFiles([
      { name: 'kitchen.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG },
      { name: 'bathroom.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(phoneShot, 'base64') },
    ]);
    await customer.getByLabel('Caption for kitchen.png').fill('The kitchen afterwards');
    // Each photo is seen before it is sent, with a button that takes it out again.
    await customer
      .getByLabel(/^Add photos/)
      .setInputFiles({ name: 'extra.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
    const previews = customer.getByTestId('photo-preview');
    await expect.poll(() => previews.count()).toBe(3);
    await expect
      .poll(() => previews.evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).naturalWidth > 0)))
      .toEqual([true, true, true]);
    expect(await previews.nth(1).getAttribute('alt')).toBe('Preview of bathroom.jpg');
    // The earlier refusal's toast, if still up, is closed so the pictures show in full.
    await customer
      .getByRole('button', { name: 'Close notification' })
      .click({ timeout: 1000 })
      .catch(() => undefined);
    await shootBoth(customer, 'photo-previews', previews.nth(1));
    await customer.getByRole('button', { name: 'Remove photo 3, extra.png' }).click();
    await expect.poll(() => previews.count()).toBe(2);
    expect(await seriousViolations(customer)).toEqual([]);
    await customer.getByRole('button', { name: 'Submit Review' }).click();

    // The review, then its photos: the server decodes each one (in a worker thread) before answering.
    await expect.poll(() => customer.getByText('Review Submitted').isVisible(), { timeout: 15_000 }).toBe(true);
    // It lands on the reviewed cleaner's reviews, the new one first.
    await customer.waitForURL(new RegExp(`/reviews\\?cleanerId=${cleanerId}$`));
    const cleanerName = `${booking.cleaner.user.firstName} ${booking.cleaner.user.lastName}`;
    await expect.poll(() => customer.getByTestId('latest-reviews-title').innerText()).toBe(`Reviews of ${cleanerName}`);
    await expect.poll(() => customer.getByTestId('review').first().innerText()).toContain(COMMENT);
    // Its reviews come first on the tab, in view.
    const title = customer.getByTestId('latest-reviews-title');
    expect(await customer.getByTestId('all-reviews').locator('> section').first().getAttribute('data-testid')).toBe(
      'cleaner-reviews',
    );
    await expect.poll(() => title.evaluate((el) => el.getBoundingClientRect().top < window.innerHeight)).toBe(true);
    await shootBoth(customer, 'after-review', title);
    const mine = await getJson<ReviewPage>(customer.request, baseUrl, `/api/reviews/${cleanerId}?limit=1`);
    expect(mine.items[0]).toMatchObject({
      bookingId: booking.id,
      overallRating: 2,
      punctualityRating: 3,
      qualityRating: 5,
      comment: COMMENT,
      serviceAreas: ['Kitchen', 'Bathroom'],
      wouldRecommend: false,
      wouldRebook: true,
      isVerified: true,
    });
    expect(mine.items[0]?.photos).toHaveLength(2);
    expect(mine.items[0]?.photos[0]).toMatchObject({ caption: 'The kitchen afterwards' });

    // The booking now offers no review: the tab shows it reviewed.
    await customer.getByRole('tab', { name: 'Leave Review' }).click();
    await expect.poll(() => card.getByText('Reviewed').isVisible()).toBe(true);
    expect(await card.getByRole('link', { name: /^Leave Review/ }).count()).toBe(0);
  });

  it('the cleaner answers it on the reviews page (a blank answer is refused)', async () => {
    await cleaner.goto(`${baseUrl}/reviews`);
    const review = cleaner.getByTestId('review').filter({ hasText: COMMENT });
    await review.waitFor();
    await review.getByRole('button', { name: 'Submit Response' }).click();
    await expect.poll(() => review.getByText('Response cannot be blank').isVisible()).toBe(true);
    await review.getByLabel('Your response').fill(RESPONSE);
    await review.getByRole('button', { name: 'Submit Response' }).click();
    await expect.poll(() => cleaner.getByText('Response Submitted').isVisible()).toBe(true);
    await expect.poll(() => review.getByTestId('review-response').innerText()).toContain(RESPONSE);
    expect(await review.getByRole('button', { name: 'Submit Response' }).count()).toBe(0);
  });

  it('the public profile shows the review, its photo, the response and the new average', async () => {
    const visitor = await signedIn();
    await visitor.goto(`${baseUrl}/cleaner/${cleanerId}`);
    const review = visitor.getByTestId('review').filter({ hasText: COMMENT });
    await review.waitFor();
    expect(await review.getByTestId('reviewer-name').innerText()).toBe('Casey');
    expect(await review.getByTestId('verified-badge').isVisible()).toBe(true);
    expect(await review.getByText('Spotless kitchen').isVisible()).toBe(true);
    expect(await review.getByTestId('review-response').innerText()).toContain(RESPONSE);
    const photo = review.getByTestId('review-photo').first();
    expect(await photo.getAttribute('alt')).toBe('The kitchen afterwards');
    // The photo loads lazily: bring it on screen, as a reader scrolling to it would.
    await photo.scrollIntoViewIfNeeded();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    // The phone's 5712-pixel-wide photo, as kept: scaled to the longest side the server keeps.
    const phoneShot = review.getByTestId('review-photo').nth(1);
    await phoneShot.scrollIntoViewIfNeeded();
    await expect.poll(() => phoneShot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2048);

    // A thumbnail opens its photo full size in a dialog, from the keyboard too; Escape gives focus back.
    const open = review.getByRole('button', { name: 'Open photo 2 of 2 full size' });
    await open.focus();
    await visitor.keyboard.press('Enter');
    const full = visitor.getByRole('dialog', { name: 'Photo 2 of 2' });
    await full.waitFor();
    await expect
      .poll(() => full.getByTestId('review-photo-full').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(2048);
    expect(await full.getByRole('link', { name: 'Open the image on its own' }).getAttribute('href')).toBe(
      await phoneShot.getAttribute('src'),
    );
    expect(await seriousViolations(visitor)).toEqual([]);
    await shootBoth(visitor, 'photo-dialog');
    await visitor.keyboard.press('Escape');
    await full.waitFor({ state: 'detached' });
    expect(await open.evaluate((el) => el === document.activeElement)).toBe(true);

    const profile = await getJson<Cleaner>(visitor.request, baseUrl, `/api/cleaners/${cleanerId}`);
    expect(profile.rating).not.toBeNull();
    const header = `${profile.rating?.toFixed(1)} (${profile.reviewCount} reviews)`;
    await expect.poll(() => visitor.getByText(header).first().isVisible()).toBe(true);
    const summary = visitor.getByTestId('profile-reviews').getByTestId('review-summary');
    const cleanerSummary = await getJson<{ averageRating: number; totalReviews: number }>(
      visitor.request,
      baseUrl,
      `/api/reviews/${cleanerId}/summary`,
    );
    expect(cleanerSummary.totalReviews).toBe(profile.reviewCount);
    expect(await summary.getByTestId('summary-average').innerText()).toBe(cleanerSummary.averageRating.toFixed(2));

    // The visitor is signed out: no votes, no reports, no response form.
    expect(await review.getByRole('button', { name: 'Helpful' }).count()).toBe(0);
    expect(await review.getByRole('button', { name: /^Report/ }).count()).toBe(0);
  });

  it('every Analytics figure follows the server and changes with the new review', async () => {
    const summaryAfter = await getJson<PlatformReviewSummary>(customer.request, baseUrl, '/api/reviews/summary');
    const after = await analytics(customer);
    expect(after).toEqual(expected(summaryAfter));
    expect(summaryAfter.totalReviews).toBe(summaryBefore.totalReviews + 1);
    expect(after.total).not.toBe(before.total);
    // The two-star row counts one more.
    const twoBefore = summaryBefore.ratingDistribution.find((d) => d.rating === 2)?.count ?? 0;
    expect(summaryAfter.ratingDistribution.find((d) => d.rating === 2)?.count).toBe(twoBefore + 1);
    expect(after.distribution[3]).not.toBe(before.distribution[3]);
    // Every figure on the tab changes with one review: each is shown with its basis, so even where
    // rounding keeps a rate the same (one review in ~1,000), its count of reviews moves.
    for (const figure of ['average', 'total', 'recommendation', 'response'] as const) {
      expect(after[figure], figure).not.toBe(before[figure]);
    }
    // A two-star review without a recommendation can only pull these down.
    expect(summaryAfter.averageRating ?? 0).toBeLessThanOrEqual(summaryBefore.averageRating ?? 0);
    expect(summaryAfter.recommendationRate).toBeLessThanOrEqual(summaryBefore.recommendationRate);
    expect(summaryAfter.recommendedCount).toBe(summaryBefore.recommendedCount);
  });

  it('customer votes toggle on the review, and a report is sent once', async () => {
    // Another customer's view: the demo customer wrote it, so a crowd customer votes and reports.
    const other = await signedIn();
    const email = `voter-${Date.now()}@example.com`;
    await apiRegisterPastTour(other.request, baseUrl, {
      email,
      password: 'voter-password',
      firstName: 'Vera',
      lastName: 'Voter',
    });
    await other.goto(`${baseUrl}/cleaner/${cleanerId}`);
    const review = other.getByTestId('review').filter({ hasText: COMMENT });
    await review.waitFor();
    const helpful = review.getByRole('button', { name: 'Helpful', exact: true });
    await helpful.click();
    await expect.poll(() => helpful.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => review.getByTestId('helpful-count').innerText()).toBe('1 person found this helpful');
    await helpful.click();
    await expect.poll(() => helpful.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => review.getByTestId('helpful-count').innerText()).toBe('0 people found this helpful');

    await review.getByRole('button', { name: /^Report/ }).click();
    const dialog = other.getByTestId('report-review');
    await dialog.getByLabel('Reason').selectOption('Spam or fake review');
    await dialog.getByLabel('Description (optional)').fill('Looks copied from another review.');
    await dialog.getByRole('button', { name: 'Submit Report' }).click();
    await expect.poll(() => other.getByText('Review Reported').isVisible()).toBe(true);
    await expect.poll(() => review.getByRole('button', { name: /^Report/ }).count()).toBe(0);

    expect(await seriousViolations(other)).toEqual([]);
  });
});
