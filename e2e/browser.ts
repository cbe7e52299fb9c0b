import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { type Browser, chromium, type Locator, type Page, type Response } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Debian's Chromium, with the flags this machine needs (no sandbox as root, no background network).
 * With `clock`, every new context's `Date` reads `clock.now()` and runs on from there (a test
 * server's fixed start), so the page's "today" is the server's. `args` adds flags of a test's own
 * (host names resolved to loopback, say).
 */
export async function launchBrowser(clock?: { now(): Date }, args: readonly string[] = []): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...args,
    ],
  });
  if (!clock) return browser;
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    // Only the date moves: timers, animation frames and performance.now stay the browser's own.
    await context.addInitScript(shiftDate, clock.now().getTime() - Date.now());
    return context;
  };
  // A page of its own context, as Browser.newPage makes it: closing the page closes the context.
  browser.newPage = async (options) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    page.once('close', () => void context.close().catch(() => undefined));
    return page;
  };
  return browser;
}

/** Runs in each page before its scripts: `Date` reads the real time plus `offsetMs`. */
function shiftDate(offsetMs: number) {
  const RealDate = Date;
  class ShiftedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(RealDate.now() + offsetMs);
      else super(...(args as [string]));
    }
    static override now() {
      return RealDate.now() + offsetMs;
    }
  }
  globalThis.Date = ShiftedDate as DateConstructor;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

/** Runs axe-core (WCAG 2.0/2.1 A and AA rules) in the page and returns its violations. */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol: a <script> tag would be (rightly) blocked by our CSP.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    // Colours are judged as they settle: a toast fading in is not yet its final contrast.
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    );
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
}

/** The serious and critical violations axe-core finds in the page. */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  return (await runAxe(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** The serious and critical axe-core violations in the page, a line each: impact, rule, help and the nodes. */
export async function seriousViolations(page: Page): Promise<string[]> {
  return (await seriousAxeViolations(page)).map(
    (v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/** The first toast on screen. */
export const toast = (page: Page) => page.locator('[data-testid="toast"]').first();

/** Makes e2e/artifacts/`name` and answers the path of a screenshot's `file` in it. */
export function screenshotsIn(name: string): (file: string) => string {
  const dir = join(import.meta.dirname, 'artifacts', name);
  mkdirSync(dir, { recursive: true });
  return (file) => join(dir, file);
}

/** A 1×1 PNG. */
export const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Signs in through the hosted sign-in page's form (opened by /api/login, back to /profile) and
 * answers the response to the form's sign-in request.
 */
export async function signInWithForm(
  page: Page,
  baseUrl: string,
  email: string,
  password = 'demo-password',
): Promise<Response> {
  await page.goto(`${baseUrl}/api/login?returnUrl=%2Fprofile`);
  await page.waitForURL(/\/login/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url() === `${baseUrl}/api/auth/login`),
    page.locator('form').getByRole('button', { name: 'Sign In' }).click(),
  ]);
  await page.waitForURL(/\/profile$/);
  return response;
}

/** Opens an admin session on the admin login page with the demo admin password, in `page`'s context. */
export async function signInAsAdmin(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/admin`);
  await page.getByLabel('Admin password').fill('admin-demo-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/admin-dashboard$/);
}

/**
 * In a booking widget (`scope`), picks the first day `fromDays` or more after `now` with a free
 * time: each date is filled, the answer of its slots awaited (so the previous day's list is never
 * read as this one's), then its times or "No free times" read once shown. The day the widget
 * opened on is not filled again (its answer may have come before anyone waited for it).
 */
export async function pickFirstDayWithFreeTimes(
  page: Page,
  scope: Locator,
  now: Date,
  fromDays: number,
): Promise<void> {
  const date = scope.getByLabel('Date');
  for (let day = fromDays; day < fromDays + 20; day++) {
    const iso = new Date(now.getTime() + day * 86_400_000).toISOString().slice(0, 10);
    // The widget opens on its own default day and asks for it at once: when that is the day
    // wanted, its answer may already be in, and filling the same value asks for nothing new.
    if ((await date.inputValue()) !== iso) {
      await Promise.all([
        page.waitForResponse((r) => r.url().includes(`/slots/${iso}`), { timeout: 15_000 }),
        date.fill(iso),
      ]);
    }
    const slots = scope.locator('[part="slot"]');
    await expect
      .poll(async () => (await slots.count()) > 0 || /No free times that day/.test((await scope.textContent()) ?? ''), {
        timeout: 10_000,
      })
      .toBe(true);
    if ((await slots.count()) > 0) return;
  }
  throw new Error(`no free time in the 20 days from ${fromDays} days ahead`);
}
