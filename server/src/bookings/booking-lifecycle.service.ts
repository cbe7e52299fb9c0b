import type { BookingStatus } from '@spotless/sdk/schemas';
import { and, eq, gt, inArray, isNotNull, isNull, lte, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { releaseSlotsOf } from '../availability/availability.queries';
import { findCleaner, incrementCompletedJobs } from '../cleaners/cleaners.queries';
import { type Actor, cleanerIdOf, forbidden, requirePersonOrAdmin, requireSystem, userIdOf } from '../contract/actor';
import { AppError } from '../contract/errors';
import type { Tx } from '../db/client';
import { type BookingRow, bookings } from '../db/schema';
import type { Deps } from '../deps';
import { bookingReminderEmail } from '../notifications/booking-emails';
import { siteOf } from '../notifications/site';
import { queuePartnerBookingEvent } from '../partners/partner-webhooks.service';
import { answerWith, type BookingAnswer, loadForActor, refusal } from './booking-access.service';
import {
  factsOf,
  guestLinkFor,
  notifyBookingCancelled,
  notifyBookingConfirmed,
  partiesOf,
  queueBookingEmail,
} from './booking-notifications.service';
import { type BookingAction, cleanerActionFor, transition } from './booking-state';
import { recordHistory } from './bookings.queries';

/**
 * Bookings, the steps after booking: the cleaner accepts, declines, starts and completes; the
 * payment provider's word confirms; the system expires unpaid bookings and sends reminders.
 */

type BookingDeps = Pick<Deps, 'database' | 'clock' | 'config' | 'requestUrl'>;

/**
 * The booking's cleaner names a new status (docs/product/cleaners.md): accept, decline, start,
 * complete. Start and complete need the booking paid and its time come (decision 031).
 */
export async function setBookingStatus(
  deps: BookingDeps,
  actor: Actor,
  id: number,
  change: { status: BookingStatus; note?: string | undefined },
): Promise<BookingAnswer> {
  requirePersonOrAdmin(actor);
  const { status: target, note } = change;
  const now = deps.clock.now();
  return deps.database.write(async (tx) => {
    const { booking, relation } = await loadForActor(tx, id, actor);
    const cleaner = await findCleaner(tx, booking.cleanerId);
    if (
      relation !== 'cleaner' ||
      actor.kind === 'assistant' ||
      cleaner?.status !== 'active' ||
      cleanerIdOf(actor) !== cleaner.id
    ) {
      throw forbidden('Forbidden: only the booking’s cleaner changes its status');
    }
    const action: BookingAction | null = cleanerActionFor(booking.status, target);
    if (!action) throw new AppError(409, 'illegal_transition', `A ${booking.status} booking cannot become ${target}`);
    const result = transition(booking, action, actor, now);
    if (!result.ok) {
      if (result.error === 'illegal_transition' || result.error === 'forbidden') {
        throw new AppError(409, 'illegal_transition', `A ${booking.status} booking cannot become ${target}`);
      }
      throw refusal(result.error, booking, action);
    }
    const declined = target === 'cancelled';
    const [updated] = await tx
      .update(bookings)
      .set({
        status: target,
        updatedAt: now,
        ...(declined
          ? {
              cancelledAt: now,
              cancelReason: note ?? 'Declined by the cleaner',
              cancellationKind: 'declined' as const,
              cancellationFeeCents: 0,
            }
          : {}),
      })
      .where(eq(bookings.id, booking.id))
      .returning();
    if (!updated) throw new Error('booking update returned no row');
    if (target === 'completed') await incrementCompletedJobs(tx, cleaner.id, now);
    if (declined) await releaseSlotsOf(tx, booking.id, now);
    await recordHistory(tx, now, {
      bookingId: booking.id,
      fromStatus: booking.status,
      toStatus: target,
      actorUserId: userIdOf(actor),
      actorRole: 'cleaner',
      note: note ?? action,
    });
    if (declined) await queuePartnerBookingEvent(tx, { bookingId: booking.id, type: 'booking.cancelled', now });
    // Accepting confirms it: its customer hears now, paid or not. A declined booking was never
    // confirmed, so, like an expired hold, it sends nothing (decision 072).
    if (target === 'confirmed') {
      await notifyBookingConfirmed(tx, now, updated, {
        site: siteOf(deps),
        by: 'cleaner',
        paid: updated.paymentStatus === 'succeeded',
      });
    }
    return answerWith(tx, booking.id, actor, now);
  });
}

/**
 * Brings a booking along with its payments (the payment records call this in its transaction with
 * the status its payments add up to): its payment status, and — once a charge has gone through —
 * pending → confirmed, the state machine's system `pay` ("Your booking has been confirmed!",
 * docs/product/booking-and-payments.md). A step of the payment records' own transaction, on the payment
 * provider's word. Confirming it e-mails the customer and the cleaner, linking to `site` (decision 072).
 */
export async function syncBookingWithPayments(
  tx: Tx,
  bookingId: number,
  payment: { status: BookingRow['paymentStatus']; charged: boolean },
  now: Date,
  site: string,
): Promise<void> {
  const booking = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).get();
  if (!booking) return;
  const paymentStatus = payment.status;
  const confirm = payment.charged && transition(booking, 'pay', PAYMENT_PROVIDER, now).ok;
  if (paymentStatus === booking.paymentStatus && !confirm) return;
  const [updated] = await tx
    .update(bookings)
    .set({ paymentStatus, ...(confirm ? { status: 'confirmed' as const } : {}), updatedAt: now })
    .where(eq(bookings.id, bookingId))
    .returning();
  if (!confirm || !updated) return;
  await recordHistory(tx, now, {
    bookingId,
    fromStatus: 'pending',
    toStatus: 'confirmed',
    actorUserId: null,
    actorRole: 'system',
    note: 'Payment succeeded',
  });
  await notifyBookingConfirmed(tx, now, updated, { site, by: 'payment', paid: true });
}

const PAYMENT_PROVIDER: Actor = { kind: 'system', name: 'payments' };

/**
 * An unpaid booking holds the cleaner's time only this long after it is made: long enough to pay at
 * checkout, short enough that an abandoned checkout does not block the slot (decision 021).
 */
export const UNPAID_BOOKING_TTL_MS = 30 * 60_000;
/** Bookings handled per run; the next run takes the rest. */
const BATCH = 200;
/**
 * Payment states that mean nothing is on its way: no intent yet, an intent the customer never paid
 * (an abandoned checkout), or a declined card. A card in flight (`processing`) waits for the
 * provider's answer; a payment that lands after expiry is refunded by the reconcile job.
 */
const EXPIRABLE_PAYMENT = ['unpaid', 'pending', 'failed'] as const;

/**
 * Cancels pending bookings still unpaid (or failed) `ttlMs` after they were made, as the system,
 * with history, in one transaction that re-reads each row. It e-mails nobody: nobody was told of
 * the hold (decision 072). Bookings whose payment is processing are left to the payment provider's
 * answer.
 */
export async function expireUnpaidBookings(
  deps: BookingDeps,
  actor: Actor,
  options: { ttlMs?: number } = {},
): Promise<{ expired: number[] }> {
  requireSystem(actor);
  const now = deps.clock.now();
  const cutoff = new Date(now.getTime() - (options.ttlMs ?? UNPAID_BOOKING_TTL_MS));
  const stale = and(
    eq(bookings.status, 'pending'),
    inArray(bookings.paymentStatus, EXPIRABLE_PAYMENT),
    lte(bookings.createdAt, cutoff),
  );
  const expired = await deps.database.write(async (tx) =>
    expireWhere(tx, stale, bookings.id, actor, now, { reason: 'Not paid in time', note: 'expired: not paid in time' }),
  );
  return { expired: expired.map((b) => b.id) };
}

/**
 * A later visit of a recurring series still unpaid `deadlineMs` before its start — its saved card
 * was declined, or none was saved, and the customer did not pay — is cancelled without fee
 * (decision 088): its cleaner's time is freed and both are told. Only that visit: the series goes on.
 */
export async function cancelUnpaidVisits(
  deps: BookingDeps,
  actor: Actor,
  deadlineMs: number,
): Promise<{ cancelled: number[] }> {
  requireSystem(actor);
  const now = deps.clock.now();
  const due = and(
    eq(bookings.status, 'confirmed'),
    isNotNull(bookings.seriesId),
    inArray(bookings.paymentStatus, ['unpaid', 'pending', 'failed']),
    lte(bookings.startsAt, new Date(now.getTime() + deadlineMs)),
  );
  const cancelled = await deps.database.write(async (tx) => {
    const done = await expireWhere(tx, due, bookings.startsAt, actor, now, {
      reason: 'Not paid in time: the card could not be charged',
      note: 'series visit not paid by its deadline',
    });
    for (const updated of done) {
      await notifyBookingCancelled(tx, now, updated, {
        site: siteOf(deps),
        was: 'confirmed',
        by: 'unpaid',
        feeCents: 0,
        refundCents: 0,
      });
    }
    return done.map((b) => b.id);
  });
  return { cancelled };
}

/**
 * Cancels, as expired and without fee, each booking `where` still selects (up to a batch, in
 * `order`): its slots released, its history and the partner's event recorded. Answers those cancelled.
 */
async function expireWhere(
  tx: Tx,
  where: SQL | undefined,
  order: SQLiteColumn,
  actor: Actor,
  now: Date,
  words: { reason: string; note: string },
): Promise<BookingRow[]> {
  const rows = await tx.select().from(bookings).where(where).orderBy(order).limit(BATCH);
  const done: BookingRow[] = [];
  for (const booking of rows) {
    if (!transition(booking, 'expire', actor, now).ok) continue;
    const [updated] = await tx
      .update(bookings)
      .set({
        status: 'cancelled',
        cancelledAt: now,
        cancelReason: words.reason,
        cancellationKind: 'expired',
        cancellationFeeCents: 0,
        updatedAt: now,
      })
      .where(and(eq(bookings.id, booking.id), where))
      .returning();
    if (!updated) continue;
    await releaseSlotsOf(tx, booking.id, now);
    await recordHistory(tx, now, {
      bookingId: booking.id,
      fromStatus: booking.status,
      toStatus: 'cancelled',
      actorUserId: null,
      actorRole: 'system',
      note: words.note,
    });
    await queuePartnerBookingEvent(tx, { bookingId: booking.id, type: 'booking.cancelled', now });
    done.push(updated);
  }
  return done;
}

/** Reminders go out this long before the start. */
export const REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;
const REMINDER_BATCH = 500;

/**
 * Queues a reminder to the customer and the cleaner of every confirmed booking starting within the
 * next 24 hours that has not had one, and marks it (`reminderSentAt`) in the same transaction. The
 * dedupe key names the start instant, so a booking moved later gets a reminder for its new time
 * and a retried run never queues one twice.
 */
export async function queueBookingReminders(deps: BookingDeps, actor: Actor): Promise<{ reminded: number[] }> {
  requireSystem(actor);
  const now = deps.clock.now();
  const due = and(
    eq(bookings.status, 'confirmed'),
    isNull(bookings.reminderSentAt),
    gt(bookings.startsAt, now),
    lte(bookings.startsAt, new Date(now.getTime() + REMINDER_LEAD_MS)),
  );
  const reminded = await deps.database.write(async (tx) => {
    const rows = await tx.select().from(bookings).where(due).orderBy(bookings.startsAt).limit(REMINDER_BATCH);
    for (const booking of rows) {
      const parties = await partiesOf(tx, booking);
      // A guest has no My Bookings until their link joins the booking to an account: a fresh link.
      const guestLink = await guestLinkFor(tx, now, siteOf(deps), booking);
      for (const who of ['customer', 'cleaner'] as const) {
        const email = bookingReminderEmail(siteOf(deps), {
          to: who,
          firstName: parties[who].firstName,
          booking: factsOf(booking),
          otherName: who === 'customer' ? parties.cleaner.name : parties.customer.name,
          now,
          guestLink: who === 'customer' ? guestLink : undefined,
        });
        const dedupeKey = `booking_reminder:${booking.id}:${booking.startsAt.getTime()}:${who}`;
        await queueBookingEmail(tx, now, 'booking_reminder', booking, who, parties[who], email, dedupeKey);
      }
      await tx.update(bookings).set({ reminderSentAt: now }).where(eq(bookings.id, booking.id));
    }
    return rows.map((b) => b.id);
  });
  return { reminded };
}
