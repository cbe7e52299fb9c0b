import { and, asc, desc, eq, gt, gte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Queryable, Tx } from '../db/client';
import {
  bookingMessageReads,
  bookingMessageReports,
  bookingMessages,
  bookings,
  cleaners,
  services,
  users,
} from '../db/schema';

/** Messages on a booking (decision 087): the reads and writes of its three tables. */

export type Party = 'customer' | 'cleaner';

const cleanerUsers = alias(users, 'cleaner_users');

/** The booking a thread belongs to, with what the thread needs of its two parties. */
export async function findThreadBooking(db: Queryable, bookingId: number) {
  const [row] = await db
    .select({
      id: bookings.id,
      customerId: bookings.customerId,
      paymentStatus: bookings.paymentStatus,
      startsAt: bookings.startsAt,
      timeZone: bookings.timeZone,
      serviceName: services.name,
      cleanerUserId: cleaners.userId,
      customerFirstName: users.firstName,
      customerEmail: users.email,
      cleanerFirstName: cleanerUsers.firstName,
      cleanerEmail: cleanerUsers.email,
    })
    .from(bookings)
    .innerJoin(cleaners, eq(cleaners.id, bookings.cleanerId))
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .innerJoin(cleanerUsers, eq(cleanerUsers.id, cleaners.userId))
    .leftJoin(users, eq(users.id, bookings.customerId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  return row;
}
export type ThreadBooking = NonNullable<Awaited<ReturnType<typeof findThreadBooking>>>;

/** The thread's latest `limit` messages, oldest first, each with whether `viewerUserId` reported it. */
export async function listThread(db: Queryable, bookingId: number, viewerUserId: number | null, limit = 200) {
  const mine = alias(bookingMessageReports, 'my_reports');
  const rows = await db
    .select({
      id: bookingMessages.id,
      senderRole: bookingMessages.senderRole,
      senderUserId: bookingMessages.senderUserId,
      senderFirstName: users.firstName,
      body: bookingMessages.body,
      createdAt: bookingMessages.createdAt,
      reportId: mine.id,
    })
    .from(bookingMessages)
    .leftJoin(users, eq(users.id, bookingMessages.senderUserId))
    .leftJoin(mine, and(eq(mine.messageId, bookingMessages.id), eq(mine.reporterUserId, viewerUserId ?? -1)))
    .where(eq(bookingMessages.bookingId, bookingId))
    .orderBy(desc(bookingMessages.id))
    .limit(limit);
  return rows.reverse();
}
export type ThreadMessage = Awaited<ReturnType<typeof listThread>>[number];

/** The last message a participant has read in a thread (0 when never). */
export async function lastReadOf(db: Queryable, bookingId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ id: bookingMessageReads.lastReadMessageId })
    .from(bookingMessageReads)
    .where(and(eq(bookingMessageReads.bookingId, bookingId), eq(bookingMessageReads.userId, userId)))
    .limit(1);
  return row?.id ?? 0;
}

/** The other party's messages after `afterId` in a thread. */
export async function countFrom(db: Queryable, bookingId: number, from: Party, afterId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(bookingMessages)
    .where(
      and(
        eq(bookingMessages.bookingId, bookingId),
        eq(bookingMessages.senderRole, from),
        gt(bookingMessages.id, afterId),
      ),
    );
  return Number(row?.n ?? 0);
}

/** How many messages `from` wrote in a thread since `since` (a notice's window). */
export async function countSince(db: Queryable, bookingId: number, from: Party, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(bookingMessages)
    .where(
      and(
        eq(bookingMessages.bookingId, bookingId),
        eq(bookingMessages.senderRole, from),
        gte(bookingMessages.createdAt, since),
      ),
    );
  return Number(row?.n ?? 0);
}

/** The newest message of a thread (0 when it has none). */
export async function newestMessageId(db: Queryable, bookingId: number): Promise<number> {
  const [row] = await db
    .select({ id: sql<number | null>`max(${bookingMessages.id})` })
    .from(bookingMessages)
    .where(eq(bookingMessages.bookingId, bookingId));
  return Number(row?.id ?? 0);
}

export async function insertMessage(
  tx: Tx,
  values: { bookingId: number; senderUserId: number; senderRole: Party; body: string; createdAt: Date },
): Promise<number> {
  const [row] = await tx.insert(bookingMessages).values(values).returning({ id: bookingMessages.id });
  if (!row) throw new Error('message insert returned no row');
  return row.id;
}

/** Moves a participant's read mark forward to `messageId` (never back). */
export async function saveRead(tx: Tx, bookingId: number, userId: number, messageId: number, now: Date) {
  await tx
    .insert(bookingMessageReads)
    .values({ bookingId, userId, lastReadMessageId: messageId, readAt: now })
    .onConflictDoUpdate({
      target: [bookingMessageReads.bookingId, bookingMessageReads.userId],
      set: { lastReadMessageId: sql`max(${bookingMessageReads.lastReadMessageId}, ${messageId})`, readAt: now },
    });
}

/** One message of a thread. */
export async function findMessage(db: Queryable, bookingId: number, messageId: number) {
  const [row] = await db
    .select({
      id: bookingMessages.id,
      senderRole: bookingMessages.senderRole,
      senderUserId: bookingMessages.senderUserId,
    })
    .from(bookingMessages)
    .where(and(eq(bookingMessages.id, messageId), eq(bookingMessages.bookingId, bookingId)))
    .limit(1);
  return row;
}

/** Records a report; false when this person had reported the message already. */
export async function insertReport(
  tx: Tx,
  values: { messageId: number; reporterUserId: number; reason: string; createdAt: Date },
): Promise<boolean> {
  const rows = await tx
    .insert(bookingMessageReports)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: bookingMessageReports.id });
  return rows.length > 0;
}

/**
 * The caller's unread messages per thread, across the bookings they are the customer or the
 * cleaner of: the other party's messages after their read mark.
 */
export async function unreadByThread(db: Queryable, userId: number) {
  const reads = alias(bookingMessageReads, 'my_reads');
  return db
    .select({ bookingId: bookingMessages.bookingId, unreadCount: sql<number>`count(*)` })
    .from(bookingMessages)
    .innerJoin(bookings, eq(bookings.id, bookingMessages.bookingId))
    .innerJoin(cleaners, eq(cleaners.id, bookings.cleanerId))
    .leftJoin(reads, and(eq(reads.bookingId, bookingMessages.bookingId), eq(reads.userId, userId)))
    .where(
      and(
        sql`((${bookings.customerId} = ${userId} and ${bookingMessages.senderRole} = 'cleaner') or (${cleaners.userId} = ${userId} and ${bookingMessages.senderRole} = 'customer'))`,
        gt(bookingMessages.id, sql`coalesce(${reads.lastReadMessageId}, 0)`),
      ),
    )
    .groupBy(bookingMessages.bookingId)
    .orderBy(asc(bookingMessages.bookingId))
    .limit(500);
}
