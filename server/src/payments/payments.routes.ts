import { type Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { getActor, requireAdmin, requireUser } from '../auth/guards';
import type { AppEnv } from '../deps';
import { idempotencyKeyFrom, runOnce } from '../idempotency/idempotency';
import { AppError } from '../lib/errors';
import { endpoint, inputOf } from '../lib/operations';
import { WebhookSignatureError } from '../lib/payment-provider';
import { LOCAL_SIGNATURE_HEADER } from './local-provider';
/** Renders a `runOnce` answer, marking a replay the way Stripe does. */
import { paymentsApi as api } from './payments.openapi';
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

function once(c: Context<AppEnv>, answer: { status: number; body: unknown; replayed: boolean }) {
  if (answer.replayed) c.header('Idempotent-Replayed', 'true');
  return c.json(answer.body as never, answer.status as ContentfulStatusCode);
}

export const paymentsRoutes = new Hono<AppEnv>()
  .post(...endpoint(api.createPaymentIntent), async (c) => {
    const user = requireUser(c);
    const input = inputOf(c, api.createPaymentIntent).json;
    const key = idempotencyKeyFrom(c.req.header('Idempotency-Key'));
    const answer = await runOnce(c.var.deps, { scope: `payment-intent:${user.id}`, key, body: input }, async () => ({
      status: 200,
      body: await startPayment(c.var.deps, { userId: user.id }, input),
    }));
    return once(c, answer);
  })
  .get(...endpoint(api.listPayments), async (c) => {
    const actor = getActor(c);
    if (!actor.isAdmin) requireUser(c);
    const query = inputOf(c, api.listPayments).query;
    const page = await paymentsFor(c.var.deps, actor, query);
    return c.json(
      renderPaymentPage(c.var.operations, page, { status: c.req.query('status'), pageSize: query.pageSize }),
    );
  })
  .get(...endpoint(api.getPayment), async (c) => {
    const actor = getActor(c);
    if (!actor.isAdmin) requireUser(c);
    const answer = await getPayment(c.var.deps, actor, inputOf(c, api.getPayment).param.id);
    return c.json(renderPayment(c.var.operations, answer));
  })
  .post(...endpoint(api.refundPayment), async (c) => {
    const admin = requireAdmin(c);
    const { id } = inputOf(c, api.refundPayment).param;
    const input = inputOf(c, api.refundPayment).json;
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
  })
  .post(...endpoint(api.receiveStripeWebhook), async (c) => {
    const provider = c.var.deps.payments;
    const header = c.req.header(provider.name === 'stripe' ? 'stripe-signature' : LOCAL_SIGNATURE_HEADER);
    try {
      return c.json(await receiveWebhook(c.var.deps, await c.req.text(), header), 200);
    } catch (error) {
      if (error instanceof WebhookSignatureError) throw new AppError(400, 'invalid_signature', error.message);
      throw error;
    }
  });

/**
 * The local test-mode provider's card form (the embedded default). Mounted by `createApp` only
 * while that provider is in use, so no deployment with Stripe has a way to mark a booking paid
 * without money moving (SECURITY.md).
 */
export const localPaymentRoutes = new Hono<AppEnv>().post(...endpoint(api.confirmLocalPayment), async (c) => {
  const answer = await confirmLocalCardPayment(c.var.deps, inputOf(c, api.confirmLocalPayment).json);
  return c.json(answer.body, answer.status);
});
