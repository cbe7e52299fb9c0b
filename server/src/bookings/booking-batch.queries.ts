import type { InStatement } from '@libsql/client';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import {
  availability,
  bookingStatusHistory,
  bookings,
  cleaners,
  guestBookingLinks,
  partners,
  services,
  timeOff,
} from '../db/schema';
import { builder, guard, statement } from '../db/statements';
import { claimKeyStatements } from '../idempotency/idempotency';
import { type NotificationInput, notificationStatement } from '../notifications/outbox';

/**
 * The statements of a booking written in one round trip (decision 054): guards that refuse by
 * name, the insert, and the rows that go with it. Rows written after the booking name it as
 * `(select max(id) from bookings)`: ids only grow (AUTOINCREMENT) and the batch holds the write lock,
 * so the newest booking is this one.
 */

const NEW_BOOKING_ID = sql`(select max(${bookings.id}) from ${bookings})`;

/**
 * The cleaner's weekly hours and time off as one string, read before the batch and compared in it:
 * a change between the two refuses the batch (`schedule_changed`).
 */
export function scheduleFingerprint(cleanerId: number): SQL<string> {
  return sql<string>`(select coalesce((select group_concat(x, ';') from (select ${availability.dayOfWeek} || ',' || ${availability.startTime} || ',' || ${availability.endTime} || ',' || ${availability.isAvailable} as x from ${availability} where ${availability.cleanerId} = ${cleanerId} order by x)), '') || '|' || coalesce((select group_concat(x, ';') from (select ${timeOff.startDate} || ',' || ${timeOff.endDate} || ',' || ${timeOff.isRecurring} as x from ${timeOff} where ${timeOff.cleanerId} = ${cleanerId} order by x)), ''))`;
}

export async function readScheduleFingerprint(db: Queryable, cleanerId: number): Promise<string> {
  const [row] = await db.select({ fingerprint: scheduleFingerprint(cleanerId) }).from(sql`(select 1)`);
  return row?.fingerprint ?? '';
}

export interface BookingGuards {
  cleanerId: number;
  hourlyRateCents: number;
  timeZone: string;
  schedule: string;
  serviceId: number;
  basePriceCents: number;
  startsAt: Date;
  endsAt: Date;
  /** Unpaid pending bookings of this customer (or guest address) must stay below this. */
  maxUnpaid: number;
  holder: { customerId: number } | { guestEmail: string };
  partner?: { id: number; commissionRateBps: number };
}

/** Every check of the booking rule, re-made inside the batch against what was read before it. */
export function bookingGuards(g: BookingGuards): InStatement[] {
  const unpaidOf =
    'customerId' in g.holder
      ? sql`${bookings.customerId} = ${g.holder.customerId}`
      : sql`${bookings.customerId} is null and ${bookings.guestEmail} = ${g.holder.guestEmail}`;
  const statements = [
    guard(
      'cleaner_changed',
      sql`not exists (select 1 from ${cleaners} where ${cleaners.id} = ${g.cleanerId} and ${cleaners.status} = 'active' and ${cleaners.hourlyRateCents} = ${g.hourlyRateCents} and ${cleaners.timeZone} = ${g.timeZone})`,
    ),
    guard('schedule_changed', sql`${scheduleFingerprint(g.cleanerId)} <> ${g.schedule}`),
    guard(
      'service_changed',
      sql`not exists (select 1 from ${services} where ${services.id} = ${g.serviceId} and ${services.isActive} = 1 and ${services.basePriceCents} = ${g.basePriceCents})`,
    ),
    guard(
      'too_many_unpaid_bookings',
      sql`(select count(*) from ${bookings} where ${unpaidOf} and ${bookings.status} = 'pending' and ${bookings.paymentStatus} in ('unpaid', 'pending', 'failed')) >= ${g.maxUnpaid}`,
    ),
    guard(
      'slot_taken',
      sql`exists (select 1 from ${bookings} where ${bookings.cleanerId} = ${g.cleanerId} and ${bookings.status} <> 'cancelled' and ${bookings.startsAt} < ${g.endsAt.getTime()} and ${bookings.endsAt} > ${g.startsAt.getTime()})`,
    ),
  ];
  if (g.partner) {
    statements.push(
      guard(
        'partner_changed',
        sql`not exists (select 1 from ${partners} where ${partners.id} = ${g.partner.id} and ${partners.isActive} = 1 and ${partners.commissionRateBps} = ${g.partner.commissionRateBps})`,
      ),
    );
  }
  return statements;
}

export function insertBookingStatement(values: typeof bookings.$inferInsert): InStatement {
  return statement(builder.insert(bookings).values(values).returning({ id: bookings.id }));
}

export function insertCreatedHistory(
  now: Date,
  actor: { actorUserId: number | null; actorRole: 'customer' | 'guest' },
): InStatement {
  return statement(
    builder.insert(bookingStatusHistory).values({
      bookingId: NEW_BOOKING_ID,
      fromStatus: null,
      toStatus: 'pending',
      ...actor,
      createdAt: now,
    }),
  );
}

/** A notification about the new booking (its id put in by the batch). */
export function insertNewBookingNotification(now: Date, input: NotificationInput): InStatement {
  return notificationStatement(now, input, NEW_BOOKING_ID);
}

export function insertNewGuestLink(values: Omit<typeof guestBookingLinks.$inferInsert, 'bookingId'>): InStatement {
  return statement(builder.insert(guestBookingLinks).values({ ...values, bookingId: NEW_BOOKING_ID }));
}

/**
 * Claims an `Idempotency-Key` in the booking's batch, after the insert: the stored answer is at
 * first a marker naming the new booking (`pendingBookingOf`), replaced by the rendered answer once
 * it is written (`storeAnswerStatement`).
 */
export function claimIdempotencyKey(now: Date, claim: { scope: string; key: string; hash: string }): InStatement[] {
  return claimKeyStatements(now, claim, { status: 201, body: sql`json_object('pendingBookingId', ${NEW_BOOKING_ID})` });
}

/** The booking a stored answer's marker names, when the answer itself was not stored yet. */
export function pendingBookingOf(body: string): number | undefined {
  if (!body.startsWith('{"pendingBookingId":')) return undefined;
  const id = (JSON.parse(body) as { pendingBookingId?: unknown }).pendingBookingId;
  return typeof id === 'number' ? id : undefined;
}
