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
  /** The card it was paid with, once paid; with `customerRef`, what a later off-session charge uses. */
  paymentMethodId: string | null;
  /** The provider customer the card was saved to (`saveCardFor`), if it was. */
  customerRef: string | null;
  /** The card's last four digits, once paid. */
  cardLast4: string | null;
}

export interface CreatePaymentIntentInput {
  amountCents: number;
  currency: string;
  bookingId: number;
  customerId: number | null;
  idempotencyKey: string;
  /**
   * Saves the card it is paid with to this provider customer for later off-session charges
   * (Stripe's `customer` with `setup_future_usage: 'off_session'`; decision 088).
   */
  saveCardFor?: string;
}

/** A charge to a saved card while the customer is away (a later visit of a series, decision 088). */
export interface OffSessionChargeInput extends Omit<CreatePaymentIntentInput, 'saveCardFor'> {
  customerRef: string;
  paymentMethodId: string;
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

/** A cleaner's or partner's connected account as the provider holds it. */
export interface ConnectedAccount {
  providerAccountId: string;
  /** Whether a transfer to it can be made now. */
  payoutsEnabled: boolean;
  /** Why not, in words for its owner; null when it can be paid. */
  requirement: string | null;
  /** The provider's time of this state (an older one never replaces a newer). */
  asOf: Date;
}

/** A provider's `account.updated` webhook in one shape. */
export interface AccountEvent {
  id: string;
  type: 'account_updated';
  account: ConnectedAccount;
  createdAt: Date;
}

export interface CreateTransferInput {
  amountCents: number;
  currency: string;
  destination: string;
  /** The booking's group (`booking_<id>`): its charge, transfers and reversals read together. */
  transferGroup: string;
  idempotencyKey: string;
  description: string;
}

export interface Transfer {
  providerTransferId: string;
  destination: string;
  amountCents: number;
  reversedCents: number;
}

/**
 * Paying out (decision 080): connected accounts for cleaners and partners, their onboarding, and
 * transfers of what they earned from the platform's balance, with reversals when money goes back.
 */
export interface PayoutProvider {
  /** Makes the account once per idempotency key. */
  createConnectedAccount(input: { email: string | null; idempotencyKey: string }): Promise<ConnectedAccount>;
  /** Where its owner enters their details; they come back to `returnUrl` (or `refreshUrl` when the link expired). */
  accountOnboardingUrl(input: { providerAccountId: string; returnUrl: string; refreshUrl: string }): Promise<string>;
  retrieveConnectedAccount(providerAccountId: string): Promise<ConnectedAccount | null>;
  /** One transfer per idempotency key however often it is asked. */
  createTransfer(input: CreateTransferInput): Promise<Transfer>;
  /** Takes `amountCents` of a transfer back; one reversal per idempotency key. */
  reverseTransfer(input: {
    providerTransferId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<Transfer>;
  retrieveTransfer(providerTransferId: string): Promise<Transfer | null>;
  /** The local test-mode provider's offline onboarding page (absent on Stripe, whose own page does this). */
  completeTestOnboarding?(input: {
    providerAccountId: string;
    token: string;
    routingNumber: string;
    accountNumber: string;
  }): Promise<ConnectedAccount | { error: 'not_found' | 'invalid_bank_account' }>;
}

/**
 * What routes need from a card payment provider. Implemented by Stripe in production and by
 * `LocalPaymentProvider` (test mode, in memory) by default.
 */
export interface PaymentProvider extends PayoutProvider {
  readonly name: 'stripe' | 'local';
  /** The same idempotency key with the same input returns the same intent; with other input it throws `idempotency_conflict`. */
  createPaymentIntent(input: CreatePaymentIntentInput): Promise<PaymentIntent>;
  /** A provider customer (Stripe's `cus_…`) to save cards to; one per idempotency key. */
  createCustomer(input: { email: string | null; idempotencyKey: string }): Promise<string>;
  /**
   * Charges a saved card with the customer away (Stripe: `confirm: true, off_session: true`). A
   * declined card is not thrown: the intent answers `failed` with the card's reason. The same
   * idempotency key answers the same intent.
   */
  chargeSavedCard(input: OffSessionChargeInput): Promise<PaymentIntent>;
  /** Null when the provider has no such payment. */
  retrieve(providerPaymentId: string): Promise<PaymentIntent | null>;
  refund(input: RefundInput): Promise<Refund>;
  /**
   * Verifies and normalises a webhook delivery. Throws `WebhookSignatureError` when it cannot be
   * trusted; answers null for a genuine event of a type the server does not use.
   */
  parseWebhook(
    rawBody: string,
    signatureHeader: string | null | undefined,
  ): Promise<ProviderEvent | AccountEvent | null>;
}

/** Stripe's test bank account (routing 110000000, account 000123456789) is the one the local provider's offline page accepts. */
export const LOCAL_TEST_BANK = { routingNumber: '110000000', accountNumber: '000123456789' } as const;
