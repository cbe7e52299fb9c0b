import { type Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AppError } from '../contract/errors';
import { endpoint, inputOf } from '../contract/operations';
import type { AppEnv } from '../deps';
import { idempotencyKeyFrom } from '../idempotency/idempotency';
import { WebhookSignatureError } from '../lib/payment-provider';
import { LOCAL_SIGNATURE_HEADER } from './local-provider';
import { paymentsApi as api } from './payments.openapi';
import { renderPayment, renderPaymentPage } from './payments.resource';
import {
  confirmLocalCardPayment,
  createPaymentIntent,
  getPayment,
  paymentAnswer,
  paymentsFor,
  receiveWebhook,
} from './payments.service';
import { refundPayment } from './refunds.service';

/** Renders an idempotent answer, marking a replay the way Stripe does. */
function once(c: Context<AppEnv>, answer: { status: number; body: unknown; replayed: boolean }) {
  if (answer.replayed) c.header('Idempotent-Replayed', 'true');
  return c.json(answer.body as never, answer.status as ContentfulStatusCode);
}

const idempotencyKey = (c: Context<AppEnv>) => idempotencyKeyFrom(c.req.header('Idempotency-Key'));

export const paymentsRoutes = new Hono<AppEnv>()
  .post(...endpoint(api.createPaymentIntent), async (c) => {
    const input = inputOf(c, api.createPaymentIntent).json;
    return once(c, await createPaymentIntent(c.get('deps'), c.get('actor'), input, idempotencyKey(c)));
  })
  .get(...endpoint(api.listPayments), async (c) => {
    const query = inputOf(c, api.listPayments).query;
    const page = await paymentsFor(c.get('deps'), c.get('actor'), query);
    return c.json(
      renderPaymentPage(c.get('operations'), page, { status: c.req.query('status'), pageSize: query.pageSize }),
    );
  })
  .get(...endpoint(api.getPayment), async (c) => {
    const answer = await getPayment(c.get('deps'), c.get('actor'), inputOf(c, api.getPayment).param.id);
    return c.json(renderPayment(c.get('operations'), answer));
  })
  .post(...endpoint(api.refundPayment), async (c) => {
    const { param, json } = inputOf(c, api.refundPayment);
    const { actor, deps, operations } = c.var;
    const answer = await refundPayment(deps, actor, param.id, json, {
      idempotencyKey: idempotencyKey(c),
      render: (result) => ({
        refund: {
          id: result.refund.id,
          amount: (result.refund.amountCents / 100).toFixed(2),
          reason: result.refund.reason,
          status: result.refund.status,
          providerRefundId: result.refund.providerRefundId,
        },
        payment: renderPayment(operations, paymentAnswer(result.payment, actor, deps.payments.name)),
      }),
    });
    return once(c, answer);
  })
  .post(...endpoint(api.receiveStripeWebhook), async (c) => {
    const provider = c.get('deps').payments;
    const signature = c.req.header(provider.name === 'stripe' ? 'stripe-signature' : LOCAL_SIGNATURE_HEADER);
    try {
      return c.json(
        await receiveWebhook(c.get('deps'), c.get('actor'), { rawBody: await c.req.text(), signature }),
        200,
      );
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
  const answer = await confirmLocalCardPayment(c.get('deps'), c.get('actor'), inputOf(c, api.confirmLocalPayment).json);
  return c.json(answer.body, answer.status);
});
