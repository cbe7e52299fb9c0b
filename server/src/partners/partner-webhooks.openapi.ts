import {
  IdParam,
  PartnerWebhook,
  PartnerWebhookCreate,
  PartnerWebhookDelivery,
  PartnerWebhookDeliveryPage,
  PartnerWebhookDeliveryQuery,
  PartnerWebhookList,
  PartnerWebhookUpdate,
} from '@spotless/sdk/schemas';
import { z } from 'zod';
import { defineOperations } from '../contract/operations';

const endpointParams = z.object({ id: IdParam, webhookId: IdParam });
const NOT_FOUND = { description: 'No such partner, or no such endpoint of it' };

/**
 * Webhooks to a partner's own systems (decision 079): the endpoints a partner's events are POSTed
 * to, signed, and the log of their deliveries. Administrators manage them for now.
 */
export const partnerWebhooksApi = defineOperations({
  listPartnerWebhooks: {
    method: 'get',
    path: '/partner-portal/:id/webhooks',
    security: 'user-or-admin',
    summary: 'A partner’s webhook endpoints (its people, administrators)',
    description:
      'The URLs a partner’s events are POSTed to, each with the event types it is sent and the `whsec_…` secret its deliveries are signed with (`Spotless-Signature`, verified by `@spotless/sdk/webhooks`). `actions.create` adds one.',
    tags: ['partners', 'admin'],
    access: 'the partner’s people, admin',
    responses: {
      200: { description: 'The partner’s endpoints, oldest first', schema: PartnerWebhookList },
      404: { description: 'No such partner' },
    },
    request: { param: z.object({ id: IdParam }) },
  },
  createPartnerWebhook: {
    method: 'post',
    path: '/partner-portal/:id/webhooks',
    security: 'user-or-admin',
    summary: 'Add a webhook endpoint to a partner (its people, administrators)',
    description:
      'The server makes the signing secret. The URL is `https://`; `http://127.0.0.1` and `http://localhost` are accepted outside production only.',
    tags: ['partners', 'admin'],
    access: 'the partner’s people, admin',
    responses: {
      201: { description: 'The endpoint, with its signing secret', schema: PartnerWebhook },
      404: { description: 'No such partner' },
    },
    request: { param: z.object({ id: IdParam }), json: PartnerWebhookCreate },
  },
  getPartnerWebhook: {
    method: 'get',
    path: '/partner-portal/:id/webhooks/:webhookId',
    security: 'user-or-admin',
    summary: 'One webhook endpoint of a partner (its people, administrators)',
    description:
      'Its URL, event types, whether it is active and its signing secret. `actions.update` changes it, `actions.delete` removes it, `actions.sendTest` (while active) queues a test event; `links.deliveries` is its delivery log.',
    tags: ['partners', 'admin'],
    access: 'the partner’s people, admin',
    responses: {
      200: { description: 'The endpoint', schema: PartnerWebhook },
      404: NOT_FOUND,
    },
    request: { param: endpointParams },
  },
  updatePartnerWebhook: {
    method: 'patch',
    path: '/partner-portal/:id/webhooks/:webhookId',
    security: 'user-or-admin',
    summary: 'Change a webhook endpoint (its people, administrators)',
    description:
      'Its URL, its event types, or whether it is active. An inactive endpoint is queued nothing new; deliveries already queued wait until it is active again.',
    tags: ['partners', 'admin'],
    access: 'the partner’s people, admin',
    responses: {
      200: { description: 'The endpoint', schema: PartnerWebhook },
      404: NOT_FOUND,
    },
    request: { param: endpointParams, json: PartnerWebhookUpdate },
  },
  deletePartnerWebhook: {
    method: 'delete',
    path: '/partner-portal/:id/webhooks/:webhookId',
    security: 'user-or-admin',
    summary: 'Remove a webhook endpoint (its people, administrators)',
    description: 'Its queued deliveries and their log go with it.',
    tags: ['partners', 'admin'],
    access: 'the partner’s people, admin',
    responses: {
      200: { description: 'The partner’s endpoints left', schema: PartnerWebhookList },
      404: NOT_FOUND,
    },
    request: { param: endpointParams },
  },
  sendPartnerWebhookTest: {
    method: 'post',
    path: '/partner-portal/:id/webhooks/:webhookId/test',
    security: 'user-or-admin',
    summary: 'Send a test event to a webhook endpoint (its people, administrators)',
    description:
      'Queues a signed event of type `test` for this endpoint alone, sent by the next run of the delivery job (within a minute); its delivery shows in the log.',
    tags: ['partners', 'admin'],
    access: 'the partner’s people, admin',
    responses: {
      202: { description: 'The queued delivery', schema: PartnerWebhookDelivery },
      404: NOT_FOUND,
      409: { description: 'The endpoint is inactive' },
    },
    request: { param: endpointParams },
  },
  listPartnerWebhookDeliveries: {
    method: 'get',
    path: '/partner-portal/:id/webhook-deliveries',
    security: 'user-or-admin',
    summary: 'The log of a partner’s webhook deliveries (its people, administrators)',
    description:
      'Every delivery to the partner’s endpoints (`endpointId` keeps one endpoint’s), newest first: its event, body, status, attempts, the last answer or error, and when it is tried next.',
    tags: ['partners', 'admin'],
    access: 'the partner’s people, admin',
    responses: {
      200: { description: 'A page of deliveries', schema: PartnerWebhookDeliveryPage },
      404: { description: 'No such partner' },
    },
    request: { param: z.object({ id: IdParam }), query: PartnerWebhookDeliveryQuery },
  },
  getPartnerWebhookDelivery: {
    method: 'get',
    path: '/partner-portal/:id/webhook-deliveries/:deliveryId',
    security: 'user-or-admin',
    summary: 'One webhook delivery (its people, administrators)',
    description:
      'An event sent (or to be sent) to one of the partner’s endpoints: its body, status, attempts, the last answer or error, and when it is tried next. `actions.resend` queues it again once delivered or failed.',
    tags: ['partners', 'admin'],
    access: 'the partner’s people, admin',
    responses: {
      200: { description: 'The delivery', schema: PartnerWebhookDelivery },
      404: { description: 'No such partner, or no such delivery of its endpoints' },
    },
    request: { param: z.object({ id: IdParam, deliveryId: IdParam }) },
  },
  resendPartnerWebhookDelivery: {
    method: 'post',
    path: '/partner-portal/:id/webhook-deliveries/:deliveryId/resend',
    security: 'user-or-admin',
    summary: 'Send a delivery again (its people, administrators)',
    description:
      'A delivered or failed delivery is queued again, now, with the same event id and body (signed anew when sent). One more attempt: a delivery that had used all of its attempts fails again if this one fails.',
    tags: ['partners', 'admin'],
    access: 'the partner’s people, admin',
    responses: {
      202: { description: 'The queued delivery', schema: PartnerWebhookDelivery },
      404: { description: 'No such partner, or no such delivery of its endpoints' },
      409: { description: 'It is already queued, or its endpoint is inactive' },
    },
    request: { param: z.object({ id: IdParam, deliveryId: IdParam }) },
  },
});
