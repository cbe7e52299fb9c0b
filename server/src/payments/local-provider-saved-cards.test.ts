import { describe, expect, it } from 'vitest';
import { createTestContext } from '../test/harness';
import { card, expectProviderError, intentInput, setup } from '../test/local-provider-kit';
import { LocalPaymentProvider } from './local-provider';
import { databaseLocalStore } from './local-provider-store';

let keys = 0;
const key = (name: string) => `${name}-${++keys}`;

/** A customer who paid at checkout with `cardNumber`, saving it: their customer and saved card. */
async function savedAtCheckout(provider: LocalPaymentProvider, cardNumber: string) {
  const customerRef = await provider.createCustomer({ email: 'ada@example.com', idempotencyKey: key('cus') });
  const intent = await provider.createPaymentIntent(intentInput({ saveCardFor: customerRef }));
  const result = await provider.confirmCardPayment(intent.clientSecret, card(cardNumber));
  expect(result).toHaveProperty('paymentIntent.status', 'succeeded');
  const paid = await provider.retrieve(intent.providerPaymentId);
  return { customerRef, paid, paymentMethodId: paid?.paymentMethodId as string };
}

const charge = (customerRef: string, paymentMethodId: string, over: Record<string, unknown> = {}) => ({
  amountCents: 8_000,
  currency: 'usd',
  bookingId: 2,
  customerId: 9,
  customerRef,
  paymentMethodId,
  idempotencyKey: key('charge'),
  ...over,
});

describe('LocalPaymentProvider: customers and saved cards', () => {
  it('makes one cus_local customer per idempotency key, and refuses the key with another email', async () => {
    const { provider } = setup();
    const input = { email: 'ada@example.com', idempotencyKey: key('cus') };
    const id = await provider.createCustomer(input);
    expect(id).toMatch(/^cus_local_[0-9a-f]{24}$/);
    expect(await provider.createCustomer(input)).toBe(id);
    expect(await provider.createCustomer({ ...input, idempotencyKey: key('cus') })).not.toBe(id);
    await expectProviderError(provider.createCustomer({ ...input, email: 'bob@example.com' }), 'idempotency_conflict');
  });

  it('saves the card paid with at checkout to the customer and reports it on the intent', async () => {
    const { provider } = setup();
    const { customerRef, paid } = await savedAtCheckout(provider, '4242 4242 4242 4242');
    expect(paid).toMatchObject({
      status: 'succeeded',
      customerRef,
      paymentMethodId: expect.stringMatching(/^pm_local_[0-9a-f]{24}$/),
      cardLast4: '4242',
    });
  });

  it('refuses to save a card to a customer it never made', async () => {
    const { provider } = setup();
    await expectProviderError(
      provider.createPaymentIntent(intentInput({ saveCardFor: 'cus_local_00' })),
      'not_found',
      "No such customer: 'cus_local_00'",
    );
  });

  it('records the card of a checkout that did not save it, but never lets it be charged again', async () => {
    const { provider } = setup();
    const customerRef = await provider.createCustomer({ email: null, idempotencyKey: key('cus') });
    const intent = await provider.createPaymentIntent(intentInput());
    expect(intent).toMatchObject({ paymentMethodId: null, customerRef: null, cardLast4: null });
    await provider.confirmCardPayment(intent.clientSecret, card('5555555555554444'));
    const paid = await provider.retrieve(intent.providerPaymentId);
    expect(paid).toMatchObject({ customerRef: null, cardLast4: '4444', paymentMethodId: expect.any(String) });
    await expectProviderError(
      provider.chargeSavedCard(charge(customerRef, paid?.paymentMethodId as string)),
      'invalid_request',
      /may not be used again/,
    );
  });

  it('refuses a card saved to another customer, and a card it never saw', async () => {
    const { provider } = setup();
    const { paymentMethodId } = await savedAtCheckout(provider, '4242424242424242');
    const other = await provider.createCustomer({ email: null, idempotencyKey: key('cus') });
    await expectProviderError(
      provider.chargeSavedCard(charge(other, paymentMethodId)),
      'invalid_request',
      /does not belong to the Customer/,
    );
    await expectProviderError(provider.chargeSavedCard(charge(other, 'pm_local_00')), 'not_found');
  });

  it('charges a saved card off-session: a succeeded intent and the same payment_succeeded as checkout', async () => {
    const { provider, received, clock } = setup();
    const { customerRef, paymentMethodId } = await savedAtCheckout(provider, '4242424242424242');
    received.length = 0;
    const input = charge(customerRef, paymentMethodId);
    const intent = await provider.chargeSavedCard(input);
    expect(intent).toMatchObject({
      providerPaymentId: expect.stringMatching(/^pi_local_/),
      status: 'succeeded',
      amountCents: 8_000,
      bookingId: 2,
      customerId: 9,
      failureReason: null,
      customerRef,
      paymentMethodId,
      cardLast4: '4242',
    });
    expect(received).toEqual([
      {
        id: expect.stringMatching(/^evt_local_/),
        type: 'payment_succeeded',
        providerPaymentId: intent.providerPaymentId,
        amountCents: 8_000,
        createdAt: clock.current,
      },
    ]);
    expect(await provider.retrieve(intent.providerPaymentId)).toEqual(intent);
    // Refundable like any other payment.
    expect(await provider.refund({ providerPaymentId: intent.providerPaymentId, idempotencyKey: key('re') })).toEqual(
      expect.objectContaining({ status: 'succeeded', amountCents: 8_000 }),
    );
  });

  it('answers the same intent for the same key, once charged, and refuses the key with other parameters', async () => {
    const { provider, received } = setup();
    const { customerRef, paymentMethodId } = await savedAtCheckout(provider, '4242424242424242');
    received.length = 0;
    const input = charge(customerRef, paymentMethodId);
    const first = await provider.chargeSavedCard(input);
    expect(await provider.chargeSavedCard(input)).toEqual(first);
    expect(received).toHaveLength(1);
    await expectProviderError(provider.chargeSavedCard({ ...input, amountCents: 9_000 }), 'idempotency_conflict');
    await expectProviderError(
      provider.createPaymentIntent(intentInput({ idempotencyKey: input.idempotencyKey })),
      'idempotency_conflict',
    );
  });

  it('checks amount and currency as a checkout intent does', async () => {
    const { provider } = setup();
    const { customerRef, paymentMethodId } = await savedAtCheckout(provider, '4242424242424242');
    await expectProviderError(
      provider.chargeSavedCard(charge(customerRef, paymentMethodId, { amountCents: 49 })),
      'invalid_amount',
    );
    await expectProviderError(
      provider.chargeSavedCard(charge(customerRef, paymentMethodId, { currency: 'USD' })),
      'invalid_request',
    );
  });

  it.each([
    ['4000 0000 0000 0341', '0341', 'Your card was declined.'],
    ['4000 0027 6000 3184', '3184', 'This payment requires authentication, and the customer is not on the session.'],
  ])('%s pays at checkout, but its off-session charge fails without throwing', async (number, last4, message) => {
    const { provider, received } = setup();
    const { customerRef, paymentMethodId, paid } = await savedAtCheckout(provider, number);
    expect(paid).toMatchObject({ status: 'succeeded', cardLast4: last4 });
    received.length = 0;
    const input = charge(customerRef, paymentMethodId);
    const intent = await provider.chargeSavedCard(input);
    expect(intent).toMatchObject({
      status: 'failed',
      failureReason: message,
      paymentMethodId,
      customerRef,
      cardLast4: null,
    });
    expect(received.map((e) => [e.type, e.providerPaymentId, e.failureReason])).toEqual([
      ['payment_failed', intent.providerPaymentId, message],
    ]);
    expect(await provider.chargeSavedCard(input)).toEqual(intent);
    expect(received).toHaveLength(1);
    await expectProviderError(
      provider.refund({ providerPaymentId: intent.providerPaymentId, idempotencyKey: key('re') }),
      'not_refundable',
    );
  });
});

describe('LocalPaymentProvider: saved cards over the database', () => {
  it('keeps customers, saved cards and off-session intents where another process sees them', async () => {
    const ctx = await createTestContext();
    const make = () =>
      new LocalPaymentProvider({ clock: ctx.clock, store: databaseLocalStore(ctx.database, ctx.clock) });
    const [a, b] = [make(), make()];
    const cusKey = key('cus');
    const { customerRef, paymentMethodId } = await savedAtCheckout(a, '4000000000000341');
    expect(await a.createCustomer({ email: null, idempotencyKey: cusKey })).toBe(
      await b.createCustomer({ email: null, idempotencyKey: cusKey }),
    );
    const declined = await b.chargeSavedCard(charge(customerRef, paymentMethodId));
    expect(declined).toMatchObject({ status: 'failed', failureReason: 'Your card was declined.' });
    expect(await a.retrieve(declined.providerPaymentId)).toEqual(declined);
    expect((await a.emittedEvents(declined.providerPaymentId)).map((e) => e.type)).toEqual(['payment_failed']);

    const good = await savedAtCheckout(a, '4242424242424242');
    const paid = await b.chargeSavedCard(charge(good.customerRef, good.paymentMethodId));
    expect(await a.retrieve(paid.providerPaymentId)).toMatchObject({ status: 'succeeded', cardLast4: '4242' });
  });
});
