import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES } from '../webhooks/index';
import { listOf, PageQuery, pageOf } from './common';
import { actionOf, linkTo, pageLinks } from './hypermedia';

/**
 * Webhooks to a partner's own systems (decision 079): the endpoints a partner's events are POSTed
 * to, signed (`@spotless/sdk/webhooks`), and the log of their deliveries.
 */

export const WebhookEventType = z
  .enum(WEBHOOK_EVENT_TYPES, { error: `Choose events from: ${WEBHOOK_EVENT_TYPES.join(', ')}` })
  .meta({ id: 'WebhookEventType' });

/** What a refused endpoint field says (the server's own URL rule adds its reasons). */
export const webhookText = {
  urlRequired: 'Enter the address of your endpoint, starting with https://',
  urlLong: 'Enter an address of at most 2,000 characters',
  urlInvalid: 'Enter an https:// address, without a user name, password or #fragment',
  eventsRequired: 'Choose at least one event',
};

/** An absolute `http(s):` URL without credentials; the server decides which schemes and hosts it sends to. */
export const WebhookUrl = z
  .string({ error: webhookText.urlRequired })
  .trim()
  .min(1, webhookText.urlRequired)
  .max(2000, webhookText.urlLong)
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return /^https?:$/.test(url.protocol) && url.username === '' && url.password === '' && url.hash === '';
      } catch {
        return false;
      }
    },
    { error: webhookText.urlInvalid },
  )
  .meta({ description: 'where events are POSTed: https:// (http://127.0.0.1 or localhost outside production)' });

const EndpointFields = {
  url: WebhookUrl,
  events: z
    .array(WebhookEventType, { error: webhookText.eventsRequired })
    .min(1, webhookText.eventsRequired)
    .max(WEBHOOK_EVENT_TYPES.length * 2, 'Choose each event once')
    .meta({ description: 'the event types sent to it' }),
  isActive: z
    .boolean({ error: 'Send isActive as true or false' })
    .meta({ description: 'an inactive endpoint is sent nothing; its queued deliveries wait' }),
};

export const PartnerWebhookCreate = z
  .object({ ...EndpointFields, isActive: EndpointFields.isActive.default(true) })
  .strict()
  .meta({ id: 'PartnerWebhookCreate' });
export type PartnerWebhookCreate = z.input<typeof PartnerWebhookCreate>;

export const PartnerWebhookUpdate = z
  .object(EndpointFields)
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { error: 'Nothing to change' })
  .meta({ id: 'PartnerWebhookUpdate' });
export type PartnerWebhookUpdate = z.input<typeof PartnerWebhookUpdate>;

export const PartnerWebhook = z
  .object({
    id: z.number().int(),
    partnerId: z.number().int(),
    url: z.string(),
    events: z.array(WebhookEventType),
    isActive: z.boolean(),
    signingSecret: z
      .string()
      .meta({ description: '`whsec_…`: the partner verifies each delivery’s `Spotless-Signature` with it' }),
    createdAt: z.string(),
    updatedAt: z.string(),
    links: z.object({
      self: linkTo('getPartnerWebhook'),
      partner: linkTo('getPartner'),
      deliveries: linkTo('listPartnerWebhookDeliveries'),
    }),
    actions: z.object({
      update: actionOf('update', 'PATCH', 'updatePartnerWebhook'),
      delete: actionOf('delete', 'DELETE', 'deletePartnerWebhook').meta({
        description: 'its queued deliveries and their log go with it',
      }),
      sendTest: actionOf('sendTest', 'POST', 'sendPartnerWebhookTest')
        .optional()
        .meta({ description: 'while active: queues a signed `test` event to it' }),
    }),
  })
  .meta({ id: 'PartnerWebhook' });
export type PartnerWebhook = z.infer<typeof PartnerWebhook>;

export const PartnerWebhookList = listOf(PartnerWebhook)
  .extend({
    links: z.object({
      self: linkTo('listPartnerWebhooks'),
      partner: linkTo('getPartner'),
      deliveries: linkTo('listPartnerWebhookDeliveries'),
    }),
    actions: z.object({ create: actionOf('create', 'POST', 'createPartnerWebhook') }),
  })
  .meta({ id: 'PartnerWebhookList' });
export type PartnerWebhookList = z.infer<typeof PartnerWebhookList>;

export const PartnerWebhookDelivery = z
  .object({
    id: z.number().int(),
    endpointId: z.number().int(),
    url: z.string().meta({
      description:
        'where it was sent: its endpoint’s URL when queued, then the URL its latest attempt used; editing the endpoint does not change it once tried',
    }),
    eventId: z.string().meta({ description: '`evt_…`: the same on every retry and resend; receivers dedupe by it' }),
    eventType: z.string(),
    payload: z.record(z.string(), z.unknown()).meta({ description: 'the JSON body sent' }),
    status: z.enum(['pending', 'delivered', 'failed']),
    attempts: z.number().int(),
    nextAttemptAt: z
      .string()
      .nullable()
      .meta({ description: 'while pending and its endpoint is active: when it is tried next' }),
    endpointActive: z
      .boolean()
      .meta({ description: 'whether its endpoint is active: a disabled endpoint is sent nothing until enabled' }),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    deliveredAt: z.string().nullable(),
    createdAt: z.string(),
    links: z.object({ self: linkTo('getPartnerWebhookDelivery'), endpoint: linkTo('getPartnerWebhook') }),
    actions: z.object({
      resend: actionOf('resend', 'POST', 'resendPartnerWebhookDelivery')
        .optional()
        .meta({ description: 'once delivered or failed: sends it again, with the same event id' }),
    }),
  })
  .meta({ id: 'PartnerWebhookDelivery' });
export type PartnerWebhookDelivery = z.infer<typeof PartnerWebhookDelivery>;

export const PartnerWebhookDeliveryQuery = PageQuery.extend({
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  endpointId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});

export const PartnerWebhookDeliveryPage = pageOf(PartnerWebhookDelivery)
  .extend({ links: pageLinks('listPartnerWebhookDeliveries').extend({ partner: linkTo('getPartner') }) })
  .meta({ id: 'PartnerWebhookDeliveryPage' });
export type PartnerWebhookDeliveryPage = z.infer<typeof PartnerWebhookDeliveryPage>;
