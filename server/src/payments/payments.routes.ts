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
import { type Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { getActor, requireAdmin, requireUser } from '../auth/guards';
import type { AppEnv } from '../deps';
import { idempotencyKeyFrom, runOnce } from '../idempotency/idempotency';
import { AppError } from '../lib/errors';
import { describe } from '../lib/openapi';
import { WebhookSignatureError } from '../lib/payment-provider';
import { valid } from '../lib/validate';
import { LOCAL_SIGNATURE_HEADER } from './local-provider';
import { renderPayment, renderPaymentPage } from './payments.resource';
import {
  confirmLocalCardPayment,
  getPayment,
  parseDollars,
  paymentAnswer,
  paymentsFor,
  receiveWebhook,
  startPayment,
} from './payments.service';
import { refundPayment } from './refunds.service';

/** Renders a `runOnce` answer, marking a replay the way Stripe does. */
function once(c: Context<AppEnv>, answer: { status: number; body: unknown; replayed: boolean }) {
  if (answer.replayed) c.header('Idempotent-Replayed', 'true');
  return c.json(answer.body as never, answer.status as ContentfulStatusCode);
}

export const paymentsRoutes = new Hono<AppEnv>()
  .post(
    '/create-payment-intent',
    describe({
      operationId: 'createPaymentIntent',
      security: 'user',
      summary: 'Start (or resume) paying for a booking',
      description:
        'The signed-in customer of the booking only. The charge is always the booking’s total as the server computed it; `amount` is only compared with it (409 `amount_mismatch` when different). One intent per booking and total: calling again answers the same client secret. Honours `Idempotency-Key`.',
      tags: ['payments'],
      access: 'customer (own booking)',
      responses: {
        200: { description: 'The client secret to confirm the card payment with', schema: PaymentIntentCreated },
        400: { description: 'A field is malformed' },
        401: { description: 'Signed out' },
        404: { description: 'No such booking (or not yours)' },
        409: { description: 'Amount differs from the booking total, the booking is not payable, or already paid' },
        422: { description: 'Idempotency-Key reused with another body' },
        503: { description: 'The payment provider is unavailable' },
      },
    }),
    valid('json', PaymentIntentInput),
    async (c) => {
      const user = requireUser(c);
      const input = c.req.valid('json');
      const key = idempotencyKeyFrom(c.req.header('Idempotency-Key'));
      const answer = await runOnce(c.var.deps, { scope: `payment-intent:${user.id}`, key, body: input }, async () => ({
        status: 200,
        body: await startPayment(c.var.deps, { userId: user.id }, input),
      }));
      return once(c, answer);
    },
  )
  .get(
    '/payments',
    describe({
      operationId: 'listPayments',
      security: 'user-or-admin',
      summary: 'Payments, with the dashboard summary',
      description:
        'A customer sees their own payments; an administrator sees all. `status` filters the list (`paid` means succeeded; omit for all); `summary` covers every payment the caller may see.',
      tags: ['payments'],
      access: 'signed-in user (own) / admin (all)',
      responses: {
        200: { description: 'One page of payments, newest first, and the summary', schema: PaymentPage },
        400: { description: 'Unknown status or bad page' },
        401: { description: 'Signed out' },
      },
    }),
    valid('query', PaymentListQuery),
    async (c) => {
      const actor = getActor(c);
      if (!actor.isAdmin) requireUser(c);
      const query = c.req.valid('query');
      const page = await paymentsFor(c.var.deps, actor, query);
      return c.json(
        renderPaymentPage(c.var.operations, page, { status: c.req.query('status'), pageSize: query.pageSize }),
      );
    },
  )
  .get(
    '/payments/:id',
    describe({
      operationId: 'getPayment',
      security: 'user-or-admin',
      summary: 'One payment',
      description: 'Its customer’s, or any for an administrator; anyone else gets 404.',
      tags: ['payments'],
      access: 'signed-in user (own) / admin (all)',
      responses: {
        200: { description: 'The payment', schema: Payment },
        400: { description: 'The id is malformed' },
        401: { description: 'Signed out' },
        404: { description: 'No such payment, or not yours' },
      },
    }),
    valid('param', z.object({ id: IdParam })),
    async (c) => {
      const actor = getActor(c);
      if (!actor.isAdmin) requireUser(c);
      const answer = await getPayment(c.var.deps, actor, c.req.valid('param').id);
      return c.json(renderPayment(c.var.operations, answer));
    },
  )
  .post(
    '/payments/:id/refund',
    describe({
      operationId: 'refundPayment',
      security: 'admin',
      summary: 'Refund a payment (administrators)',
      description:
        'Only a succeeded (or partly refunded) payment; `amount` is a decimal string, blank for everything left; never more than what is left. Concurrent requests refund once. Honours `Idempotency-Key`.',
      tags: ['payments'],
      access: 'admin',
      responses: {
        200: { description: 'The refund and the payment after it', schema: RefundResult },
        400: { description: 'A field is malformed' },
        401: { description: 'Signed out' },
        403: { description: 'Not an administrator' },
        404: { description: 'No such payment' },
        409: { description: 'Not refundable, or more than what is left' },
        503: { description: 'The payment provider is unavailable; the refund is retried by the reconciliation job' },
      },
    }),
    valid('param', z.object({ id: IdParam })),
    valid('json', RefundInput),
    async (c) => {
      const admin = requireAdmin(c);
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const amount = input.amount;
      const amountCents =
        amount === undefined || amount === null || amount === '' ? undefined : parseDollars(amount, 'amount');
      const key = idempotencyKeyFrom(c.req.header('Idempotency-Key'));
      const answer = await runOnce(c.var.deps, { scope: `refund:${id}`, key, body: input }, async () => {
        const result = await refundPayment(c.var.deps, {
          paymentId: id,
          amountCents,
          reason: input.reason ? input.reason : null,
          actorUserId: admin.userId,
        });
        return {
          status: 200,
          body: {
            refund: {
              id: result.refund.id,
              amount: (result.refund.amountCents / 100).toFixed(2),
              reason: result.refund.reason,
              status: result.refund.status,
              providerRefundId: result.refund.providerRefundId,
            },
            payment: renderPayment(
              c.var.operations,
              paymentAnswer(result.payment, { userId: admin.userId, isAdmin: true }, c.var.deps.payments.name),
            ),
          },
        };
      });
      return once(c, answer);
    },
  )
  .post(
    '/webhooks/stripe',
    describe({
      operationId: 'receiveStripeWebhook',
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
    }),
    async (c) => {
      const provider = c.var.deps.payments;
      const header = c.req.header(provider.name === 'stripe' ? 'stripe-signature' : LOCAL_SIGNATURE_HEADER);
      try {
        return c.json(await receiveWebhook(c.var.deps, await c.req.text(), header), 200);
      } catch (error) {
        if (error instanceof WebhookSignatureError) throw new AppError(400, 'invalid_signature', error.message);
        throw error;
      }
    },
  );

/**
 * The local test-mode provider's card form (the embedded default). Mounted by `createApp` only
 * while that provider is in use, so no deployment with Stripe has a way to mark a booking paid
 * without money moving (SECURITY.md).
 */
export const localPaymentRoutes = new Hono<AppEnv>().post(
  '/payments/local/confirm',
  describe({
    operationId: 'confirmLocalPayment',
    security: 'public',
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
  }),
  valid('json', LocalConfirmInput),
  async (c) => {
    const answer = await confirmLocalCardPayment(c.var.deps, c.req.valid('json'));
    return c.json(answer.body, answer.status);
  },
);
