import { partnerWebhookDeliveries, partnerWebhookEndpoints } from '../../db/schema';
import type { World } from '../access-fixtures';
import { partnerPeopleOnly, type Row } from './row';

/**
 * Partners' webhook endpoints and their deliveries (decision 079): administrators only, for now.
 * The endpoint's answers carry its signing secret, which the partner needs to verify deliveries.
 */

let endpointCount = 0;
/** An endpoint of partner one, made for the request (a delete removes its own). */
async function newEndpoint(f: World): Promise<number> {
  endpointCount += 1;
  const [row] = await f.ctx.database.write((tx) =>
    tx
      .insert(partnerWebhookEndpoints)
      .values({
        partnerId: f.partnerIds.one,
        url: `https://realty-one.example/hooks/${endpointCount}`,
        signingSecret: `whsec_matrix_${endpointCount}_0123456789abcdef`,
        events: ['booking.created'],
      })
      .returning({ id: partnerWebhookEndpoints.id }),
  );
  return row?.id as number;
}

let kept: Promise<number> | undefined;
/** The endpoint the reads and changes go to. */
const endpointOf = (f: World) => {
  kept ??= newEndpoint(f);
  return kept;
};

/** A delivered event of partner one's endpoint, for a resend. */
async function newDelivery(f: World): Promise<number> {
  const endpointId = await endpointOf(f);
  const now = f.ctx.clock.now();
  const eventId = `evt_matrix_${now.getTime()}_${Math.random().toString(36).slice(2)}`;
  const [row] = await f.ctx.database.write((tx) =>
    tx
      .insert(partnerWebhookDeliveries)
      .values({
        endpointId,
        eventId,
        eventType: 'booking.created',
        url: 'https://hooks.example.com/spotless',
        payload: { id: eventId, type: 'booking.created', created: now.toISOString(), data: {} },
        status: 'delivered',
        attempts: 1,
        nextAttemptAt: now,
        deliveredAt: now,
      })
      .returning({ id: partnerWebhookDeliveries.id }),
  );
  return row?.id as number;
}

const base = (f: World) => `/api/partner-portal/${f.partnerIds.one}`;

export const PARTNER_WEBHOOK_ROWS: Record<string, Row> = {
  listPartnerWebhooks: {
    request: async (f) => {
      await endpointOf(f);
      return { path: `${base(f)}/webhooks` };
    },
    expect: partnerPeopleOnly(200),
    carries: ['signingSecret'],
  },
  createPartnerWebhook: {
    request: (f) => ({
      path: `${base(f)}/webhooks`,
      body: { url: 'https://realty-one.example/hooks/new', events: ['booking.created', 'payment.succeeded'] },
    }),
    expect: partnerPeopleOnly(201),
    carries: ['signingSecret'],
  },
  getPartnerWebhook: {
    request: async (f) => ({ path: `${base(f)}/webhooks/${await endpointOf(f)}` }),
    expect: partnerPeopleOnly(200),
    carries: ['signingSecret'],
  },
  updatePartnerWebhook: {
    request: async (f) => ({
      path: `${base(f)}/webhooks/${await endpointOf(f)}`,
      body: { events: ['booking.created', 'booking.cancelled'] },
    }),
    expect: partnerPeopleOnly(200),
    carries: ['signingSecret'],
  },
  deletePartnerWebhook: {
    request: async (f) => ({ path: `${base(f)}/webhooks/${await newEndpoint(f)}` }),
    expect: partnerPeopleOnly(200),
    carries: ['signingSecret'],
  },
  sendPartnerWebhookTest: {
    request: async (f) => ({ path: `${base(f)}/webhooks/${await endpointOf(f)}/test` }),
    expect: partnerPeopleOnly(202),
  },
  listPartnerWebhookDeliveries: {
    request: async (f) => {
      await newDelivery(f);
      return { path: `${base(f)}/webhook-deliveries` };
    },
    expect: partnerPeopleOnly(200),
  },
  getPartnerWebhookDelivery: {
    request: async (f) => ({ path: `${base(f)}/webhook-deliveries/${await newDelivery(f)}` }),
    expect: partnerPeopleOnly(200),
  },
  resendPartnerWebhookDelivery: {
    request: async (f) => ({ path: `${base(f)}/webhook-deliveries/${await newDelivery(f)}/resend` }),
    expect: partnerPeopleOnly(202),
  },
};
