import { randomBytes } from 'node:crypto';

/**
 * Test support for `stripe-loopback.ts`: its payment intents and charges, and the saved-card side
 * of it — customers (`POST /v1/customers`), payment methods saved to them, and confirming an intent
 * with one, on or off session (decision 088), with Stripe's shapes and its 402 for a declined card.
 */

export interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  currency: string;
  disputed: boolean;
  payment_intent: string;
  payment_method: string | null;
  payment_method_details: { type: 'card'; card: { last4: string } } | null;
  refunded: boolean;
  status: 'succeeded';
}

export interface Intent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  client_secret: string;
  created: number;
  customer: string | null;
  description: string | null;
  metadata: Record<string, string>;
  payment_method: string | null;
  setup_future_usage: string | null;
  status: string;
  last_payment_error: {
    code: string;
    message: string;
    type: string;
    payment_method?: PaymentMethod;
  } | null;
  latest_charge: string | null;
  livemode: false;
}

export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  customer: string | null;
  card: { last4: string };
}

/** What a test says a card does when charged with its owner away: fail with Stripe's code and message. */
export interface CardFailure {
  code: string;
  message: string;
  decline_code?: string;
}

/** The random part of the fake ids, unique within a run. */
export const rand = (n = 12) => randomBytes(n).toString('hex');

/** Customers and the cards saved to them, and what confirming an intent with a card does. */
export class CardsLoopback {
  readonly customers = new Map<string, { id: string; object: 'customer'; email: string | null; created: number }>();
  readonly paymentMethods = new Map<string, PaymentMethod>();
  /** Cards whose off-session charges fail, by payment method id. */
  private readonly failing = new Map<string, CardFailure>();

  /** Answers the customer routes; undefined for any other path. */
  route(method: string, path: string, body: Record<string, unknown>): [number, unknown] | undefined {
    if (method !== 'POST' || path !== '/v1/customers') return undefined;
    const customer = {
      id: `cus_${rand(7)}`,
      object: 'customer' as const,
      email: typeof body.email === 'string' ? body.email : null,
      created: Math.floor(Date.now() / 1000),
    };
    this.customers.set(customer.id, customer);
    return [200, customer];
  }

  /**
   * A card saved to a customer, as checkout with `setup_future_usage` leaves it; `fails` makes its
   * off-session charges fail (Stripe's 4000 0000 0000 0341 or 4000 0027 6000 3184). Answers its id.
   */
  savePaymentMethod(customerId: string | null, card: { id?: string; last4: string; fails?: CardFailure }): string {
    if (customerId !== null && !this.customers.has(customerId)) throw new Error(`loopback: no customer ${customerId}`);
    const id = card.id ?? `pm_${rand(12)}`;
    this.paymentMethods.set(id, {
      id,
      object: 'payment_method',
      type: 'card',
      customer: customerId,
      card: { last4: card.last4 },
    });
    if (card.fails) this.failing.set(id, card.fails);
    return id;
  }

  /** A new charge of an intent with a card (null: a charge whose card the test did not name). */
  charge(intent: Intent, paymentMethodId: string | null): Charge {
    const method = paymentMethodId ? this.paymentMethods.get(paymentMethodId) : undefined;
    return {
      id: `ch_${rand()}`,
      object: 'charge',
      amount: intent.amount,
      amount_refunded: 0,
      currency: intent.currency,
      disputed: false,
      payment_intent: intent.id,
      payment_method: method?.id ?? null,
      payment_method_details: method ? { type: 'card', card: { last4: method.card.last4 } } : null,
      refunded: false,
      status: 'succeeded',
    };
  }

  /**
   * Checks what `customer`, `payment_method` and `off_session` ask of a new intent, as Stripe does
   * before making it: an unknown customer or card, or an off-session card not saved to the customer.
   */
  refusal(body: Record<string, unknown>): [number, unknown] | undefined {
    const customer = typeof body.customer === 'string' ? body.customer : null;
    if (customer && !this.customers.has(customer)) {
      return invalid('resource_missing', `No such customer: '${customer}'`, 'customer', 400);
    }
    if (typeof body.payment_method !== 'string') {
      return body.confirm === 'true'
        ? invalid('payment_intent_unexpected_state', 'You must provide a payment method to confirm.', 'payment_method')
        : undefined;
    }
    const method = this.paymentMethods.get(body.payment_method);
    if (!method)
      return invalid('resource_missing', `No such PaymentMethod: '${body.payment_method}'`, 'payment_method');
    if (body.off_session === 'true' && (!customer || method.customer !== customer)) {
      return invalid(
        'payment_method_invalid_parameter',
        method.customer === null
          ? 'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.'
          : `The provided PaymentMethod (${method.id}) does not belong to the Customer (${customer}).`,
        'payment_method',
      );
    }
    return undefined;
  }

  /** How an off-session charge to this card fails, if the test said it does. */
  failure(paymentMethodId: string, offSession: boolean): CardFailure | undefined {
    return offSession ? this.failing.get(paymentMethodId) : undefined;
  }

  /** Stripe's 402 for a declined confirmation: the error carries the intent, as StripeCardError does. */
  declined(intent: Intent, failure: CardFailure): [number, unknown] {
    const method = intent.payment_method ? this.paymentMethods.get(intent.payment_method) : undefined;
    intent.status = 'requires_payment_method';
    intent.last_payment_error = {
      code: failure.code,
      message: failure.message,
      type: 'card_error',
      ...(method ? { payment_method: { ...method } } : {}),
    };
    intent.payment_method = null;
    return [
      402,
      {
        error: {
          type: 'card_error',
          code: failure.code,
          ...(failure.decline_code ? { decline_code: failure.decline_code } : {}),
          message: failure.message,
          payment_intent: { ...intent },
          ...(method ? { payment_method: { ...method } } : {}),
        },
      },
    ];
  }
}

/** Stripe's 400 (or 404) for a request it refuses. */
export function invalid(code: string, message: string, param?: string, status = 400): [number, unknown] {
  return [status, { error: { type: 'invalid_request_error', code, message, ...(param ? { param } : {}) } }];
}
