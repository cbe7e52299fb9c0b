import { describe, expect, it } from 'vitest';
import { apiSignIn } from './api';
import { screenshotsIn } from './browser';
import { useBrowser, useServer } from './server';

/**
 * Links into the help centre (decision 085): `/help-center#damage` — the assistant's links — opens
 * that article and scrolls it into view, on load and when the hash changes on the page; the
 * cleaners' answers carry the server's fee; the Become a Cleaner page says how cleaners are paid
 * with the same figures; and a cleaner's assistant greets them for their pay.
 */

const server = await useServer();
const { baseUrl } = server;
const shotPath = screenshotsIn('help-links');
const browser = await useBrowser(server);

const terms = (await (await fetch(`${baseUrl}/api/payout-terms`)).json()) as {
  platformFeePercent: number;
  cleanerSharePercent: number;
  whenPaid: string;
};

describe.each([
  ['desktop', 1280, 800],
  ['phone', 390, 844],
] as const)('help links on %s', (label, width, height) => {
  it('open the article a hash names, on load and on a hash change, scrolled into view', async () => {
    const page = await browser.newPage({ viewport: { width, height } });
    await page.goto(`${baseUrl}/help-center#damage`);
    const damage = page.locator('details#damage');
    await page.waitForFunction(() => (document.getElementById('damage') as HTMLDetailsElement | null)?.open === true);
    await expect(damage.locator('summary').isVisible()).resolves.toBe(true);
    const inView = (id: string) =>
      page.evaluate((el) => {
        const box = document.getElementById(el)?.getBoundingClientRect();
        return box !== undefined && box.top >= -1 && box.top < window.innerHeight;
      }, id);
    await page.waitForFunction(() => (document.getElementById('damage')?.getBoundingClientRect().top ?? -1) >= -1);
    expect(await inView('damage')).toBe(true);
    await page.screenshot({ path: shotPath(`${label}-damage.png`) });

    // Another article by a hash change on the same page: the cleaners' answers, with the server's fee.
    await page.evaluate(() => {
      location.hash = '#platform-fee';
    });
    await page.waitForFunction(
      () => (document.getElementById('platform-fee') as HTMLDetailsElement | null)?.open === true,
    );
    expect(await inView('platform-fee')).toBe(true);
    const fee = await page.locator('details#platform-fee').innerText();
    expect(fee).toContain(`${terms.platformFeePercent}%`);
    expect(fee).toContain(`${terms.cleanerSharePercent}%`);
    await page.screenshot({ path: shotPath(`${label}-platform-fee.png`) });
    await page.close();
  });

  it('say how cleaners are paid on the Become a Cleaner page, with the server’s figures', async () => {
    const context = await browser.newContext({ viewport: { width, height } });
    await apiSignIn(context.request, baseUrl, 'customer@example.com');
    const page = await context.newPage();
    await page.goto(`${baseUrl}/apply-cleaner`);
    const section = page.getByTestId('how-youre-paid');
    await section.getByText(`${terms.platformFeePercent}%`).waitFor();
    const text = await section.innerText();
    expect(text).toContain(`${terms.cleanerSharePercent}%`);
    expect(text).toContain(terms.whenPaid);
    await page.screenshot({ path: shotPath(`${label}-apply.png`), fullPage: true });
    // A link to a section of a lazily loaded page scrolls to it once the page renders it.
    await page.goto(`${baseUrl}/terms-of-service#cleaner-payments`);
    await page.getByTestId('terms-cleaner-payments').getByText(`${terms.platformFeePercent}%`).waitFor();
    await page.waitForFunction(() => {
      const top = document.getElementById('cleaner-payments')?.getBoundingClientRect().top ?? -1;
      return top >= 0 && top < window.innerHeight / 2;
    });
    await page.screenshot({ path: shotPath(`${label}-terms.png`) });
    await context.close();
  });
});

describe.each([
  ['desktop', 1280, 800],
  ['phone', 390, 844],
] as const)('the assistant for a cleaner on %s', (label, width, height) => {
  it('greets them for their pay and answers when their next payout is', async () => {
    const context = await browser.newContext({ viewport: { width, height } });
    await apiSignIn(context.request, baseUrl, 'cleaner@example.com');
    const page = await context.newPage();
    await page.goto(`${baseUrl}/help-center`);
    await page.getByRole('heading', { name: 'Help Center', level: 1 }).waitFor();
    await page.getByTestId('chat-bubble').click();
    const quick = page.getByTestId('chat-quick-reply');
    await quick.first().waitFor();
    expect(await quick.allInnerTexts()).toContain('When is my next payout?');
    await page.screenshot({ path: shotPath(`${label}-cleaner-greeting.png`) });
    await quick.filter({ hasText: 'When is my next payout?' }).click();
    const reply = page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
    await page.locator('[data-testid="chat-link"]', { hasText: 'Earnings & Payouts' }).first().waitFor();
    expect(await reply.innerText()).not.toMatch(/no upcoming cleanings/i);
    await page.screenshot({ path: shotPath(`${label}-cleaner-chat.png`) });
    await context.close();
  });
});
