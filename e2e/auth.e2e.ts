import type { AuthUser } from '@spotless/sdk';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAdminSignIn, apiSignIn } from './api';
import { screenshotsIn, seriousViolations, toast } from './browser';
import { inNewestMail } from './mail';
import { useBrowser, useServer } from './server';

/*
 * Accounts in Chromium. The signed-in views (wizard, profile) are checked with axe here: the
 * route-table sweep in a11y.e2e.ts does not reach them.
 */

const server = await useServer();
const { baseUrl } = server;
const browser = await useBrowser(server);

/**
 * The link in the newest e-mail of `type` to `email`: from the outbox table, or from its delivered
 * file once the delivery job (each minute) has sent it and blanked the stored copy.
 */
function newestLink(email: string, type: string): Promise<string | undefined> {
  return inNewestMail(server.dataDir, email, type, /https?:\/\/\S+/);
}

async function currentUser(page: Page): Promise<{ status: number; user: AuthUser | undefined }> {
  // page.request shares the browser context's cookies.
  const res = await page.request.get(`${baseUrl}/api/auth/user`);
  return { status: res.status(), user: res.ok() ? ((await res.json()) as AuthUser) : undefined };
}

describe('accounts in Chromium', () => {
  it('sign up → onboarding to Complete Setup → no wizard after reload → profile edit persists → sign out', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const email = `e2e.${Date.now()}@example.com`;

    // Sign in is a navigation to /api/login, which lands on the hosted sign-in page.
    await page.goto(`${baseUrl}/api/login?returnUrl=%2F`);
    await page.waitForURL(/\/login/);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.getByLabel('First name').fill('Erin');
    await page.getByLabel('Last name').fill('Tester');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('e2e-password-123');
    await page.getByRole('button', { name: 'Create Account' }).click();

    // The wizard opens over the page for a new user, at step 1 of 5.
    const wizard = page.locator('[data-testid="onboarding-wizard"]');
    await wizard.waitFor({ state: 'visible', timeout: 15_000 });
    const progress = page.locator('[data-testid="onboarding-progress"]');
    expect(await progress.textContent()).toBe('20%');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await wizard.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);

    await wizard.getByLabel(/Customer/).check();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expectText(progress, '40%');
    await wizard.getByLabel('Deep Cleaning').check();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expectText(progress, '60%');
    await wizard.getByLabel('Address').fill('410 Congress Ave, Austin, TX 78701');
    await wizard.getByLabel('How often do you need cleaning?').selectOption('biweekly');
    // Previous goes back one step, and the answers are kept.
    await wizard.getByRole('button', { name: 'Previous' }).click();
    await expectText(progress, '40%');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expectText(progress, '60%');
    expect(await wizard.getByLabel('Address').inputValue()).toBe('410 Congress Ave, Austin, TX 78701');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expectText(progress, '80%');
    await wizard.getByLabel('Minimum budget ($)').fill('80');
    await wizard.getByLabel('Maximum budget ($)').fill('150');
    await wizard.getByLabel(/Special requests/).fill('Pet-friendly products, Keys under the mat');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expectText(progress, '100%');
    await wizard.getByLabel('SMS notifications').check();
    await wizard.getByRole('button', { name: 'Complete Setup' }).click();
    await wizard.waitFor({ state: 'detached', timeout: 10_000 });

    const saved = await currentUser(page);
    expect(saved.user).toMatchObject({
      email,
      onboardingCompleted: true,
      onboardingStep: 5,
      onboardingPreferences: {
        userType: 'customer',
        serviceTypes: ['deep'],
        location: { address: '410 Congress Ave, Austin, TX 78701' },
        frequency: 'biweekly',
        budget: { min: 80, max: 150 },
        specialRequests: ['Pet-friendly products', 'Keys under the mat'],
        notifications: { email: true, sms: true, push: true },
      },
    });

    // The confirmation e-mail links to the address this browser signed up on (127.0.0.1, not
    // PUBLIC_URL's localhost: decision 072), so opening it keeps the session it has there.
    const confirm = await newestLink(email, 'verify_email');
    expect(confirm, confirm).toMatch(new RegExp(`^${baseUrl.replace(/\./g, '\\.')}/verify-email\\?token=`));
    await page.goto(confirm as string);
    await page.getByTestId('email-verified').waitFor();
    expect((await currentUser(page)).user).toMatchObject({ email, emailVerified: true });
    await page.goto(`${baseUrl}/`);

    // A reload does not show the wizard again.
    await page.reload({ waitUntil: 'networkidle' });
    const account = page.getByTestId('account-menu');
    await account.getByRole('button', { name: 'Erin' }).waitFor();
    expect(await wizard.count()).toBe(0);

    // The profile page (the account menu's Settings): edit personal information; a reload shows it.
    await account.getByRole('button', { name: 'Erin' }).click();
    await account.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL(/\/profile$/);
    await page.getByLabel('First name').waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await page.getByLabel('First name').fill('Erica');
    await page.getByLabel('Phone').fill('(512) 555-0100');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectText(toast(page).locator('.toast__title'), 'Profile updated successfully');
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByLabel('First name').waitFor();
    expect(await page.getByLabel('First name').inputValue()).toBe('Erica');
    expect(await page.getByLabel('Phone').inputValue()).toBe('(512) 555-0100');
    // Account activity comes from the data: a new account has none, and no rating given yet.
    const activity = page.locator('[data-testid="account-activity"]');
    await activity.getByText('—').waitFor();
    expect(await activity.locator('dd').allTextContents()).toEqual(['0', '0', '0', '—']);
    await page.getByText('No bookings yet').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Sign out (the account menu's last entry) is a navigation to /api/logout; afterwards the API says 401.
    await account.getByRole('button', { name: 'Erica' }).click();
    await account.getByRole('link', { name: 'Sign Out' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.locator('[data-testid="auth-controls"]').getByRole('link', { name: 'Sign In' }).waitFor();
    expect((await currentUser(page)).status).toBe(401);
    await context.close();
  });

  it('the wizard moves on when a save fails (Update Failed) and resumes at the saved step after a reload', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const registered = await page.request.post(`${baseUrl}/api/auth/register`, {
      data: {
        email: `e2e.resume.${Date.now()}@example.com`,
        password: 'e2e-password-123',
        firstName: 'Rae',
        lastName: 'Sume',
      },
    });
    expect(registered.status()).toBe(201);

    await page.route('**/api/onboarding/update', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"x","message":"down"}}' }),
    );
    await page.goto(`${baseUrl}/`);
    const wizard = page.locator('[data-testid="onboarding-wizard"]');
    const progress = page.locator('[data-testid="onboarding-progress"]');
    await wizard.waitFor({ state: 'visible', timeout: 15_000 });
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expectText(toast(page).locator('.toast__title'), 'Update Failed');
    expect(await toast(page).locator('.toast__description').textContent()).toBe(
      'Failed to save progress. Please try again.',
    );
    await expectText(progress, '40%');
    expect((await currentUser(page)).user?.onboardingStep).toBe(0);

    await page.unroute('**/api/onboarding/update');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expectText(progress, '60%');
    await page.waitForFunction(async () => {
      const res = await fetch('/api/auth/user');
      return ((await res.json()) as { onboardingStep: number }).onboardingStep === 2;
    });
    await page.reload();
    await wizard.waitFor({ state: 'visible', timeout: 15_000 });
    await expectText(progress, '60%');
    await context.close();
  });

  it('a signed-out visitor on /profile is told so and sent to sign in', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/profile`);
    await page.getByText('You need to be logged in to view your profile. Redirecting...').waitFor({ timeout: 10_000 });
    await page.waitForURL(/\/login\?returnUrl=%2Fprofile/, { timeout: 10_000 });
    await context.close();
  });

  it('the demo customer signs in on the hosted page and returns to returnUrl', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/api/login?returnUrl=%2Fprofile`);
    await page.waitForURL(/\/login\?returnUrl=%2Fprofile/);
    await page.getByLabel('Email').fill('customer@example.com');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
    await expectText(page.locator('[data-testid="auth-error"]'), 'Invalid email or password');
    await page.getByLabel('Password').fill('demo-password');
    await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/profile$/);
    // The demo customer has real bookings: the counts are not zero.
    const activity = page.locator('[data-testid="account-activity"]');
    await activity.locator('dd').first().waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="account-activity"] dd')?.textContent !== '…',
    );
    expect(Number(await activity.locator('dd').first().textContent())).toBeGreaterThan(0);
    await context.close();
  });
});

describe('the header’s account menu (wide screens)', () => {
  it('opens from the person’s name by keyboard or pointer, reaches a cleaner’s own bookings, and closes on Escape or outside', async () => {
    const shot = screenshotsIn('account-menu');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await apiSignIn(context.request, baseUrl, 'cleaner@example.com');
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    const header = page.locator('.site-header');
    const button = header.getByRole('button', { name: 'Jordan' });
    await button.waitFor();
    // The six links stay, a cleaner's jobs under a cleaner's word; Sign In is not offered to someone signed in.
    expect(await header.getByRole('navigation', { name: 'Main' }).getByRole('link').allInnerTexts()).toEqual([
      'Find Cleaners',
      'How It Works',
      'About',
      'Contact',
      'My Jobs',
      'Profile',
    ]);
    expect(await header.getByRole('link', { name: 'Sign In' }).count()).toBe(0);
    const menu = header.getByRole('navigation', { name: 'Account' });

    // Keyboard: Enter opens, ↓ walks the entries, Escape closes and gives focus back.
    await button.focus();
    await page.keyboard.press('Enter');
    await menu.waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await menu.getByRole('link').allInnerTexts()).toEqual([
      'Earnings & Payouts',
      'My Bookings',
      'Payments',
      'Reviews',
      'Settings',
      'Sign Out',
    ]);
    await page.screenshot({ path: shot('cleaner-menu-1280.png') });
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Earnings & Payouts');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('My Bookings');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);

    // Pointer: a click outside closes it; an entry goes to its page.
    await button.click();
    await menu.waitFor();
    await page.mouse.click(400, 600);
    await menu.waitFor({ state: 'hidden' });
    await button.click();
    await menu.getByRole('link', { name: 'My Bookings' }).click();
    await page.waitForURL(`${baseUrl}/dashboard`);
    await menu.waitFor({ state: 'hidden' });
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('an administrator session: no Sign In, the admin pages in the menu and in the phone drawer', async () => {
    const shot = screenshotsIn('account-menu');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await apiAdminSignIn(context.request, baseUrl);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/about`);
    const header = page.locator('.site-header');
    await header.getByRole('button', { name: 'Administrator' }).click();
    const menu = header.getByRole('navigation', { name: 'Account' });
    expect(await menu.getByRole('link').allInnerTexts()).toEqual([
      'Admin Dashboard',
      'Partners',
      'Payouts',
      'Payments',
      'Sign Out',
    ]);
    expect(await header.getByRole('link', { name: 'Sign In' }).count()).toBe(0);
    await page.screenshot({ path: shot('admin-menu-1280.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await header.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.locator('#mobile-menu');
    await drawer.getByRole('link', { name: 'Admin Dashboard' }).waitFor();
    expect(await drawer.getByRole('link', { name: 'Sign In' }).count()).toBe(0);
    await drawer.getByRole('link', { name: 'Sign Out' }).waitFor();
    // The drawer slides in (200 ms): the picture is of it in place.
    await page.waitForTimeout(300);
    await page.screenshot({ path: shot('admin-drawer-390.png') });
    await context.close();
  });
});

describe('admin login page in Chromium', () => {
  it('empty password → Password Required; wrong → Login Failed; right → /admin-dashboard', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/admin`);
    const password = page.getByLabel('Admin password');
    await password.waitFor();

    await page.getByRole('button', { name: 'Login' }).click();
    await expectText(toast(page).locator('.toast__title'), 'Password Required');
    expect(await toast(page).locator('.toast__description').textContent()).toBe('Please enter the admin password.');

    await password.fill('not-the-password');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Login' }).click();
    await expectText(toast(page).locator('.toast__title'), 'Login Failed');
    expect(await toast(page).locator('.toast__description').textContent()).toBe('Invalid password. Please try again.');

    await password.fill('admin-demo-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/admin-dashboard$/);
    // The earlier "Login Failed" does not follow the administrator into the dashboard.
    expect(await toast(page).filter({ hasText: 'Login Failed' }).count()).toBe(0);
    const session = await page.request.get(`${baseUrl}/api/admin/session`);
    expect(session.status()).toBe(200);
    await context.close();
  });
});

async function expectText(locator: ReturnType<Page['locator']>, text: string) {
  await locator.filter({ hasText: text }).first().waitFor({ timeout: 10_000 });
  expect((await locator.first().textContent())?.trim()).toBe(text);
}
