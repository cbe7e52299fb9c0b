import Stripe from 'stripe';
import {
  type AccountEvent,
  type ConnectedAccount,
  type PaymentIntent,
  PaymentProviderError,
  type PaymentStatus,
  type ProviderEvent,
  type Transfer,
} from '../lib/payment-provider';

/** Stripe's objects and errors in the provider interface's shapes (`stripe-provider.ts` calls Stripe). */

/** Stripe's event types the server acts on, in the one normalised shape; null for the rest. */
export function normaliseStripeEvent(event: Stripe.Event): ProviderEvent | AccountEvent | null {
  if (typeof event.id !== 'string' || !Number.isFinite(event.created)) return null;
  const createdAt = new Date(event.created * 1000);
  const object = (event.data?.object ?? {}) as unknown as Record<string, unknown>;
  switch (event.type) {
    case 'account.updated': {
      const account = object as unknown as Stripe.Account;
      if (typeof account.id !== 'string') return null;
      return { id: event.id, type: 'account_updated', account: toConnectedAccount(account, createdAt), createdAt };
    }
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed': {
      const intent = object as unknown as Stripe.PaymentIntent;
      if (typeof intent.id !== 'string' || !Number.isSafeInteger(intent.amount)) return null;
      const normalised: ProviderEvent = {
        id: event.id,
        type: event.type === 'payment_intent.succeeded' ? 'payment_succeeded' : 'payment_failed',
        providerPaymentId: intent.id,
        amountCents: intent.amount,
        createdAt,
      };
      const message = intent.last_payment_error?.message;
      if (normalised.type === 'payment_failed') normalised.failureReason = message ?? 'Your card was declined.';
      return normalised;
    }
    case 'charge.refunded': {
      const charge = object as unknown as Stripe.Charge;
      const providerPaymentId = idOf(charge.payment_intent);
      if (!providerPaymentId || !Number.isSafeInteger(charge.amount_refunded)) return null;
      return {
        id: event.id,
        type: 'refunded',
        providerPaymentId,
        amountCents: charge.amount,
        refundedCents: charge.amount_refunded,
        createdAt,
      };
    }
    case 'charge.dispute.created': {
      const dispute = object as unknown as Stripe.Dispute;
      const providerPaymentId = idOf(dispute.payment_intent);
      if (!providerPaymentId) return null;
      return { id: event.id, type: 'disputed', providerPaymentId, amountCents: dispute.amount, createdAt };
    }
    default:
      return null;
  }
}

/** Stripe's requirement codes, in words for the account's owner (the first one due). */
function requirementOf(account: Stripe.Account): string | null {
  if (account.payouts_enabled) return null;
  const reason = account.requirements?.disabled_reason;
  if (reason?.startsWith('rejected')) return 'Stripe has closed this account: contact support.';
  if (reason === 'under_review' || reason === 'requirements.pending_verification')
    return 'Stripe is checking your details; this usually takes a day or two.';
  if (!account.details_submitted) return 'Finish setting up your payout account with Stripe.';
  return 'Stripe needs more information: open the setup again to give it.';
}

/** A connected account's state as of `asOf`: whether it can be paid now, and if not, why in words. */
export function toConnectedAccount(account: Stripe.Account, asOf: Date): ConnectedAccount {
  const payoutsEnabled = account.payouts_enabled === true && account.capabilities?.transfers !== 'inactive';
  return {
    providerAccountId: account.id,
    payoutsEnabled,
    requirement: payoutsEnabled
      ? null
      : (requirementOf(account) ?? 'Finish setting up your payout account with Stripe.'),
    asOf,
  };
}

/** A transfer with what was reversed of it so far. */
export function toTransfer(transfer: Stripe.Transfer): Transfer {
  return {
    providerTransferId: transfer.id,
    destination: idOf(transfer.destination as string | { id: string } | null) ?? '',
    amountCents: transfer.amount,
    reversedCents: transfer.amount_reversed ?? 0,
  };
}

/** The id of a field Stripe answers as an id or, expanded, as the object. */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (typeof value === 'string') return value;
  return value && typeof value.id === 'string' ? value.id : null;
}

/**
 * An intent as the provider interface reports it. The card (`payment_method`, its last four from
 * the expanded `latest_charge`) and the customer it is saved to are what a later off-session
 * charge of a series uses.
 */
export function toPaymentIntent(intent: Stripe.PaymentIntent): PaymentIntent {
  const charge = intent.latest_charge && typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const refundedCents = charge?.amount_refunded ?? 0;
  const failureReason = intent.last_payment_error?.message ?? null;
  let status: PaymentStatus;
  switch (intent.status) {
    case 'succeeded':
      status = charge?.disputed ? 'disputed' : refundedCents >= intent.amount ? 'refunded' : 'succeeded';
      break;
    case 'processing':
    case 'requires_capture':
      status = 'processing';
      break;
    case 'canceled':
      status = 'failed';
      break;
    default:
      status = failureReason ? 'failed' : 'pending';
  }
  const bookingId = Number(intent.metadata?.bookingId);
  const customerId = Number(intent.metadata?.customerId);
  return {
    providerPaymentId: intent.id,
    clientSecret: intent.client_secret ?? '',
    status,
    amountCents: intent.amount,
    currency: intent.currency,
    refundedCents,
    bookingId: Number.isSafeInteger(bookingId) ? bookingId : 0,
    customerId: Number.isSafeInteger(customerId) && customerId > 0 ? customerId : null,
    failureReason,
    paymentMethodId:
      idOf(intent.payment_method as string | { id: string } | null) ??
      idOf(charge?.payment_method as string | { id: string } | null | undefined) ??
      // A failed attempt leaves the card on the error, not on the intent.
      idOf(intent.last_payment_error?.payment_method as { id: string } | null | undefined),
    customerRef: idOf(intent.customer as string | { id: string } | null),
    cardLast4: charge?.payment_method_details?.card?.last4 ?? null,
  };
}

/** Runs a Stripe call, turning its errors into the provider-neutral `PaymentProviderError`. */
export async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw toProviderError(error);
  }
}

/** Stripe's error classes and codes as the provider-neutral codes routes map to 4xx or 503. */
export function toProviderError(error: unknown): Error {
  if (!(error instanceof Stripe.errors.StripeError)) return error as Error;
  const message = error.message || 'Stripe request failed';
  if (error instanceof Stripe.errors.StripeIdempotencyError) {
    return new PaymentProviderError('idempotency_conflict', message);
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    switch (error.code) {
      case 'resource_missing':
        return new PaymentProviderError('not_found', message);
      case 'charge_already_refunded':
      case 'charge_disputed':
      case 'payment_intent_unexpected_state':
        return new PaymentProviderError('not_refundable', message);
      case 'amount_too_large':
        return new PaymentProviderError('refund_exceeds_amount', message);
      case 'amount_too_small':
      case 'parameter_invalid_integer':
        return new PaymentProviderError('invalid_amount', message);
      default:
        return new PaymentProviderError('invalid_request', message);
    }
  }
  if (error instanceof Stripe.errors.StripeCardError) return new PaymentProviderError('invalid_request', message);
  // Connection failures, Stripe's 5xx, rate limits and bad keys: the outcome is unknown or not ours to fix.
  return new PaymentProviderError('provider_unavailable', message);
}
