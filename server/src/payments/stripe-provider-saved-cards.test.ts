import { afterAll, describe, expect, it } from 'vitest';
import { expectProviderError } from '../test/local-provider-kit';
import { StripeLoopback } from '../test/stripe-loopback';
import { StripePaymentProvider } from './stripe-provider';

const loopback = await new StripeLoopback().start();
afterAll(() => loopback.stop());
const provider = new StripePaymentProvider({
  secretKey: 'sk_test_loopback',
  webhookSecret: 'whsec_loopback_test',
  clientOptions: loopback.clientOptions,
});

let keys = 0;
const key = (name: string) => `${name}-${++keys}`;

const DECLINED = { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
const NEEDS_AUTH = {
  code: 'authentication_required',
  message: 'This payment requires authentication, and the customer is not on the session.',
};

/** A customer who paid at checkout saving their card: the intent as retrieved and the card's id. */
async function savedAtCheckout(card: { last4: string; fails?: typeof DECLINED | typeof NEEDS_AUTH }) {
  const customerRef = await provider.createCustomer({ email: 'ada@example.com', idempotencyKey: key('cus') });
  const intent = await provider.createPaymentIntent({
    amountCents: 10_000,
    currency: 'usd',
    bookingId: 1,
    customerId: 7,
    idempotencyKey: key('pi'),
    saveCardFor: customerRef,
  });
  loopback.succeed(intent.providerPaymentId, card);
  const paid = await provider.retrieve(intent.providerPaymentId);
  return { customerRef, paid, paymentMethodId: paid?.paymentMethodId as string };
}

const charge = (customerRef: string, paymentMethodId: string, over: Record<string, unknown> = {}) => ({
  amountCents: 8_000,
  currency: 'usd',
  bookingId: 2,
  customerId: 7,
  customerRef,
  paymentMethodId,
  idempotencyKey: key('charge'),
  ...over,
});

describe('Stripe: customers and saved cards through the real SDK', () => {
  it('makes a customer with its email under the idempotency key, once', async () => {
    const input = { email: 'ada@example.com', idempotencyKey: key('cus') };
    const id = await provider.createCustomer(input);
    expect(id).toMatch(/^cus_/);
    expect(await provider.createCustomer(input)).toBe(id);
    const sent = loopback.requestsTo('POST', '/v1/customers').at(-1);
    expect(sent).toMatchObject({ body: { email: 'ada@example.com' }, idempotencyKey: input.idempotencyKey });
    await expectProviderError(provider.createCustomer({ ...input, email: 'bob@example.com' }), 'idempotency_conflict');
  });

  it('asks Stripe to save the checkout card to the customer, and reports the card once paid', async () => {
    const { customerRef, paid } = await savedAtCheckout({ last4: '4242' });
    const sent = loopback.requestsTo('POST', '/v1/payment_intents').at(-1);
    expect(sent?.body).toMatchObject({ customer: customerRef, setup_future_usage: 'off_session' });
    expect(paid).toMatchObject({
      status: 'succeeded',
      customerRef,
      paymentMethodId: expect.stringMatching(/^pm_/),
      cardLast4: '4242',
    });
    expect(loopback.cards.paymentMethods.get(paid?.paymentMethodId as string)?.customer).toBe(customerRef);
  });

  it('leaves a checkout that does not save the card without customer or setup_future_usage', async () => {
    const intent = await provider.createPaymentIntent({
      amountCents: 5_000,
      currency: 'usd',
      bookingId: 3,
      customerId: null,
      idempotencyKey: key('pi'),
    });
    const sent = loopback.requestsTo('POST', '/v1/payment_intents').at(-1);
    expect(sent?.body).not.toHaveProperty('customer');
    expect(sent?.body).not.toHaveProperty('setup_future_usage');
    expect(intent).toMatchObject({ customerRef: null, paymentMethodId: null, cardLast4: null });
  });

  it('charges a saved card off-session: confirm, off_session, the metadata and the key are sent', async () => {
    const { customerRef, paymentMethodId } = await savedAtCheckout({ last4: '4242' });
    const input = charge(customerRef, paymentMethodId);
    const intent = await provider.chargeSavedCard(input);
    expect(intent).toMatchObject({
      providerPaymentId: expect.stringMatching(/^pi_/),
      status: 'succeeded',
      amountCents: 8_000,
      bookingId: 2,
      customerId: 7,
      failureReason: null,
      customerRef,
      paymentMethodId,
      cardLast4: '4242',
    });
    const sent = loopback.requestsTo('POST', '/v1/payment_intents').at(-1);
    expect(sent).toMatchObject({
      idempotencyKey: input.idempotencyKey,
      body: {
        amount: '8000',
        currency: 'usd',
        customer: customerRef,
        payment_method: paymentMethodId,
        off_session: 'true',
        confirm: 'true',
        metadata: { bookingId: '2', customerId: '7', offSession: 'true' },
      },
    });
    expect(await provider.chargeSavedCard(input)).toEqual(intent);
    expect(loopback.chargeCount(intent.providerPaymentId)).toBe(1);
    expect(await provider.retrieve(intent.providerPaymentId)).toEqual(intent);
    await expectProviderError(provider.chargeSavedCard({ ...input, amountCents: 9_000 }), 'idempotency_conflict');
  });

  it.each([
    ['declined (0341)', DECLINED],
    ['needing authentication (3184)', NEEDS_AUTH],
  ])('answers a card %s off-session as a failed intent with the card’s message, not a throw', async (_, fails) => {
    const { customerRef, paymentMethodId } = await savedAtCheckout({ last4: '0341', fails });
    const input = charge(customerRef, paymentMethodId);
    const intent = await provider.chargeSavedCard(input);
    expect(intent).toMatchObject({
      providerPaymentId: expect.stringMatching(/^pi_/),
      status: 'failed',
      failureReason: fails.message,
      amountCents: 8_000,
      bookingId: 2,
      customerRef,
      paymentMethodId,
      cardLast4: null,
    });
    expect(loopback.chargeCount(intent.providerPaymentId)).toBe(0);
    // The same key replays Stripe's stored 402: the same failed intent.
    expect(await provider.chargeSavedCard(input)).toEqual(intent);
    expect(await provider.retrieve(intent.providerPaymentId)).toMatchObject({
      status: 'failed',
      failureReason: fails.message,
    });
  });

  it('refuses a card not saved to the customer, and one Stripe never saw', async () => {
    const { paymentMethodId } = await savedAtCheckout({ last4: '4242' });
    const other = await provider.createCustomer({ email: null, idempotencyKey: key('cus') });
    await expectProviderError(
      provider.chargeSavedCard(charge(other, paymentMethodId)),
      'invalid_request',
      /does not belong to the Customer/,
    );
    await expectProviderError(provider.chargeSavedCard(charge(other, 'pm_nowhere')), 'not_found');
  });

  it('refuses to save a card to a customer Stripe does not have', async () => {
    await expectProviderError(
      provider.createPaymentIntent({
        amountCents: 5_000,
        currency: 'usd',
        bookingId: 4,
        customerId: null,
        idempotencyKey: key('pi'),
        saveCardFor: 'cus_nowhere',
      }),
      'not_found',
      "No such customer: 'cus_nowhere'",
    );
  });

  it('says Stripe is unavailable when it fails, without inventing an intent', async () => {
    const { customerRef, paymentMethodId } = await savedAtCheckout({ last4: '4242' });
    loopback.failNext('/v1/payment_intents');
    await expectProviderError(provider.chargeSavedCard(charge(customerRef, paymentMethodId)), 'provider_unavailable');
  });
});
