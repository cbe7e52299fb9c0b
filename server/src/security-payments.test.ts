import { describe, expect, it } from 'vitest';
import { createApp } from './app';
import { LocalPaymentProvider } from './payments/local-provider';
import { databaseLocalStore } from './payments/local-provider-store';
import { StripePaymentProvider } from './payments/stripe-provider';
import type { Json } from './test/harness';
import { securityWorld } from './test/security-world';

/**
 * The security review's findings (SECURITY.md), one block each: no fake payments in production. Every test here fails on
 * the code before the fix.
 */
const { ctx, call } = await securityWorld();

describe('1. production takes no fake payments', () => {
  it('gives every installation its own webhook secret, never a constant from the source, shared by every process over its database', async () => {
    const a = await new LocalPaymentProvider().webhookSecret();
    const b = await new LocalPaymentProvider().webhookSecret();
    expect(a).not.toBe(b);
    const first = new LocalPaymentProvider({ store: databaseLocalStore(ctx.database, ctx.clock) });
    const second = new LocalPaymentProvider({ store: databaseLocalStore(ctx.database, ctx.clock) });
    const shared = await first.webhookSecret();
    expect(await second.webhookSecret()).toBe(shared);
    for (const secret of [a, shared]) {
      expect(secret).not.toBe('whsec_local_test_secret');
      expect(secret.length).toBeGreaterThan(40);
    }
  });

  it('refuses an event signed with the old constant secret', async () => {
    const forged = new LocalPaymentProvider({ webhookSecret: 'whsec_local_test_secret', clock: ctx.clock });
    const delivery = await forged.signedDelivery({
      id: 'evt_forged',
      type: 'payment_succeeded',
      providerPaymentId: 'pi_local_x',
      amountCents: 9000,
      createdAt: ctx.clock.now(),
    });
    const res = await call('/api/webhooks/stripe', {
      method: 'POST',
      body: JSON.parse(delivery.rawBody),
      headers: { 'spotless-signature': delivery.signatureHeader },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_signature');
  });

  it('has no local confirm route, and does not document one, when Stripe is the provider', async () => {
    const stripe = new StripePaymentProvider({ secretKey: 'sk_test_x', webhookSecret: 'whsec_x' });
    const app = createApp({ ...ctx.deps, payments: stripe });
    const res = await app.request('/api/payments/local/confirm', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientSecret: 'pi_local_1_secret_1', cardNumber: '4242424242424242' }),
    });
    expect(res.status).toBe(404);
    expect(((await res.json()) as Json).error.message).toBe('No route for POST /api/payments/local/confirm');
    const openapi = (await (await app.request('/api/openapi.json')).json()) as Json;
    expect(Object.keys(openapi.paths)).not.toContain('/api/payments/local/confirm');
    const local = (await (await ctx.app.request('/api/openapi.json')).json()) as Json;
    expect(Object.keys(local.paths)).toContain('/api/payments/local/confirm');
  });
});
