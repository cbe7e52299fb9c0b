import { describe, expect, it } from 'vitest';
import { screenshotsIn, seriousViolations, signInAsAdmin } from './browser';
import { useBrowser, useServer } from './server';

/**
 * Partners in the admin area (docs/product/administration.md; decision 048): the demo partner is
 * listed with its key and rate; an administrator creates a partner (a wrong origin is refused under
 * its field first), edits its commission and deactivates it (asked in the app's own dialog) — and
 * its key stops working at once.
 */

const server = await useServer();
const { baseUrl } = server;
const shotPath = screenshotsIn('admin-partners');
const browser = await useBrowser(server);

describe('partners in the admin area', () => {
  for (const [label, viewport] of [
    ['desktop', { width: 1280, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    it(`creates, edits and deactivates a partner (${label})`, async () => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await signInAsAdmin(page, baseUrl);
      await page.getByRole('link', { name: 'Partners' }).click();
      await page.waitForURL(/\/admin-partners$/);
      const table = page.getByTestId('partners-table');
      await expect.poll(() => table.textContent()).toContain('pk_demo_sunrise_realty');
      // The table scrolls inside its card; the page never scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.screenshot({ path: shotPath(`${label}-list.png`), fullPage: true });

      const name = `Harbor Homes ${label} ${Date.now().toString(36)}`;
      await page.getByRole('button', { name: 'New partner' }).click();
      const dialog = page.getByTestId('partner-dialog');
      await dialog.getByLabel('Name').fill(name);
      await dialog.getByLabel('Allowed origins').fill('https://*.harbor.example');
      await dialog.getByRole('button', { name: 'Create partner' }).click();
      await expect.poll(() => dialog.textContent()).toContain('is not an origin');
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: shotPath(`${label}-form.png`) });

      await dialog.getByLabel('Allowed origins').fill('https://harbor.example\nhttp://localhost:*');
      await dialog.getByLabel('Commission (%)').fill('12.5');
      await dialog.getByRole('button', { name: 'Create partner' }).click();
      const row = page.getByRole('row', { name: new RegExp(name) });
      await expect.poll(() => row.textContent()).toContain('12.5%');
      const key = (await row.locator('code').first().textContent()) ?? '';
      expect(key).toMatch(/^pk_[a-z2-7]{24}$/);

      const keyed = () =>
        fetch(`${baseUrl}/api/services`, { headers: { 'x-spotless-key': key, origin: 'https://harbor.example' } });
      const allowed = await keyed();
      expect(allowed.status).toBe(200);
      expect(allowed.headers.get('access-control-allow-origin')).toBe('https://harbor.example');

      // Its first person is invited from the list: the row says no one can open its portal yet.
      expect(await row.getByTestId('partner-people').innerText()).toContain('No one yet');
      await row.getByRole('button', { name: `Invite its first person to ${name}` }).click();
      const invite = page.getByTestId('invite-dialog');
      await invite.getByLabel('E-mail address').fill(`first-${label}-${Date.now()}@harbor.example`);
      await invite.getByRole('button', { name: 'Send invitation' }).click();
      await expect.poll(() => row.getByTestId('partner-people').innerText()).toContain('1 invitation pending');

      await row.getByRole('button', { name: `Edit ${name}` }).click();
      await dialog.getByLabel('Commission (%)').fill('9');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => row.textContent()).toContain('9%');

      // Deactivating asks first, in the app's own dialog.
      await row.getByRole('button', { name: `Deactivate ${name}` }).click();
      const asked = page.getByRole('dialog', { name: `Deactivate ${name}` });
      await asked.getByRole('button', { name: 'Deactivate', exact: true }).click();
      await expect.poll(() => row.textContent()).toContain('Inactive');
      expect((await keyed()).status).toBe(403);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: shotPath(`${label}-after.png`), fullPage: true });
      await context.close();
    }, 60_000);
  }
});
