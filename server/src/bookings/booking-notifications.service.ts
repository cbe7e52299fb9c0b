import { centsToDollars, FREE_CANCELLATION_HOURS } from '@spotless/sdk/rules';
import type { Tx } from '../db/client';
import type { BookingRow } from '../db/schema';
import { toLocal } from '../lib/time';
import { enqueueNotification, type NotificationInput } from '../notifications/outbox';
import { contactsOf } from './bookings.queries';
import { FREE_CANCELLATION_MS } from './cancellation';

export type BookingEvent = 'booking_created' | 'booking_confirmed' | 'booking_cancelled' | 'booking_updated';

const SUBJECTS: Record<BookingEvent, { customer: string; cleaner: string }> = {
  booking_created: { customer: 'Your booking request #{id} was received', cleaner: 'New booking request #{id}' },
  booking_confirmed: { customer: 'Booking #{id} is confirmed', cleaner: 'You accepted booking #{id}' },
  booking_cancelled: { customer: 'Booking #{id} was cancelled', cleaner: 'Booking #{id} was cancelled' },
  booking_updated: { customer: 'Booking #{id} was changed', cleaner: 'Booking #{id} was rescheduled' },
};

/** Who hears about each event (created, confirmed, cancelled go to the outbox; docs/product/booking-and-payments.md). */
const RECIPIENTS: Record<BookingEvent, Array<'customer' | 'cleaner'>> = {
  booking_created: ['customer', 'cleaner'],
  booking_confirmed: ['customer'],
  booking_cancelled: ['customer', 'cleaner'],
  booking_updated: ['cleaner'],
};

export function describeWhen(booking: Pick<BookingRow, 'startsAt' | 'timeZone'>): string {
  const local = toLocal(booking.startsAt, booking.timeZone);
  return `${local.date} at ${local.time} (${booking.timeZone})`;
}

/** The last moment a booking can be cancelled for free, in its own time zone: its e-mails and its cancel action say it. */
export function freeCancellationUntil(booking: Pick<BookingRow, 'startsAt' | 'timeZone'>): string {
  return describeWhen({
    startsAt: new Date(booking.startsAt.getTime() - FREE_CANCELLATION_MS),
    timeZone: booking.timeZone,
  });
}

/**
 * The event's notifications for a booking and its parties' contacts. `id` may be the text `{id}`
 * for a booking not yet written (its batch puts the id in: booking-batch.queries.ts). `note` goes
 * to every recipient; `customerNote` to the customer alone (a guest's sign-in link is theirs only).
 */
export function bookingNotifications(
  contacts: Awaited<ReturnType<typeof contactsOf>>,
  now: Date,
  event: BookingEvent,
  booking: Pick<
    BookingRow,
    'status' | 'startsAt' | 'timeZone' | 'address' | 'durationMinutes' | 'totalPriceCents' | 'guestEmail'
  > & { id: number | '{id}' },
  note?: string,
  customerNote?: string,
): NotificationInput[] {
  const { customer, cleaner } = contacts;
  const when = describeWhen(booking);
  const lines = [
    `When: ${when}`,
    `Where: ${booking.address}`,
    `Duration: ${booking.durationMinutes} minutes`,
    `Total: $${centsToDollars(booking.totalPriceCents)}`,
  ];
  if (note) lines.push(note);
  // The customer learns the cancellation terms with the booking, from the one rule.
  const customerLines =
    event === 'booking_created' || event === 'booking_confirmed'
      ? [
          `Free cancellation until ${freeCancellationUntil(booking)}, ${FREE_CANCELLATION_HOURS} hours before the start; later, the cleaner's fee of one hour at the booked rate is kept.`,
        ]
      : [];
  const out: NotificationInput[] = [];
  for (const who of RECIPIENTS[event]) {
    const to = who === 'customer' ? customer : cleaner;
    const email = to?.email ?? (who === 'customer' ? booking.guestEmail : null);
    if (!email) continue;
    out.push({
      type: event,
      recipientEmail: email,
      recipientUserId: to?.userId,
      subject: SUBJECTS[event][who].replace('{id}', String(booking.id)),
      body: [...lines, ...(who === 'customer' ? [...customerLines, ...(customerNote ? [customerNote] : [])] : [])].join(
        '\n',
      ),
      payload: { bookingId: booking.id, status: booking.status, recipient: who },
      dedupeKey: `${event}:${booking.id}:${who}:${now.getTime()}`,
    });
  }
  return out;
}

/**
 * Queues the event's notifications in the caller's transaction. The dedupe key includes the
 * moment, so a second change of the same kind (a second reschedule) is still sent.
 */
export async function notifyBookingEvent(tx: Tx, now: Date, event: BookingEvent, booking: BookingRow, note?: string) {
  const contacts = await contactsOf(tx, booking);
  for (const input of bookingNotifications(contacts, now, event, booking, note)) {
    await enqueueNotification(tx, now, input);
  }
}
