import Stripe from 'stripe';
import {
  type AccountEvent,
  type ConnectedAccount,
  type CreatePaymentIntentInput,
  type CreateTransferInput,
  type OffSessionChargeInput,
  type PaymentIntent,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderEvent,
  type Refund,
  type RefundInput,
  type Transfer,
  WebhookSignatureError,
} from '../lib/payment-provider';
import {
  call,
  normaliseStripeEvent,
  toConnectedAccount,
  toPaymentIntent,
  toProviderError,
  toTransfer,
} from './stripe-mapping';

export { normaliseStripeEvent } from './stripe-mapping';

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
          ...(input.saveCardFor === undefined
            ? {}
            : { customer: input.saveCardFor, setup_future_usage: 'off_session' as const }),
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

  async createCustomer(input: { email: string | null; idempotencyKey: string }): Promise<string> {
    const customer = await call(() =>
      this.stripe.customers.create(input.email ? { email: input.email } : {}, { idempotencyKey: input.idempotencyKey }),
    );
    return customer.id;
  }

  async chargeSavedCard(input: OffSessionChargeInput): Promise<PaymentIntent> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          customer: input.customerRef,
          payment_method: input.paymentMethodId,
          off_session: true,
          confirm: true,
          description: `Spotless booking #${input.bookingId}`,
          metadata: {
            bookingId: String(input.bookingId),
            ...(input.customerId === null ? {} : { customerId: String(input.customerId) }),
            offSession: 'true',
          },
          expand: ['latest_charge'],
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return toPaymentIntent(intent);
    } catch (error) {
      // A declined card or one that needs its owner (authentication_required) is an answer, not a
      // failure of the call: Stripe made the intent and hands it back on the error.
      if (error instanceof Stripe.errors.StripeCardError && error.payment_intent) {
        const message = error.message || 'Your card was declined.';
        return { ...toPaymentIntent(error.payment_intent), status: 'failed', failureReason: message, cardLast4: null };
      }
      throw toProviderError(error);
    }
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
