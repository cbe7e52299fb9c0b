import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Target, workerWith } from './targets';

const WEBHOOK_SECRET = 'whsec_targets_only';

/**
 * Stripe configured on Workers: its webhooks are verified by the Stripe SDK's async Web Crypto
 * verifier (`constructEventAsync` with SubtleCrypto), as workerd has no node:crypto HMAC for it.
 * No request reaches Stripe: the check signs events the way Stripe does and posts them.
 */
describe('Workers runtime + libSQL server, with Stripe configured', () => {
  let target: Target;
  beforeAll(async () => {
    target = await workerWith({
      STRIPE_SECRET_KEY: 'sk_test_targets_only',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_targets_only',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    });
  });
  afterAll(async () => {
    await target?.stop();
  });

  const event = (id: string) =>
    JSON.stringify({
      id,
      object: 'event',
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'pi_targets_unknown', object: 'payment_intent', amount: 12_000, currency: 'usd' } },
    });
  const post = (payload: string, signature: string) =>
    fetch(`${target.url}/api/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });

  it('accepts an event signed with the endpoint secret, once', async () => {
    const payload = event(`evt_targets_${Date.now()}`);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const first = await post(payload, signature);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, applied: true, duplicate: false });
    expect(await (await post(payload, signature)).json()).toEqual({ received: true, applied: false, duplicate: true });
  });

  it('refuses a forged signature and a body changed after signing, and has no local card form', async () => {
    const payload = event(`evt_targets_forged_${Date.now()}`);
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    const res = await post(payload, forged);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_signature');
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect((await post(payload.replace('12000', '1'), signature)).status).toBe(400);
    const confirm = await fetch(`${target.url}/api/payments/local/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: target.url },
      body: '{}',
    });
    expect(confirm.status).toBe(404);
  });
});
