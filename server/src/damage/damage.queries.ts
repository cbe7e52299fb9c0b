import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { bookings, damageReportPhotos, damageReports } from '../db/schema';
import type { DamageFacts } from './damage-rules';

/** The reads of damage reports (decision 080) and their photos (decision 082). */

export type DamageReportRow = typeof damageReports.$inferSelect;
export type DamagePhotoRow = Pick<typeof damageReportPhotos.$inferSelect, 'id' | 'reportId' | 'storageKey'>;

/** A report with what its rules need: the booking's cleaner and how many photos it has. */
export interface DamageReportWithFacts {
  row: DamageReportRow;
  facts: DamageFacts;
}

const photoCount = sql<number>`(select count(*) from ${damageReportPhotos} where ${damageReportPhotos.reportId} = ${damageReports.id})`;

async function withFacts(db: Queryable, where: SQL | undefined, limit: number): Promise<DamageReportWithFacts[]> {
  const rows = await db
    .select({ report: damageReports, cleanerId: bookings.cleanerId, photoCount })
    .from(damageReports)
    .innerJoin(bookings, eq(bookings.id, damageReports.bookingId))
    .where(where)
    .orderBy(desc(damageReports.id))
    .limit(limit);
  return rows.map(({ report, cleanerId, photoCount }) => ({
    row: report,
    facts: {
      status: report.status,
      reporterUserId: report.reporterUserId,
      cleanerId,
      photoCount: Number(photoCount),
    },
  }));
}

/** One report, or undefined. */
export async function findReport(db: Queryable, id: number): Promise<DamageReportWithFacts | undefined> {
  return (await withFacts(db, eq(damageReports.id, id), 1))[0];
}

/** The newest `limit` reports, newest first. */
export function newestReports(db: Queryable, limit: number): Promise<DamageReportWithFacts[]> {
  return withFacts(db, undefined, limit);
}

/** The photos of these reports, each report's in the order they were added. */
export async function photosOf(db: Queryable, reportIds: readonly number[]): Promise<DamagePhotoRow[]> {
  if (reportIds.length === 0) return [];
  return db
    .select({
      id: damageReportPhotos.id,
      reportId: damageReportPhotos.reportId,
      storageKey: damageReportPhotos.storageKey,
    })
    .from(damageReportPhotos)
    .where(inArray(damageReportPhotos.reportId, [...reportIds]))
    .orderBy(asc(damageReportPhotos.reportId), asc(damageReportPhotos.id));
}

/** One photo of one report, or undefined. */
export async function findReportPhoto(db: Queryable, reportId: number, photoId: number) {
  return db
    .select({ storageKey: damageReportPhotos.storageKey })
    .from(damageReportPhotos)
    .where(and(eq(damageReportPhotos.id, photoId), eq(damageReportPhotos.reportId, reportId)))
    .get();
}

/**
 * The cleaner's share of a booking as the ledger has it now (after every refund posted): the same
 * lines the cleaner's earnings read (decision 080), never the split worked out again.
 */
export async function cleanerShareCents(db: Queryable, bookingId: number): Promise<number> {
  const [row] = await db.all<{ cents: number | null }>(sql`
    select coalesce(sum(l.credit_cents - l.debit_cents), 0) as cents
    from ledger_entries e join ledger_lines l on l.entry_id = e.id
    where e.booking_id = ${bookingId} and l.account = 'cleaner' and e.kind in ('charge', 'platform_fee', 'refund')`);
  return Math.max(0, Number(row?.cents ?? 0));
}

/** What an administrator deciding a report sees of its booking (decision 086). */
export interface DamageCase {
  customer: string;
  cleaner: string;
  totalCents: number;
  /** The cleaner's share (the ledger's, after refunds) less what was already paid out. */
  heldCents: number;
}

/** The case behind each of these bookings' reports: who, how much, and the cleaner's share still held. */
export async function damageCasesOf(db: Queryable, bookingIds: readonly number[]): Promise<Map<number, DamageCase>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db.all<{
    id: number;
    customer: string | null;
    cleaner: string | null;
    total: number;
    yours: number;
    paid_out: number;
  }>(sql`
    select b.id,
      coalesce(trim(cu.first_name || ' ' || coalesce(cu.last_name, '')), b.guest_name) as customer,
      trim(ku.first_name || ' ' || coalesce(ku.last_name, '')) as cleaner,
      b.total_price_cents as total,
      (select coalesce(sum(l.credit_cents - l.debit_cents), 0) from ledger_entries e join ledger_lines l on l.entry_id = e.id
        where e.booking_id = b.id and l.account = 'cleaner' and e.kind in ('charge', 'platform_fee', 'refund')) as yours,
      (select coalesce(sum(l.debit_cents - l.credit_cents), 0) from ledger_entries e join ledger_lines l on l.entry_id = e.id
        where e.booking_id = b.id and l.account = 'cleaner' and e.kind in ('transfer', 'reversal')) as paid_out
    from bookings b
    join cleaners k on k.id = b.cleaner_id
    join users ku on ku.id = k.user_id
    left join users cu on cu.id = b.customer_id
    where b.id in (${sql.join(
      bookingIds.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  return new Map(
    rows.map((r) => [
      r.id,
      {
        customer: r.customer || 'Guest',
        cleaner: r.cleaner || 'Cleaner',
        totalCents: Number(r.total),
        heldCents: Math.max(0, Number(r.yours) - Number(r.paid_out)),
      },
    ]),
  );
}
