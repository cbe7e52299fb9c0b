import { describe, expect, it } from 'vitest';
import { card, expectProviderError, intentInput, setup } from '../test/local-provider-kit';
import type { LocalPaymentProvider } from './local-provider';

describe('LocalPaymentProvider: refunds and disputes', () => {
  async function paidIntent(provider: LocalPaymentProvider) {
    const intent = await provider.createPaymentIntent(intentInput());
    await provider.confirmCardPayment(intent.clientSecret, card('4242424242424242'));
    return intent.providerPaymentId;
  }

  it('refunds in parts, reports running totals, and never more than the amount', async () => {
    const { provider, received } = setup();
    const id = await paidIntent(provider);
    const part = await provider.refund({ providerPaymentId: id, amountCents: 3000, idempotencyKey: 'r1' });
    expect(part).toMatchObject({
      status: 'succeeded',
      amountCents: 3000,
      providerRefundId: expect.stringMatching(/^re_local_/),
    });
    expect(await provider.retrieve(id)).toMatchObject({ status: 'succeeded', refundedCents: 3000 });
    await expectProviderError(
      provider.refund({ providerPaymentId: id, amountCents: 7501, idempotencyKey: 'r2' }),
      'refund_exceeds_amount',
      'Refund amount ($75.01) is greater than unrefunded amount on charge ($75.00)',
    );
    const rest = await provider.refund({ providerPaymentId: id, idempotencyKey: 'r3' });
    expect(rest.amountCents).toBe(7500);
    expect(await provider.retrieve(id)).toMatchObject({ status: 'refunded', refundedCents: 10_500 });
    await expectProviderError(
      provider.refund({ providerPaymentId: id, amountCents: 1, idempotencyKey: 'r4' }),
      'not_refundable',
    );
    expect(received.filter((e) => e.type === 'refunded').map((e) => e.refundedCents)).toEqual([3000, 10_500]);
  });

  it('refunds once per idempotency key', async () => {
    const { provider, received } = setup();
    const id = await paidIntent(provider);
    const a = await provider.refund({ providerPaymentId: id, amountCents: 1000, idempotencyKey: 'same' });
    const b = await provider.refund({ providerPaymentId: id, amountCents: 1000, idempotencyKey: 'same' });
    expect(b).toEqual(a);
    expect((await provider.retrieve(id))?.refundedCents).toBe(1000);
    expect(received.filter((e) => e.type === 'refunded')).toHaveLength(1);
    await expectProviderError(
      provider.refund({ providerPaymentId: id, amountCents: 2000, idempotencyKey: 'same' }),
      'idempotency_conflict',
    );
  });

  it('refuses refunds of unpaid, unknown, disputed payments and bad amounts', async () => {
    const { provider } = setup();
    const unpaid = await provider.createPaymentIntent(intentInput());
    await expectProviderError(
      provider.refund({ providerPaymentId: unpaid.providerPaymentId, idempotencyKey: 'u' }),
      'not_refundable',
      'This PaymentIntent does not have a successful charge to refund.',
    );
    await expectProviderError(provider.refund({ providerPaymentId: 'pi_local_x', idempotencyKey: 'x' }), 'not_found');
    const id = await paidIntent(provider);
    for (const [i, amountCents] of [0, -5, 2.5].entries()) {
      await expectProviderError(
        provider.refund({ providerPaymentId: id, amountCents, idempotencyKey: `bad${i}` }),
        'invalid_amount',
      );
    }
    await provider.simulateDispute(id);
    await expectProviderError(provider.refund({ providerPaymentId: id, idempotencyKey: 'd' }), 'not_refundable');
  });

  it('disputes a payment made with 4000 0000 0000 0259 right after it succeeds', async () => {
    const { provider, received } = setup();
    const intent = await provider.createPaymentIntent(intentInput());
    expect(await provider.confirmCardPayment(intent.clientSecret, card('4000000000000259'))).toHaveProperty(
      'paymentIntent',
    );
    expect(received.map((e) => e.type)).toEqual(['payment_succeeded', 'disputed']);
    expect((await provider.retrieve(intent.providerPaymentId))?.status).toBe('disputed');
  });

  it('refuses every refund of a payment made with 4000 0000 0000 5126, moving nothing', async () => {
    const { provider, received } = setup();
    const intent = await provider.createPaymentIntent(intentInput());
    await provider.confirmCardPayment(intent.clientSecret, card('4000000000005126'));
    const refused = await provider.refund({ providerPaymentId: intent.providerPaymentId, idempotencyKey: 'f1' });
    expect(refused).toMatchObject({ status: 'failed', amountCents: 10_500 });
    expect(await provider.refund({ providerPaymentId: intent.providerPaymentId, idempotencyKey: 'f1' })).toEqual(
      refused,
    );
    expect(await provider.retrieve(intent.providerPaymentId)).toMatchObject({ status: 'succeeded', refundedCents: 0 });
    expect(received.map((e) => e.type)).toEqual(['payment_succeeded']);
  });
});
