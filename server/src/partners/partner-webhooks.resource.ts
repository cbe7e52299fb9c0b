import {
  type PartnerWebhook,
  PartnerWebhookCreate,
  type PartnerWebhookDelivery,
  type PartnerWebhookDeliveryPage,
  type PartnerWebhookList,
  PartnerWebhookUpdate,
} from '@spotless/sdk/schemas';
import { WEBHOOK_EVENT_TYPES } from '@spotless/sdk/webhooks';
import { actionTo, linkTo, type Operations, pageLinksTo } from '../contract/hypermedia';
import type { DeliveryData, PartnerWebhookData } from './partner-webhooks.service';
import { webhookUrlRule } from './webhook-url';

type Actions = PartnerWebhook['actions'];

/**
 * An endpoint with its actions. `allowPrivate` (`WEBHOOK_ALLOW_PRIVATE_URLS`) is said in the update
 * action's description: which URLs this installation accepts.
 */
export function renderPartnerWebhook(
  ops: Operations,
  endpoint: PartnerWebhookData,
  allowPrivate: boolean,
): PartnerWebhook {
  const params = { id: endpoint.partnerId, webhookId: endpoint.id };
  return {
    ...endpoint,
    links: {
      self: linkTo(ops, 'getPartnerWebhook', params),
      partner: linkTo(ops, 'getPartner', { id: endpoint.partnerId }),
      deliveries: linkTo(
        ops,
        'listPartnerWebhookDeliveries',
        { id: endpoint.partnerId },
        {
          query: { endpointId: endpoint.id },
        },
      ),
    },
    actions: {
      update: actionTo(ops, 'update', 'updatePartnerWebhook', {
        title: 'Save',
        description: webhookUrlRule(allowPrivate),
        params,
        body: PartnerWebhookUpdate,
        values: { url: endpoint.url, events: endpoint.events, isActive: endpoint.isActive },
        choices: { events: WEBHOOK_EVENT_TYPES },
      }) as Actions['update'],
      delete: actionTo(ops, 'delete', 'deletePartnerWebhook', {
        title: 'Remove',
        description: 'Its queued deliveries and their log are deleted with it.',
        params,
      }) as Actions['delete'],
      ...(endpoint.isActive
        ? {
            sendTest: actionTo(ops, 'sendTest', 'sendPartnerWebhookTest', {
              title: 'Send a test event',
              description: 'A signed `test` event, sent within a minute.',
              params,
            }) as Actions['sendTest'],
          }
        : {}),
    },
  };
}

export function renderPartnerWebhookList(
  ops: Operations,
  partnerId: number,
  endpoints: PartnerWebhookData[],
  allowPrivate: boolean,
): PartnerWebhookList {
  return {
    items: endpoints.map((endpoint) => renderPartnerWebhook(ops, endpoint, allowPrivate)),
    total: endpoints.length,
    links: {
      self: linkTo(ops, 'listPartnerWebhooks', { id: partnerId }),
      partner: linkTo(ops, 'getPartner', { id: partnerId }),
      deliveries: linkTo(ops, 'listPartnerWebhookDeliveries', { id: partnerId }),
    },
    actions: {
      create: actionTo(ops, 'create', 'createPartnerWebhook', {
        title: 'Add endpoint',
        description: webhookUrlRule(allowPrivate),
        params: { id: partnerId },
        body: PartnerWebhookCreate,
        values: { events: WEBHOOK_EVENT_TYPES, isActive: true },
        choices: { events: WEBHOOK_EVENT_TYPES },
      }) as PartnerWebhookList['actions']['create'],
    },
  };
}

export function renderPartnerWebhookDelivery(
  ops: Operations,
  partnerId: number,
  delivery: DeliveryData,
): PartnerWebhookDelivery {
  const { endpointActive } = delivery;
  return {
    ...delivery,
    links: {
      self: linkTo(ops, 'getPartnerWebhookDelivery', { id: partnerId, deliveryId: delivery.id }),
      endpoint: linkTo(ops, 'getPartnerWebhook', { id: partnerId, webhookId: delivery.endpointId }),
    },
    actions: {
      ...(delivery.status !== 'pending' && endpointActive
        ? {
            resend: actionTo(ops, 'resend', 'resendPartnerWebhookDelivery', {
              title: 'Resend',
              description: 'Sends it again, with the same event id.',
              params: { id: partnerId, deliveryId: delivery.id },
            }) as PartnerWebhookDelivery['actions']['resend'],
          }
        : {}),
    },
  };
}

export function renderPartnerWebhookDeliveryPage(
  ops: Operations,
  partnerId: number,
  page: { items: DeliveryData[]; total: number; page: number; pageSize: number },
  query: { endpointId?: number | undefined; pageSize: number },
): PartnerWebhookDeliveryPage {
  return {
    ...page,
    items: page.items.map((delivery) => renderPartnerWebhookDelivery(ops, partnerId, delivery)),
    links: {
      ...pageLinksTo(
        ops,
        'listPartnerWebhookDeliveries',
        { id: partnerId },
        { endpointId: query.endpointId, pageSize: query.pageSize },
        page,
      ),
      partner: linkTo(ops, 'getPartner', { id: partnerId }),
    },
  };
}
