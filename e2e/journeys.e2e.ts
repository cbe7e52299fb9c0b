import type { AuthUser, Booking, PaymentPage } from '@spotless/sdk';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFinishTour, apiRegister, apiSignIn, bookDemoCleanerOnWeekday, getJson } from './api';
import { screenshotsIn } from './browser';
import { useBrowser, useServer } from './server';

/**
 * A new user's first journeys, each step a defect a new user found: a search reset, a sign-up with
 * a short password, a booking paid then cancelled and refunded, the welcome tour, and the search
 * form's and the phone drawer's looks.
 */

const server = await useServer();
const { baseUrl } = server;
const origin = { origin: baseUrl };
/** The address of the bookings the new users make through the API. */
const ADDRESS = '7 Journey Road, Austin, TX';
const browser = await useBrowser(server);

/** A new account signed in in its own browser context; with `onboarded`, its welcome tour already done. */
async function newUser(name: string, options: { onboarded: boolean; width?: number; height?: number }) {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
  });
  const email = `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await apiRegister(context.request, baseUrl, {
    email,
    password: 'journey-password',
    firstName: 'Nia',
    lastName: 'Newuser',
  });
  if (options.onboarded) expect((await apiFinishTour(context.request, baseUrl)).status()).toBe(200);
  return context;
}

async function currentUser(request: APIRequestContext): Promise<AuthUser> {
  return getJson<AuthUser>(request, baseUrl, '/api/auth/user');
}

/** The toasts on screen with `title`. */
const toasts = (page: Page, title: string) => page.locator('[data-testid="toast"]').filter({ hasText: title });

/** The text of the card labelled `label` in a row of stat cards. */
async function statCard(page: Page, testId: string, label: string): Promise<string> {
  const card = page.getByTestId(testId).locator('.dashboard-stats__card').filter({ hasText: label });
  await card.waitFor({ timeout: 15_000 });
  return (await card.innerText()).replace(/\s+/g, ' ').trim();
}

describe('Reset on /search', () => {
  it('clears the form, the address bar and the results: the page as it first opened', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/search`);
    await page.getByTestId('search-intro').waitFor({ timeout: 15_000 });

    await page.getByLabel('Keyword').fill('clean');
    await page.getByLabel('Location', { exact: true }).fill('Austin');
    await page.getByRole('button', { name: 'Advanced Filters' }).click();
    await page.getByLabel(/^Minimum rating/).fill('3');
    await page.getByLabel('Verified').check();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get('query') === 'clean');
    await page.getByTestId('search-results').waitFor({ timeout: 15_000 });

    await page.getByRole('button', { name: 'Reset' }).click();
    await page.waitForURL((u) => u.pathname === '/search' && u.search === '');
    await page.getByTestId('search-intro').waitFor();
    expect(await page.getByTestId('search-results').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Search Results' }).count()).toBe(0);
    expect(await page.getByLabel('Keyword').inputValue()).toBe('');
    expect(await page.getByLabel('Location', { exact: true }).inputValue()).toBe('');
    expect(await page.getByTestId('active-filters').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Advanced Filters' }).getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByLabel(/^Minimum rating/).inputValue()).toBe('0');
    expect(await page.getByLabel('Verified').isChecked()).toBe(false);

    // Back returns to the search that was reset, with its results.
    await page.goBack();
    await page.waitForURL((u) => u.searchParams.get('query') === 'clean');
    await page.getByTestId('search-results').waitFor({ timeout: 15_000 });
    expect(await page.getByLabel('Keyword').inputValue()).toBe('clean');
    await context.close();
  });
});

describe('errors that name fields are shown under the fields only', () => {
  it('sign-up with a short password: the per-field message, no raw alert above it, focus on Password', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login?mode=register`);
    await page.getByLabel('First name').fill('Sho');
    await page.getByLabel('Last name').fill('Rt');
    await page.getByLabel('Email').fill(`short-${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create Account' }).click();

    const fieldError = page.locator('.field__error').filter({ hasText: 'Password must be at least 8 characters' });
    await fieldError.waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('auth-error').count()).toBe(0);
    expect(await page.getByRole('alert').filter({ hasText: 'Invalid request body' }).count()).toBe(0);
    expect(await page.getByText('Invalid request body').count()).toBe(0);
    expect(await page.getByLabel('Password').getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('password');

    // An error that names no field is still a general alert.
    await page.getByRole('button', { name: 'Sign In', exact: true }).first().click();
    await page.getByLabel('Email').fill('customer@example.com');
    await page.getByLabel('Password').fill('wrong-password');
    await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
    await page.getByTestId('auth-error').filter({ hasText: 'Invalid email or password' }).waitFor({ timeout: 10_000 });
    await context.close();
  });

  it('the profile form: an invalid phone number is shown under Phone, with no toast repeating it', async () => {
    const context = await newUser('profile', { onboarded: true });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/profile`);
    await page.getByLabel('Phone').fill('not a phone');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page
      .locator('.field__error')
      .filter({ hasText: 'Please enter a valid phone number' })
      .waitFor({ timeout: 10_000 });
    expect(await page.locator('[data-testid="toast"]').count()).toBe(0);
    expect(await page.getByText('Invalid request body').count()).toBe(0);
    await context.close();
  });

  it('the application form: an unserved coverage area is shown under the field, focused, with no toast', async () => {
    const context = await newUser('applicant', { onboarded: true });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/apply-cleaner`);
    await page.getByLabel('Bio *').fill('Careful and thorough: six years of homes and small offices.');
    await page.getByLabel('Experience *').selectOption('5-10');
    await page.getByLabel('Hourly rate (USD) *').fill('35');
    await page.getByRole('checkbox', { name: 'Residential' }).check();
    await page.getByLabel('Coverage areas *').fill('Atlantis, ZZ');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.locator('.field__error').filter({ hasText: 'Please include at least one city we serve' }).waitFor({
      timeout: 10_000,
    });
    expect(await page.locator('[data-testid="toast"]').count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
    expect(await page.getByLabel('Coverage areas *').getAttribute('aria-invalid')).toBe('true');
    await context.close();
  });
});

describe('a paid booking cancelled and refunded (/checkout, /payments, the phone drawer)', () => {
  let context: BrowserContext;
  let paid: Booking;
  let waiting: Booking;

  beforeAll(async () => {
    context = await newUser('refund', { onboarded: true });
    paid = await bookDemoCleanerOnWeekday(server, context.request, 0, ADDRESS);
    waiting = await bookDemoCleanerOnWeekday(server, context.request, 1, ADDRESS);
  });
  afterAll(async () => {
    // Leave no booking holding the demo cleaner's time.
    await context?.request.delete(`${baseUrl}/api/bookings/${waiting?.id}`, { headers: origin });
    await context?.close();
  });

  it('an incomplete card number is shown under the field, with no Payment Failed toast; a full one pays', async () => {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/checkout?booking=${paid.id}`);
    const pay = page.getByRole('button', { name: /^Pay \$/ });
    await pay.waitFor({ timeout: 15_000 });
    await page.getByLabel('Card number').fill('4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await pay.click();
    await page.locator('.field__error').filter({ hasText: 'Your card number is incomplete.' }).waitFor({
      timeout: 10_000,
    });
    expect(await toasts(page, 'Payment Failed').count()).toBe(0);

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await pay.click();
    await page.waitForURL(new RegExp(`/dashboard\\?booking=${paid.id}&payment=success$`), { timeout: 15_000 });
    await page.close();
  });

  it('after the cancellation refunds it, /payments counts the charge as successful and the refund apart', async () => {
    const cancelled = await context.request.delete(`${baseUrl}/api/bookings/${paid.id}`, { headers: origin });
    expect(cancelled.ok(), await cancelled.text()).toBe(true);
    await expect
      .poll(async () =>
        (await getJson<PaymentPage>(context.request, baseUrl, '/api/payments')).items.map((p) => p.status),
      )
      .toEqual(['refunded']);
    const { items } = await getJson<PaymentPage>(context.request, baseUrl, '/api/payments');
    const amount = Number(items[0]!.amount).toFixed(2);

    const page = await context.newPage();
    await page.goto(`${baseUrl}/payments`);
    await page.getByTestId('payment-row').first().waitFor({ timeout: 15_000 });
    expect(await statCard(page, 'payments-summary', 'Successful')).toBe(
      'Successful 1 100% success rate (1 of 1 attempt)',
    );
    expect(await statCard(page, 'payments-summary', 'Refunded')).toBe(`Refunded $${amount} 1 payment refunded`);
    expect(await statCard(page, 'payments-summary', 'Total Payments')).toBe(`Total Payments $${amount} 1 payment`);

    // The same figures under another status filter.
    await page.getByLabel('Status').selectOption('succeeded');
    await page.getByText('No payments with this status.').waitFor({ timeout: 10_000 });
    expect(await statCard(page, 'payments-summary', 'Successful')).toBe(
      'Successful 1 100% success rate (1 of 1 attempt)',
    );
    await page.close();
  });

  it('the phone drawer shows the number of active bookings on My Bookings', async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    const stats = await getJson<{ total: number; completed: number; cancelled: number }>(
      context.request,
      baseUrl,
      '/api/bookings/stats',
    );
    expect(stats.total - stats.completed - stats.cancelled).toBe(1);
    await page.goto(`${baseUrl}/search`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.locator('#mobile-menu');
    const myBookings = drawer.getByRole('link', { name: /^My Bookings/ });
    await myBookings.waitFor();
    const badge = myBookings.getByTestId('nav-badge');
    await badge.waitFor({ timeout: 10_000 });
    expect((await badge.innerText()).trim()).toBe('1');
    // Read out as words, not a bare number.
    expect(await drawer.getByRole('link', { name: 'My Bookings (1 active)', exact: true }).count()).toBe(1);
    // No other entry carries a badge.
    expect(await drawer.getByTestId('nav-badge').count()).toBe(1);
    await page.close();
  });
});

describe('the welcome tour (onboarding wizard)', () => {
  it('closes with its Close button or Escape, stays closed across pages and reloads, and comes back from the profile', async () => {
    const context = await newUser('tour', { onboarded: false });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    const wizard = page.getByTestId('onboarding-wizard');
    await wizard.waitFor({ state: 'visible', timeout: 15_000 });
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByText('Step 2 of 5').waitFor();

    await page.keyboard.press('Escape');
    await wizard.waitFor({ state: 'detached', timeout: 10_000 });
    await expect.poll(async () => (await currentUser(context.request)).onboardingCompleted).toBe(true);

    // Remembered: neither another page nor a reload brings it back.
    await page.goto(`${baseUrl}/search`);
    await page.getByTestId('search-intro').waitFor({ timeout: 15_000 });
    await page.reload();
    await page.getByTestId('search-intro').waitFor({ timeout: 15_000 });
    expect(await wizard.count()).toBe(0);

    // The profile brings it back, where it was left; its Close button closes it again.
    await page.goto(`${baseUrl}/profile`);
    await page.getByRole('button', { name: 'Show the tour again' }).click();
    await wizard.waitFor({ state: 'visible', timeout: 15_000 });
    await wizard.getByText('Step 2 of 5').waitFor();
    const close = wizard.getByRole('button', { name: 'Close', exact: true });
    expect(await close.isVisible()).toBe(true);
    await close.click();
    await wizard.waitFor({ state: 'detached', timeout: 10_000 });
    expect((await currentUser(context.request)).onboardingCompleted).toBe(true);
    await context.close();
  });

  it('does not cover /apply-cleaner for a user who has not done it', async () => {
    const context = await newUser('tour-apply', { onboarded: false });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/apply-cleaner`);
    await page.getByTestId('application-form').waitFor({ timeout: 15_000 });
    // The wizard's code would have loaded by now (the user query answered: the form is shown).
    await page.waitForTimeout(1000);
    expect(await page.getByTestId('onboarding-wizard').count()).toBe(0);
    await page.getByLabel('Bio *').fill('I can type in the form.');
    expect(await page.getByLabel('Bio *').inputValue()).toBe('I can type in the form.');

    // Elsewhere it still opens for them.
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('onboarding-wizard').waitFor({ state: 'visible', timeout: 15_000 });
    await context.close();
  });
});

describe('the welcome tour waits for the home page', () => {
  it('does not cover a cleaner’s profile, a booking or a listing a link filled in; it opens on the home page', async () => {
    const context = await newUser('tour-deep-link', { onboarded: false });
    const page = await context.newPage();
    const wizard = page.getByTestId('onboarding-wizard');
    for (const [path, shown] of [
      ['/cleaner/1', page.getByTestId('profile-name')],
      ['/booking/1', page.getByRole('heading', { name: /^Book / })],
      ['/cleaners?location=Austin&maxPrice=60', page.getByTestId('filter-chips')],
    ] as const) {
      await page.goto(`${baseUrl}${path}`);
      await shown.waitFor({ timeout: 15_000 });
      // The user is known by now (the page shows it); the tour would have opened.
      await page.waitForTimeout(800);
      expect(await wizard.count(), path).toBe(0);
    }
    await page.getByRole('link', { name: 'Spotless home' }).first().click();
    await wizard.waitFor({ state: 'visible', timeout: 15_000 });
    await context.close();
  });
});

describe('dialogs keep their buttons in view in a short window', () => {
  it('the booking edit dialog and the tour: the body scrolls, Save Changes and Next stay on screen', async () => {
    const shot = screenshotsIn('dialogs');
    for (const viewport of [
      { width: 1280, height: 720 },
      { width: 390, height: 700 },
    ]) {
      const context = await browser.newContext({ viewport });
      await apiSignIn(context.request, baseUrl, 'customer@example.com');
      const page = await context.newPage();
      const onScreen = async (name: string) => {
        const button = page.locator('dialog[open]').getByRole('button', { name, exact: true });
        const box = await button.boundingBox();
        expect(box, name).not.toBeNull();
        expect(box!.y + box!.height, `${name} at ${viewport.width}`).toBeLessThanOrEqual(viewport.height);
        // Nothing covers it: the point at its middle is the button itself.
        const hit = await button.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
        });
        expect(hit, name).toBe(true);
      };
      await page.goto(`${baseUrl}/dashboard`);
      await page.getByRole('button', { name: 'Edit', exact: true }).first().click();
      await page.getByTestId('edit-booking').getByLabel('Special requests').waitFor({ timeout: 15_000 });
      await onScreen('Save Changes');
      await page.screenshot({ path: shot(`edit-booking-${viewport.width}.png`) });
      await page.keyboard.press('Escape');
      await page.goto(`${baseUrl}/profile`);
      await page.getByRole('button', { name: 'Show the tour again' }).click();
      await page.getByTestId('onboarding-wizard').waitFor({ state: 'visible', timeout: 15_000 });
      await onScreen('Next');
      await page.screenshot({ path: shot(`tour-${viewport.width}.png`) });
      await context.close();
    }
  });
});

describe('the search form and the phone drawer look like the site', () => {
  it('/search: sliders and checkboxes in the site colour, the credentials on one row', async () => {
    for (const width of [1280, 390]) {
      const context = await browser.newContext({ viewport: { width, height: width > 400 ? 800 : 844 } });
      const page = await context.newPage();
      await page.goto(`${baseUrl}/search`);
      await page.getByTestId('search-intro').waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Advanced Filters' }).click();
      const primary = await page.evaluate(() => {
        const probe = document.createElement('span');
        probe.style.color = 'var(--color-primary)';
        document.body.append(probe);
        const colour = getComputedStyle(probe).color;
        probe.remove();
        return colour;
      });
      expect(primary).toBe('rgb(15, 118, 110)');
      for (const control of [
        page.getByLabel(/^Radius/),
        page.getByLabel(/^Minimum rating/),
        page.getByLabel(/^Maximum price/),
        page.getByLabel('Bonded'),
      ]) {
        expect(await control.evaluate((el) => getComputedStyle(el).accentColor)).toBe(primary);
      }
      const tops = await Promise.all(
        ['Verified', 'Insured', 'Bonded'].map(async (name) => (await page.getByLabel(name).boundingBox())?.y),
      );
      expect(new Set(tops).size, `credential rows at ${width}px: ${tops.join(', ')}`).toBe(1);
      await context.close();
    }
  });
});
