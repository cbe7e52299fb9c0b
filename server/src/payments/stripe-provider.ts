import Stripe from 'stripe';
import type { PaymentStatus } from '../lib/payment-provider';
import {
  type AccountEvent,
  type ConnectedAccount,
  type CreatePaymentIntentInput,
  type CreateTransferInput,
  type PaymentIntent,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderEvent,
  type Refund,
  type RefundInput,
  type Transfer,
  WebhookSignatureError,
} from '../lib/payment-provider';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /**
   * Passed to the `stripe` client as they are: `{ host, port, protocol }` point it at a loopback
   * Stripe-compatible server in tests; `httpClient` selects fetch on Workers.
   */
  clientOptions?: Stripe.StripeConfig;
  /** Seconds a webhook signature stays valid (Stripe's default: 300). */
  webhookToleranceSeconds?: number;
}

/**
 * How the `stripe` client waits for Stripe: each attempt at most `timeout` ms without an answer,
 * and one more attempt after a timeout, a dropped connection or a 5xx (every write carries its
 * idempotency key, so a retry never charges twice). A stalled Stripe costs a checkout about 21 s
 * before its 503, inside the minute a proxy in front of the server waits. With 20 s and two
 * retries it was over a minute: the proxy's 504 came first.
 */
export const STRIPE_CLIENT_DEFAULTS = { timeout: 10_000, maxNetworkRetries: 1 } as const;

/** Stripe's refund reasons; anything else the admin wrote travels in metadata. */
const STRIPE_REFUND_REASONS = new Set(['duplicate', 'fraudulent', 'requested_by_customer']);

/**
 * Card payments through Stripe PaymentIntents. The amount is whatever the caller passes — routes
 * always pass the booking's server-computed total — and every write carries an idempotency key, so
 * a retried request never charges or refunds twice.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;
  private readonly tolerance: number;
  private readonly cryptoProvider = Stripe.createSubtleCryptoProvider();

  constructor(options: StripeProviderOptions) {
    this.stripe = new Stripe(options.secretKey, { ...STRIPE_CLIENT_DEFAULTS, ...options.clientOptions });
    this.webhookSecret = options.webhookSecret;
    this.tolerance = options.webhookToleranceSeconds ?? 300;
  }

  async createPaymentIntent(input: CreatePaymentIntentInput): Promise<PaymentIntent> {
    const intent = await call(() =>
      this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          automatic_payment_methods: { enabled: true },
          description: `Spotless booking #${input.bookingId}`,
          metadata: {
            bookingId: String(input.bookingId),
            ...(input.customerId === null ? {} : { customerId: String(input.customerId) }),
          },
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return toPaymentIntent(intent);
  }

  async retrieve(providerPaymentId: string): Promise<PaymentIntent | null> {
    try {
      const intent = await call(() =>
        this.stripe.paymentIntents.retrieve(providerPaymentId, { expand: ['latest_charge'] }),
      );
      return toPaymentIntent(intent);
    } catch (error) {
      if (error instanceof PaymentProviderError && error.code === 'not_found') return null;
      throw error;
    }
  }

  async refund(input: RefundInput): Promise<Refund> {
    const reason = input.reason?.trim();
    const refund = await call(() =>
      this.stripe.refunds.create(
        {
          payment_intent: input.providerPaymentId,
          ...(input.amountCents === undefined ? {} : { amount: input.amountCents }),
          reason:
            reason && STRIPE_REFUND_REASONS.has(reason)
              ? (reason as Stripe.RefundCreateParams.Reason)
              : 'requested_by_customer',
          ...(reason ? { metadata: { reason: reason.slice(0, 500) } } : {}),
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return {
      providerRefundId: refund.id,
      amountCents: refund.amount,
      status: refund.status === 'succeeded' ? 'succeeded' : refund.status === 'pending' ? 'pending' : 'failed',
    };
  }

  async createConnectedAccount(input: { email: string | null; idempotencyKey: string }): Promise<ConnectedAccount> {
    const account = await call(() =>
      this.stripe.accounts.create(
        {
          type: 'express',
          ...(input.email ? { email: input.email } : {}),
          capabilities: { transfers: { requested: true } },
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    // As of its creation: any `account.updated` since is newer (Stripe's times are whole seconds).
    return toConnectedAccount(account, new Date((account.created ?? 0) * 1000));
  }

  async accountOnboardingUrl(input: {
    providerAccountId: string;
    returnUrl: string;
    refreshUrl: string;
  }): Promise<string> {
    const link = await call(() =>
      this.stripe.accountLinks.create({
        account: input.providerAccountId,
        type: 'account_onboarding',
        return_url: input.returnUrl,
        refresh_url: input.refreshUrl,
      }),
    );
    return link.url;
  }

  async retrieveConnectedAccount(providerAccountId: string): Promise<ConnectedAccount | null> {
    try {
      return toConnectedAccount(await call(() => this.stripe.accounts.retrieve(providerAccountId)), new Date());
    } catch (error) {
      if (error instanceof PaymentProviderError && error.code === 'not_found') return null;
      throw error;
    }
  }

  async createTransfer(input: CreateTransferInput): Promise<Transfer> {
    const transfer = await call(() =>
      this.stripe.transfers.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          destination: input.destination,
          transfer_group: input.transferGroup,
          description: input.description,
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return toTransfer(transfer);
  }

  async reverseTransfer(input: {
    providerTransferId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<Transfer> {
    await call(() =>
      this.stripe.transfers.createReversal(
        input.providerTransferId,
        { amount: input.amountCents },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    const transfer = await this.retrieveTransfer(input.providerTransferId);
    if (!transfer) throw new PaymentProviderError('not_found', `No such transfer: '${input.providerTransferId}'`);
    return transfer;
  }

  async retrieveTransfer(providerTransferId: string): Promise<Transfer | null> {
    try {
      return toTransfer(await call(() => this.stripe.transfers.retrieve(providerTransferId)));
    } catch (error) {
      if (error instanceof PaymentProviderError && error.code === 'not_found') return null;
      throw error;
    }
  }

  async parseWebhook(
    rawBody: string,
    signatureHeader: string | null | undefined,
  ): Promise<ProviderEvent | AccountEvent | null> {
    if (!signatureHeader) throw new WebhookSignatureError('No stripe-signature header');
    let event: Stripe.Event;
    try {
      event = await this.stripe.webhooks.constructEventAsync(
        rawBody,
        signatureHeader,
        this.webhookSecret,
        this.tolerance,
        this.cryptoProvider,
      );
    } catch (error) {
      throw new WebhookSignatureError(error instanceof Error ? error.message : 'Webhook signature verification failed');
    }
    return normaliseStripeEvent(event);
  }
}

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

function toConnectedAccount(account: Stripe.Account, asOf: Date): ConnectedAccount {
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

function toTransfer(transfer: Stripe.Transfer): Transfer {
  return {
    providerTransferId: transfer.id,
    destination: idOf(transfer.destination as string | { id: string } | null) ?? '',
    amountCents: transfer.amount,
    reversedCents: transfer.amount_reversed ?? 0,
  };
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (typeof value === 'string') return value;
  return value && typeof value.id === 'string' ? value.id : null;
}

function toPaymentIntent(intent: Stripe.PaymentIntent): PaymentIntent {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
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
  };
}

/** Runs a Stripe call, turning its errors into the provider-neutral `PaymentProviderError`. */
async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw toProviderError(error);
  }
}

function toProviderError(error: unknown): Error {
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
