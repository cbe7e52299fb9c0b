import { centsToDollars, offersService } from '@spotless/sdk/rules';
import type { BookingWithdrawInput } from '@spotless/sdk/schemas';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { releaseSlotsOf } from '../availability/availability.queries';
import { freeMinutesFrom } from '../availability/slots';
import { findService } from '../catalog/catalog.queries';
import { findCleaner, incrementWithdrawnJobs } from '../cleaners/cleaners.queries';
import { type Actor, cleanerIdOf, forbidden, requirePersonOrAdmin, userIdOf } from '../contract/actor';
import { AppError } from '../contract/errors';
import type { Queryable } from '../db/client';
import { type BookingRow, bookings } from '../db/schema';
import type { Deps } from '../deps';
import { distanceMiles } from '../lib/geo';
import { toLocal } from '../lib/time';
import { firstNameOf, letter, link, nameOf, sentence, shortDayText, whenText } from '../notifications/email';
import { enqueueNotification } from '../notifications/outbox';
import { siteOf } from '../notifications/site';
import { queuePartnerBookingEvent } from '../partners/partner-webhooks.service';
import { answerWith, type BookingAnswer, loadForActor, refusal } from './booking-access.service';
import { transition } from './booking-state';
import { contactsOf, findBooking, recordHistory } from './bookings.queries';
import { NEARBY_MILES, nearbyCleaners, schedulesAt } from './withdrawal.queries';

/**
 * A cleaner's withdrawal from a confirmed job they cannot come to (decision 071): the booking is
 * cancelled as withdrawn, the withdrawal counts on the cleaner's record, the customer is e-mailed
 * the reason with up to three nearby cleaners free at the same time, and the whole payment goes
 * back through the provider at once. The cleaner is paid nothing.
 */

type WithdrawDeps = Pick<Deps, 'database' | 'clock' | 'config' | 'refunds' | 'requestUrl'>;

/** How many other cleaners the customer is offered, and how many nearby ones are looked at for them. */
export const ALTERNATIVES = 3;
const CANDIDATES = 40;

export interface Alternative {
  cleanerId: number;
  name: string;
  /** The hosted booking page for the same service, day and time (in that cleaner's zone). */
  /** The booking page with the same date and time chosen. */
  path: string;
}

/**
 * Up to `ALTERNATIVES` active cleaners near the booking's cleaner (within `NEARBY_MILES`), nearest
 * first, who offer its service and are free for its whole length at its start: the slot engine's
 * own rule (`freeMinutesFrom`), on their hours, time off and bookings.
 */
export async function alternativesFor(
  db: Queryable,
  booking: Pick<BookingRow, 'cleanerId' | 'serviceId' | 'startsAt' | 'endsAt' | 'durationMinutes'>,
  now: Date,
): Promise<Alternative[]> {
  const [origin, service] = await Promise.all([findCleaner(db, booking.cleanerId), findService(db, booking.serviceId)]);
  if (!origin || !service || booking.startsAt <= now) return [];
  const near = (await nearbyCleaners(db, origin, CANDIDATES)).filter(
    (c) => distanceMiles(origin, c) <= NEARBY_MILES && offersService(c, service),
  );
  const { hours, offs, busy } = await schedulesAt(
    db,
    near.map((c) => c.id),
    booking.startsAt,
    booking.endsAt,
  );
  const found: Alternative[] = [];
  for (const candidate of near) {
    const free = freeMinutesFrom({
      startsAt: booking.startsAt,
      timeZone: candidate.timeZone,
      weeklyHours: hours.filter((h) => h.cleanerId === candidate.id),
      timeOff: offs.filter((o) => o.cleanerId === candidate.id),
      busy: busy.filter((b) => b.cleanerId === candidate.id),
    });
    if (free < booking.durationMinutes) continue;
    const local = toLocal(booking.startsAt, candidate.timeZone);
    found.push({
      cleanerId: candidate.id,
      name: `${candidate.firstName ?? ''} ${candidate.lastName ?? ''}`.trim() || `Cleaner #${candidate.id}`,
      path: `/booking/${candidate.id}/${service.id}?date=${local.date}&time=${local.time}`,
    });
    if (found.length === ALTERNATIVES) break;
  }
  return found;
}

/** The customer's e-mail, as the other booking e-mails are written: the cleaner's reason, the refund, and who could come instead. */
function withdrawalEmail(
  booking: BookingRow,
  firstName: string | null | undefined,
  cleanerName: string,
  reason: string,
  alternatives: Alternative[],
  site: string,
) {
  const paid = booking.paymentStatus === 'succeeded';
  const when = whenText(booking.startsAt, booking.timeZone);
  return {
    subject: `Your cleaner can't come on ${shortDayText(booking.startsAt, booking.timeZone)}`,
    body: letter(firstName, [
      `Your cleaner, ${cleanerName}, has withdrawn from your cleaning on ${when} at ${booking.address}: they can't come after all.`,
      `They told us: ${sentence(reason)}`,
      paid
        ? `Your payment of $${centsToDollars(booking.totalPriceCents)} is refunded in full to your card; you'll see it within a few business days.`
        : 'Nothing was charged for it.',
      alternatives.length > 0
        ? [
            'These cleaners nearby are free at the same time; each link books them for it:',
            ...alternatives.map((a) => `${a.name}: ${link(site, a.path)}`),
          ].join('\n')
        : `No cleaner nearby is free at that time. Find another: ${link(site, '/cleaners')}`,
    ]),
  };
}

/**
 * `POST /api/bookings/{id}/withdraw`: the booking's cleaner withdraws from a confirmed job before
 * its start, with a reason. The other cleaners are found on a read first (they are a suggestion);
 * then one transaction re-reads the booking, cancels it as withdrawn, releases its slot marks,
 * records its history, counts the withdrawal on the cleaner and queues the customer's e-mail. The
 * refund follows at once through the provider (reserved first, so it moves exactly once: decision 034).
 */
export async function withdrawFromBooking(
  deps: WithdrawDeps,
  actor: Actor,
  id: number,
  input: z.output<typeof BookingWithdrawInput>,
): Promise<BookingAnswer> {
  requirePersonOrAdmin(actor);
  const now = deps.clock.now();
  const site = siteOf(deps);
  // Read first, for its cleaner only: the nearby cleaners are found outside the write lock.
  const seen = await findBooking(deps.database.db, id);
  const alternatives =
    seen && cleanerIdOf(actor) === seen.cleanerId ? await alternativesFor(deps.database.db, seen, now) : [];
  const withdrawn = await deps.database.write(async (tx) => {
    const { booking, relation } = await loadForActor(tx, id, actor);
    if (relation !== 'cleaner' || actor.kind === 'assistant') {
      throw forbidden('Forbidden: only the booking’s cleaner withdraws from it');
    }
    const allowed = transition(booking, 'withdraw', actor, now);
    if (!allowed.ok) throw refusal(allowed.error, booking, 'be withdrawn from');
    const [updated] = await tx
      .update(bookings)
      .set({
        status: 'cancelled',
        cancelledAt: now,
        cancelReason: input.reason,
        cancellationKind: 'withdrawn',
        cancellationFeeCents: 0,
        updatedAt: now,
      })
      .where(and(eq(bookings.id, booking.id), eq(bookings.status, booking.status)))
      .returning();
    if (!updated) throw new AppError(409, 'illegal_transition', 'This booking changed meanwhile: read it again');
    await releaseSlotsOf(tx, booking.id, now);
    await recordHistory(tx, now, {
      bookingId: booking.id,
      fromStatus: booking.status,
      toStatus: 'cancelled',
      actorUserId: userIdOf(actor),
      actorRole: 'cleaner',
      note: `withdrew: ${input.reason}`,
    });
    await incrementWithdrawnJobs(tx, booking.cleanerId, now);
    await queuePartnerBookingEvent(tx, { bookingId: booking.id, type: 'booking.cancelled', now });
    const { customer, cleaner } = await contactsOf(tx, booking);
    const email = customer?.email ?? booking.guestEmail;
    if (email) {
      await enqueueNotification(tx, now, {
        type: 'booking_withdrawn',
        recipientEmail: email,
        ...(customer ? { recipientUserId: customer.userId } : {}),
        ...withdrawalEmail(
          updated,
          customer?.firstName ?? firstNameOf(booking.guestName),
          nameOf(cleaner, 'your cleaner'),
          input.reason,
          alternatives,
          site,
        ),
        payload: { bookingId: booking.id, recipient: 'customer', alternatives: alternatives.map((a) => a.cleanerId) },
        dedupeKey: `booking_withdrawn:${booking.id}:customer`,
      });
    }
    return updated;
  });
  // Anything charged comes back in full now; a payment still in flight is refunded by the
  // reconciliation job once it lands, as after any cancellation.
  if (withdrawn.paymentStatus === 'succeeded' && deps.refunds) await deps.refunds.refundCancelledBooking(id);
  return answerWith(deps.database.db, id, actor, deps.clock.now());
}
