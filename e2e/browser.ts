import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type APIRequestContext, type APIResponse, type Browser, chromium, type Page } from 'playwright-core';

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

/** Opens an admin session on the admin login page with the demo admin password, in `page`'s context. */
export async function signInAsAdmin(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/admin`);
  await page.getByLabel('Admin password').fill('admin-demo-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/admin-dashboard$/);
}

/**
 * Books through the API at the server's price, as the signed-in `request`: a wrong quote answers
 * the current price (409 `price_changed`), which is then sent. Answers the booking's response, or
 * the quote's when it was refused for another reason.
 */
export async function bookAtServerPrice(
  request: APIRequestContext,
  baseUrl: string,
  body: Record<string, unknown>,
): Promise<APIResponse> {
  const quote = await request.post(`${baseUrl}/api/bookings`, {
    data: { ...body, totalPrice: '1.00' },
    headers: { origin: baseUrl },
  });
  const { error } = (await quote.json()) as { error?: { code: string; currentPrice?: string } };
  if (error?.code !== 'price_changed') return quote;
  return request.post(`${baseUrl}/api/bookings`, {
    data: { ...body, totalPrice: error.currentPrice },
    headers: { origin: baseUrl },
  });
}

/** Pays a booking with the test card through its own pay action, as checkout does, as the signed-in `request`. */
export async function payWithTestCard(request: APIRequestContext, baseUrl: string, bookingId: number): Promise<void> {
  const current = (await (await request.get(`${baseUrl}/api/bookings/${bookingId}`)).json()) as {
    actions: { pay?: { href: string; method: string } };
  };
  const action = current.actions.pay;
  if (!action) throw new Error(`booking ${bookingId} offers no pay action`);
  const intent = await request.fetch(`${baseUrl}${action.href}`, {
    method: action.method,
    data: { bookingId },
    headers: { origin: baseUrl },
  });
  if (intent.status() !== 200) throw new Error(`pay action answered ${intent.status()}`);
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const confirm = await request.post(`${baseUrl}/api/payments/local/confirm`, {
    data: { clientSecret, cardNumber: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' },
    headers: { origin: baseUrl },
  });
  if (confirm.status() !== 200) throw new Error(`the test card answered ${confirm.status()}`);
}
