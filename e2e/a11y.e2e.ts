import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CleanerPage } from '@spotless/sdk';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, runAxe } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
let cleanerId = 1;

/**
 * Every path of the hosted app's route table, read from its source so that a page added later is
 * checked without editing this test. Routes with parameters need a sample below.
 */
function routePaths(): string[] {
  const source = readFileSync(join(import.meta.dirname, '..', 'admin', 'src', 'routes.tsx'), 'utf8');
  const paths = [...source.matchAll(/\bpath:\s*'([^']+)'/g)].map((m) => m[1]!).filter((p) => p !== '*');
  return ['', ...paths];
}

const samples: Record<string, () => string> = {
  'cleaner/:id': () => `cleaner/${cleanerId}`,
  'booking/:cleanerId/:serviceId?': () => `booking/${cleanerId}/1`,
};

function concrete(path: string): string {
  if (!path.includes(':')) return `/${path}`;
  const sample = samples[path];
  if (!sample) throw new Error(`add a sample value for the route "${path}" in e2e/a11y.e2e.ts`);
  return `/${sample()}`;
}

/** Protected pages redirect after 500 ms when signed out: check the page the visitor ends on. */
async function waitForStableUrl(page: Page) {
  for (let url = page.url(); ; url = page.url()) {
    await page.waitForTimeout(700);
    if (page.url() === url) break;
    await page.waitForLoadState('networkidle');
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  const res = await fetch(`${baseUrl}/api/cleaners?pageSize=1`);
  cleanerId = ((await res.json()) as CleanerPage).items[0]?.id ?? 1;
});
afterAll(async () => {
  await browser?.close();
});

describe('accessibility (axe-core in Chromium)', () => {
  const pages = [...routePaths().map(concrete), '/no-such-page-anywhere'];

  it('catches serious violations (the check itself works)', async () => {
    const page = await browser.newPage();
    await page.setContent(
      '<html><body><main><img src="x.png"><button></button><p style="color:#bbb;background:#fff">faint</p></main></body></html>',
    );
    const ids = (await runAxe(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
    await page.close();
    expect(ids).toEqual(expect.arrayContaining(['image-alt', 'button-name', 'color-contrast']));
  });

  it('knows the pages of the route table', () => {
    expect(pages).toContain('/contact');
    expect(pages.length).toBeGreaterThan(15);
  });

  for (const path of pages) {
    for (const viewport of [
      { name: 'desktop', width: 1280, height: 900 },
      { name: 'mobile', width: 390, height: 844 },
    ]) {
      it(`${path} (${viewport.name}) has no serious or critical violations`, async () => {
        const page = await browser.newPage({ viewport });
        await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
        await waitForStableUrl(page);
        await page.locator('main').first().waitFor();
        const violations = (await runAxe(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
        await page.close();
        expect(
          violations.map(
            (v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
          ),
        ).toEqual([]);
      });
    }
  }
});
