import { hmac } from '@oslojs/crypto/hmac';
import { SHA256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { decodeHex, encodeHexLowerCase } from '@oslojs/encoding';
import { centsToDollars } from '@spotless/sdk/rules';
import {
  type CreatePaymentIntentInput,
  type PaymentIntent,
  type PaymentProvider,
  PaymentProviderError,
  PROVIDER_EVENT_TYPES,
  type ProviderEvent,
  type Refund,
  type RefundInput,
  WebhookSignatureError,
} from '../lib/payment-provider';

/** The header the local provider signs its webhook deliveries with, in Stripe's `t=…,v1=…` form. */
export const LOCAL_SIGNATURE_HEADER = 'spotless-signature';
export const LOCAL_WEBHOOK_TOLERANCE_SECONDS = 300;

export interface CardDetails {
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** What `stripe.confirmCardPayment` resolves to, in the fields the checkout page reads. */
export type ConfirmResult =
  | { paymentIntent: { id: string; status: 'succeeded'; amount: number; currency: string } }
  | {
      error: {
        type: 'card_error' | 'validation_error' | 'invalid_request_error';
        code: string;
        decline_code?: string;
        message: string;
      };
    };

export interface WebhookDelivery {
  rawBody: string;
  signatureHeader: string;
}

export type EventListener = (event: ProviderEvent, delivery: WebhookDelivery) => void | Promise<void>;

export interface LocalProviderOptions {
  webhookSecret?: string;
  clock?: { now(): Date };
}

type Outcome =
  | { kind: 'succeed'; dispute?: boolean }
  | { kind: 'decline'; code: string; declineCode?: string; message: string };

const DECLINED = 'Your card was declined.';
/** Stripe's test cards (https://docs.stripe.com/testing) and what they do. */
const TEST_CARDS: Record<string, Outcome> = {
  '4242424242424242': { kind: 'succeed' },
  '4000056655665556': { kind: 'succeed' },
  '5555555555554444': { kind: 'succeed' },
  '378282246310005': { kind: 'succeed' },
  '4000000000000259': { kind: 'succeed', dispute: true },
  '4000000000000002': { kind: 'decline', code: 'card_declined', declineCode: 'generic_decline', message: DECLINED },
  '4000000000009995': {
    kind: 'decline',
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  '4000000000009987': { kind: 'decline', code: 'card_declined', declineCode: 'lost_card', message: DECLINED },
  '4000000000009979': { kind: 'decline', code: 'card_declined', declineCode: 'stolen_card', message: DECLINED },
  '4000000000000069': { kind: 'decline', code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { kind: 'decline', code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  '4000000000000119': {
    kind: 'decline',
    code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
};
const LIVE_CARD_IN_TEST_MODE: Outcome = {
  kind: 'decline',
  code: 'card_declined',
  declineCode: 'test_mode_live_card',
  message:
    'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
};

interface IntentRecord {
  id: string;
  clientSecret: string;
  amountCents: number;
  currency: string;
  bookingId: number;
  customerId: number | null;
  succeeded: boolean;
  failureReason: string | null;
  refundedCents: number;
  disputed: boolean;
}

type IdempotentResult =
  | { op: 'intent'; fingerprint: string; intentId: string }
  | { op: 'refund'; fingerprint: string; refund: Refund };

/**
 * A payment provider that behaves like Stripe in test mode, in memory for the life of the process:
 * Stripe's test card numbers, its decline and validation messages, idempotency keys, refunds no
 * larger than what is left, and signed webhook events delivered to subscribers in the same
 * normalised shape the Stripe adapter produces.
 */
export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local' as const;
  readonly webhookSecret: string;
  private readonly clock: { now(): Date };
  private readonly intents = new Map<string, IntentRecord>();
  private readonly idempotency = new Map<string, IdempotentResult>();
  private readonly listeners = new Set<EventListener>();
  private readonly events: ProviderEvent[] = [];
  private failedDeliveries: Array<{ listener: EventListener; event: ProviderEvent; delivery: WebhookDelivery }> = [];

  constructor(options: LocalProviderOptions = {}) {
    // A constant secret in the source would let anyone sign events: each provider gets its own.
    this.webhookSecret = options.webhookSecret ?? `whsec_local_${randomHex(24)}`;
    this.clock = options.clock ?? { now: () => new Date() };
  }

  async createPaymentIntent(input: CreatePaymentIntentInput): Promise<PaymentIntent> {
    checkIdempotencyKey(input.idempotencyKey);
    const fingerprint = JSON.stringify([
      'intent',
      input.amountCents,
      input.currency,
      input.bookingId,
      input.customerId,
    ]);
    const previous = this.idempotency.get(input.idempotencyKey);
    if (previous) {
      if (previous.op !== 'intent' || previous.fingerprint !== fingerprint)
        throw idempotencyConflict(input.idempotencyKey);
      return this.snapshot(this.intents.get(previous.intentId)!);
    }
    if (!/^[a-z]{3}$/.test(input.currency)) {
      throw new PaymentProviderError('invalid_request', `Invalid currency: ${input.currency}`);
    }
    if (!Number.isSafeInteger(input.amountCents) || input.amountCents < 1) {
      throw new PaymentProviderError('invalid_amount', 'Amount must be a positive whole number of cents');
    }
    if (input.currency === 'usd' && input.amountCents < 50) {
      throw new PaymentProviderError('invalid_amount', 'Amount must be at least $0.50 usd');
    }
    const id = `pi_local_${randomHex(12)}`;
    const record: IntentRecord = {
      id,
      clientSecret: `${id}_secret_${randomHex(12)}`,
      amountCents: input.amountCents,
      currency: input.currency,
      bookingId: input.bookingId,
      customerId: input.customerId,
      succeeded: false,
      failureReason: null,
      refundedCents: 0,
      disputed: false,
    };
    this.intents.set(id, record);
    this.idempotency.set(input.idempotencyKey, { op: 'intent', fingerprint, intentId: id });
    return this.snapshot(record);
  }

  async retrieve(providerPaymentId: string): Promise<PaymentIntent | null> {
    const record = this.intents.get(providerPaymentId);
    return record ? this.snapshot(record) : null;
  }

  async refund(input: RefundInput): Promise<Refund> {
    checkIdempotencyKey(input.idempotencyKey);
    const fingerprint = JSON.stringify([
      'refund',
      input.providerPaymentId,
      input.amountCents ?? null,
      input.reason ?? null,
    ]);
    const previous = this.idempotency.get(input.idempotencyKey);
    if (previous) {
      if (previous.op !== 'refund' || previous.fingerprint !== fingerprint)
        throw idempotencyConflict(input.idempotencyKey);
      return { ...previous.refund };
    }
    const record = this.intents.get(input.providerPaymentId);
    if (!record) throw new PaymentProviderError('not_found', `No such payment_intent: '${input.providerPaymentId}'`);
    if (record.disputed) {
      throw new PaymentProviderError('not_refundable', 'This payment has been disputed and cannot be refunded.');
    }
    if (!record.succeeded) {
      throw new PaymentProviderError(
        'not_refundable',
        'This PaymentIntent does not have a successful charge to refund.',
      );
    }
    const remaining = record.amountCents - record.refundedCents;
    if (remaining === 0) throw new PaymentProviderError('not_refundable', 'This payment has already been refunded.');
    const amount = input.amountCents ?? remaining;
    if (!Number.isSafeInteger(amount) || amount < 1) {
      throw new PaymentProviderError('invalid_amount', 'Refund amount must be a positive whole number of cents');
    }
    if (amount > remaining) {
      throw new PaymentProviderError(
        'refund_exceeds_amount',
        `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(remaining)})`,
      );
    }
    record.refundedCents += amount;
    const refund: Refund = { providerRefundId: `re_local_${randomHex(12)}`, status: 'succeeded', amountCents: amount };
    this.idempotency.set(input.idempotencyKey, { op: 'refund', fingerprint, refund });
    await this.emit(record, 'refunded');
    return { ...refund };
  }

  /**
   * The browser half: what `stripe.confirmCardPayment(clientSecret, { payment_method: { card } })`
   * does. Card-form mistakes are answered like Stripe.js without an attempt; declines are recorded on
   * the intent and sent as `payment_failed`.
   */
  async confirmCardPayment(clientSecret: string, card: CardDetails): Promise<ConfirmResult> {
    const id = /^(pi_local_[0-9a-f]+)_secret_[0-9a-f]+$/.exec(clientSecret)?.[1];
    const record = id ? this.intents.get(id) : undefined;
    if (!record || record.clientSecret !== clientSecret) {
      return {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such payment_intent: '${id ?? clientSecret}'`,
        },
      };
    }
    if (record.succeeded) {
      return {
        error: {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message:
            'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
        },
      };
    }
    const invalid = validateCard(card, this.clock.now());
    if (invalid) return { error: { type: 'validation_error', ...invalid } };

    const outcome = TEST_CARDS[card.cardNumber.replace(/ /g, '')] ?? LIVE_CARD_IN_TEST_MODE;
    if (outcome.kind === 'decline') {
      record.failureReason = outcome.message;
      await this.emit(record, 'payment_failed');
      const error = { type: 'card_error' as const, code: outcome.code, message: outcome.message };
      return { error: outcome.declineCode ? { ...error, decline_code: outcome.declineCode } : error };
    }
    record.succeeded = true;
    await this.emit(record, 'payment_succeeded');
    if (outcome.dispute) await this.simulateDispute(record.id);
    return {
      paymentIntent: { id: record.id, status: 'succeeded', amount: record.amountCents, currency: record.currency },
    };
  }

  /** The customer's bank disputes a succeeded payment (Stripe's card 4000 0000 0000 0259 does this itself). */
  async simulateDispute(providerPaymentId: string): Promise<void> {
    const record = this.intents.get(providerPaymentId);
    if (!record?.succeeded) {
      throw new PaymentProviderError('not_found', `No succeeded payment_intent: '${providerPaymentId}'`);
    }
    if (record.disputed) return;
    record.disputed = true;
    await this.emit(record, 'disputed');
  }

  /** Every event delivered to `listener` from now on, with its signed webhook body. Returns an unsubscribe. */
  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Events emitted so far, oldest first (for replays and tests). */
  emittedEvents(providerPaymentId?: string): ProviderEvent[] {
    return this.events.filter((e) => providerPaymentId === undefined || e.providerPaymentId === providerPaymentId);
  }

  /** How many deliveries failed (a listener threw) and await `redeliverFailed`. */
  get failedDeliveryCount(): number {
    return this.failedDeliveries.length;
  }

  /** Retries every failed delivery once, like a provider's webhook retries: at least once, maybe twice. */
  async redeliverFailed(): Promise<void> {
    const pending = this.failedDeliveries;
    this.failedDeliveries = [];
    for (const item of pending) await this.deliver(item.listener, item.event, item.delivery);
  }

  /** A signed delivery for an event, as the webhook route receives it. */
  signedDelivery(event: ProviderEvent, at: Date = this.clock.now()): WebhookDelivery {
    const rawBody = JSON.stringify({ ...event, createdAt: event.createdAt.toISOString() });
    const t = Math.floor(at.getTime() / 1000);
    return { rawBody, signatureHeader: `t=${t},v1=${this.sign(`${t}.${rawBody}`)}` };
  }

  async parseWebhook(rawBody: string, signatureHeader: string | null | undefined): Promise<ProviderEvent | null> {
    if (!signatureHeader) throw new WebhookSignatureError('No signature header');
    const parts = signatureHeader.split(',').map((part) => part.trim().split('='));
    const t = parts.find(([k]) => k === 't')?.[1];
    const signatures = parts.filter(([k, v]) => k === 'v1' && v).map(([, v]) => v!);
    if (!t || !/^\d+$/.test(t) || signatures.length === 0) {
      throw new WebhookSignatureError('Unable to extract timestamp and signatures from header');
    }
    const expected = decodeHex(this.sign(`${t}.${rawBody}`));
    const matches = signatures.some((s) => /^[0-9a-f]{64}$/.test(s) && constantTimeEqual(decodeHex(s), expected));
    if (!matches) throw new WebhookSignatureError('No signatures found matching the expected signature for payload');
    if (Math.abs(this.clock.now().getTime() / 1000 - Number(t)) > LOCAL_WEBHOOK_TOLERANCE_SECONDS) {
      throw new WebhookSignatureError('Timestamp outside the tolerance zone');
    }
    return decodeEvent(rawBody);
  }

  private sign(payload: string): string {
    const encoder = new TextEncoder();
    return encodeHexLowerCase(hmac(SHA256, encoder.encode(this.webhookSecret), encoder.encode(payload)));
  }

  private snapshot(record: IntentRecord): PaymentIntent {
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
    };
  }

  private async emit(record: IntentRecord, type: ProviderEvent['type']): Promise<void> {
    const event: ProviderEvent = {
      id: `evt_local_${randomHex(12)}`,
      type,
      providerPaymentId: record.id,
      amountCents: record.amountCents,
      createdAt: this.clock.now(),
    };
    if (type === 'refunded') event.refundedCents = record.refundedCents;
    if (type === 'payment_failed' && record.failureReason) event.failureReason = record.failureReason;
    this.events.push(event);
    const delivery = this.signedDelivery(event);
    for (const listener of this.listeners) await this.deliver(listener, event, delivery);
  }

  private async deliver(listener: EventListener, event: ProviderEvent, delivery: WebhookDelivery): Promise<void> {
    try {
      await listener({ ...event }, delivery);
    } catch {
      // A webhook endpoint that fails does not undo the payment; the event is kept for a retry.
      this.failedDeliveries.push({ listener, event, delivery });
    }
  }
}

type CardProblem = { code: string; message: string };

/** Stripe.js's checks of the card form, before anything reaches the provider. */
export function validateCard(card: CardDetails, now: Date): CardProblem | null {
  const number = String(card.cardNumber ?? '').replace(/ /g, '');
  if (number === '') return { code: 'incomplete_number', message: 'Your card number is incomplete.' };
  if (!/^\d+$/.test(number)) return { code: 'invalid_number', message: 'Your card number is invalid.' };
  const length = /^3[47]/.test(number) ? 15 : 16;
  if (number.length < length) return { code: 'incomplete_number', message: 'Your card number is incomplete.' };
  if (number.length > length || !luhnValid(number)) {
    return { code: 'invalid_number', message: 'Your card number is invalid.' };
  }
  const month = card.expMonth;
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    return { code: 'invalid_expiry_month', message: "Your card's expiration month is invalid." };
  }
  const year = Number.isInteger(card.expYear) && card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const thisYear = now.getUTCFullYear();
  if (!Number.isInteger(year) || year < 0) {
    return { code: 'invalid_expiry_year', message: "Your card's expiration year is invalid." };
  }
  if (year < thisYear)
    return { code: 'invalid_expiry_year_past', message: "Your card's expiration year is in the past." };
  if (year > thisYear + 50) return { code: 'invalid_expiry_year', message: "Your card's expiration year is invalid." };
  if (year === thisYear && month < now.getUTCMonth() + 1) {
    return { code: 'invalid_expiry_month_past', message: "Your card's expiration date is in the past." };
  }
  const cvcLength = length === 15 ? 4 : 3;
  const cvc = String(card.cvc ?? '');
  if (!/^\d*$/.test(cvc) || cvc.length > cvcLength) {
    return { code: 'invalid_cvc', message: "Your card's security code is invalid." };
  }
  if (cvc.length < cvcLength) return { code: 'incomplete_cvc', message: "Your card's security code is incomplete." };
  return null;
}

/** The Luhn checksum every card number carries. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

function decodeEvent(rawBody: string): ProviderEvent | null {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(rawBody) as Record<string, unknown>;
  } catch {
    throw new WebhookSignatureError('Webhook payload is not JSON');
  }
  if (!PROVIDER_EVENT_TYPES.includes(body.type as ProviderEvent['type'])) return null;
  const createdAt = new Date(String(body.createdAt));
  if (
    typeof body.id !== 'string' ||
    typeof body.providerPaymentId !== 'string' ||
    !Number.isSafeInteger(body.amountCents) ||
    Number.isNaN(createdAt.getTime())
  ) {
    throw new WebhookSignatureError('Webhook payload is not a valid event');
  }
  const event: ProviderEvent = {
    id: body.id,
    type: body.type as ProviderEvent['type'],
    providerPaymentId: body.providerPaymentId,
    amountCents: body.amountCents as number,
    createdAt,
  };
  if (Number.isSafeInteger(body.refundedCents)) event.refundedCents = body.refundedCents as number;
  if (typeof body.failureReason === 'string') event.failureReason = body.failureReason;
  return event;
}

function checkIdempotencyKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0 || key.length > 255) {
    throw new PaymentProviderError('invalid_request', 'An idempotency key of 1 to 255 characters is required');
  }
}

function idempotencyConflict(key: string): PaymentProviderError {
  return new PaymentProviderError(
    'idempotency_conflict',
    `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
  );
}

function dollars(cents: number): string {
  return `$${centsToDollars(cents)}`;
}

function randomHex(bytes: number): string {
  return encodeHexLowerCase(crypto.getRandomValues(new Uint8Array(bytes)));
}
