import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { bookings, chatSessions, partnerInvites, partnerMembers, partners, payments } from '../db/schema';

/**
 * The partner holding this publishable key, active or not, if any: its current key, or the one
 * before the last rotation while its grace period lasts (decision 081).
 */
export function findPartnerForKey(db: Queryable, publishableKey: string, now: Date) {
  return db
    .select({
      id: partners.id,
      name: partners.name,
      allowedOrigins: partners.allowedOrigins,
      rateLimitPerMinute: partners.rateLimitPerMinute,
      commissionRateBps: partners.commissionRateBps,
      isActive: partners.isActive,
    })
    .from(partners)
    .where(
      or(
        eq(partners.publishableKey, publishableKey),
        and(eq(partners.previousKey, publishableKey), gt(partners.previousKeyExpiresAt, now)),
      ),
    )
    .get();
}

export type PartnerRow = typeof partners.$inferSelect;

export function listPartnerRows(db: Queryable) {
  return db.select().from(partners).orderBy(asc(partners.name), asc(partners.id));
}

export function findPartner(db: Queryable, id: number) {
  return db.select().from(partners).where(eq(partners.id, id)).get();
}

export function findPartnerByKey(db: Queryable, publishableKey: string) {
  return db.select({ id: partners.id }).from(partners).where(eq(partners.publishableKey, publishableKey)).get();
}

export async function insertPartner(db: Queryable, values: typeof partners.$inferInsert): Promise<number> {
  const [row] = await db.insert(partners).values(values).returning({ id: partners.id });
  if (!row) throw new Error('partner not inserted');
  return row.id;
}

export async function updatePartnerRow(
  db: Queryable,
  id: number,
  values: Partial<typeof partners.$inferInsert>,
): Promise<void> {
  await db.update(partners).set(values).where(eq(partners.id, id));
}

export interface PartnerFigures {
  bookings: number;
  paidBookings: number;
  revenueCents: number;
  commissionCents: number;
  chats: number;
  /** Its people (portal members), and invitations sent and not yet accepted nor past their date. */
  people: number;
  pendingInvites: number;
}

/**
 * Bookings, revenue (what customers paid, refunds deducted) and commission (each booking at the
 * rate recorded when it was made, on what was kept) per partner.
 */
export async function partnerFigures(db: Queryable, ids: number[], now: Date): Promise<Map<number, PartnerFigures>> {
  const figures = new Map<number, PartnerFigures>(
    ids.map((id) => [
      id,
      { bookings: 0, paidBookings: 0, revenueCents: 0, commissionCents: 0, chats: 0, people: 0, pendingInvites: 0 },
    ]),
  );
  if (ids.length === 0) return figures;
  const kept = sql<number>`coalesce(${payments.amountCents} - ${payments.refundedCents}, 0)`;
  const paid = sql`${payments.status} in ('succeeded', 'refunded', 'disputed')`;
  const rows = await db
    .select({
      partnerId: bookings.partnerId,
      bookings: sql<number>`count(distinct ${bookings.id})`,
      paidBookings: sql<number>`count(distinct case when ${paid} then ${bookings.id} end)`,
      revenueCents: sql<number>`coalesce(sum(case when ${paid} then ${kept} else 0 end), 0)`,
      commissionCents: sql<number>`coalesce(sum(case when ${paid} then (${kept} * coalesce(${bookings.partnerCommissionBps}, 0) + 5000) / 10000 else 0 end), 0)`,
    })
    .from(bookings)
    .leftJoin(payments, eq(payments.bookingId, bookings.id))
    .where(inArray(bookings.partnerId, ids))
    .groupBy(bookings.partnerId);
  for (const row of rows) {
    const f = row.partnerId === null ? undefined : figures.get(row.partnerId);
    if (!f) continue;
    f.bookings = Number(row.bookings);
    f.paidBookings = Number(row.paidBookings);
    f.revenueCents = Number(row.revenueCents);
    f.commissionCents = Number(row.commissionCents);
  }
  const chats = await db
    .select({ partnerId: chatSessions.partnerId, chats: sql<number>`count(*)` })
    .from(chatSessions)
    .where(inArray(chatSessions.partnerId, ids))
    .groupBy(chatSessions.partnerId);
  for (const row of chats) {
    const f = row.partnerId === null ? undefined : figures.get(row.partnerId);
    if (f) f.chats = Number(row.chats);
  }
  const people = await db
    .select({ partnerId: partnerMembers.partnerId, n: sql<number>`count(*)` })
    .from(partnerMembers)
    .where(inArray(partnerMembers.partnerId, ids))
    .groupBy(partnerMembers.partnerId);
  for (const row of people) {
    const f = figures.get(row.partnerId);
    if (f) f.people = Number(row.n);
  }
  const invites = await db
    .select({ partnerId: partnerInvites.partnerId, n: sql<number>`count(*)` })
    .from(partnerInvites)
    .where(
      and(inArray(partnerInvites.partnerId, ids), isNull(partnerInvites.acceptedAt), gt(partnerInvites.expiresAt, now)),
    )
    .groupBy(partnerInvites.partnerId);
  for (const row of invites) {
    const f = figures.get(row.partnerId);
    if (f) f.pendingInvites = Number(row.n);
  }
  return figures;
}
