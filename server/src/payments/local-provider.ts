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
  /** A fixed secret (tests); otherwise the store's, made once per installation. */
  webhookSecret?: string;
  clock?: { now(): Date };
  /** Where intents, idempotency keys and events live; memory when omitted (the provider's own tests). */
  store?: LocalProviderStore;
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

export interface IntentRecord {
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

export type IdempotentResult =
  | { op: 'intent'; fingerprint: string; intentId: string }
  | { op: 'refund'; fingerprint: string; refund: Refund };

/** One atomic unit of the provider's records: everything read and written in it commits together. */
export interface LocalStoreTx {
  intent(id: string): Promise<IntentRecord | undefined>;
  saveIntent(record: IntentRecord, isNew: boolean): Promise<void>;
  request(key: string): Promise<IdempotentResult | undefined>;
  saveRequest(key: string, result: IdempotentResult): Promise<void>;
  appendEvent(event: ProviderEvent): Promise<void>;
}

/**
 * Where the local provider keeps what Stripe would keep on its side. In the database
 * (`databaseLocalStore`) for the app on every target, so that any process or Workers isolate over
 * the same database sees the same intents; in memory for the provider's own unit tests.
 */
export interface LocalProviderStore {
  transaction<T>(fn: (tx: LocalStoreTx) => Promise<T>): Promise<T>;
  intent(id: string): Promise<IntentRecord | undefined>;
  /** Events emitted so far, oldest first. */
  events(providerPaymentId?: string): Promise<ProviderEvent[]>;
  /** The webhook signing secret of this installation: made once, then the same for every process. */
  webhookSecret(make: () => string): Promise<string>;
}

/** The store in memory, for tests of the provider alone: one transaction at a time, applied on success. */
export function memoryLocalStore(): LocalProviderStore {
  const intents = new Map<string, IntentRecord>();
  const requests = new Map<string, IdempotentResult>();
  const events: ProviderEvent[] = [];
  let secret: string | undefined;
  let turn: Promise<unknown> = Promise.resolve();
  return {
    transaction(fn) {
      const run = turn.then(async () => {
        const writes: Array<() => void> = [];
        const result = await fn({
          intent: async (id) => structuredClone(intents.get(id)),
          saveIntent: async (record) => void writes.push(() => intents.set(record.id, structuredClone(record))),
          request: async (key) => structuredClone(requests.get(key)),
          saveRequest: async (key, value) => void writes.push(() => requests.set(key, structuredClone(value))),
          appendEvent: async (event) => void writes.push(() => events.push(structuredClone(event))),
        });
        for (const write of writes) write();
        return result;
      });
      turn = run.catch(() => undefined);
      return run;
    },
    intent: async (id) => structuredClone(intents.get(id)),
    events: async (providerPaymentId) =>
      events
        .filter((e) => providerPaymentId === undefined || e.providerPaymentId === providerPaymentId)
        .map((e) => structuredClone(e)),
    webhookSecret: async (make) => (secret ??= make()),
  };
}

/**
 * A payment provider that behaves like Stripe in test mode: Stripe's test card numbers, its decline
 * and validation messages, idempotency keys, refunds no larger than what is left, and signed webhook
 * events in the same normalised shape the Stripe adapter produces. Its records live in a
 * `LocalProviderStore` (the database in the app, decision 037); subscribers are this process's own
 * and are told of each event after it is stored.
 */
export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local' as const;
  private readonly clock: { now(): Date };
  private readonly store: LocalProviderStore;
  private readonly fixedSecret: string | undefined;
  private secret: Promise<string> | undefined;
  private readonly listeners = new Set<EventListener>();
  private failedDeliveries: Array<{ listener: EventListener; event: ProviderEvent; delivery: WebhookDelivery }> = [];

  constructor(options: LocalProviderOptions = {}) {
    this.clock = options.clock ?? { now: () => new Date() };
    this.store = options.store ?? memoryLocalStore();
    this.fixedSecret = options.webhookSecret;
  }

  /**
   * The secret its webhook deliveries are signed with. A constant in the source would let anyone
   * sign events: each installation makes its own once and keeps it in its store.
   */
  webhookSecret(): Promise<string> {
    this.secret ??= this.fixedSecret
      ? Promise.resolve(this.fixedSecret)
      : this.store.webhookSecret(() => `whsec_local_${randomHex(24)}`);
    return this.secret;
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
    if (!/^[a-z]{3}$/.test(input.currency)) {
      throw new PaymentProviderError('invalid_request', `Invalid currency: ${input.currency}`);
    }
    if (!Number.isSafeInteger(input.amountCents) || input.amountCents < 1) {
      throw new PaymentProviderError('invalid_amount', 'Amount must be a positive whole number of cents');
    }
    if (input.currency === 'usd' && input.amountCents < 50) {
      throw new PaymentProviderError('invalid_amount', 'Amount must be at least $0.50 usd');
    }
    const record = await this.store.transaction(async (tx) => {
      const previous = await tx.request(input.idempotencyKey);
      if (previous) {
        if (previous.op !== 'intent' || previous.fingerprint !== fingerprint)
          throw idempotencyConflict(input.idempotencyKey);
        const existing = await tx.intent(previous.intentId);
        if (!existing) throw new PaymentProviderError('not_found', `No such payment_intent: '${previous.intentId}'`);
        return existing;
      }
      const id = `pi_local_${randomHex(12)}`;
      const created: IntentRecord = {
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
      await tx.saveIntent(created, true);
      await tx.saveRequest(input.idempotencyKey, { op: 'intent', fingerprint, intentId: id });
      return created;
    });
    return this.snapshot(record);
  }

  async retrieve(providerPaymentId: string): Promise<PaymentIntent | null> {
    const record = await this.store.intent(providerPaymentId);
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
    const { refund, event } = await this.store.transaction(async (tx) => {
      const previous = await tx.request(input.idempotencyKey);
      if (previous) {
        if (previous.op !== 'refund' || previous.fingerprint !== fingerprint)
          throw idempotencyConflict(input.idempotencyKey);
        return { refund: previous.refund, event: undefined };
      }
      const record = await tx.intent(input.providerPaymentId);
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
      const made: Refund = { providerRefundId: `re_local_${randomHex(12)}`, status: 'succeeded', amountCents: amount };
      await tx.saveIntent(record, false);
      await tx.saveRequest(input.idempotencyKey, { op: 'refund', fingerprint, refund: made });
      return { refund: made, event: await this.record(tx, record, 'refunded') };
    });
    if (event) await this.notify(event);
    return { ...refund };
  }

  /**
   * The browser half: what `stripe.confirmCardPayment(clientSecret, { payment_method: { card } })`
   * does. Card-form mistakes are answered like Stripe.js without an attempt; declines are recorded on
   * the intent and sent as `payment_failed`.
   */
  async confirmCardPayment(clientSecret: string, card: CardDetails): Promise<ConfirmResult> {
    const id = /^(pi_local_[0-9a-f]+)_secret_[0-9a-f]+$/.exec(clientSecret)?.[1];
    const invalid = validateCard(card, this.clock.now());
    const outcome = TEST_CARDS[card.cardNumber.replace(/ /g, '')] ?? LIVE_CARD_IN_TEST_MODE;
    const { result, events } = await this.store.transaction(async (tx) => {
      const record = id ? await tx.intent(id) : undefined;
      if (!record || record.clientSecret !== clientSecret) {
        const error = {
          type: 'invalid_request_error' as const,
          code: 'resource_missing',
          message: `No such payment_intent: '${id ?? clientSecret}'`,
        };
        return { result: { error }, events: [] };
      }
      if (record.succeeded) {
        const error = {
          type: 'invalid_request_error' as const,
          code: 'payment_intent_unexpected_state',
          message:
            'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
        };
        return { result: { error }, events: [] };
      }
      if (invalid) return { result: { error: { type: 'validation_error' as const, ...invalid } }, events: [] };
      if (outcome.kind === 'decline') {
        record.failureReason = outcome.message;
        await tx.saveIntent(record, false);
        const event = await this.record(tx, record, 'payment_failed');
        const error = { type: 'card_error' as const, code: outcome.code, message: outcome.message };
        return {
          result: { error: outcome.declineCode ? { ...error, decline_code: outcome.declineCode } : error },
          events: [event],
        };
      }
      record.succeeded = true;
      record.failureReason = null;
      const recorded = [await this.record(tx, record, 'payment_succeeded')];
      if (outcome.dispute) {
        record.disputed = true;
        recorded.push(await this.record(tx, record, 'disputed'));
      }
      await tx.saveIntent(record, false);
      const paid = {
        id: record.id,
        status: 'succeeded' as const,
        amount: record.amountCents,
        currency: record.currency,
      };
      return { result: { paymentIntent: paid }, events: recorded };
    });
    for (const event of events) await this.notify(event);
    return result;
  }

  /** The customer's bank disputes a succeeded payment (Stripe's card 4000 0000 0000 0259 does this itself). */
  async simulateDispute(providerPaymentId: string): Promise<void> {
    const event = await this.store.transaction(async (tx) => {
      const record = await tx.intent(providerPaymentId);
      if (!record?.succeeded) {
        throw new PaymentProviderError('not_found', `No succeeded payment_intent: '${providerPaymentId}'`);
      }
      if (record.disputed) return undefined;
      record.disputed = true;
      await tx.saveIntent(record, false);
      return this.record(tx, record, 'disputed');
    });
    if (event) await this.notify(event);
  }

  /** Every event delivered to `listener` from now on, with its signed webhook body. Returns an unsubscribe. */
  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Events emitted so far, oldest first (for replays and tests), from the store. */
  emittedEvents(providerPaymentId?: string): Promise<ProviderEvent[]> {
    return this.store.events(providerPaymentId);
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
  async signedDelivery(event: ProviderEvent, at: Date = this.clock.now()): Promise<WebhookDelivery> {
    const rawBody = JSON.stringify({ ...event, createdAt: event.createdAt.toISOString() });
    const t = Math.floor(at.getTime() / 1000);
    return { rawBody, signatureHeader: `t=${t},v1=${await this.sign(`${t}.${rawBody}`)}` };
  }

  async parseWebhook(rawBody: string, signatureHeader: string | null | undefined): Promise<ProviderEvent | null> {
    if (!signatureHeader) throw new WebhookSignatureError('No signature header');
    const parts = signatureHeader.split(',').map((part) => part.trim().split('='));
    const t = parts.find(([k]) => k === 't')?.[1];
    const signatures = parts.filter(([k, v]) => k === 'v1' && v).map(([, v]) => v!);
    if (!t || !/^\d+$/.test(t) || signatures.length === 0) {
      throw new WebhookSignatureError('Unable to extract timestamp and signatures from header');
    }
    const expected = decodeHex(await this.sign(`${t}.${rawBody}`));
    const matches = signatures.some((s) => /^[0-9a-f]{64}$/.test(s) && constantTimeEqual(decodeHex(s), expected));
    if (!matches) throw new WebhookSignatureError('No signatures found matching the expected signature for payload');
    if (Math.abs(this.clock.now().getTime() / 1000 - Number(t)) > LOCAL_WEBHOOK_TOLERANCE_SECONDS) {
      throw new WebhookSignatureError('Timestamp outside the tolerance zone');
    }
    return decodeEvent(rawBody);
  }

  private async sign(payload: string): Promise<string> {
    const encoder = new TextEncoder();
    const secret = await this.webhookSecret();
    return encodeHexLowerCase(hmac(SHA256, encoder.encode(secret), encoder.encode(payload)));
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

  /** Stores an event in the same transaction as the change it reports. */
  private async record(tx: LocalStoreTx, record: IntentRecord, type: ProviderEvent['type']): Promise<ProviderEvent> {
    const event: ProviderEvent = {
      id: `evt_local_${randomHex(12)}`,
      type,
      providerPaymentId: record.id,
      amountCents: record.amountCents,
      createdAt: this.clock.now(),
    };
    if (type === 'refunded') event.refundedCents = record.refundedCents;
    if (type === 'payment_failed' && record.failureReason) event.failureReason = record.failureReason;
    await tx.appendEvent(event);
    return event;
  }

  /** Tells this process's subscribers of a stored event, with its signed webhook body. */
  private async notify(event: ProviderEvent): Promise<void> {
    if (this.listeners.size === 0) return;
    const delivery = await this.signedDelivery(event);
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
