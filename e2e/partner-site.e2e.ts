import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './browser';
import { freePort } from './built-server';
import { useBrowser, useServer } from './server';

/**
 * The example partner site (examples/partner-site, docs/product/partners-and-widgets.md), started
 * by its own one command against the e2e server, used as a visitor would: the property's cleaners
 * are listed at once, "Book a cleaner for this property" opens the booking for the agency's
 * cleaner, the chat answers — with nothing refused by the page's strict CSP.
 */

const server = await useServer();
const { baseUrl } = server;
const browser = await useBrowser(server);
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
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Open chat' }).click();
    await page.getByRole('button', { name: 'What is the cancellation policy?' }).click();
    await expect.poll(() => page.locator('[part="chat-panel"]').textContent(), { timeout: 15_000 }).toContain('24');
    expect(refused).toEqual([]);
    await context.close();
  }, 90_000);
});
