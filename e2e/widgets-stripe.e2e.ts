import type { Page } from 'playwright-core';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StripeLoopback } from '../server/src/test/stripe-loopback';
import { pickFirstDayWithFreeTimes, screenshotsIn, signInAsAdmin } from './browser';
import { type HostPage, startHostPage } from './host-page';
import { useBrowser, useServer } from './server';

/**
 * The widget's checkout when the server is configured for Stripe (decisions 049 and 050): Stripe
 * Elements, on a partner's page under a strict CSP that allows only what the SDK README lists for
 * Stripe.
 *
 * Stripe.js cannot load offline, so the browser is given a stand-in at its real address
 * (https://js.stripe.com/v3/) that keeps Stripe's rules that matter here: it refuses a mount point
 * inside a shadow root, as Stripe does, and confirming a card goes to "Stripe" — the loopback Stripe
 * API the server itself talks to — which then delivers a signed `payment_intent.succeeded` webhook
 * to the server, as Stripe would. The booking ends paid on the server.
 */

const WEBHOOK_SECRET = 'whsec_widget_test';
const PUBLISHABLE_KEY = 'pk_test_widget';
const shotPath = screenshotsIn('widgets');
const signer = new Stripe('sk_test_signer');

/** Stripe.js as far as the widget uses it; `__stripeConfirm` is the test's Stripe (exposed by Playwright). */
const FAKE_STRIPE_JS = `
window.__stripeKeys = [];
window.Stripe = function (publishableKey) {
  window.__stripeKeys.push(publishableKey);
  return {
    elements: function () {
      return {
        create: function (type) {
          var input;
          return {
            mount: function (element) {
              if (!(element instanceof HTMLElement)) throw new Error('IntegrationError: mount needs an element');
              if (element.getRootNode() !== document) {
                throw new Error('IntegrationError: Elements cannot be mounted in a ShadowRoot. Please mount in the Light DOM.');
              }
              input = document.createElement('input');
              input.setAttribute('aria-label', 'Card number (Stripe)');
              input.setAttribute('data-stripe', type);
              element.append(input);
            },
            destroy: function () { if (input) input.remove(); },
            value: function () { return input ? input.value.replace(/\\s+/g, '') : ''; },
          };
        },
      };
    },
    confirmCardPayment: function (clientSecret, data) {
      return window.__stripeConfirm(clientSecret, data.payment_method.card.value());
    },
  };
};
`;

const stripe = await new StripeLoopback().start();
afterAll(() => stripe.stop());
// Seeded for Stripe, not copied from the test-mode template.
const server = await useServer(
  {
    SEED_CLEANERS: '12',
    STRIPE_SECRET_KEY: 'sk_test_widget',
    STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE_URL: `http://127.0.0.1:${stripe.port}`,
  },
  { fresh: true },
);
const browser = await useBrowser(server);
let host: HostPage;
let cleanerId = 0;

beforeAll(async () => {
  const listing = (await (await fetch(`${server.baseUrl}/api/cleaners?limit=1`)).json()) as {
    items: Array<{ id: number }>;
  };
  cleanerId = listing.items[0]?.id ?? 0;
  host = await startHostPage(server.baseUrl, {
    '/': {
      body: `<h1>12 Oak Street</h1><div id="booking" data-spotless="booking" data-cleaner-id="${cleanerId}"></div>`,
      stripe: true,
    },
  });
}, 120_000);

afterAll(async () => {
  await host?.close();
});

/** What Stripe does when Stripe.js confirms a card: the intent succeeds (or is declined) and, on success, the webhook. */
async function confirmAtStripe(clientSecret: string, cardNumber: string) {
  const intent = [...stripe.intents.values()].find((i) => i.client_secret === clientSecret);
  if (!intent) return { error: { message: 'No such payment intent.' } };
  if (cardNumber !== '4242424242424242') {
    const declined = stripe.decline(intent.id);
    return { error: { message: declined.last_payment_error?.message } };
  }
  const { intent: paid } = stripe.succeed(intent.id);
  const payload = JSON.stringify(stripe.event('payment_intent.succeeded', paid));
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const delivered = await fetch(`${server.baseUrl}/api/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
  if (!delivered.ok) throw new Error(`the webhook was refused: ${delivered.status} ${await delivered.text()}`);
  return { paymentIntent: { id: paid.id, status: paid.status } };
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
const eventNames = (page: Page) =>
  page.evaluate(() => (window as unknown as { __events: Array<{ name: string }> }).__events.map((e) => e.name));

describe('the booking widget with Stripe configured', () => {
  for (const [label, viewport] of [
    ['desktop', { width: 1280, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    it(`takes the card in Stripe Elements outside the shadow root, and the booking ends paid by the webhook (${label})`, async () => {
      const context = await browser.newContext({ viewport });
      await context.route('https://js.stripe.com/v3/', (route) =>
        route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_STRIPE_JS }),
      );
      const page = await context.newPage();
      await page.exposeFunction('__stripeConfirm', confirmAtStripe);
      await page.goto(`${host.url}/`);
      const widget = page.locator('#booking');
      const shown = () => widget.locator('[part="container"]').textContent();

      // The first day with a free time, from tomorrow on.
      const date = widget.getByLabel('Date');
      await expect.poll(() => date.isVisible(), { timeout: 15_000 }).toBe(true);
      await pickFirstDayWithFreeTimes(page, widget, server.now(), label === 'phone' ? 31 : 1);
      await widget.locator('[part="slot"]').first().click();
      await widget.getByRole('button', { name: 'Continue' }).click();
      await widget.getByLabel('Address').fill('12 Oak Street, Austin, TX');
      await widget.getByLabel('Your name').fill('Stella Stripe');
      await widget.getByLabel('Email').fill(`stella-${label}-${Date.now()}@example.com`);
      await widget.getByLabel('Phone').fill('512 555 0199');
      await widget.getByRole('button', { name: /^Book for / }).click();

      // Stripe's field, mounted in the light DOM under the widget's element and shown through its slot.
      const card = page.getByLabel('Card number (Stripe)');
      await expect.poll(() => card.isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await card.evaluate((el) => el.getRootNode() === document && el.closest('#booking') !== null)).toBe(true);
      expect(await widget.getByLabel('Expiry (MM/YY)').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __stripeKeys: string[] }).__stripeKeys)).toEqual([
        PUBLISHABLE_KEY,
      ]);

      await card.fill('4000 0000 0000 0002');
      await widget.getByRole('button', { name: /^Pay / }).click();
      await expect.poll(shown, { timeout: 15_000 }).toContain('Your card was declined.');
      expect(await eventNames(page)).not.toContain('payment:succeeded');

      await card.fill('4242 4242 4242 4242');
      await page.screenshot({ path: shotPath(`stripe-payment-${label}.png`) });
      await widget.getByRole('button', { name: /^Pay / }).click();
      await expect.poll(shown, { timeout: 15_000 }).toContain('Booked and paid');
      expect(await eventNames(page)).toEqual(expect.arrayContaining(['booking:created', 'payment:succeeded']));
      // The card field leaves with the form (in the render after the one that says so).
      await expect.poll(() => page.locator('#booking > [slot]').count(), { timeout: 5_000 }).toBe(0);
      expect(await violations(page)).toEqual([]);

      // The server took the payment from Stripe's webhook: the booking is paid.
      const bookingId = await page.evaluate(
        () =>
          (window as unknown as { __events: Array<{ name: string; detail: { bookingId: number } }> }).__events.find(
            (e) => e.name === 'booking:created',
          )?.detail.bookingId,
      );
      const admin = await context.newPage();
      await signInAsAdmin(admin, server.baseUrl);
      const booking = await (await admin.request.get(`${server.baseUrl}/api/bookings/${bookingId}`)).json();
      expect(booking.paymentStatus).toBe('succeeded');
      await context.close();
    }, 120_000);
  }
});
