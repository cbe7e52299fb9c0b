import { DAMAGE_REPORT_HOURS } from '@spotless/sdk/rules';
import type { Actor } from '../contract/actor';
import { type BookingParties, partyOf, transition } from './booking-state';
import { type CancellationTerms, cancellationTerms, RESCHEDULE_CLOSES_MS } from './cancellation';
import { chargeAtOf, SKIP_CLOSES_MS } from './visit-terms';

/**
 * What a viewer may do to a booking now: the hypermedia actions of a booking (decision 033). Each
 * answer comes from the same functions the services call before they write, so an action is
 * listed exactly when performing it would succeed.
 */

export type BookingCapability =
  | 'pay'
  | 'edit'
  | 'reschedule'
  | 'cancel'
  | 'accept'
  | 'decline'
  | 'start'
  | 'complete'
  | 'withdraw'
  | 'report_damage'
  | 'skip'
  | 'make_recurring';

export interface BookingFacts extends BookingParties {
  totalPriceCents: number;
  hourlyRateCents: number;
  /** The recurring series it is a visit of (decision 088). */
  seriesId?: number | null;
}

export interface BookingOffer {
  allowed: ReadonlySet<BookingCapability>;
  /** The terms of cancelling now, when `cancel` is allowed. */
  cancelTerms: CancellationTerms | null;
}

/** Payment statuses meaning the charge went through: nothing more to pay (payments use the same set). */
export const CHARGED_STATUSES: ReadonlySet<string> = new Set(['succeeded', 'refunded', 'disputed']);
const PAYABLE_STATES: ReadonlySet<string> = new Set(['pending', 'confirmed']);

export type PayRefusal = 'forbidden' | 'booking_not_payable' | 'already_paid' | 'charge_scheduled';

/** Whether this actor may pay for this booking now: only its customer (or its guest), only while it is open and unpaid. */
export function payRefusal(
  booking: Pick<BookingParties, 'id' | 'status' | 'paymentStatus' | 'customerId' | 'cleanerId' | 'startsAt'> & {
    seriesId?: number | null;
  },
  actor: Actor,
  now: Date,
): PayRefusal | null {
  // Its customer; or, while it belongs to no account, the guest token it was made with.
  const payer =
    actor.kind === 'guest'
      ? actor.bookingId === booking.id && booking.customerId === null
      : partyOf(booking, actor) === 'customer';
  if (!payer) return 'forbidden';
  if (!PAYABLE_STATES.has(booking.status)) return 'booking_not_payable';
  if (CHARGED_STATUSES.has(booking.paymentStatus)) return 'already_paid';
  // A regular cleaning's later visit is charged to its saved card; paid by hand only once that is due
  // (a declined card, or none saved: decision 088).
  const chargeAt = chargeAtOf({ seriesId: booking.seriesId ?? null, ...booking });
  if (chargeAt !== null && now < chargeAt) return 'charge_scheduled';
  return null;
}

/** Rescheduling closes `RESCHEDULE_CLOSES_HOURS` before the start (docs/product/booking-and-payments.md): later, only instructions and address change. */
export function rescheduleOpen(booking: Pick<BookingParties, 'startsAt'>, now: Date): boolean {
  return booking.startsAt.getTime() - now.getTime() >= RESCHEDULE_CLOSES_MS;
}

const CLEANER_ACTIONS = ['accept', 'decline', 'start', 'complete', 'withdraw'] as const;

/** What `actor` may do to `booking` now: each from the rule its write checks. */
export function bookingActionsFor(
  booking: BookingFacts,
  actor: Actor,
  now: Date,
  reported: string | null = null,
): BookingOffer {
  const allowed = new Set<BookingCapability>();
  // A guest token reads and pays its booking, nothing more.
  if (actor.kind === 'guest') {
    if (payRefusal(booking, actor, now) === null) allowed.add('pay');
    return { allowed, cancelTerms: null };
  }
  const party = partyOf(booking, actor);
  if (party === null) return { allowed, cancelTerms: null };
  if (payRefusal(booking, actor, now) === null) allowed.add('pay');
  if (transition(booking, 'edit', actor, now).ok) {
    allowed.add('edit');
    if (rescheduleOpen(booking, now)) allowed.add('reschedule');
  }
  let cancelTerms: CancellationTerms | null = null;
  if (transition(booking, 'cancel', actor, now).ok) {
    allowed.add('cancel');
    cancelTerms = cancellationTerms({
      startsAt: booking.startsAt,
      now,
      totalPriceCents: booking.totalPriceCents,
      hourlyRateCents: booking.hourlyRateCents,
      paid: booking.paymentStatus === 'succeeded',
      cancelledBy: party === 'admin' ? 'admin' : 'customer',
    });
  }
  if (party === 'cleaner') {
    for (const action of CLEANER_ACTIONS) if (transition(booking, action, actor, now).ok) allowed.add(action);
  }
  if (party === 'customer' && actor.kind !== 'assistant') {
    if (skipOpen(booking, now)) allowed.add('skip');
    if (makeRecurringOpen(booking, now)) allowed.add('make_recurring');
  }
  // One report a booking: once made, the booking shows its state instead.
  if (party === 'customer' && reported === null && damageReportOpen(booking, now)) allowed.add('report_damage');
  return { allowed, cancelTerms };
}

/**
 * Whether a visit of a series may be skipped now (decision 088): an open visit, `SKIP_CLOSES_MS`
 * or more before it — the free-cancellation window, so skipping never costs a fee.
 */
export function skipOpen(
  booking: Pick<BookingFacts, 'seriesId' | 'status' | 'startsAt'> & { customerId: number | null },
  now: Date,
): boolean {
  return (
    booking.seriesId != null &&
    (booking.status === 'pending' || booking.status === 'confirmed') &&
    booking.startsAt.getTime() - now.getTime() >= SKIP_CLOSES_MS
  );
}

/**
 * Whether a one-time booking may become the first visit of a series (decision 088): a signed-in
 * customer's own, not in a series, not started, cancelled or past.
 */
export function makeRecurringOpen(
  booking: Pick<BookingFacts, 'seriesId' | 'status' | 'startsAt' | 'customerId'>,
  now: Date,
): boolean {
  return (
    booking.seriesId == null &&
    booking.customerId !== null &&
    (booking.status === 'pending' || booking.status === 'confirmed') &&
    booking.startsAt.getTime() > now.getTime()
  );
}

/**
 * Whether a booking's customer may still report damage (decision 080): a completed job they paid
 * for, within `DAMAGE_REPORT_HOURS` of its end. (One report a booking: the service refuses a second.)
 */
export function damageReportOpen(
  booking: Pick<BookingParties, 'status' | 'endsAt' | 'paymentStatus'>,
  now: Date,
): boolean {
  return (
    booking.status === 'completed' &&
    CHARGED_STATUSES.has(booking.paymentStatus) &&
    now.getTime() <= booking.endsAt.getTime() + DAMAGE_REPORT_HOURS * 3_600_000
  );
}

/**
 * The states in which a booking goes in a calendar (decision 083): the job will happen, or is
 * happening. Its customer, its cleaner and administrators download it then (`links.calendar`), and
 * a cleaner's calendar feed lists it.
 */
export const CALENDAR_STATUSES = ['confirmed', 'in_progress'] as const;

export function inCalendar(status: string): boolean {
  return (CALENDAR_STATUSES as readonly string[]).includes(status);
}
