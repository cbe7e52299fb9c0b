import type { PAYMENT_STATUSES } from '../db/schema';

export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PROVIDER_EVENT_TYPES = ['payment_succeeded', 'payment_failed', 'refunded', 'disputed'] as const;
export type ProviderEventType = (typeof PROVIDER_EVENT_TYPES)[number];

/**
 * A provider's webhook event in the one shape the server applies, whichever provider sent it.
 * `amountCents` is always the payment's amount; `refundedCents` (on `refunded`) is the total
 * refunded so far, as Stripe's `charge.amount_refunded` is — a running total, so events can be
 * applied in any order.
 */
export interface ProviderEvent {
  id: string;
  type: ProviderEventType;
  providerPaymentId: string;
  amountCents: number;
  createdAt: Date;
  refundedCents?: number;
  failureReason?: string;
}

export interface PaymentIntent {
  providerPaymentId: string;
  clientSecret: string;
  /** The provider's state mapped onto ours: awaiting a card is `pending`, a cancelled intent `failed`. */
  status: PaymentStatus;
  amountCents: number;
  currency: string;
  refundedCents: number;
  bookingId: number;
  customerId: number | null;
  /** The message of the last failed attempt, if any. */
  failureReason: string | null;
}

export interface CreatePaymentIntentInput {
  amountCents: number;
  currency: string;
  bookingId: number;
  customerId: number | null;
  idempotencyKey: string;
}

export interface RefundInput {
  providerPaymentId: string;
  /** Omitted: everything not yet refunded. */
  amountCents?: number;
  reason?: string;
  idempotencyKey: string;
}

export interface Refund {
  providerRefundId: string;
  status: 'pending' | 'succeeded' | 'failed';
  amountCents: number;
}

export type PaymentProviderErrorCode =
  | 'invalid_request'
  | 'idempotency_conflict'
  | 'not_found'
  | 'invalid_amount'
  | 'not_refundable'
  | 'refund_exceeds_amount'
  | 'provider_unavailable';

/** A request the provider refused; routes map it to 4xx (422 for `idempotency_conflict`) or 503. */
export class PaymentProviderError extends Error {
  constructor(
    readonly code: PaymentProviderErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

/** A webhook whose signature is missing, wrong or too old; the route answers 400 and applies nothing. */
export class WebhookSignatureError extends Error {
  constructor(message = 'Webhook signature verification failed') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/**
 * What routes need from a card payment provider. Implemented by Stripe in production and by
 * `LocalPaymentProvider` (test mode, in memory) by default.
 */
export interface PaymentProvider {
  readonly name: 'stripe' | 'local';
  /** The same idempotency key with the same input returns the same intent; with other input it throws `idempotency_conflict`. */
  createPaymentIntent(input: CreatePaymentIntentInput): Promise<PaymentIntent>;
  /** Null when the provider has no such payment. */
  retrieve(providerPaymentId: string): Promise<PaymentIntent | null>;
  refund(input: RefundInput): Promise<Refund>;
  /**
   * Verifies and normalises a webhook delivery. Throws `WebhookSignatureError` when it cannot be
   * trusted; answers null for a genuine event of a type the server does not use.
   */
  parseWebhook(rawBody: string, signatureHeader: string | null | undefined): Promise<ProviderEvent | null>;
}
