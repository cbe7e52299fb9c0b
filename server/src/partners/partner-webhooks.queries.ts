import { type AnyColumn, and, asc, count, desc, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../db/client';
import {
  bookings,
  cleaners,
  partnerWebhookDeliveries as deliveries,
  partnerWebhookEndpoints as endpoints,
  type PartnerWebhookDeliveryRow,
  type PartnerWebhookEndpointRow,
  services,
} from '../db/schema';

/** Plain data access for partners' webhook endpoints and their deliveries (decision 079). */

export type { PartnerWebhookDeliveryRow, PartnerWebhookEndpointRow };

export function listEndpointRows(db: Queryable, partnerId: number) {
  return db.select().from(endpoints).where(eq(endpoints.partnerId, partnerId)).orderBy(asc(endpoints.id)).all();
}

export function findEndpoint(db: Queryable, partnerId: number, endpointId: number) {
  return db
    .select()
    .from(endpoints)
    .where(and(eq(endpoints.id, endpointId), eq(endpoints.partnerId, partnerId)))
    .get();
}

export async function insertEndpoint(tx: Tx, values: typeof endpoints.$inferInsert): Promise<number> {
  const [row] = await tx.insert(endpoints).values(values).returning({ id: endpoints.id });
  if (!row) throw new Error('webhook endpoint not inserted');
  return row.id;
}

export async function updateEndpointRow(tx: Tx, id: number, values: Partial<typeof endpoints.$inferInsert>) {
  await tx.update(endpoints).set(values).where(eq(endpoints.id, id));
}

/** The endpoint and its deliveries (the foreign key cascades too; this does not rely on it). */
export async function deleteEndpointRow(tx: Tx, id: number) {
  await tx.delete(deliveries).where(eq(deliveries.endpointId, id));
  await tx.delete(endpoints).where(eq(endpoints.id, id));
}

/** A partner's active endpoints subscribed to `type`. */
export function subscribedEndpoints(db: Queryable, partnerId: number, type: string) {
  return db
    .select({ id: endpoints.id, url: endpoints.url })
    .from(endpoints)
    .where(
      and(
        eq(endpoints.partnerId, partnerId),
        eq(endpoints.isActive, true),
        sql`exists (select 1 from json_each(${endpoints.events}) where value = ${type})`,
      ),
    )
    .all();
}

export async function insertDeliveries(tx: Tx, rows: Array<typeof deliveries.$inferInsert>) {
  if (rows.length === 0) return [];
  return tx.insert(deliveries).values(rows).returning({ id: deliveries.id });
}

const iso = (column: SQL | AnyColumn) => sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${column} / 1000.0, 'unixepoch')`;

/**
 * What a partner is told of a booking (decision 079): when, where (the cleaner's city), what, for how
 * much and how it stands — never the guest's name, e-mail, phone or address. Read by the database
 * in the statement that queues it, so a booking's event can join the batch that makes the booking.
 */
const bookingData = sql`json_object('booking', json_object(
  'id', ${bookings.id},
  'status', ${bookings.status},
  'paymentStatus', ${bookings.paymentStatus},
  'startsAt', ${iso(bookings.startsAt)},
  'endsAt', ${iso(bookings.endsAt)},
  'timeZone', ${bookings.timeZone},
  'durationMinutes', ${bookings.durationMinutes},
  'city', ${cleaners.city},
  'state', ${cleaners.state},
  'service', ${services.name},
  'amount', printf('%d.%02d', ${bookings.totalPriceCents} / 100, ${bookings.totalPriceCents} % 100),
  'currency', 'usd',
  'cancellationKind', ${bookings.cancellationKind}
))`;

/**
 * Queues `event` about `booking` (its id, or SQL naming it) for each active endpoint of the
 * booking's partner subscribed to its type: nothing for a booking no partner brought. One statement,
 * for a transaction (`tx.run`) or a batch (`rawStatement`).
 */
export function bookingEventInsert(booking: number | SQL, event: { id: string; type: string; created: Date }): SQL {
  const at = event.created.getTime();
  return sql`insert into ${deliveries} (endpoint_id, event_id, event_type, url, payload, status, attempts, next_attempt_at, created_at, updated_at)
    select ${endpoints.id}, ${event.id}, ${event.type}, ${endpoints.url},
      json_object('id', ${event.id}, 'type', ${event.type}, 'created', ${event.created.toISOString()}, 'data', ${bookingData}),
      'pending', 0, ${at}, ${at}, ${at}
    from ${bookings}
    join ${cleaners} on ${cleaners.id} = ${bookings.cleanerId}
    join ${services} on ${services.id} = ${bookings.serviceId}
    join ${endpoints} on ${endpoints.partnerId} = ${bookings.partnerId} and ${endpoints.isActive} = 1
      and exists (select 1 from json_each(${endpoints.events}) where value = ${event.type})
    where ${bookings.id} = ${booking}`;
}

/**
 * The booking a one-round-trip booking batch has just inserted (decision 054): its newest, since ids
 * only grow and the batch holds the write lock.
 */
export const NEW_BOOKING_IN_BATCH: SQL = sql`(select max(${bookings.id}) from ${bookings})`;

/** A delivery with its endpoint's state, as the log shows it (its URL is its own: where it was sent). */
const deliveryView = { delivery: deliveries, endpointActive: endpoints.isActive };

/** A page of the partner's deliveries (or one endpoint's), newest first, and how many there are. */
export async function listDeliveryRows(
  db: Queryable,
  partnerId: number,
  options: { endpointId?: number | undefined; page: number; pageSize: number },
) {
  const where = and(
    eq(endpoints.partnerId, partnerId),
    options.endpointId === undefined ? undefined : eq(deliveries.endpointId, options.endpointId),
  );
  const rows = await db
    .select(deliveryView)
    .from(deliveries)
    .innerJoin(endpoints, eq(endpoints.id, deliveries.endpointId))
    .where(where)
    .orderBy(desc(deliveries.id))
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize)
    .all();
  const [total] = await db
    .select({ n: count() })
    .from(deliveries)
    .innerJoin(endpoints, eq(endpoints.id, deliveries.endpointId))
    .where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

/** One delivery, if it went to an endpoint of `partnerId`. */
export function findDelivery(db: Queryable, partnerId: number, deliveryId: number) {
  return db
    .select(deliveryView)
    .from(deliveries)
    .innerJoin(endpoints, eq(endpoints.id, deliveries.endpointId))
    .where(and(eq(deliveries.id, deliveryId), eq(endpoints.partnerId, partnerId)))
    .get();
}

/**
 * An endpoint's new URL for its deliveries not tried yet: they have been sent nowhere, and go to
 * the new URL. Those tried keep the URL they were sent to.
 */
export async function retargetUnsentDeliveries(tx: Tx, endpointId: number, url: string, now: Date) {
  await tx
    .update(deliveries)
    .set({ url, updatedAt: now })
    .where(and(eq(deliveries.endpointId, endpointId), eq(deliveries.status, 'pending'), eq(deliveries.attempts, 0)));
}

export async function requeueDelivery(tx: Tx, id: number, now: Date) {
  await tx
    .update(deliveries)
    .set({ status: 'pending', nextAttemptAt: now, updatedAt: now })
    .where(eq(deliveries.id, id));
}

/**
 * Claims up to `limit` due deliveries of active endpoints in one statement: their next attempt moves
 * to `leaseUntil`, so no other run takes them until then. Answers them with their endpoints' URL
 * and secret.
 */
export async function claimDueDeliveries(tx: Tx, now: Date, leaseUntil: Date, limit: number) {
  const due = tx
    .select({ id: deliveries.id })
    .from(deliveries)
    .innerJoin(endpoints, eq(endpoints.id, deliveries.endpointId))
    .where(and(eq(deliveries.status, 'pending'), lte(deliveries.nextAttemptAt, now), eq(endpoints.isActive, true)))
    .orderBy(asc(deliveries.nextAttemptAt), asc(deliveries.id))
    .limit(limit);
  const claimed = await tx
    .update(deliveries)
    .set({ nextAttemptAt: leaseUntil, updatedAt: now })
    .where(and(inArray(deliveries.id, due), eq(deliveries.status, 'pending')))
    .returning();
  if (claimed.length === 0) return [];
  const targets = await tx
    .select({ id: endpoints.id, url: endpoints.url, signingSecret: endpoints.signingSecret })
    .from(endpoints)
    .where(
      inArray(
        endpoints.id,
        claimed.map((d) => d.endpointId),
      ),
    )
    .all();
  const byId = new Map(targets.map((t) => [t.id, t]));
  return claimed.flatMap((delivery) => {
    const endpoint = byId.get(delivery.endpointId);
    return endpoint ? [{ delivery, endpoint }] : [];
  });
}

/**
 * Writes an attempt's outcome, if the delivery is still this run's (pending, under the lease it was
 * claimed with): a run that outlived its lease writes nothing over the run that took it next.
 */
export async function settleDeliveryRow(
  tx: Tx,
  id: number,
  leaseUntil: Date,
  values: Partial<typeof deliveries.$inferInsert>,
): Promise<boolean> {
  const rows = await tx
    .update(deliveries)
    .set(values)
    .where(and(eq(deliveries.id, id), eq(deliveries.status, 'pending'), eq(deliveries.nextAttemptAt, leaseUntil)))
    .returning({ id: deliveries.id });
  return rows.length > 0;
}
