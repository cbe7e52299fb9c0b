import { createClient } from '@libsql/client';
import Stripe from 'stripe';
import { afterAll, expect } from 'vitest';
import { StripeLoopback } from '../src/test/stripe-loopback';
import { eachTarget, type OnTarget } from './each-target';
import { type PayoutDriver, payoutChecks } from './payout-checks';
import { type SeriesDriver, seriesChecks } from './series-checks';
import { targetsWith } from './targets';

/**
 * Paying out with Stripe configured, on the three targets (decision 080): the server's real Stripe
 * SDK against the loopback Stripe server (accounts, account links, transfers, reversals), Stripe's
 * word arriving as signed webhooks — the payment's `payment_intent.succeeded` and the connected
 * account's `account.updated` — exactly as Stripe would send them. The same targets run recurring
 * cleanings with Stripe (series-checks.ts): the first visit's card saved, a later one charged off-session.
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

/** The provider customer a target's series saved its card to (the loopback serves all three targets). */
async function seriesCustomerOf(on: OnTarget, bookingId: number): Promise<string> {
  const db = createClient({ url: on.target.databaseUrl });
  try {
    const { rows } = await db.execute({
      sql: 'select s.provider_customer_id as c from booking_series s join bookings b on b.series_id = s.id where b.id = ?',
      args: [bookingId],
    });
    return String(rows[0]?.c ?? '');
  } finally {
    db.close();
  }
}

/** Recurring cleanings with Stripe (decision 088): the first visit's card saved by the loopback, later ones charged off-session. */
const STRIPE_SERIES: SeriesDriver = {
  async pay(on, clientSecret, card) {
    const intentId = clientSecret.split('_secret_')[0] ?? '';
    const { intent } = loopback.succeed(
      intentId,
      card === 'charges'
        ? { last4: '4242' }
        : {
            last4: '0341',
            fails: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
          },
    );
    await deliver(on, 'payment_intent.succeeded', intent);
  },
  async offSessionCharges(on, bookingId) {
    const customer = await seriesCustomerOf(on, bookingId);
    return [...loopback.intents.values()].filter(
      (i) => i.customer === customer && i.metadata.bookingId === String(bookingId) && i.metadata.offSession === 'true',
    ).length;
  },
};

eachTarget(
  (on) => {
    payoutChecks(on, STRIPE_PAYOUTS);
    seriesChecks(on, STRIPE_SERIES, 5);
  },
  undefined,
  targetsWith(VARS),
);
