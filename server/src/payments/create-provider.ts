import type Stripe from 'stripe';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Clock } from '../deps';
import type { PaymentProvider } from '../lib/payment-provider';
import { LocalConnect } from './local-connect';
import { LocalPaymentProvider } from './local-provider';
import { databaseLocalStore } from './local-provider-store';
import { StripePaymentProvider } from './stripe-provider';

/** Stripe when `STRIPE_SECRET_KEY` is set, else the embedded local test-mode provider over `database`. */
export function createPaymentProvider(
  config: Config,
  clock: Clock,
  database: Database,
  stripeOptions?: Stripe.StripeConfig,
): PaymentProvider {
  if (config.stripe) {
    const { secretKey, webhookSecret, api } = config.stripe;
    if (!webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set');
    return new StripePaymentProvider({ secretKey, webhookSecret, clientOptions: stripeOptions ?? api });
  }
  return new LocalPaymentProvider({
    clock,
    store: databaseLocalStore(database, clock),
    connect: new LocalConnect(database, clock),
  });
}
