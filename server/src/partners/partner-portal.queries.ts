import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { partnerInvites, partnerMembers, users } from '../db/schema';

/**
 * What a partner's portal reads (decision 081): the bookings its widgets brought, with what a
 * partner needs of each and nothing of the guest (no name, e-mail, phone or street address), and
 * its commission from the ledger.
 */

/** The partner's people, first joined first: each membership with its account's name and e-mail. */
export function portalMemberRows(db: Queryable, partnerId: number) {
  return db
    .select({
      id: partnerMembers.id,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(partnerMembers)
    .innerJoin(users, eq(users.id, partnerMembers.userId))
    .where(eq(partnerMembers.partnerId, partnerId))
    .orderBy(partnerMembers.id);
}

/** The partner's invitations not yet accepted nor past their date, newest first. */
export function pendingInviteRows(db: Queryable, partnerId: number, now: Date) {
  return db
    .select({ id: partnerInvites.id, email: partnerInvites.email, expiresAt: partnerInvites.expiresAt })
    .from(partnerInvites)
    .where(
      and(
        eq(partnerInvites.partnerId, partnerId),
        isNull(partnerInvites.acceptedAt),
        gt(partnerInvites.expiresAt, now),
      ),
    )
    .orderBy(desc(partnerInvites.id))
    .limit(20);
}

export interface PartnerBookingRow {
  id: number;
  startsAt: Date;
  timeZone: string;
  city: string;
  service: string;
  totalCents: number;
  status: string;
  paymentStatus: string;
  commissionCents: number;
}

const BOOKING_COLUMNS = sql`b.id, b.starts_at, b.time_zone, c.city, s.name as service, b.total_price_cents as total, b.status,
      b.payment_status,
      coalesce((select sum(l.credit_cents - l.debit_cents) from ledger_entries e join ledger_lines l on l.entry_id = e.id
        where e.booking_id = b.id and l.account = 'partner' and e.kind in ('partner_commission', 'refund')), 0) as commission
    from bookings b
    join cleaners c on c.id = b.cleaner_id
    join services s on s.id = b.service_id`;

interface BookingResult {
  id: number;
  starts_at: number;
  time_zone: string;
  city: string;
  service: string;
  total: number;
  status: string;
  payment_status: string;
  commission: number;
}

function toRow(r: BookingResult): PartnerBookingRow {
  return {
    id: Number(r.id),
    startsAt: new Date(Number(r.starts_at)),
    timeZone: r.time_zone,
    city: r.city,
    service: r.service,
    totalCents: Number(r.total),
    status: r.status,
    paymentStatus: r.payment_status,
    commissionCents: Number(r.commission),
  };
}

export async function findPartnerBooking(db: Queryable, partnerId: number, bookingId: number) {
  const [row] = await db.all<BookingResult>(
    sql`select ${BOOKING_COLUMNS} where b.partner_id = ${partnerId} and b.id = ${bookingId}`,
  );
  return row ? toRow(row) : undefined;
}

export async function partnerBookingPage(
  db: Queryable,
  partnerId: number,
  page: { offset: number; limit: number },
): Promise<{ rows: PartnerBookingRow[]; total: number }> {
  const rows = await db.all<BookingResult>(sql`
    select ${BOOKING_COLUMNS}
    where b.partner_id = ${partnerId}
    order by b.created_at desc, b.id desc
    limit ${page.limit} offset ${page.offset}`);
  const [count] = await db.all<{ n: number }>(sql`select count(*) as n from bookings where partner_id = ${partnerId}`);
  return {
    rows: rows.map(toRow),
    total: Number(count?.n ?? 0),
  };
}

export interface StatementLine {
  at: Date;
  bookingId: number | null;
  kind: string;
  /** Positive: owed to the partner; negative: taken back or paid out. */
  cents: number;
  /** The line's booking, when it has one: what the customer was charged for it, and its service's name. */
  bookingAmountCents: number | null;
  service: string | null;
}

/** The partner's ledger lines of a calendar month (UTC), or of every month when `month` is null. */
export async function partnerStatementLines(
  db: Queryable,
  partnerId: number,
  month: string | null,
): Promise<StatementLine[]> {
  const rows = await db.all<{
    at: number;
    booking_id: number | null;
    kind: string;
    cents: number;
    booking_cents: number | null;
    service: string | null;
  }>(sql`
    select e.created_at as at, e.booking_id, e.kind, l.credit_cents - l.debit_cents as cents,
      b.total_price_cents as booking_cents, s.name as service
    from ledger_lines l join ledger_entries e on e.id = l.entry_id
    left join bookings b on b.id = e.booking_id
    left join services s on s.id = b.service_id
    where l.account = 'partner' and l.party_id = ${partnerId}
      ${month === null ? sql`` : sql`and strftime('%Y-%m', e.created_at / 1000, 'unixepoch') = ${month}`}
    order by e.created_at, e.id
    limit 5000`);
  return rows.map((r) => ({
    at: new Date(Number(r.at)),
    bookingId: r.booking_id === null ? null : Number(r.booking_id),
    kind: r.kind,
    cents: Number(r.cents),
    bookingAmountCents: r.booking_cents === null ? null : Number(r.booking_cents),
    service: r.service ?? null,
  }));
}

/**
 * Partners' commission per month, from the ledger (decision 080): accrued — commissions less what
 * refunds took back — paid out (payouts less reversals); the difference is still payable.
 */
export interface CommissionRow {
  partnerId: number;
  partnerName: string;
  month: string;
  accruedCents: number;
  paidCents: number;
}

/** The months of one partner (`partnerId`) or of all, newest first. */
export async function commissionRows(db: Queryable, partnerId: number | null): Promise<CommissionRow[]> {
  const rows = await db.all<{
    partner_id: number;
    name: string;
    month: string;
    accrued: number;
    paid: number;
  }>(sql`
    select l.party_id as partner_id, p.name, strftime('%Y-%m', e.created_at / 1000, 'unixepoch') as month,
      coalesce(sum(case when e.kind in ('partner_commission', 'refund') then l.credit_cents - l.debit_cents end), 0) as accrued,
      coalesce(sum(case when e.kind in ('payout', 'reversal') then l.debit_cents - l.credit_cents end), 0) as paid
    from ledger_lines l
    join ledger_entries e on e.id = l.entry_id
    join partners p on p.id = l.party_id
    where l.account = 'partner' ${partnerId === null ? sql`` : sql`and l.party_id = ${partnerId}`}
    group by l.party_id, month
    order by month desc, p.name
    limit 500`);
  return rows.map((r) => ({
    partnerId: Number(r.partner_id),
    partnerName: r.name,
    month: r.month,
    accruedCents: Number(r.accrued),
    paidCents: Number(r.paid),
  }));
}
