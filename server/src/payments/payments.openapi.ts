import {
  IdParam,
  LocalConfirmInput,
  LocalConfirmResult,
  Payment,
  PaymentIntentCreated,
  PaymentIntentInput,
  PaymentListQuery,
  PaymentPage,
  RefundInput,
  RefundResult,
} from '@spotless/sdk/schemas';
import { z } from 'zod';
import { defineOperations } from '../contract/operations';

/** The payments operations: what each one is, who may call it and what it answers (OpenAPI, links and actions come from here). */
export const paymentsApi = defineOperations({
  createPaymentIntent: {
    method: 'post',
    path: '/create-payment-intent',
    security: 'user',
    guests: true,
    summary: 'Start (or resume) paying for a booking',
    description:
      'The signed-in customer of the booking only. The charge is always the booking’s total as the server computed it; `amount` is only compared with it (409 `amount_mismatch` when different). One intent per booking and total: calling again answers the same client secret. Honours `Idempotency-Key`.',
    tags: ['payments'],
    access: 'customer (own booking)',
    responses: {
      200: { description: 'The client secret to confirm the card payment with', schema: PaymentIntentCreated },
      404: { description: 'No such booking (or not yours)' },
      409: { description: 'Amount differs from the booking total, the booking is not payable, or already paid' },
      422: { description: 'Idempotency-Key reused with another body' },
      503: { description: 'The payment provider is unavailable' },
    },
    request: { json: PaymentIntentInput },
  },
  listPayments: {
    method: 'get',
    path: '/payments',
    security: 'user-or-admin',
    summary: 'Payments, with the dashboard summary',
    description:
      'A customer sees their own payments; an administrator sees all. `status` filters the list (`paid` means succeeded; omit for all); `summary` covers every payment the caller may see.',
    tags: ['payments'],
    access: 'signed-in user (own) / admin (all)',
    responses: {
      200: { description: 'One page of payments, newest first, and the summary', schema: PaymentPage },
      400: { description: 'Unknown status or bad page' },
    },
    request: { query: PaymentListQuery },
  },
  getPayment: {
    method: 'get',
    path: '/payments/:id',
    security: 'user-or-admin',
    summary: 'One payment',
    description: 'Its customer’s, or any for an administrator; anyone else gets 404.',
    tags: ['payments'],
    access: 'signed-in user (own) / admin (all)',
    responses: {
      200: { description: 'The payment', schema: Payment },
      404: { description: 'No such payment, or not yours' },
    },
    request: { param: z.object({ id: IdParam }) },
  },
  refundPayment: {
    method: 'post',
    path: '/payments/:id/refund',
    security: 'admin',
    summary: 'Refund a payment (administrators)',
    description:
      'Only a succeeded (or partly refunded) payment; `amount` is a decimal string, blank for everything left; never more than what is left. Concurrent requests refund once. Honours `Idempotency-Key`.',
    tags: ['payments'],
    access: 'admin',
    responses: {
      200: { description: 'The refund and the payment after it', schema: RefundResult },
      404: { description: 'No such payment' },
      409: { description: 'Not refundable, more than what is left, or refused by the card’s bank (`refund_failed`)' },
      503: { description: 'The payment provider is unavailable; the refund is retried by the reconciliation job' },
    },
    request: { param: z.object({ id: IdParam }), json: RefundInput },
  },
  receiveStripeWebhook: {
    method: 'post',
    path: '/webhooks/stripe',
    security: 'public',
    summary: 'Payment provider webhooks',
    description:
      'Stripe’s events (payment_intent.succeeded, payment_intent.payment_failed, charge.refunded, charge.dispute.created), verified by the `Stripe-Signature` header on the raw body; with the local provider, its own signed deliveries (`Spotless-Signature`). Each event is applied once by its id, in any order. A bad signature is 400 and changes nothing.',
    tags: ['payments'],
    access: 'the payment provider (signature)',
    responses: {
      200: { description: 'Received (applied, a duplicate, or a type the server does not use)' },
      400: { description: 'Missing or invalid signature' },
    },
  },
  confirmLocalPayment: {
    method: 'post',
    path: '/payments/local/confirm',
    security: 'public',
    partners: true,
    guests: true,
    summary: 'Confirm a card payment (local test-mode provider)',
    description:
      'What `stripe.confirmCardPayment` does, for the embedded test-mode provider: Stripe’s test cards and messages (4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined). The client secret is the credential, as with Stripe.js. The outcome is applied exactly as a webhook would be. This route exists only while the local provider is the payment provider: with Stripe configured it is not mounted at all.',
    tags: ['payments'],
    access: 'holder of the client secret',
    responses: {
      200: { description: 'Paid', schema: LocalConfirmResult },
      400: {
        description: 'A card field is incomplete or invalid (named in `error.fields`)',
        schema: LocalConfirmResult,
      },
      402: { description: 'The card was declined; `error.message` is Stripe’s', schema: LocalConfirmResult },
      404: { description: 'No such payment' },
      409: { description: 'Already paid' },
    },
    request: { json: LocalConfirmInput },
  },
});
