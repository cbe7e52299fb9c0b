import type {
  AccountEvent,
  ConnectedAccount,
  CreatePaymentIntentInput,
  CreateTransferInput,
  OffSessionChargeInput,
  PaymentIntent,
  PaymentProvider,
  ProviderEvent,
  Refund,
  RefundInput,
  Transfer,
} from '../lib/payment-provider';
import { PaymentProviderError } from '../lib/payment-provider';
import { type CardDetails, type ConfirmResult, cardOutcome, validateCard } from './local-cards';
import type { LocalConnect } from './local-connect';
import { checkIdempotencyKey, checkIntentInput, dollars, idempotencyConflict, randomHex } from './local-intents';
import {
  type IntentRecord,
  type LocalProviderStore,
  type LocalStoreTx,
  memoryLocalStore,
} from './local-provider-records';
import {
  chargeSavedCardIn,
  createLocalCustomer,
  keepCheckoutCard,
  settleIntent,
  snapshotWithCard,
} from './local-saved-cards';
import { type EventListener, signPayload, verifyWebhook, type WebhookDelivery } from './local-webhooks';

export { type CardDetails, type ConfirmResult, luhnValid, validateCard } from './local-cards';
export {
  type IdempotentResult,
  type IntentRecord,
  type LocalProviderStore,
  type LocalStoreTx,
  memoryLocalStore,
  type PaymentMethodRecord,
} from './local-provider-records';
export {
  type EventListener,
  LOCAL_SIGNATURE_HEADER,
  LOCAL_WEBHOOK_TOLERANCE_SECONDS,
  type WebhookDelivery,
} from './local-webhooks';

export interface LocalProviderOptions {
  /** A fixed secret (tests); otherwise the store's, made once per installation. */
  webhookSecret?: string;
  clock?: { now(): Date };
  /** Where intents, idempotency keys and events live; memory when omitted (the provider's own tests). */
  store?: LocalProviderStore;
  /** Connected accounts and transfers (decision 080); only with the database, as the app has. */
  connect?: LocalConnect;
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
  private readonly connectStore: LocalConnect | undefined;

  constructor(options: LocalProviderOptions = {}) {
    this.clock = options.clock ?? { now: () => new Date() };
    this.store = options.store ?? memoryLocalStore();
    this.fixedSecret = options.webhookSecret;
    this.connectStore = options.connect;
  }

  /** Connected accounts and transfers: the database's, as the app builds this provider. */
  get connect(): LocalConnect {
    if (!this.connectStore)
      throw new PaymentProviderError('invalid_request', 'Connected accounts need the database store');
    return this.connectStore;
  }

  createConnectedAccount(input: { email: string | null; idempotencyKey: string }): Promise<ConnectedAccount> {
    return this.connect.createConnectedAccount(input);
  }

  accountOnboardingUrl(input: { providerAccountId: string; returnUrl: string; refreshUrl: string }): Promise<string> {
    return this.connect.accountOnboardingUrl(input);
  }

  retrieveConnectedAccount(providerAccountId: string): Promise<ConnectedAccount | null> {
    return this.connect.retrieveConnectedAccount(providerAccountId);
  }

  createTransfer(input: CreateTransferInput): Promise<Transfer> {
    return this.connect.createTransfer(input);
  }

  reverseTransfer(input: {
    providerTransferId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<Transfer> {
    return this.connect.reverseTransfer(input);
  }

  retrieveTransfer(providerTransferId: string): Promise<Transfer | null> {
    return this.connect.retrieveTransfer(providerTransferId);
  }

  completeTestOnboarding(input: Parameters<LocalConnect['completeOnboarding']>[0]) {
    return this.connect.completeOnboarding(input);
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
      // Only when given, so a key stored before saved cards existed still matches.
      ...(input.saveCardFor === undefined ? [] : [input.saveCardFor]),
    ]);
    checkIntentInput(input);
    const record = await this.store.transaction(async (tx) => {
      const previous = await tx.request(input.idempotencyKey);
      if (previous) {
        if (previous.op !== 'intent' || previous.fingerprint !== fingerprint)
          throw idempotencyConflict(input.idempotencyKey);
        const existing = await tx.intent(previous.intentId);
        if (!existing) throw new PaymentProviderError('not_found', `No such payment_intent: '${previous.intentId}'`);
        return existing;
      }
      if (input.saveCardFor !== undefined && !(await tx.customer(input.saveCardFor))) {
        throw new PaymentProviderError('not_found', `No such customer: '${input.saveCardFor}'`);
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
        refundFails: false,
        customerRef: input.saveCardFor ?? null,
        saveCard: input.saveCardFor !== undefined,
        paymentMethodId: null,
        offSession: false,
      };
      await tx.saveIntent(created, true);
      await tx.saveRequest(input.idempotencyKey, { op: 'intent', fingerprint, intentId: id });
      return created;
    });
    return snapshotWithCard(this.store, record);
  }

  async retrieve(providerPaymentId: string): Promise<PaymentIntent | null> {
    const record = await this.store.intent(providerPaymentId);
    return record ? snapshotWithCard(this.store, record) : null;
  }

  createCustomer(input: { email: string | null; idempotencyKey: string }): Promise<string> {
    return createLocalCustomer(this.store, input);
  }

  async chargeSavedCard(input: OffSessionChargeInput): Promise<PaymentIntent> {
    const { intent, events } = await chargeSavedCardIn(this.store, input, (tx, record, type) =>
      this.record(tx, record, type),
    );
    for (const event of events) await this.notify(event);
    return intent;
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
      if (record.refundFails) {
        // Stripe's test card 4000 0000 0000 5126: the card's bank refuses the refund, nothing moves.
        const refused: Refund = {
          providerRefundId: `re_local_${randomHex(12)}`,
          status: 'failed',
          amountCents: amount,
        };
        await tx.saveRequest(input.idempotencyKey, { op: 'refund', fingerprint, refund: refused });
        return { refund: refused, event: undefined };
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
    const outcome = cardOutcome(card.cardNumber);
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
      if (outcome.kind === 'succeed') await keepCheckoutCard(tx, record, card.cardNumber);
      const recorded = await settleIntent(tx, record, outcome, (t, r, type) => this.record(t, r, type));
      if (outcome.kind === 'decline') {
        const error = { type: 'card_error' as const, code: outcome.code, message: outcome.message };
        return {
          result: { error: outcome.declineCode ? { ...error, decline_code: outcome.declineCode } : error },
          events: recorded,
        };
      }
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

  async parseWebhook(
    rawBody: string,
    signatureHeader: string | null | undefined,
  ): Promise<ProviderEvent | AccountEvent | null> {
    return verifyWebhook(rawBody, signatureHeader, (payload) => this.sign(payload), this.clock);
  }

  private async sign(payload: string): Promise<string> {
    return signPayload(await this.webhookSecret(), payload);
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
