import { type Booking, type BookingStatus, bookingStatusText, paymentStatusText } from '@spotless/sdk';

/** The status in words, uppercased ('IN PROGRESS'; the checkout's summary: docs/product/booking-and-payments.md). */
export function statusLabel(status: BookingStatus): string {
  return bookingStatusText(status).toUpperCase();
}

/**
 * A booking card's badges, in the statuses' words (the SDK's one mapping), on every dashboard: its
 * status, then its payment — left out when it would only say the status again (a booking cancelled
 * before it was paid reads "Cancelled" once, never "Cancelled" beside "Pending").
 */
export function bookingBadges(
  booking: Pick<Booking, 'status' | 'paymentStatus'> & { refund?: Booking['refund']; series?: Booking['series'] },
): {
  status: string;
  payment: string | null;
} {
  const status = bookingStatusText(booking.status);
  // Paid, then part of it returned (a late cancellation's refund, a damage decision): not simply "Paid".
  const partly = booking.paymentStatus === 'succeeded' && Number(booking.refund?.amount ?? 0) > 0;
  const payment = partly
    ? 'Partly refunded'
    : (visitChargeText(booking) ?? paymentStatusText(booking.paymentStatus, booking.status));
  return { status, payment: payment === status ? null : payment };
}

/** Who cancelled a booking, as its customer reads it after the time: ", by you", ", not paid in time". */
const CANCELLED_BY: Record<NonNullable<Booking['cancellationKind']>, string> = {
  customer: ', by you',
  admin: ', by Spotless',
  expired: ', not paid in time',
  declined: ', declined by the cleaner',
  withdrawn: ', the cleaner withdrew',
};

/** The words after a cancellation's time saying who cancelled it; empty when not known. */
export function cancellationText(kind: Booking['cancellationKind']): string {
  return kind ? CANCELLED_BY[kind] : '';
}

/**
 * A regular cleaning's later visit not paid yet is not "Unpaid": its saved card is charged on a
 * date (decision 088). Null for any other booking.
 */
export function visitChargeText(booking: { series?: Booking['series'] }): string | null {
  const at = booking.series?.chargeAt;
  if (!at) return null;
  const day = new Date(at).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric' });
  return `Card will be charged ${day}`;
}
