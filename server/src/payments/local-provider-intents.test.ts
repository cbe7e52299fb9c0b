import { describe, expect, it } from 'vitest';
import { expectProviderError, intentInput, setup } from '../test/local-provider-kit';

describe('LocalPaymentProvider: payment intents', () => {
  it('creates an intent with a Stripe-shaped id and client secret, awaiting a card', async () => {
    const { provider } = setup();
    const intent = await provider.createPaymentIntent(intentInput());
    expect(intent.providerPaymentId).toMatch(/^pi_local_[0-9a-f]{24}$/);
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.providerPaymentId}_secret_[0-9a-f]{24}$`));
    expect(intent).toMatchObject({ status: 'pending', amountCents: 10_500, currency: 'usd', refundedCents: 0 });
    expect(await provider.retrieve(intent.providerPaymentId)).toEqual(intent);
    expect(await provider.retrieve('pi_local_missing')).toBeNull();
  });

  it('honours idempotency keys: same key and input → same intent; other input → conflict', async () => {
    const { provider } = setup();
    const first = await provider.createPaymentIntent(intentInput({ idempotencyKey: 'booking-1' }));
    const again = await provider.createPaymentIntent(intentInput({ idempotencyKey: 'booking-1' }));
    expect(again.providerPaymentId).toBe(first.providerPaymentId);
    expect(again.clientSecret).toBe(first.clientSecret);
    await expectProviderError(
      provider.createPaymentIntent(intentInput({ idempotencyKey: 'booking-1', amountCents: 10_501 })),
      'idempotency_conflict',
      /Keys for idempotent requests can only be used with the same parameters/,
    );
    await expectProviderError(
      provider.createPaymentIntent(intentInput({ idempotencyKey: 'booking-1', bookingId: 2 })),
      'idempotency_conflict',
    );
    const other = await provider.createPaymentIntent(intentInput({ idempotencyKey: 'booking-2' }));
    expect(other.providerPaymentId).not.toBe(first.providerPaymentId);
  });

  it('rejects bad amounts, currencies and keys', async () => {
    const { provider } = setup();
    await expectProviderError(
      provider.createPaymentIntent(intentInput({ amountCents: 49 })),
      'invalid_amount',
      'Amount must be at least $0.50 usd',
    );
    await expectProviderError(provider.createPaymentIntent(intentInput({ amountCents: 0 })), 'invalid_amount');
    await expectProviderError(provider.createPaymentIntent(intentInput({ amountCents: 10.5 })), 'invalid_amount');
    await expectProviderError(provider.createPaymentIntent(intentInput({ currency: 'USD' })), 'invalid_request');
    await expectProviderError(provider.createPaymentIntent(intentInput({ idempotencyKey: '' })), 'invalid_request');
    expect((await provider.createPaymentIntent(intentInput({ amountCents: 50 }))).amountCents).toBe(50);
  });
});
