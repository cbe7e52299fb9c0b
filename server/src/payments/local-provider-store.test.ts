import { describe, expect, it } from 'vitest';
import { PaymentProviderError } from '../lib/payment-provider';
import { createTestContext } from '../test/harness';
import { LocalPaymentProvider } from './local-provider';
import { databaseLocalStore } from './local-provider-store';

const ctx = await createTestContext();

/** Two server processes (or Workers isolates) over one database: each has its own provider object. */
function twoProcesses() {
  const make = () => new LocalPaymentProvider({ clock: ctx.clock, store: databaseLocalStore(ctx.database, ctx.clock) });
  return [make(), make()] as const;
}

const card = { cardNumber: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' };
let n = 0;
const input = (over: Record<string, unknown> = {}) => ({
  amountCents: 10_000,
  currency: 'usd',
  bookingId: 1,
  customerId: null,
  idempotencyKey: `store-${++n}`,
  ...over,
});

describe('the local provider over the database (decision 037)', () => {
  it('lets another process confirm, retrieve and replay the events of an intent this one created', async () => {
    const [a, b] = twoProcesses();
    const intent = await a.createPaymentIntent(input());
    const result = await b.confirmCardPayment(intent.clientSecret, card);
    expect(result).toMatchObject({ paymentIntent: { id: intent.providerPaymentId, status: 'succeeded' } });
    expect((await a.retrieve(intent.providerPaymentId))?.status).toBe('succeeded');
    expect((await a.emittedEvents(intent.providerPaymentId)).map((e) => e.type)).toEqual(['payment_succeeded']);
    // The events keep their instants as dates, as the webhook path expects.
    expect((await a.emittedEvents(intent.providerPaymentId))[0]?.createdAt).toBeInstanceOf(Date);
  });

  it('answers the same idempotency key with the same intent in any process, and refuses it for other input', async () => {
    const [a, b] = twoProcesses();
    const first = await a.createPaymentIntent(input({ idempotencyKey: 'shared-key' }));
    const again = await b.createPaymentIntent(input({ idempotencyKey: 'shared-key' }));
    expect(again.providerPaymentId).toBe(first.providerPaymentId);
    await expect(
      b.createPaymentIntent(input({ idempotencyKey: 'shared-key', amountCents: 9_999 })),
    ).rejects.toMatchObject({ code: 'idempotency_conflict' });
  });

  it('never refunds more than was paid when two processes refund the rest at the same moment', async () => {
    const [a, b] = twoProcesses();
    const intent = await a.createPaymentIntent(input());
    await a.confirmCardPayment(intent.clientSecret, card);
    const outcomes = await Promise.allSettled([
      a.refund({ providerPaymentId: intent.providerPaymentId, amountCents: 7_000, idempotencyKey: 'refund-a' }),
      b.refund({ providerPaymentId: intent.providerPaymentId, amountCents: 7_000, idempotencyKey: 'refund-b' }),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(PaymentProviderError);
    expect(refused.reason.code).toBe('refund_exceeds_amount');
    expect((await b.retrieve(intent.providerPaymentId))?.refundedCents).toBe(7_000);
  });

  it('writes nothing when an operation is refused', async () => {
    const [a] = twoProcesses();
    const intent = await a.createPaymentIntent(input());
    await expect(
      a.refund({ providerPaymentId: intent.providerPaymentId, idempotencyKey: 'refund-unpaid' }),
    ).rejects.toMatchObject({ code: 'not_refundable' });
    // The refused key was not remembered: used again once the payment succeeded, it refunds.
    await a.confirmCardPayment(intent.clientSecret, card);
    const refund = await a.refund({ providerPaymentId: intent.providerPaymentId, idempotencyKey: 'refund-unpaid' });
    expect(refund.amountCents).toBe(10_000);
  });
});
