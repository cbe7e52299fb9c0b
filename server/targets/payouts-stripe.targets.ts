import Stripe from 'stripe';
import { afterAll, expect } from 'vitest';
import { StripeLoopback } from '../src/test/stripe-loopback';
import { eachTarget, type OnTarget } from './each-target';
import { type PayoutDriver, payoutChecks } from './payout-checks';
import { targetsWith } from './targets';

/**
 * Paying out with Stripe configured, on the three targets (decision 080): the server's real Stripe
 * SDK against the loopback Stripe server (accounts, account links, transfers, reversals), Stripe's
 * word arriving as signed webhooks — the payment's `payment_intent.succeeded` and the connected
 * account's `account.updated` — exactly as Stripe would send them.
 */

const WEBHOOK_SECRET = 'whsec_payout_targets';
const loopback = await new StripeLoopback().start();
afterAll(() => loopback.stop());

const VARS = {
  STRIPE_SECRET_KEY: 'sk_test_payout_targets',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_payout_targets',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_BASE_URL: `http://127.0.0.1:${loopback.port}`,
};

/** Posts a Stripe event to the target's webhook, signed as Stripe signs it. */
async function deliver(on: OnTarget, type: string, object: unknown): Promise<void> {
  const payload = JSON.stringify(loopback.event(type, object));
  const res = await fetch(`${on.target.url}/api/webhooks/stripe`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    body: payload,
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** Each target's demo cleaner's account: the loopback serves all three, whose booking ids overlap. */
const accounts = new Map<string, string>();

const STRIPE_PAYOUTS: PayoutDriver = {
  fromDay: 330,
  async pay(on, clientSecret) {
    const intentId = clientSecret.split('_secret_')[0] ?? '';
    const { intent } = loopback.succeed(intentId);
    await deliver(on, 'payment_intent.succeeded', intent);
  },
  async onboard(on, onboardingUrl) {
    const match = /^https:\/\/connect\.stripe\.com\/setup\/e\/(acct_[0-9a-f]+)\//.exec(onboardingUrl);
    expect(match, onboardingUrl).not.toBeNull();
    accounts.set(on.name, match?.[1] ?? '');
    await deliver(on, 'account.updated', loopback.connect.enable(match?.[1] ?? ''));
  },
  async transfers(on, bookingId) {
    return loopback.connect
      .transfersIn(`booking_${bookingId}`)
      .filter((t) => t.destination === accounts.get(on.name))
      .map((t) => ({ amountCents: t.amount, reversedCents: t.amount_reversed }));
  },
};

eachTarget((on) => payoutChecks(on, STRIPE_PAYOUTS), undefined, targetsWith(VARS));
