import type Stripe from 'stripe';
import type { Config } from '../config';
import type { Clock } from '../deps';
import type { PaymentProvider } from '../lib/payment-provider';
import { LocalPaymentProvider } from './local-provider';
import { StripePaymentProvider } from './stripe-provider';

/** Stripe when `STRIPE_SECRET_KEY` is set, else the embedded local test-mode provider. */
export function createPaymentProvider(
  config: Config,
  clock: Clock,
  stripeOptions?: Stripe.StripeConfig,
): PaymentProvider {
  if (config.stripe) {
    const { secretKey, webhookSecret } = config.stripe;
    if (!webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set');
    return new StripePaymentProvider({ secretKey, webhookSecret, clientOptions: stripeOptions });
  }
  return new LocalPaymentProvider({ clock });
}
