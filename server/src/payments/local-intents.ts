import { encodeHexLowerCase } from '@oslojs/encoding';
import { centsToDollars } from '@spotless/sdk/rules';
import { type CreatePaymentIntentInput, type PaymentIntent, PaymentProviderError } from '../lib/payment-provider';
import type { IntentRecord } from './local-provider-records';

/** Stripe's checks of a new intent's currency and amount (off-session charges included). */
export function checkIntentInput(input: Pick<CreatePaymentIntentInput, 'amountCents' | 'currency'>): void {
  if (!/^[a-z]{3}$/.test(input.currency)) {
    throw new PaymentProviderError('invalid_request', `Invalid currency: ${input.currency}`);
  }
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents < 1) {
    throw new PaymentProviderError('invalid_amount', 'Amount must be a positive whole number of cents');
  }
  if (input.currency === 'usd' && input.amountCents < 50) {
    throw new PaymentProviderError('invalid_amount', 'Amount must be at least $0.50 usd');
  }
}

/** An intent as the provider interface reports it, its status derived from the record. */
export function intentSnapshot(record: IntentRecord, cardLast4: string | null): PaymentIntent {
  return {
    providerPaymentId: record.id,
    clientSecret: record.clientSecret,
    status: record.disputed
      ? 'disputed'
      : record.succeeded
        ? record.refundedCents >= record.amountCents
          ? 'refunded'
          : 'succeeded'
        : record.failureReason
          ? 'failed'
          : 'pending',
    amountCents: record.amountCents,
    currency: record.currency,
    refundedCents: record.refundedCents,
    bookingId: record.bookingId,
    customerId: record.customerId,
    failureReason: record.failureReason,
    paymentMethodId: record.paymentMethodId,
    customerRef: record.customerRef,
    cardLast4,
  };
}

/** Every write carries one, as the server's calls to Stripe do; Stripe refuses keys over 255 characters. */
export function checkIdempotencyKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0 || key.length > 255) {
    throw new PaymentProviderError('invalid_request', 'An idempotency key of 1 to 255 characters is required');
  }
}

/** Stripe's answer to a key reused with other parameters, word for word. */
export function idempotencyConflict(key: string): PaymentProviderError {
  return new PaymentProviderError(
    'idempotency_conflict',
    `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
  );
}

/** Amounts in Stripe's messages read as dollars. */
export function dollars(cents: number): string {
  return `$${centsToDollars(cents)}`;
}

/** The random part of the provider's ids and secrets, unguessable as Stripe's are. */
export function randomHex(bytes: number): string {
  return encodeHexLowerCase(crypto.getRandomValues(new Uint8Array(bytes)));
}
