import type { InArgs, InStatement } from '@libsql/client';
import { MAX_DURATION_MINUTES } from '@spotless/sdk/rules';
import { and, eq, fillPlaceholders, gt, lt, ne, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { weeklyHoursColumns } from '../availability/availability.queries';
import type { Database } from '../db/client';
import { preparedPer } from '../db/prepared';
import {
  availability,
  bookingStatusHistory,
  bookings,
  cleaners,
  partners,
  services,
  timeOff,
  users,
} from '../db/schema';
import { builder, guard, statement } from '../db/statements';
import { claimKeyStatements } from '../idempotency/idempotency';

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
export function scheduleFingerprint(cleanerId: number | Placeholder): SQL<string> {
  return sql<string>`(select coalesce((select group_concat(x, ';') from (select ${availability.dayOfWeek} || ',' || ${availability.startTime} || ',' || ${availability.endTime} || ',' || ${availability.isAvailable} as x from ${availability} where ${availability.cleanerId} = ${cleanerId} order by x)), '') || '|' || coalesce((select group_concat(x, ';') from (select ${timeOff.startDate} || ',' || ${timeOff.endDate} || ',' || ${timeOff.isRecurring} as x from ${timeOff} where ${timeOff.cleanerId} = ${cleanerId} order by x)), ''))`;
}

/**
 * No booking lasts longer (the duration rule), so one that overlaps a time started at most this
 * long before it: the taken-time checks read only the index range since then, not a cleaner's
 * whole history.
 */
const LONGEST_BOOKING_MS = MAX_DURATION_MINUTES * 60_000;

/** A read planning a booking makes, prepared once per database object (decision 065). */
interface PlanQuery {
  getQuery(): { sql: string; params: unknown[] };
  mapAllResult(rows: unknown, isFromBatch?: boolean): unknown;
}

type Rows<Q extends { all(): Promise<unknown> }> = Awaited<ReturnType<Q['all']>>;

const cleanerIdParam = sql.placeholder('cleanerId');

const planQueries = preparedPer((db) => ({
  cleaner: db
    .select({ cleaner: cleaners, firstName: users.firstName, lastName: users.lastName })
    .from(cleaners)
    .innerJoin(users, eq(users.id, cleaners.userId))
    .where(and(eq(cleaners.id, cleanerIdParam), eq(cleaners.status, 'active')))
    .limit(1)
    .prepare(),
  service: db
    .select()
    .from(services)
    .where(eq(services.id, sql.placeholder('serviceId')))
    .limit(1)
    .prepare(),
  unpaidOfCustomer: db
    .select({ n: sql<number>`count(*)` })
    .from(bookings)
    .where(unpaidWhere(sql`${bookings.customerId} = ${sql.placeholder('customerId')}`))
    .prepare(),
  unpaidOfGuest: db
    .select({ n: sql<number>`count(*)` })
    .from(bookings)
    .where(
      unpaidWhere(sql`${bookings.customerId} is null and ${bookings.guestEmail} = ${sql.placeholder('guestEmail')}`),
    )
    .prepare(),
  fingerprint: db
    .select({ fingerprint: scheduleFingerprint(cleanerIdParam) })
    .from(sql`(select 1)`)
    .prepare(),
  weeklyHours: db
    .select(weeklyHoursColumns)
    .from(availability)
    .where(eq(availability.cleanerId, cleanerIdParam))
    .prepare(),
  timeOff: db
    .select({ startDate: timeOff.startDate, endDate: timeOff.endDate, isRecurring: timeOff.isRecurring })
    .from(timeOff)
    .where(eq(timeOff.cleanerId, cleanerIdParam))
    .prepare(),
  // Timestamps as the column stores them (milliseconds): a placeholder skips the column's encoder.
  nearby: db
    .select({ id: bookings.id, startsAt: bookings.startsAt, endsAt: bookings.endsAt })
    .from(bookings)
    .where(
      and(
        eq(bookings.cleanerId, cleanerIdParam),
        ne(bookings.status, 'cancelled'),
        gt(bookings.startsAt, sql.placeholder('since')),
        lt(bookings.startsAt, sql.placeholder('to')),
        gt(bookings.endsAt, sql.placeholder('from')),
      ),
    )
    .prepare(),
}));

/**
 * Everything planning a booking reads, in one round trip (one batch, so one snapshot): the
 * cleaner, the service, the holder's unpaid bookings, the cleaner's hours, time off and their
 * fingerprint, the cleaner's bookings from `from` to `to` (the day around the start, before its
 * zone is known). `counted` statements (rate-limit counts) go first in the same batch, which is
 * then a write batch; their results come back in `counted`.
 */
export async function planReads(
  database: Database,
  p: { cleanerId: number; serviceId: number; holder: Holder; customerId: number | null; from: Date; to: Date },
  counted: InStatement[] = [],
) {
  const q = planQueries(database.db);
  const values = {
    cleanerId: p.cleanerId,
    serviceId: p.serviceId,
    customerId: p.customerId ?? -1,
    guestEmail: 'guestEmail' in p.holder ? p.holder.guestEmail : null,
    since: p.from.getTime() - LONGEST_BOOKING_MS,
    from: p.from.getTime(),
    to: p.to.getTime(),
  };
  const queries: PlanQuery[] = [
    q.cleaner,
    q.service,
    'customerId' in p.holder ? q.unpaidOfCustomer : q.unpaidOfGuest,
    q.fingerprint,
    q.weeklyHours,
    q.timeOff,
    q.nearby,
  ];
  const reads = queries.map((query) => {
    const built = query.getQuery();
    return { sql: built.sql, args: fillPlaceholders(built.params, values) as InArgs };
  });
  const results =
    counted.length > 0 ? await database.batch([...counted, ...reads]) : await database.client.batch(reads, 'read');
  const at = (i: number) => queries[i]!.mapAllResult(results[counted.length + i], true);
  const [cleaner, service, unpaid, fingerprint, weeklyHours, offs, nearby] = [
    at(0) as Rows<typeof q.cleaner>,
    at(1) as Rows<typeof q.service>,
    at(2) as Rows<typeof q.unpaidOfCustomer>,
    at(3) as Rows<typeof q.fingerprint>,
    at(4) as Rows<typeof q.weeklyHours>,
    at(5) as Rows<typeof q.timeOff>,
    at(6) as Rows<typeof q.nearby>,
  ];
  const found = cleaner[0];
  return {
    cleaner: found ? { ...found.cleaner, firstName: found.firstName, lastName: found.lastName } : undefined,
    service: service[0],
    unpaid: Number(unpaid[0]?.n ?? 0),
    schedule: { fingerprint: fingerprint[0]?.fingerprint ?? '', weeklyHours, timeOff: offs },
    nearby,
    counted: results.slice(0, counted.length),
  };
}

/** Whose unpaid bookings count against a new one: the customer's, or the guest address's. */
export type Holder = { customerId: number } | { guestEmail: string };

function unpaidOf(holder: Holder): SQL {
  return unpaidWhere(
    'customerId' in holder
      ? sql`${bookings.customerId} = ${holder.customerId}`
      : sql`${bookings.customerId} is null and ${bookings.guestEmail} = ${holder.guestEmail}`,
  );
}

function unpaidWhere(whose: SQL): SQL {
  return sql`${whose} and ${bookings.status} = 'pending' and ${bookings.paymentStatus} in ('unpaid', 'pending', 'failed')`;
}

export interface BookingGuards {
  cleanerId: number;
  hourlyRateCents: number;
  timeZone: string;
  /** The service types read with the plan: what the cleaner offers (decision 071). */
  serviceTypes: readonly string[];
  schedule: string;
  serviceId: number;
  basePriceCents: number;
  startsAt: Date;
  endsAt: Date;
  /** Unpaid pending bookings of this customer (or guest address) must stay below this. */
  maxUnpaid: number;
  holder: Holder;
  partner?: { id: number; commissionRateBps: number };
}

/** Every check of the booking rule, re-made inside the batch against what was read before it. */
export function bookingGuards(g: BookingGuards): InStatement[] {
  const statements = [
    guard(
      'cleaner_changed',
      sql`not exists (select 1 from ${cleaners} where ${cleaners.id} = ${g.cleanerId} and ${cleaners.status} = 'active' and ${cleaners.hourlyRateCents} = ${g.hourlyRateCents} and ${cleaners.timeZone} = ${g.timeZone} and json(${cleaners.serviceTypes}) = json(${JSON.stringify(g.serviceTypes)}))`,
    ),
    guard('schedule_changed', sql`${scheduleFingerprint(g.cleanerId)} <> ${g.schedule}`),
    guard(
      'service_changed',
      sql`not exists (select 1 from ${services} where ${services.id} = ${g.serviceId} and ${services.isActive} = 1 and ${services.basePriceCents} = ${g.basePriceCents})`,
    ),
    guard(
      'too_many_unpaid_bookings',
      sql`(select count(*) from ${bookings} where ${unpaidOf(g.holder)}) >= ${g.maxUnpaid}`,
    ),
    guard(
      'slot_taken',
      sql`exists (select 1 from ${bookings} where ${bookings.cleanerId} = ${g.cleanerId} and ${bookings.startsAt} > ${g.startsAt.getTime() - LONGEST_BOOKING_MS} and ${bookings.startsAt} < ${g.endsAt.getTime()} and ${bookings.status} <> 'cancelled' and ${bookings.endsAt} > ${g.startsAt.getTime()})`,
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
  actor: { actorUserId: number | null; actorRole: 'customer' | 'guest' | 'system' },
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

/**
 * Claims an `Idempotency-Key` in the booking's batch, after the insert: the stored answer is a
 * marker naming the new booking (`bookingOfStoredAnswer`), which a repeat answers as it is then.
 */
export function claimIdempotencyKey(now: Date, claim: { scope: string; key: string; hash: string }): InStatement[] {
  return claimKeyStatements(now, claim, { status: 201, body: sql`json_object('pendingBookingId', ${NEW_BOOKING_ID})` });
}

/**
 * The booking a stored answer names: its marker's, or, for an answer stored whole (as keys claimed
 * before markers were answers of their own were), the booking's `id` in it.
 */
export function bookingOfStoredAnswer(body: string): number | undefined {
  try {
    const stored = JSON.parse(body) as { pendingBookingId?: unknown; id?: unknown };
    const id = stored.pendingBookingId ?? stored.id;
    return typeof id === 'number' && Number.isInteger(id) ? id : undefined;
  } catch {
    return undefined;
  }
}
