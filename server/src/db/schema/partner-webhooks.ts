import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { timestamps } from './columns';
import { partners } from './partners';

/**
 * Webhooks to a partner's own systems (decision 079), owned by the partners domain: the endpoints a
 * partner registered, and one delivery per event and endpoint, queued in the transaction of the
 * change that caused it and sent by the `deliver-partner-webhooks` job.
 */

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const partnerWebhookEndpoints = sqliteTable(
  'partner_webhook_endpoints',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    partnerId: integer()
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    /** Where deliveries are POSTed: `https:` (loopback `http:` outside production). */
    url: text().notNull(),
    /**
     * `whsec_…`: the HMAC key every delivery is signed with, shown to the partner, who verifies with
     * it. Kept as it is (signing needs it), so it is a credential: only the endpoint's own answers carry it.
     */
    signingSecret: text().notNull(),
    /** The event types it is subscribed to (`WEBHOOK_EVENT_TYPES` of the SDK). */
    events: text({ mode: 'json' }).notNull().$type<string[]>(),
    isActive: integer({ mode: 'boolean' }).notNull().default(true),
    ...timestamps,
  },
  (t) => [index('partner_webhook_endpoints_partner_idx').on(t.partnerId, t.isActive)],
);

export const partnerWebhookDeliveries = sqliteTable(
  'partner_webhook_deliveries',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    endpointId: integer()
      .notNull()
      .references(() => partnerWebhookEndpoints.id, { onDelete: 'cascade' }),
    /** `evt_…`: the same for every endpoint the event went to and on every retry; the receiver dedupes by it. */
    eventId: text().notNull(),
    eventType: text().notNull(),
    /**
     * Where it was sent: its endpoint's URL when it was queued, then the URL each attempt used (an
     * attempt goes to the endpoint's URL of the moment). Editing the endpoint later never rewrites it.
     */
    url: text().notNull(),
    /** The body sent: `{ id, type, created, data }`, no one's name or contact details. */
    payload: text({ mode: 'json' }).notNull().$type<Record<string, unknown>>(),
    status: text({ enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer().notNull().default(0),
    /** When it is due; while a run is sending it, the end of that run's lease. */
    nextAttemptAt: integer({ mode: 'timestamp_ms' }).notNull(),
    lastStatusCode: integer(),
    lastError: text(),
    deliveredAt: integer({ mode: 'timestamp_ms' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('partner_webhook_deliveries_event_unique').on(t.endpointId, t.eventId),
    // The job's due queue: pending, oldest due first.
    index('partner_webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    // The delivery log, newest first: an endpoint's rows in id order (the rowid ends every index).
    index('partner_webhook_deliveries_log_idx').on(t.endpointId),
  ],
);

export type PartnerWebhookEndpointRow = typeof partnerWebhookEndpoints.$inferSelect;
export type PartnerWebhookDeliveryRow = typeof partnerWebhookDeliveries.$inferSelect;
