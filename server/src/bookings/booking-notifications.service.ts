import { serviceAreaWarning } from '@spotless/sdk/rules';
import { findCleaner } from '../cleaners/cleaners.queries';
import type { Tx } from '../db/client';
import type { BookingRow } from '../db/schema';
import {
  type BookingChange,
  type BookingFacts,
  bookingCancelledEmail,
  bookingChangedEmail,
  bookingConfirmedEmail,
  type CancelledBy,
  newBookingEmail,
} from '../notifications/booking-emails';
import { type Email, firstNameOf, nameOf, whenText } from '../notifications/email';
import { enqueueNotification } from '../notifications/outbox';
import { findPartner } from '../partners/partners.queries';
import { contactsOf } from './bookings.queries';
import { FREE_CANCELLATION_MS } from './cancellation';
import { newGuestLink } from './guest-access.service';
import { insertGuestLinks, retireGuestLinks } from './guest-tokens.queries';

/**
 * The booking e-mails, queued in the transaction of the change that causes them (decision 072;
 * their words are in notifications/booking-emails.ts). Nobody hears of a booking before it is
 * confirmed — paid, or accepted by its cleaner — so an unpaid hold, and its expiry, send nothing.
 * `site` is where the e-mails' links point: `siteOf(deps)` of the request that caused them.
 */

/** The outbox `type` of each booking e-mail (its `payload.recipient` says whose). */
export type BookingEvent = 'booking_confirmed' | 'booking_cancelled' | 'booking_updated' | 'booking_reminder';

/** A booking as its e-mails read it. */
export type NotifiedBooking = Pick<
  BookingRow,
  | 'id'
  | 'status'
  | 'customerId'
  | 'cleanerId'
  | 'startsAt'
  | 'timeZone'
  | 'address'
  | 'durationMinutes'
  | 'totalPriceCents'
  | 'hourlyRateCents'
  | 'platformFeeBps'
  | 'specialInstructions'
  | 'guestName'
  | 'guestEmail'
  | 'partnerId'
> &
  Partial<Pick<BookingRow, 'seriesId'>>;

/** A booking's date and time as people read it, in its own zone: "Saturday, November 28, 2026 at 10:00 AM CST". */
export function describeWhen(booking: Pick<BookingRow, 'startsAt' | 'timeZone'>): string {
  return whenText(booking.startsAt, booking.timeZone);
}

/** The last moment a booking can be cancelled for free, in its own time zone: its cancel action says it. */
export function freeCancellationUntil(booking: Pick<BookingRow, 'startsAt' | 'timeZone'>): string {
  return describeWhen({
    startsAt: new Date(booking.startsAt.getTime() - FREE_CANCELLATION_MS),
    timeZone: booking.timeZone,
  });
}

/** What the e-mail templates say about a booking. */
export const factsOf = (booking: NotifiedBooking): BookingFacts => ({
  id: booking.id,
  cleanerId: booking.cleanerId,
  startsAt: booking.startsAt,
  timeZone: booking.timeZone,
  address: booking.address,
  durationMinutes: booking.durationMinutes,
  totalPriceCents: booking.totalPriceCents,
  hourlyRateCents: booking.hourlyRateCents,
  platformFeeBps: booking.platformFeeBps,
  specialInstructions: booking.specialInstructions,
  seriesId: booking.seriesId ?? null,
});

/**
 * A booking's two parties as its e-mails address them: each one's address, first name (the
 * greeting) and full name (as the other reads it). A guest's are the booking's own.
 */
export async function partiesOf(tx: Tx, booking: NotifiedBooking) {
  const { customer, cleaner } = await contactsOf(tx, booking);
  const guestFirst = firstNameOf(booking.guestName);
  return {
    customer: {
      email: customer?.email ?? booking.guestEmail,
      userId: customer?.userId,
      firstName: customer ? customer.firstName : guestFirst,
      name: customer ? nameOf(customer, 'Your customer') : booking.guestName?.trim() || 'Your customer',
    },
    cleaner: {
      email: cleaner?.email ?? null,
      userId: cleaner?.userId,
      firstName: cleaner?.firstName ?? null,
      name: nameOf(cleaner, 'your cleaner'),
    },
  };
}

export type Parties = Awaited<ReturnType<typeof partiesOf>>;

/**
 * One booking e-mail into the outbox, to a party with an address. The dedupe key names the moment
 * unless given, so a second change of the same kind is still sent.
 */
export async function queueBookingEmail(
  tx: Tx,
  now: Date,
  event: BookingEvent,
  booking: NotifiedBooking,
  who: 'customer' | 'cleaner',
  to: Parties['customer'] | Parties['cleaner'],
  email: Email,
  dedupeKey = `${event}:${booking.id}:${who}:${now.getTime()}`,
) {
  if (!to.email) return;
  await enqueueNotification(tx, now, {
    type: event,
    recipientEmail: to.email,
    recipientUserId: to.userId,
    ...email,
    payload: { bookingId: booking.id, status: booking.status, recipient: who },
    dedupeKey,
  });
}

/**
 * A guest booking's manage link (decision 049), new with its confirmation e-mail: stored (its
 * SHA-256) in the caller's transaction, any earlier unused one ended.
 */
/** A guest's booking (no account yet): a fresh manage link for the e-mail about to go, else none. */
export async function guestLinkFor(tx: Tx, now: Date, site: string, booking: NotifiedBooking) {
  if (booking.customerId !== null || !booking.guestEmail) return undefined;
  const made = newGuestLink(site, now, booking.guestEmail);
  await retireGuestLinks(tx, [booking.id], now);
  await insertGuestLinks(tx, [{ ...made.row, bookingId: booking.id }]);
  const partner = booking.partnerId === null ? undefined : await findPartner(tx, booking.partnerId);
  return { href: made.href, partnerName: partner?.name ?? null };
}

/**
 * A booking just confirmed: the customer's e-mail (a guest's with their manage link) and, when the
 * payment confirmed it, the cleaner's "new booking" (a cleaner who accepted it knows already).
 */
export async function notifyBookingConfirmed(
  tx: Tx,
  now: Date,
  booking: NotifiedBooking,
  options: { site: string; by: 'payment' | 'cleaner'; paid: boolean },
): Promise<void> {
  const parties = await partiesOf(tx, booking);
  // An address outside the cleaner's area is booked, with the warning the booking page showed.
  const cleaner = await findCleaner(tx, booking.cleanerId);
  const areaNote = cleaner
    ? serviceAreaWarning(booking.address, { ...cleaner, firstName: parties.cleaner.firstName })
    : null;
  const facts = { ...factsOf(booking), areaNote };
  const guestLink = await guestLinkFor(tx, now, options.site, booking);
  await queueBookingEmail(
    tx,
    now,
    'booking_confirmed',
    booking,
    'customer',
    parties.customer,
    bookingConfirmedEmail(options.site, {
      firstName: parties.customer.firstName,
      booking: facts,
      cleanerName: parties.cleaner.name,
      paid: options.paid,
      guestLink,
      now,
    }),
  );
  if (options.by !== 'payment') return;
  await queueBookingEmail(
    tx,
    now,
    'booking_confirmed',
    booking,
    'cleaner',
    parties.cleaner,
    newBookingEmail(options.site, {
      firstName: parties.cleaner.firstName,
      booking: facts,
      customerName: parties.customer.name,
    }),
  );
}

/**
 * A booking just cancelled by its customer or an administrator: both parties hear, with the fee
 * kept and the refund due — but only of a booking they had heard of (`was` confirmed). A hold
 * cancelled before it was confirmed, like one that expires, sends nothing.
 */
export async function notifyBookingCancelled(
  tx: Tx,
  now: Date,
  booking: NotifiedBooking,
  options: { site: string; was: BookingRow['status']; by: CancelledBy; feeCents: number; refundCents: number },
): Promise<void> {
  if (options.was !== 'confirmed') return;
  const parties = await partiesOf(tx, booking);
  const common = { booking: factsOf(booking), by: options.by, feeCents: options.feeCents };
  const email = (to: 'customer' | 'cleaner') =>
    bookingCancelledEmail(options.site, {
      ...common,
      to,
      firstName: parties[to].firstName,
      otherName: to === 'customer' ? parties.cleaner.name : parties.customer.name,
      refundCents: options.refundCents,
    });
  await queueBookingEmail(tx, now, 'booking_cancelled', booking, 'customer', parties.customer, email('customer'));
  await queueBookingEmail(tx, now, 'booking_cancelled', booking, 'cleaner', parties.cleaner, email('cleaner'));
}

/** The customer changed a confirmed booking: its cleaner hears what changed. A pending one is nobody's news yet. */
export async function notifyBookingChanged(
  tx: Tx,
  now: Date,
  booking: NotifiedBooking,
  options: { site: string; change: BookingChange },
): Promise<void> {
  if (booking.status !== 'confirmed') return;
  const parties = await partiesOf(tx, booking);
  await queueBookingEmail(
    tx,
    now,
    'booking_updated',
    booking,
    'cleaner',
    parties.cleaner,
    bookingChangedEmail(options.site, {
      firstName: parties.cleaner.firstName,
      booking: factsOf(booking),
      customerName: parties.customer.name,
      change: options.change,
    }),
  );
}
