import { Hono } from 'hono';
import { endpoint, inputOf } from '../contract/operations';
import type { AppEnv } from '../deps';
import { partnerWebhooksApi as api } from './partner-webhooks.openapi';
import {
  renderPartnerWebhook,
  renderPartnerWebhookDelivery,
  renderPartnerWebhookDeliveryPage,
  renderPartnerWebhookList,
} from './partner-webhooks.resource';
import {
  createPartnerWebhook,
  deletePartnerWebhook,
  getPartnerWebhook,
  getPartnerWebhookDelivery,
  listPartnerWebhookDeliveries,
  listPartnerWebhooks,
  resendPartnerWebhookDelivery,
  sendPartnerWebhookTest,
  updatePartnerWebhook,
} from './partner-webhooks.service';

/** `/api/partner-portal/{id}/webhooks…`: a partner's webhook endpoints and their deliveries (decision 079). */
export const partnerWebhooksRoutes = new Hono<AppEnv>()
  .get(...endpoint(api.listPartnerWebhooks), async (c) => {
    const { id } = inputOf(c, api.listPartnerWebhooks).param;
    return c.json(
      renderPartnerWebhookList(
        c.get('operations'),
        id,
        await listPartnerWebhooks(c.get('deps'), c.get('actor'), id),
        c.get('deps').config.webhookAllowPrivateUrls,
      ),
    );
  })
  .post(...endpoint(api.createPartnerWebhook), async (c) => {
    const input = inputOf(c, api.createPartnerWebhook);
    const created = await createPartnerWebhook(c.get('deps'), c.get('actor'), input.param.id, input.json);
    const body = renderPartnerWebhook(c.get('operations'), created, c.get('deps').config.webhookAllowPrivateUrls);
    return c.json(body, 201, { Location: body.links.self.href });
  })
  .get(...endpoint(api.getPartnerWebhook), async (c) => {
    const { id, webhookId } = inputOf(c, api.getPartnerWebhook).param;
    return c.json(
      renderPartnerWebhook(
        c.get('operations'),
        await getPartnerWebhook(c.get('deps'), c.get('actor'), id, webhookId),
        c.get('deps').config.webhookAllowPrivateUrls,
      ),
    );
  })
  .patch(...endpoint(api.updatePartnerWebhook), async (c) => {
    const { param, json } = inputOf(c, api.updatePartnerWebhook);
    const updated = await updatePartnerWebhook(c.get('deps'), c.get('actor'), param.id, param.webhookId, json);
    return c.json(renderPartnerWebhook(c.get('operations'), updated, c.get('deps').config.webhookAllowPrivateUrls));
  })
  .delete(...endpoint(api.deletePartnerWebhook), async (c) => {
    const { id, webhookId } = inputOf(c, api.deletePartnerWebhook).param;
    const left = await deletePartnerWebhook(c.get('deps'), c.get('actor'), id, webhookId);
    return c.json(
      renderPartnerWebhookList(c.get('operations'), id, left, c.get('deps').config.webhookAllowPrivateUrls),
    );
  })
  .post(...endpoint(api.sendPartnerWebhookTest), async (c) => {
    const { id, webhookId } = inputOf(c, api.sendPartnerWebhookTest).param;
    const queued = await sendPartnerWebhookTest(c.get('deps'), c.get('actor'), id, webhookId);
    return c.json(renderPartnerWebhookDelivery(c.get('operations'), id, queued), 202);
  })
  .get(...endpoint(api.listPartnerWebhookDeliveries), async (c) => {
    const { param, query } = inputOf(c, api.listPartnerWebhookDeliveries);
    const page = await listPartnerWebhookDeliveries(c.get('deps'), c.get('actor'), param.id, query);
    return c.json(renderPartnerWebhookDeliveryPage(c.get('operations'), param.id, page, query));
  })
  .get(...endpoint(api.getPartnerWebhookDelivery), async (c) => {
    const { id, deliveryId } = inputOf(c, api.getPartnerWebhookDelivery).param;
    const delivery = await getPartnerWebhookDelivery(c.get('deps'), c.get('actor'), id, deliveryId);
    return c.json(renderPartnerWebhookDelivery(c.get('operations'), id, delivery));
  })
  .post(...endpoint(api.resendPartnerWebhookDelivery), async (c) => {
    const { id, deliveryId } = inputOf(c, api.resendPartnerWebhookDelivery).param;
    const queued = await resendPartnerWebhookDelivery(c.get('deps'), c.get('actor'), id, deliveryId);
    return c.json(renderPartnerWebhookDelivery(c.get('operations'), id, queued), 202);
  });
