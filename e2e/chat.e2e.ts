import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotsIn, seriousViolations } from './browser';
import { useBrowser, useServer } from './server';

/**
 * The assistant's bubble in Chromium (docs/product/assistant.md; decision 047): open it, click a
 * quick reply, get a reply with a button to a real cleaner and follow it; minimise and reopen; a
 * failed send shows 'Message Error'; no serious accessibility violation with the panel open; at
 * desktop and phone widths.
 */

const server = await useServer();
const { baseUrl } = server;
const shotPath = screenshotsIn('chat');
const browser = await useBrowser(server);

async function open(width: number, height: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.goto(`${baseUrl}/help-center`);
  await page.getByRole('heading', { name: 'Help Center', level: 1 }).waitFor();
  return page;
}

describe.each([
  ['desktop', 1280, 800],
  ['phone', 390, 844],
] as const)('the chat bubble on %s', (label, width, height) => {
  it('opens, answers a quick reply with a button to a real cleaner, and follows it', async () => {
    const page = await open(width, height);
    const bubble = page.getByTestId('chat-bubble');
    await expect(bubble.getAttribute('aria-expanded')).resolves.toBe('false');
    await page.screenshot({ path: shotPath(`${label}-closed.png`) });
    await bubble.click();
    const panel = page.getByTestId('chat-panel');
    await panel.waitFor();
    // Focus moves into the panel, on the message box.
    await page.getByTestId('chat-input').and(page.locator(':focus')).waitFor();
    const box = await panel.boundingBox();
    if (label === 'desktop') {
      expect(box?.width).toBe(384);
      expect(box?.height).toBe(500);
    }
    await expect(panel.getByText('Online • Here to help!').isVisible()).resolves.toBe(true);
    const quick = page.getByTestId('chat-quick-reply');
    await quick.first().waitFor();
    expect(await quick.count()).toBeLessThanOrEqual(3);
    const asked = await quick.first().innerText();
    await quick.first().click();
    await page.locator('[data-testid="chat-message"][data-role="user"]', { hasText: asked }).waitFor();
    const cleanerButton = page.locator('[data-testid="chat-link"][data-rel="cleaner"]').first();
    await cleanerButton.waitFor();
    // More than two messages: the quick replies are gone.
    expect(await quick.count()).toBe(0);
    // The reply shows from its start, not scrolled to its end.
    const reply = page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
    const view = await page.locator('.chat-panel__messages').boundingBox();
    const top = (await reply.boundingBox())?.y ?? -1;
    expect(top).toBeGreaterThanOrEqual((view?.y ?? 0) - 1);
    expect(top).toBeLessThan((view?.y ?? 0) + (view?.height ?? 0));
    // Nothing in the conversation reaches past the panel's right edge (a long button once cut
    // every message off on a phone).
    const edge = (await panel.boundingBox())?.x ?? 0;
    const right = edge + ((await panel.boundingBox())?.width ?? 0);
    for (const item of await page.locator('[data-testid="chat-message"], [data-testid="chat-link"]').all()) {
      const b = await item.boundingBox();
      if (b) expect(b.x + b.width).toBeLessThanOrEqual(right + 0.5);
    }
    await page.screenshot({ path: shotPath(`${label}-reply.png`) });

    expect(await seriousViolations(page)).toEqual([]);

    const name = await cleanerButton.innerText();
    const href = await cleanerButton.getAttribute('href');
    expect(href).toMatch(/^\/cleaner\/\d+$/);
    const profile = await fetch(`${baseUrl}/api/cleaners/${href?.split('/').at(-1)}`);
    expect(profile.status).toBe(200);
    await cleanerButton.click();
    await page.waitForURL(`${baseUrl}${href}`);
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    // The panel steps aside for the page it opened, at every width (it covered the booking form).
    await page.locator('.chat-panel--minimized').waitFor();
    await page.screenshot({ path: shotPath(`${label}-followed.png`) });
    await page.close();
  });

  it('minimises to its header, reopens with the conversation, and shows Message Error when a send fails', async () => {
    const page = await open(width, height);
    await page.getByTestId('chat-bubble').click();
    const input = page.getByTestId('chat-input');
    await input.fill('What is the cancellation policy?');
    await input.press('Shift+Enter');
    expect(await page.locator('[data-testid="chat-message"][data-role="user"]').count()).toBe(0);
    await input.press('Enter');
    await page
      .locator('[data-testid="chat-message"][data-role="assistant"]', { hasText: '24 or more hours' })
      .waitFor();

    await page.getByRole('button', { name: 'Minimize the assistant chat' }).click();
    const panel = page.getByTestId('chat-panel');
    expect((await panel.boundingBox())?.height).toBe(64);
    await expect(page.getByTestId('chat-input').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Expand the assistant chat' }).click();
    await page.locator('[data-testid="chat-message"]', { hasText: '24 or more hours' }).waitFor();

    await page.route('**/api/chat/*/message', (route) => route.fulfill({ status: 500, body: '{}' }));
    await input.fill('hello again');
    await page.getByTestId('chat-send').click();
    await page.getByText('Message Error').waitFor();
    await page.getByText('Failed to send message. Please try again.').waitFor();
    // The typing indicator is gone and the box works again.
    await expect(input.isDisabled()).resolves.toBe(false);
    await page.keyboard.press('Escape');
    expect((await panel.boundingBox())?.height).toBe(64);
    await page.close();
  });
});
