import type { InStatement } from '@libsql/client';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import type { PartnerWebhookCreate, PartnerWebhookUpdate } from '@spotless/sdk/schemas';
import { TEST_EVENT_TYPE, type WebhookEvent, type WebhookEventType } from '@spotless/sdk/webhooks';
import type { z } from 'zod';
import { recordAudit } from '../audit/audit-log';
import type { Actor } from '../contract/actor';
import { AppError, badRequest, notFound } from '../contract/errors';
import type { Tx } from '../db/client';
import { rawStatement } from '../db/statements';
import type { Deps } from '../deps';
import { auditAs, type PartnerManager, requirePartnerMember } from './partner-portal.service';
import {
  bookingEventInsert,
  deleteEndpointRow,
  findDelivery,
  findEndpoint,
  insertDeliveries,
  insertEndpoint,
  listDeliveryRows,
  listEndpointRows,
  NEW_BOOKING_IN_BATCH,
  type PartnerWebhookDeliveryRow,
  type PartnerWebhookEndpointRow,
  requeueDelivery,
  retargetUnsentDeliveries,
  subscribedEndpoints,
  updateEndpointRow,
} from './partner-webhooks.queries';
import { findPartner } from './partners.queries';
import { webhookUrlProblem } from './webhook-url';

/**
 * Webhooks to a partner's own systems (decision 079): the endpoints, the events queued for them in
 * the transaction of the change that caused them, and the delivery log. Sending is the
 * `deliver-partner-webhooks` job's (partner-webhook-delivery.service.ts).
 */

type WebhookDeps = Pick<Deps, 'database' | 'clock' | 'config'>;

/**
 * Who may manage a partner's endpoints: its own people or an administrator (the portal's rule,
 * `requirePartnerMember`); a write refuses the assistant.
 */
export function requirePartnerManager(
  deps: Pick<Deps, 'database'>,
  actor: Actor,
  partnerId: number,
  intent: 'read' | 'write' = 'read',
): Promise<PartnerManager> {
  return requirePartnerMember(deps, actor, partnerId, intent);
}

export interface PartnerWebhookData {
  id: number;
  partnerId: number;
  url: string;
  events: WebhookEventType[];
  isActive: boolean;
  signingSecret: string;
  createdAt: string;
  updatedAt: string;
}

export interface DeliveryData {
  id: number;
  endpointId: number;
  url: string;
  eventId: string;
  eventType: string;
  payload: Record<string, unknown>;
  status: PartnerWebhookDeliveryRow['status'];
  attempts: number;
  nextAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  deliveredAt: string | null;
  createdAt: string;
  /** Whether its endpoint is active: an inactive one is sent nothing, so a pending delivery has no next attempt. */
  endpointActive: boolean;
}

function endpointData(row: PartnerWebhookEndpointRow): PartnerWebhookData {
  return {
    id: row.id,
    partnerId: row.partnerId,
    url: row.url,
    events: row.events as WebhookEventType[],
    isActive: row.isActive,
    signingSecret: row.signingSecret,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function deliveryData(view: { delivery: PartnerWebhookDeliveryRow; endpointActive: boolean }): DeliveryData {
  const d = view.delivery;
  return {
    id: d.id,
    endpointId: d.endpointId,
    url: d.url,
    eventId: d.eventId,
    eventType: d.eventType,
    payload: d.payload,
    status: d.status,
    attempts: d.attempts,
    // The job claims only an active endpoint's deliveries: a disabled one's wait, with no next attempt.
    nextAttemptAt: d.status === 'pending' && view.endpointActive ? d.nextAttemptAt.toISOString() : null,
    lastStatusCode: d.lastStatusCode,
    lastError: d.lastError,
    deliveredAt: d.deliveredAt?.toISOString() ?? null,
    createdAt: d.createdAt.toISOString(),
    endpointActive: view.endpointActive,
  };
}

const randomPart = (bytes: number) => {
  const random = new Uint8Array(bytes);
  crypto.getRandomValues(random);
  return encodeBase32LowerCaseNoPadding(random);
};
/** A signing secret: `whsec_` and 200 random bits. */
const newSigningSecret = () => `whsec_${randomPart(25)}`;
/** An event's id, shared by its deliveries to every endpoint: `evt_` and 120 random bits. */
export const newEventId = () => `evt_${randomPart(15)}`;

async function partnerOrThrow(deps: WebhookDeps, partnerId: number) {
  if (!(await findPartner(deps.database.db, partnerId))) throw notFound('Partner');
}

async function endpointOrThrow(db: Parameters<typeof findEndpoint>[0], partnerId: number, endpointId: number) {
  const row = await findEndpoint(db, partnerId, endpointId);
  if (!row) throw notFound('Webhook endpoint');
  return row;
}

/** `https:` to a public host (private ones too with `WEBHOOK_ALLOW_PRIVATE_URLS`), refused naming `url`. */
function assertUrl(deps: WebhookDeps, url: string | undefined) {
  const problem = url === undefined ? null : webhookUrlProblem(url, deps.config.webhookAllowPrivateUrls);
  if (problem) throw badRequest('Invalid request body: url', { url: problem });
}

const unique = <T>(items: T[]) => [...new Set(items)];

export async function listPartnerWebhooks(deps: WebhookDeps, actor: Actor, partnerId: number) {
  await requirePartnerManager(deps, actor, partnerId);
  await partnerOrThrow(deps, partnerId);
  return (await listEndpointRows(deps.database.db, partnerId)).map(endpointData);
}

export async function getPartnerWebhook(deps: WebhookDeps, actor: Actor, partnerId: number, endpointId: number) {
  await requirePartnerManager(deps, actor, partnerId);
  return endpointData(await endpointOrThrow(deps.database.db, partnerId, endpointId));
}

/** A new endpoint with a secret the server makes; audited (without the secret). */
export async function createPartnerWebhook(
  deps: WebhookDeps,
  actor: Actor,
  partnerId: number,
  input: z.output<typeof PartnerWebhookCreate>,
): Promise<PartnerWebhookData> {
  const manager = await requirePartnerManager(deps, actor, partnerId, 'write');
  assertUrl(deps, input.url);
  await partnerOrThrow(deps, partnerId);
  const now = deps.clock.now();
  const id = await deps.database.write(async (tx) => {
    const events = unique(input.events);
    const created = await insertEndpoint(tx, {
      partnerId,
      url: input.url,
      signingSecret: newSigningSecret(),
      events,
      isActive: input.isActive,
      createdAt: now,
      updatedAt: now,
    });
    await audit(tx, manager, now, 'partner_webhook.created', created, { partnerId, url: input.url, events });
    return created;
  });
  return getPartnerWebhook(deps, actor, partnerId, id);
}

/** Its URL, events or whether it is active; audited with what changed. */
export async function updatePartnerWebhook(
  deps: WebhookDeps,
  actor: Actor,
  partnerId: number,
  endpointId: number,
  input: z.output<typeof PartnerWebhookUpdate>,
): Promise<PartnerWebhookData> {
  const manager = await requirePartnerManager(deps, actor, partnerId, 'write');
  assertUrl(deps, input.url);
  const now = deps.clock.now();
  await deps.database.write(async (tx) => {
    const row = await endpointOrThrow(tx, partnerId, endpointId);
    const values = { ...input, ...(input.events ? { events: unique(input.events) } : {}) };
    const changed = Object.fromEntries(
      Object.entries(values).filter(
        ([key, value]) => JSON.stringify(row[key as keyof PartnerWebhookEndpointRow]) !== JSON.stringify(value),
      ),
    );
    if (Object.keys(changed).length === 0) return;
    await updateEndpointRow(tx, endpointId, { ...changed, updatedAt: now });
    if (typeof changed.url === 'string') await retargetUnsentDeliveries(tx, endpointId, changed.url, now);
    await audit(tx, manager, now, 'partner_webhook.updated', endpointId, { partnerId, ...changed });
  });
  return getPartnerWebhook(deps, actor, partnerId, endpointId);
}

/** The endpoint, its queued deliveries and its log; audited. Answers the endpoints left. */
export async function deletePartnerWebhook(deps: WebhookDeps, actor: Actor, partnerId: number, endpointId: number) {
  const manager = await requirePartnerManager(deps, actor, partnerId, 'write');
  const now = deps.clock.now();
  await deps.database.write(async (tx) => {
    const row = await endpointOrThrow(tx, partnerId, endpointId);
    await deleteEndpointRow(tx, endpointId);
    await audit(tx, manager, now, 'partner_webhook.deleted', endpointId, { partnerId, url: row.url });
  });
  return listPartnerWebhooks(deps, actor, partnerId);
}

/** Queues a `test` event for this endpoint alone, sent by the job's next run. */
export async function sendPartnerWebhookTest(
  deps: WebhookDeps,
  actor: Actor,
  partnerId: number,
  endpointId: number,
): Promise<DeliveryData> {
  const manager = await requirePartnerManager(deps, actor, partnerId, 'write');
  const now = deps.clock.now();
  const id = await deps.database.write(async (tx) => {
    const endpoint = await endpointOrThrow(tx, partnerId, endpointId);
    if (!endpoint.isActive) throw endpointInactive();
    const event = eventOf(TEST_EVENT_TYPE, now, {
      message: 'A test event from Spotless: this endpoint receives and verifies our deliveries.',
      partnerId,
      endpointId,
    });
    const [row] = await insertDeliveries(tx, [deliveryValues(endpoint, event, now)]);
    await audit(tx, manager, now, 'partner_webhook.test_sent', endpointId, { partnerId, eventId: event.id });
    return row?.id as number;
  });
  return deliveryOrThrow(deps, partnerId, id);
}

/** A page of the partner's delivery log (or one endpoint's), newest first. */
export async function listPartnerWebhookDeliveries(
  deps: WebhookDeps,
  actor: Actor,
  partnerId: number,
  query: { page: number; pageSize: number; endpointId?: number | undefined },
) {
  await requirePartnerManager(deps, actor, partnerId);
  await partnerOrThrow(deps, partnerId);
  const { rows, total } = await listDeliveryRows(deps.database.db, partnerId, query);
  return { items: rows.map(deliveryData), total, page: query.page, pageSize: query.pageSize };
}

/** One delivery of the partner's endpoints. */
export async function getPartnerWebhookDelivery(
  deps: WebhookDeps,
  actor: Actor,
  partnerId: number,
  deliveryId: number,
) {
  await requirePartnerManager(deps, actor, partnerId);
  return deliveryOrThrow(deps, partnerId, deliveryId);
}

/**
 * Queues a delivered or failed delivery again, now, with its event id and body: one more attempt
 * (decision 079). A pending one is already queued, and an inactive endpoint is sent nothing (409).
 */
export async function resendPartnerWebhookDelivery(
  deps: WebhookDeps,
  actor: Actor,
  partnerId: number,
  deliveryId: number,
): Promise<DeliveryData> {
  const manager = await requirePartnerManager(deps, actor, partnerId, 'write');
  const now = deps.clock.now();
  await deps.database.write(async (tx) => {
    const found = await findDelivery(tx, partnerId, deliveryId);
    if (!found) throw notFound('Webhook delivery');
    if (found.delivery.status === 'pending') {
      throw new AppError(409, 'delivery_pending', 'This delivery is already queued: it is sent when it is due');
    }
    if (!found.endpointActive) throw endpointInactive();
    await requeueDelivery(tx, deliveryId, now);
    await audit(tx, manager, now, 'partner_webhook.delivery_resent', found.delivery.endpointId, {
      partnerId,
      deliveryId,
      eventId: found.delivery.eventId,
    });
  });
  return deliveryOrThrow(deps, partnerId, deliveryId);
}

async function deliveryOrThrow(deps: WebhookDeps, partnerId: number, deliveryId: number) {
  const found = await findDelivery(deps.database.db, partnerId, deliveryId);
  if (!found) throw notFound('Webhook delivery');
  return deliveryData(found);
}

const endpointInactive = () =>
  new AppError(409, 'endpoint_inactive', 'This endpoint is inactive: activate it to send it anything');

function audit(tx: Tx, manager: PartnerManager, now: Date, action: string, endpointId: number, details: object) {
  return recordAudit(tx, {
    createdAt: now,
    ...auditAs(manager),
    action,
    entityType: 'partner_webhook',
    entityId: String(endpointId),
    details,
  });
}

// ── Queueing events, in the caller's transaction ──

function eventOf<Data>(type: WebhookEvent['type'], now: Date, data: Data): WebhookEvent<Data> {
  return { id: newEventId(), type, created: now.toISOString(), data };
}

function deliveryValues(endpoint: { id: number; url: string }, event: WebhookEvent, now: Date) {
  return {
    endpointId: endpoint.id,
    eventId: event.id,
    eventType: event.type,
    url: endpoint.url,
    payload: event as unknown as Record<string, unknown>,
    status: 'pending' as const,
    nextAttemptAt: now,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Queues one event for every active endpoint of `partnerId` subscribed to `type`, in the caller's
 * transaction, so the event is sent if and only if the change that caused it is kept. `data` is what
 * the partner is told: nobody's name or contact details. Answers the event's id (null: nobody listens).
 */
export async function queuePartnerEvent(
  tx: Tx,
  input: { partnerId: number; type: WebhookEventType; data: Record<string, unknown>; now: Date },
): Promise<string | null> {
  const targets = await subscribedEndpoints(tx, input.partnerId, input.type);
  if (targets.length === 0) return null;
  const event = eventOf(input.type, input.now, input.data);
  await insertDeliveries(
    tx,
    targets.map((endpoint) => deliveryValues(endpoint, event, input.now)),
  );
  return event.id;
}

type BookingEventType = Exclude<WebhookEventType, 'commission.paid'>;

/**
 * Queues a booking's event (created, cancelled, paid) for its partner's endpoints, in the caller's
 * transaction; nothing for a booking no partner brought. Its data is the booking as a partner
 * sees it (partner-webhooks.queries.ts `bookingData`).
 */
export async function queuePartnerBookingEvent(
  tx: Tx,
  input: { bookingId: number; type: BookingEventType; now: Date },
): Promise<void> {
  await tx.run(bookingEventInsert(input.bookingId, { id: newEventId(), type: input.type, created: input.now }));
}

/**
 * `booking.created` for the booking a one-round-trip batch inserts (decision 054), as a statement of
 * that batch: queued with the booking or not at all.
 */
export function bookingCreatedEventStatement(now: Date): InStatement {
  return rawStatement(
    bookingEventInsert(NEW_BOOKING_IN_BATCH, { id: newEventId(), type: 'booking.created', created: now }),
  );
}
