import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshotsIn, seriousViolations } from './browser';
import { freePort } from './built-server';
import { useBrowser, useServer } from './server';

/**
 * The example partner site (examples/partner-site, docs/product/partners-and-widgets.md), started
 * by its own one command against the e2e server, used as a visitor would: the property's cleaners
 * are listed at once, "Book a cleaner for this property" opens the booking for the agency's
 * cleaner, the chat answers — with nothing refused by the page's strict CSP. On a phone the chat's
 * launcher never sits over the search's controls or a Book button (decision 074).
 */

const server = await useServer();
const { baseUrl } = server;
const browser = await useBrowser(server);
const shotPath = screenshotsIn('partner-site');
let site: ChildProcess;
let siteUrl = '';

beforeAll(async () => {
  const port = await freePort();
  site = spawn(process.execPath, ['examples/partner-site/serve.mjs'], {
    cwd: join(import.meta.dirname, '..'),
    env: { ...process.env, PORT: String(port), SPOTLESS_URL: baseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  siteUrl = `http://localhost:${port}`;
  await new Promise<void>((resolve, reject) => {
    site.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Sunrise Realty')) resolve();
    });
    site.once('exit', (code) => reject(new Error(`the example site exited with ${code}`)));
  });
});
afterAll(async () => {
  site?.kill();
});

describe('the example partner site', () => {
  it('lists the property’s cleaners, books the agency’s cleaner from its button, and chats, under its strict CSP', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
    });
    await page.goto(siteUrl);
    const search = page.locator('[data-spotless="search"]');
    await expect
      .poll(() => search.locator('[part="results"]').textContent(), { timeout: 15_000 })
      .toContain('Austin, TX');

    await page.getByRole('button', { name: 'Book a cleaner for this property' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book a cleaner' });
    await expect.poll(() => dialog.textContent(), { timeout: 15_000 }).toMatch(/Book \w+ \w+/);
    expect(await seriousViolations(page)).toEqual([]);
    // The property's address comes filled in: the page knows where the cleaning is.
    await expect.poll(() => dialog.locator('[part="slot"]').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await dialog.locator('[part="slot"]').first().click();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    expect(await dialog.getByLabel('Address').inputValue()).toBe('12 Oak Street, Austin, TX 78701');
    await page.screenshot({ path: shotPath('property-address-1280.png') });
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Open chat' }).click();
    await page.getByRole('button', { name: 'What is the cancellation policy?' }).click();
    await expect.poll(() => page.locator('[part="chat-panel"]').textContent(), { timeout: 15_000 }).toContain('24');
    // Each page the reply names reads as its title, not all alike as "open on Spotless"; a guest here
    // has no My Bookings, so the reply sends them to their booking's e-mail instead.
    const pages = await page.locator('[part="chat-panel"] .sp-msg--assistant .sp-link').allTextContents();
    expect(pages).toContain('What is the cancellation policy?');
    expect(pages).not.toContain('open on Spotless');
    expect(pages).not.toContain('My Bookings');
    expect(await page.locator('[part="chat-panel"]').textContent()).toContain(
      'The e-mail confirming your booking has a link to change or cancel it.',
    );
    await page.screenshot({ path: shotPath('chat-links-1280.png') });
    expect(refused).toEqual([]);
    await context.close();
  }, 90_000);

  it('keeps every Book button and the search’s controls reachable at 390 px, the chat’s launcher stepping aside', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(siteUrl);
    const search = page.locator('[data-spotless="search"]');
    await expect.poll(() => search.locator('[part="result"]').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const launcher = page.locator('[part="chat-launcher"]');
    await launcher.waitFor();
    const bottom = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
    expect(bottom).toBeGreaterThan(0);
    for (let y = 0; ; y = Math.min(y + 60, bottom)) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      // The launcher decides its place on the next frame after a scroll.
      await expect.poll(() => coveredControls(page), { timeout: 5_000 }).toEqual([]);
      // Compact on a phone: 48 px round, or the 24 px tab at the edge, never the desktop's 56 px.
      await expect
        .poll(async () => [48, 24].includes(Math.round((await launcher.boundingBox())?.width ?? 48)))
        .toBe(true);
      if (y === 0) await page.screenshot({ path: shotPath('launcher-phone-top.png') });
      if (y === bottom) break;
    }
    await page.screenshot({ path: shotPath('launcher-phone-bottom.png') });
    // Still the chat's way in, wherever it stands.
    await launcher.click();
    await expect
      .poll(() => page.locator('[part="chat-panel"]').textContent(), { timeout: 15_000 })
      .toContain('Spotless Assistant');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  }, 90_000);
});

/**
 * The controls in view — the search widget's fields, Book buttons and links, the page's own buttons
 * and links — of which some point, a corner (4 px in, inside a rounded one) or the centre, is not the control itself as
 * a visitor's tap finds it (`elementFromPoint`, followed into open shadow roots): each named, with
 * what is on top of it there.
 */
function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.querySelector('[data-spotless="search"]')?.shadowRoot;
    if (!root) return ['no search widget'];
    const targets = [
      ...root.querySelectorAll<HTMLElement>('form input, form select, form button, [part="result"] button, a[href]'),
      ...document.querySelectorAll<HTMLElement>('main button, main a[href]'),
    ];
    const topmost = (x: number, y: number) => {
      let element = document.elementFromPoint(x, y);
      while (element?.shadowRoot) {
        const inner = element.shadowRoot.elementFromPoint(x, y);
        if (!inner || inner === element) break;
        element = inner;
      }
      return element;
    };
    const covered: string[] = [];
    for (const target of targets) {
      const r = target.getBoundingClientRect();
      const corners: Array<[number, number]> = [
        [r.left + 4, r.top + 4],
        [r.right - 4, r.top + 4],
        [r.left + 4, r.bottom - 4],
        [r.right - 4, r.bottom - 4],
        [(r.left + r.right) / 2, (r.top + r.bottom) / 2],
      ];
      const points = corners.filter(([, y]) => y >= 0 && y < innerHeight);
      for (const [x, y] of points) {
        const hit = topmost(x, y);
        if (!hit || !target.contains(hit)) {
          const name = target.getAttribute('aria-label') ?? target.textContent?.trim() ?? '';
          covered.push(
            `${target.tagName.toLowerCase()} ${name} at ${Math.round(x)},${Math.round(y)}: ${hit?.getAttribute('part') ?? hit?.tagName}`,
          );
        }
      }
    }
    return covered;
  });
}
