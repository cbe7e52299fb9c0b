import type { InArgs, InStatement, ResultSet } from '@libsql/client';
import { centsToDollars } from '@spotless/sdk/rules';
import type { Booking } from '@spotless/sdk/schemas';
import { and, asc, desc, eq, gt, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Data } from '../contract/hypermedia';
import type { Queryable, Tx } from '../db/client';
import { preparedPer } from '../db/prepared';
import {
  type BookingRow,
  bookingSeries,
  bookingStatusHistory,
  bookings,
  cleaners,
  type DAMAGE_REPORT_STATUSES,
  damageReports,
  guestBookingLinks,
  payments,
  refunds,
  reviews,
  services,
  users,
} from '../db/schema';
import { escapeLike } from '../db/statements';
import { toLocal } from '../lib/time';
import type { BookingStatus } from './booking-state';
import { chargeAtOf } from './visit-terms';

type DamageReportStatus = (typeof DAMAGE_REPORT_STATUSES)[number];

const cleanerUsers = alias(users, 'cleaner_users');
const customerUsers = alias(users, 'customer_users');

const viewColumns = {
  booking: bookings,
  cleanerFirstName: cleanerUsers.firstName,
  cleanerLastName: cleanerUsers.lastName,
  cleanerUserId: cleaners.userId,
  cleanerStatus: cleaners.status,
  serviceName: services.name,
  serviceDescription: services.description,
  customerFirstName: customerUsers.firstName,
  customerLastName: customerUsers.lastName,
  customerEmail: customerUsers.email,
  /** A series visit's frequency (decision 088); null for a one-time booking. */
  seriesFrequency: sql<
    (typeof bookingSeries.$inferSelect)['frequency'] | null
  >`(select ${bookingSeries.frequency} from ${bookingSeries} where ${bookingSeries.id} = ${bookings.seriesId})`,
  hasReview: sql<number>`exists (select 1 from ${reviews} where ${reviews.bookingId} = ${bookings.id})`,
  /** The state of the problem its customer reported (one report a booking), or null. */
  damageReportStatus: sql<DamageReportStatus | null>`(select ${damageReports.status} from ${damageReports} where ${damageReports.bookingId} = ${bookings.id} limit 1)`,
  /** Once an administrator decided the report: the refund, why, and when (null while open or without one). */
  damageDecision: sql<
    string | null
  >`(select case when ${damageReports.status} <> 'open' then json_object('refundCents', coalesce(${damageReports.refundCents}, 0), 'reason', ${damageReports.resolutionReason}, 'resolvedAt', ${damageReports.resolvedAt}) end from ${damageReports} where ${damageReports.bookingId} = ${bookings.id} limit 1)`,
  paymentId: sql<
    number | null
  >`(select max(${payments.id}) from ${payments} where ${payments.bookingId} = ${bookings.id})`,
  refundedCents: sql<number>`(select coalesce(sum(${refunds.amountCents}), 0) from ${refunds} inner join ${payments} on ${payments.id} = ${refunds.paymentId} where ${payments.bookingId} = ${bookings.id} and ${refunds.status} in ('pending', 'succeeded'))`,
  refundsPending: sql<number>`(select count(*) from ${refunds} inner join ${payments} on ${payments.id} = ${refunds.paymentId} where ${payments.bookingId} = ${bookings.id} and ${refunds.status} = 'pending')`,
  /** The amount of the booking's latest refund when the card's bank refused it; null otherwise. */
  refusedRefundCents: sql<
    number | null
  >`(select case when ${refunds.status} = 'failed' then ${refunds.amountCents} end from ${refunds} inner join ${payments} on ${payments.id} = ${refunds.paymentId} where ${payments.bookingId} = ${bookings.id} order by ${refunds.id} desc limit 1)`,
};

type ViewRow = {
  booking: BookingRow;
  cleanerFirstName: string | null;
  cleanerLastName: string | null;
  cleanerUserId: number;
  cleanerStatus: string;
  serviceName: string;
  serviceDescription: string;
  customerFirstName: string | null;
  customerLastName: string | null;
  customerEmail: string | null;
  seriesFrequency: (typeof bookingSeries.$inferSelect)['frequency'] | null;
  hasReview: number;
  damageReportStatus: DamageReportStatus | null;
  damageDecision: string | null;
  paymentId: number | null;
  refundedCents: number;
  refundsPending: number;
  refusedRefundCents: number | null;
};

export type BookingView = ViewRow;

function viewQuery(db: Queryable) {
  return db
    .select(viewColumns)
    .from(bookings)
    .innerJoin(cleaners, eq(cleaners.id, bookings.cleanerId))
    .innerJoin(cleanerUsers, eq(cleanerUsers.id, cleaners.userId))
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .leftJoin(customerUsers, eq(customerUsers.id, bookings.customerId));
}

export type BookingData = Data<Booking>;

/** A booking's fields but its refund, which the bookings service decides (booking-access.service.ts). */
export function toBookingDto(row: ViewRow): Omit<BookingData, 'refund' | 'damageDecision'> {
  const b = row.booking;
  const local = toLocal(b.startsAt, b.timeZone);
  return {
    id: b.id,
    status: b.status,
    customerId: b.customerId,
    cleanerId: b.cleanerId,
    serviceId: b.serviceId,
    scheduledDate: local.date,
    scheduledTime: local.time,
    startsAt: b.startsAt.toISOString(),
    endsAt: b.endsAt.toISOString(),
    timeZone: b.timeZone,
    duration: b.durationMinutes,
    address: b.address,
    specialInstructions: b.specialInstructions,
    specialRequests: b.specialInstructions,
    totalPrice: centsToDollars(b.totalPriceCents),
    totalAmount: b.totalPriceCents / 100,
    hourlyRate: centsToDollars(b.hourlyRateCents),
    paymentStatus: b.paymentStatus,
    cancellationFee: b.cancellationFeeCents === null ? null : centsToDollars(b.cancellationFeeCents),
    cancelledAt: b.cancelledAt ? b.cancelledAt.toISOString() : null,
    cancelReason: b.cancelReason,
    cancellationKind: b.cancellationKind,
    createdAt: b.createdAt.toISOString(),
    hasReview: Boolean(row.hasReview),
    damageReportStatus: row.damageReportStatus,
    series:
      b.seriesId !== null && row.seriesFrequency !== null
        ? { id: b.seriesId, frequency: row.seriesFrequency, chargeAt: chargeAtOf(b)?.toISOString() ?? null }
        : null,
    cleaner: { id: b.cleanerId, user: { firstName: row.cleanerFirstName ?? '', lastName: row.cleanerLastName ?? '' } },
    service: { id: b.serviceId, name: row.serviceName, description: row.serviceDescription },
    // A guest booking's customer is its guest until the e-mailed link joins it to an account.
    customer:
      row.customerEmail !== null
        ? { firstName: row.customerFirstName, lastName: row.customerLastName, email: row.customerEmail }
        : b.guestEmail !== null
          ? { firstName: b.guestName, lastName: null, email: b.guestEmail }
          : null,
  };
}

/**
 * The booking just inserted, read by the same write batch right after its insert (SQLite's
 * `last_insert_rowid()` is the booking's until the batch inserts again; a trigger's own inserts do
 * not change it once the trigger ends). `read` maps that statement's result like Drizzle's select.
 */
const newBookingView = preparedPer((db) =>
  viewQuery(db).where(eq(bookings.id, sql`last_insert_rowid()`)).limit(1).prepare(),
);

export function newBookingViewStatement(db: Queryable): {
  statement: InStatement;
  read: (result: ResultSet) => ViewRow | undefined;
} {
  const prepared = newBookingView(db);
  const built = prepared.getQuery();
  return {
    statement: { sql: built.sql, args: built.params as InArgs },
    read: (result) => (prepared.mapAllResult(result, true) as ViewRow[])[0],
  };
}

export async function findBookingView(db: Queryable, id: number): Promise<ViewRow | undefined> {
  const [row] = await viewQuery(db).where(eq(bookings.id, id)).limit(1);
  return row;
}

export interface BookingListFilter {
  customerId?: number;
  cleanerId?: number;
  statuses?: readonly BookingStatus[];
  /** Part of the cleaner's first or last name or the service's name, any (ASCII) case. */
  text?: string;
  /** `soonest`: earliest start first (what is coming); `newest` (the default): latest start first. */
  order?: ListOrder;
  limit: number;
  offset: number;
}

export type ListOrder = 'soonest' | 'newest';

/** The list's order by start, ties broken by id the same way. */
function orderOf(order: ListOrder | undefined): SQL[] {
  return order === 'soonest'
    ? [asc(bookings.startsAt), asc(bookings.id)]
    : [desc(bookings.startsAt), desc(bookings.id)];
}

/** `column` holds `text` anywhere, ignoring ASCII case (SQLite's LIKE), `%` and `_` taken literally. */
function holds(column: SQLiteColumn, text: string): SQL {
  return sql`${column} like ${`%${escapeLike(text)}%`} escape '\\'`;
}

export type ListOwner = 'customer' | 'cleaner' | 'anyone';

function buildListShape(
  db: Queryable,
  owner: ListOwner,
  statuses: readonly BookingStatus[] | undefined,
  order: ListOrder | undefined,
) {
  const conditions: SQL[] = [];
  if (owner === 'customer') conditions.push(eq(bookings.customerId, sql.placeholder('owner')));
  if (owner === 'cleaner') conditions.push(eq(bookings.cleanerId, sql.placeholder('owner')));
  if (statuses) conditions.push(inArray(bookings.status, [...statuses]));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  return {
    rows: viewQuery(db)
      .where(where)
      .orderBy(...orderOf(order))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(),
    count: db.select({ n: sql<number>`count(*)` }).from(bookings).where(where).prepare(),
  };
}

/**
 * The lists without a search, prepared once per database object and shape (whose bookings, which
 * status group): what every dashboard page asks. `statusesOf` gives a handful of status sets, so
 * the shapes are few (decision 064).
 */
const listShapes = preparedPer(() => new Map<string, ReturnType<typeof buildListShape>>());

export function bookingListShape(
  db: Queryable,
  owner: ListOwner,
  statuses: readonly BookingStatus[] | undefined,
  order?: ListOrder,
) {
  const shapes = listShapes(db);
  const key = `${owner}:${statuses?.join(',') ?? '*'}:${order ?? 'newest'}`;
  let shape = shapes.get(key);
  if (shape === undefined) {
    shape = buildListShape(db, owner, statuses, order);
    shapes.set(key, shape);
  }
  return shape;
}

/** One page of bookings in the filter's order (newest start first unless told), and how many match in all. */
export async function listBookings(db: Queryable, filter: BookingListFilter) {
  if (!filter.text && (filter.customerId === undefined || filter.cleanerId === undefined)) {
    const owner: ListOwner =
      filter.customerId !== undefined ? 'customer' : filter.cleanerId !== undefined ? 'cleaner' : 'anyone';
    const shape = bookingListShape(db, owner, filter.statuses, filter.order);
    const values = { owner: filter.customerId ?? filter.cleanerId, limit: filter.limit, offset: filter.offset };
    const [rows, [count]] = await Promise.all([shape.rows.execute(values), shape.count.execute(values)]);
    return { rows: rows as ViewRow[], total: count?.n ?? 0 };
  }
  const conditions: SQL[] = [];
  if (filter.customerId !== undefined) conditions.push(eq(bookings.customerId, filter.customerId));
  if (filter.cleanerId !== undefined) conditions.push(eq(bookings.cleanerId, filter.cleanerId));
  if (filter.statuses) conditions.push(inArray(bookings.status, [...filter.statuses]));
  const text = filter.text;
  if (text) {
    const matched = or(
      holds(cleanerUsers.firstName, text),
      holds(cleanerUsers.lastName, text),
      holds(services.name, text),
    );
    if (matched) conditions.push(matched);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const counted = db.select({ n: sql<number>`count(*)` }).from(bookings);
  const [rows, [count]] = await Promise.all([
    viewQuery(db)
      .where(where)
      .orderBy(...orderOf(filter.order))
      .limit(filter.limit)
      .offset(filter.offset),
    text
      ? counted
          .innerJoin(cleaners, eq(cleaners.id, bookings.cleanerId))
          .innerJoin(cleanerUsers, eq(cleanerUsers.id, cleaners.userId))
          .innerJoin(services, eq(services.id, bookings.serviceId))
          .where(where)
      : counted.where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function findBooking(db: Queryable, id: number): Promise<BookingRow | undefined> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  return row;
}

/** Bookings of a cleaner that hold time (every status but cancelled) and overlap [startsAt, endsAt). */
export function overlappingBookings(
  db: Queryable,
  cleanerId: number,
  startsAt: Date,
  endsAt: Date,
  excludeBookingId?: number,
) {
  const conditions = [
    eq(bookings.cleanerId, cleanerId),
    ne(bookings.status, 'cancelled'),
    lt(bookings.startsAt, endsAt),
    gt(bookings.endsAt, startsAt),
  ];
  if (excludeBookingId !== undefined) conditions.push(ne(bookings.id, excludeBookingId));
  return db
    .select({ id: bookings.id, startsAt: bookings.startsAt, endsAt: bookings.endsAt })
    .from(bookings)
    .where(and(...conditions));
}

/** Marks a guest link used and returns its booking and address, or null when unknown, used or expired. */
export async function consumeGuestLink(tx: Tx, id: string, now: Date) {
  const [row] = await tx
    .update(guestBookingLinks)
    .set({ usedAt: now })
    .where(and(eq(guestBookingLinks.id, id), isNull(guestBookingLinks.usedAt), gt(guestBookingLinks.expiresAt, now)))
    .returning({ bookingId: guestBookingLinks.bookingId, email: guestBookingLinks.email });
  return row ?? null;
}

export async function guestNameOf(db: Queryable, bookingId: number): Promise<string | null> {
  const row = await db.select({ name: bookings.guestName }).from(bookings).where(eq(bookings.id, bookingId)).get();
  return row?.name ?? null;
}

/** A guest booking joins the account of its proved address; its guest token stops working. */
export async function attachGuestBooking(tx: Tx, bookingId: number, email: string, userId: number, now: Date) {
  const [row] = await tx
    .update(bookings)
    .set({ customerId: userId, guestTokenHash: null, updatedAt: now })
    .where(and(eq(bookings.id, bookingId), isNull(bookings.customerId), eq(bookings.guestEmail, email)))
    .returning({ id: bookings.id });
  return row !== undefined;
}

export async function cleanerUserIdOf(db: Queryable, cleanerId: number): Promise<number | null> {
  const [row] = await db.select({ userId: cleaners.userId }).from(cleaners).where(eq(cleaners.id, cleanerId));
  return row?.userId ?? null;
}

export async function recordHistory(
  tx: Tx,
  now: Date,
  entry: {
    bookingId: number;
    fromStatus: BookingStatus | null;
    toStatus: BookingStatus;
    actorUserId: number | null;
    actorRole: 'customer' | 'cleaner' | 'admin' | 'system' | 'guest';
    note?: string;
  },
): Promise<void> {
  await tx.insert(bookingStatusHistory).values({ ...entry, createdAt: now });
}

export async function contactsOf(db: Queryable, booking: { customerId: number | null; cleanerId: number }) {
  const [cleaner] = await db
    .select({ userId: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(cleaners)
    .innerJoin(users, eq(users.id, cleaners.userId))
    .where(eq(cleaners.id, booking.cleanerId))
    .limit(1);
  const [customer] =
    booking.customerId === null
      ? []
      : await db
          .select({ userId: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(eq(users.id, booking.customerId))
          .limit(1);
  return { cleaner, customer };
}

/** The booking a guest checkout token (its SHA-256, hex) was issued for, if any. */

/** Makes a booking the first visit of a series (decision 088), if it is in none yet; answers whether it did. */
export async function joinSeries(tx: Tx, bookingId: number, seriesId: number, occurrence: string, now: Date) {
  const joined = await tx
    .update(bookings)
    .set({ seriesId, occurrence, updatedAt: now })
    .where(and(eq(bookings.id, bookingId), isNull(bookings.seriesId)))
    .returning({ id: bookings.id });
  return joined.length === 1;
}
