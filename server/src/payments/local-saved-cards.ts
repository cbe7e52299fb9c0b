/**
 * Saved cards in the local provider (decision 088): customers, the card an intent was paid with,
 * and charges to a saved card with the customer away, decided by Stripe's test cards.
 */
import {
  type OffSessionChargeInput,
  type PaymentIntent,
  PaymentProviderError,
  type ProviderEvent,
} from '../lib/payment-provider';
import { type Outcome, offSessionOutcome } from './local-cards';
import { checkIdempotencyKey, checkIntentInput, idempotencyConflict, intentSnapshot, randomHex } from './local-intents';
import type { IntentRecord, LocalProviderStore, LocalStoreTx } from './local-provider-records';

/** Stores an event in the same transaction as the change it reports (the provider's own recorder). */
export type RecordEvent = (
  tx: LocalStoreTx,
  record: IntentRecord,
  type: ProviderEvent['type'],
) => Promise<ProviderEvent>;

/**
 * Applies a card's outcome to an intent in one transaction, with the events the webhook path would
 * send: `payment_failed` with the card's message, or `payment_succeeded` (and `disputed` for
 * Stripe's 0259). Shared by checkout confirmations and off-session charges so both report alike.
 */
export async function settleIntent(
  tx: LocalStoreTx,
  record: IntentRecord,
  outcome: Outcome,
  recordEvent: RecordEvent,
): Promise<ProviderEvent[]> {
  if (outcome.kind === 'decline') {
    record.failureReason = outcome.message;
    await tx.saveIntent(record, false);
    return [await recordEvent(tx, record, 'payment_failed')];
  }
  record.succeeded = true;
  record.failureReason = null;
  record.refundFails = outcome.refundFails === true;
  const recorded = [await recordEvent(tx, record, 'payment_succeeded')];
  if (outcome.dispute) {
    record.disputed = true;
    recorded.push(await recordEvent(tx, record, 'disputed'));
  }
  await tx.saveIntent(record, false);
  return recorded;
}

/**
 * Keeps the card a checkout was paid with, as Stripe keeps a PaymentMethod: attached to the
 * intent's customer when it asked to save it (`setup_future_usage`), otherwise to no customer, so
 * that it shows its last four but can never be charged off-session. Sets the intent's card.
 */
export async function keepCheckoutCard(tx: LocalStoreTx, record: IntentRecord, cardNumber: string): Promise<void> {
  const testCard = cardNumber.replace(/ /g, '');
  const id = `pm_local_${randomHex(12)}`;
  const customerRef = record.saveCard && record.customerRef ? record.customerRef : '';
  await tx.savePaymentMethod({ id, customerRef, last4: testCard.slice(-4), testCard });
  record.paymentMethodId = id;
}

/** An intent's snapshot with its card's last four read from the store (null until paid). */
export async function snapshotWithCard(
  reader: Pick<LocalStoreTx, 'paymentMethod'>,
  record: IntentRecord,
): Promise<PaymentIntent> {
  const method = record.paymentMethodId ? await reader.paymentMethod(record.paymentMethodId) : undefined;
  return intentSnapshot(record, method && record.succeeded ? method.last4 : null);
}

/** A `cus_local_…` customer once per idempotency key; the same key with another email is a conflict. */
export async function createLocalCustomer(
  store: LocalProviderStore,
  input: { email: string | null; idempotencyKey: string },
): Promise<string> {
  checkIdempotencyKey(input.idempotencyKey);
  return store.transaction(async (tx) => {
    const previous = await tx.customerByKey(input.idempotencyKey);
    if (previous) {
      if (previous.email !== input.email) throw idempotencyConflict(input.idempotencyKey);
      return previous.id;
    }
    const id = `cus_local_${randomHex(12)}`;
    await tx.saveCustomer({ id, idempotencyKey: input.idempotencyKey, email: input.email });
    return id;
  });
}

/**
 * Charges a saved card with the customer away, as `paymentIntents.create({ confirm: true,
 * off_session: true })` does: one intent per idempotency key, refused outright (nothing made) when
 * the card is not saved to that customer, otherwise an intent that succeeded or failed with the
 * card's reason. Answers the intent and the events to send once it is stored.
 */
export async function chargeSavedCardIn(
  store: LocalProviderStore,
  input: OffSessionChargeInput,
  recordEvent: RecordEvent,
): Promise<{ intent: PaymentIntent; events: ProviderEvent[] }> {
  checkIdempotencyKey(input.idempotencyKey);
  const fingerprint = JSON.stringify([
    'off_session',
    input.amountCents,
    input.currency,
    input.bookingId,
    input.customerId,
    input.customerRef,
    input.paymentMethodId,
  ]);
  checkIntentInput(input);
  return store.transaction(async (tx) => {
    const previous = await tx.request(input.idempotencyKey);
    if (previous) {
      if (previous.op !== 'intent' || previous.fingerprint !== fingerprint)
        throw idempotencyConflict(input.idempotencyKey);
      const existing = await tx.intent(previous.intentId);
      if (!existing) throw new PaymentProviderError('not_found', `No such payment_intent: '${previous.intentId}'`);
      return { intent: await snapshotWithCard(tx, existing), events: [] };
    }
    const method = await tx.paymentMethod(input.paymentMethodId);
    if (!method) throw new PaymentProviderError('not_found', `No such PaymentMethod: '${input.paymentMethodId}'`);
    if (method.customerRef === '') {
      throw new PaymentProviderError(
        'invalid_request',
        'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.',
      );
    }
    if (method.customerRef !== input.customerRef) {
      throw new PaymentProviderError(
        'invalid_request',
        `The provided PaymentMethod (${method.id}) does not belong to the Customer (${input.customerRef}).`,
      );
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
      refundFails: false,
      customerRef: input.customerRef,
      saveCard: false,
      paymentMethodId: method.id,
      offSession: true,
    };
    await tx.saveIntent(record, true);
    await tx.saveRequest(input.idempotencyKey, { op: 'intent', fingerprint, intentId: id });
    const events = await settleIntent(tx, record, offSessionOutcome(method.testCard), recordEvent);
    return { intent: intentSnapshot(record, record.succeeded ? method.last4 : null), events };
  });
}
