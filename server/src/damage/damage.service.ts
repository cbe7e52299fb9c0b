import { DAMAGE_REPORT_HOURS } from '@spotless/sdk/rules';
import type { DamageReportInput, DamageResolveInput } from '@spotless/sdk/schemas';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../audit/audit-log';
import { damageReportOpen } from '../bookings/booking-actions';
import { partyOf } from '../bookings/booking-state';
import { contactsOf, findBooking } from '../bookings/bookings.queries';
import {
  type Actor,
  cleanerIdOf,
  isAdmin,
  requireAdmin,
  requirePersonOrAdmin,
  requirePersonWriting,
  userIdOf,
} from '../contract/actor';
import { AppError, badRequest, notFound } from '../contract/errors';
import type { Queryable } from '../db/client';
import { damageReports, payments } from '../db/schema';
import type { Deps } from '../deps';
import { damageReportedEmail, damageResolvedEmail } from '../notifications/money-emails';
import { enqueueNotification } from '../notifications/outbox';
import { siteOf } from '../notifications/site';
import { parseDollars } from '../payments/payments.service';
import { refundPayment } from '../payments/refunds.service';
import {
  cleanerShareCents,
  type DamageCase,
  type DamagePhotoRow,
  type DamageReportRow,
  type DamageReportWithFacts,
  damageCasesOf,
  findReport,
  newestReports,
  photosOf,
} from './damage.queries';
import { type DamageAction, type DamageViewer, damageActionsFor } from './damage-rules';

/**
 * Damage reports (decision 080): a customer reports a problem with a completed, paid job within
 * `DAMAGE_REPORT_HOURS` of its end, which holds the cleaner's payout for it (the payout job skips a
 * booking with an open report); an administrator resolves it — releasing the payout, or refunding
 * part or all of the charge, which the ledger takes back from each share — with a reason both
 * parties are told.
 */

type DamageDeps = Pick<Deps, 'database' | 'clock' | 'payments' | 'config'> &
  Partial<Pick<Deps, 'logger' | 'requestUrl' | 'mailer'>>;

/** A report as one viewer gets it: the row, its photos, and what the viewer may do to it now. */
export interface DamageAnswer {
  row: DamageReportRow;
  photos: DamagePhotoRow[];
  allowed: ReadonlySet<DamageAction>;
  /** The booking behind it, for an administrator deciding it (never for its parties). */
  case?: DamageCase;
}

/** Who is looking, for the rules (decision 082): their user, their cleaner profile, an admin session. */
export function damageViewerOf(actor: Actor): DamageViewer {
  return { userId: userIdOf(actor), cleanerId: cleanerIdOf(actor), admin: isAdmin(actor) };
}

/** Each report with its photos and the viewer's actions: one read of photos, whatever their number. */
async function answersFor(
  db: Queryable,
  reports: readonly DamageReportWithFacts[],
  viewer: DamageViewer,
): Promise<DamageAnswer[]> {
  const photos = new Map<number, DamagePhotoRow[]>();
  const found = await photosOf(
    db,
    reports.map((r) => r.row.id),
  );
  for (const photo of found) photos.set(photo.reportId, [...(photos.get(photo.reportId) ?? []), photo]);
  // Who the customer and the cleaner are and the money at stake: what an administrator decides on.
  const cases = viewer.admin ? await damageCasesOf(db, [...new Set(reports.map((r) => r.row.bookingId))]) : null;
  return reports.map(({ row, facts }) => ({
    row,
    photos: photos.get(row.id) ?? [],
    allowed: damageActionsFor(facts, viewer),
    ...(cases?.has(row.bookingId) ? { case: cases.get(row.bookingId) } : {}),
  }));
}

export async function reportDamage(
  deps: DamageDeps,
  actor: Actor,
  bookingId: number,
  input: z.output<typeof DamageReportInput>,
): Promise<DamageAnswer> {
  const person = requirePersonWriting(actor);
  const now = deps.clock.now();
  const booking = await findBooking(deps.database.db, bookingId);
  // Only its customer learns that the booking exists (decision 007).
  if (!booking || partyOf(booking, actor) !== 'customer') throw notFound('Booking');
  if (!damageReportOpen(booking, now)) {
    throw new AppError(
      409,
      'report_window_closed',
      `Problems are reported within ${DAMAGE_REPORT_HOURS} hours of a completed, paid cleaning: contact support for anything later`,
    );
  }
  const report = await deps.database.write(async (tx) => {
    const [row] = await tx
      .insert(damageReports)
      .values({
        bookingId,
        reporterUserId: person.userId,
        description: input.description,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return null;
    await recordAudit(tx, {
      createdAt: now,
      actorUserId: person.userId,
      actorRole: 'customer',
      action: 'damage_report.created',
      entityType: 'booking',
      entityId: String(bookingId),
      details: { reportId: row.id },
    });
    const { cleaner } = await contactsOf(tx, booking);
    if (cleaner) {
      await enqueueNotification(tx, now, {
        type: 'damage_reported',
        recipientEmail: cleaner.email,
        recipientUserId: cleaner.userId,
        ...damageReportedEmail(siteOf(deps), {
          firstName: cleaner.firstName,
          startsAt: booking.startsAt,
          timeZone: booking.timeZone,
          description: input.description,
        }),
        dedupeKey: `damage_reported:${row.id}`,
      });
    }
    return row;
  });
  if (!report) throw new AppError(409, 'already_reported', 'A problem is already reported on this booking');
  const facts = {
    status: report.status,
    reporterUserId: report.reporterUserId,
    cleanerId: booking.cleanerId,
    photoCount: 0,
  };
  return { row: report, photos: [], allowed: damageActionsFor(facts, damageViewerOf(actor)) };
}

/** The newest 200 reports, for administrators. */
export async function listDamageReports(deps: Pick<Deps, 'database'>, actor: Actor): Promise<DamageAnswer[]> {
  requireAdmin(actor);
  const { db } = deps.database;
  return answersFor(db, await newestReports(db, 200), damageViewerOf(actor));
}

/** One report, for administrators. */
export async function getDamageReport(deps: Pick<Deps, 'database'>, actor: Actor, id: number): Promise<DamageAnswer> {
  requireAdmin(actor);
  return damageAnswer(deps.database.db, actor, id);
}

/** One report as `actor` sees it, after the caller decided they may (404 when there is none). */
export async function damageAnswer(db: Queryable, actor: Actor, id: number): Promise<DamageAnswer> {
  requirePersonOrAdmin(actor);
  const found = await findReport(db, id);
  if (!found) throw notFound('Damage report');
  const [answer] = await answersFor(db, [found], damageViewerOf(actor));
  return answer as DamageAnswer;
}

/**
 * An administrator's decision on an open report: `release` refunds nothing; `partial_refund`
 * refunds `amount`; `full_refund` everything not yet refunded — through the one refund path, with
 * the report's own idempotency key, so the money moves once however often it is sent. The report
 * closes only once the refund went through; both parties are told, and it is audited.
 */
export async function resolveDamageReport(
  deps: DamageDeps,
  actor: Actor,
  id: number,
  input: z.output<typeof DamageResolveInput>,
): Promise<DamageAnswer> {
  const admin = requireAdmin(actor);
  const report = (await getDamageReport(deps, actor, id)).row;
  if (report.status !== 'open')
    throw new AppError(409, 'already_resolved', 'This report is already resolved', {
      outcome: `It is ${report.status}`,
    });
  if (input.outcome === 'partial_refund' && !input.amount)
    throw badRequest('Invalid request body: amount', { amount: 'A partial refund needs an amount' });
  if (input.outcome !== 'partial_refund' && input.amount)
    throw badRequest('Invalid request body: amount', { amount: 'Only a partial refund takes an amount' });
  const amountCents = input.amount ? parseDollars(input.amount, 'amount') : 0;
  let refundCents = 0;
  if (input.outcome !== 'release') {
    const payment = await deps.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, report.bookingId), eq(payments.status, 'succeeded')))
      .get();
    if (!payment) throw new AppError(409, 'nothing_to_refund', 'Nothing is left to refund on this booking');
    const result = await refundPayment(
      deps,
      actor,
      payment.id,
      { amount: input.outcome === 'full_refund' ? undefined : input.amount, reason: `Damage report: ${input.reason}` },
      { idempotencyKey: `damage-report-${report.id}`, render: (r) => r.refund.amountCents },
    );
    refundCents = Number(result.body);
    if (input.outcome === 'partial_refund' && refundCents !== amountCents)
      throw new AppError(422, 'idempotency_conflict', 'This report was resolved with another amount a moment ago');
  }
  const now = deps.clock.now();
  const booking = await findBooking(deps.database.db, report.bookingId);
  await deps.database.write(async (tx) => {
    const closed = await tx
      .update(damageReports)
      .set({
        status: input.outcome === 'release' ? 'released' : input.outcome,
        resolutionReason: input.reason,
        refundCents,
        resolvedAt: now,
        updatedAt: now,
      })
      .where(and(eq(damageReports.id, id), eq(damageReports.status, 'open')))
      .returning({ id: damageReports.id });
    if (closed.length === 0) return;
    await recordAudit(tx, {
      createdAt: now,
      actorUserId: admin.adminUserId,
      actorRole: 'admin',
      action: 'damage_report.resolved',
      entityType: 'booking',
      entityId: String(report.bookingId),
      details: { reportId: id, outcome: input.outcome, refundCents, reason: input.reason },
    });
    if (!booking) return;
    const { cleaner, customer } = await contactsOf(tx, booking);
    const shareCents = await cleanerShareCents(tx, booking.id);
    const email = booking.guestEmail ?? customer?.email;
    const told = [
      { to: 'customer' as const, email, userId: customer?.userId, firstName: customer?.firstName ?? null },
      { to: 'cleaner' as const, email: cleaner?.email, userId: cleaner?.userId, firstName: cleaner?.firstName ?? null },
    ];
    for (const party of told) {
      if (!party.email) continue;
      await enqueueNotification(tx, now, {
        type: 'damage_resolved',
        recipientEmail: party.email,
        ...(party.userId ? { recipientUserId: party.userId } : {}),
        ...damageResolvedEmail(siteOf(deps), {
          firstName: party.firstName,
          to: party.to,
          startsAt: booking.startsAt,
          timeZone: booking.timeZone,
          outcome: input.outcome,
          refundCents,
          cleanerShareCents: shareCents,
          reason: input.reason,
        }),
        dedupeKey: `damage_resolved:${id}:${party.to}`,
      });
    }
  });
  return getDamageReport(deps, actor, id);
}
