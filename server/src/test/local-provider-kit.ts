/**
 * The local payment provider's suites: a provider on a clock the test moves, with every event it
 * emits received; a card form; a payment intent's input under a new idempotency key each time.
 */
import { expect } from 'vitest';
import { PaymentProviderError, type ProviderEvent } from '../lib/payment-provider';
import { type CardDetails, LocalPaymentProvider } from '../payments/local-provider';

export function setup() {
  const clock = { current: new Date('2026-11-22T04:00:00.000Z'), now: () => clock.current };
  const provider = new LocalPaymentProvider({ clock, webhookSecret: 'whsec_test' });
  const received: ProviderEvent[] = [];
  provider.subscribe((event) => {
    received.push(event);
  });
  return { clock, provider, received };
}

export const card = (cardNumber: string, extra: Partial<CardDetails> = {}): CardDetails => ({
  cardNumber,
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  ...extra,
});

let keys = 0;
export const intentInput = (over: Record<string, unknown> = {}) => ({
  amountCents: 10_500,
  currency: 'usd',
  bookingId: 1,
  customerId: 9,
  idempotencyKey: `key-${++keys}`,
  ...over,
});

export async function expectProviderError(promise: Promise<unknown>, code: string, message?: string | RegExp) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  expect((error as PaymentProviderError).code).toBe(code);
  if (message) expect((error as Error).message).toMatch(message);
}
