import type { Booking, BookingStatus } from '@spotless/sdk';
import { BOOKING_STATUSES, bookingStatusText, formatDollars } from '@spotless/sdk';
import { type BookingFact, bookingBadges } from '../../../entities/booking';

export type StatusFilter = 'all' | BookingStatus;

/** The status filter: every booking status of the contract, after "all", in the statuses' words. */
export const STATUS_FILTERS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All Statuses' },
  ...BOOKING_STATUSES.map((status) => ({ value: status, label: bookingStatusText(status) })),
];

/** The status badge colours (docs/product/booking-and-payments.md): green confirmed/completed, yellow pending, blue in progress, red cancelled, grey otherwise. */
export function statusTone(status: string): 'green' | 'yellow' | 'blue' | 'red' | 'grey' {
  switch (status) {
    case 'confirmed':
    case 'completed':
      return 'green';
    case 'pending':
      return 'yellow';
    case 'in_progress':
      return 'blue';
    case 'cancelled':
      return 'red';
    default:
      return 'grey';
  }
}

/** The booking paid for at checkout (`?booking={id}&payment=success`), whose confirmation the dashboard shows; else null. */
export function paidBookingParam(params: URLSearchParams): number | null {
  if (params.get('payment') !== 'success') return null;
  return linkedBookingParam(params);
}

/** The booking a link opens the dashboard on (`?booking={id}`, a calendar event's link, decision 083); else null. */
export function linkedBookingParam(params: URLSearchParams): number | null {
  const value = params.get('booking');
  if (value === null || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}

/**
 * What the Booking Details dialog lists, in order: the status in words, and for a cancelled booking
 * when and by whom, the fee kept and the refund with its state; the payment unless the status or
 * the refund says it already; then the booking itself.
 */
export function detailFacts(booking: Booking): BookingFact[] {
  const facts: BookingFact[] = ['number', 'state'];
  const cancelled = booking.status === 'cancelled';
  if (cancelled) facts.push('cancelled');
  if (!booking.refund && bookingBadges(booking).payment) facts.push('payment');
  if (cancelled && booking.cancellationFee !== null && Number(booking.cancellationFee) > 0) facts.push('fee');
  if (booking.refund) facts.push('refund');
  facts.push('service', 'cleaner', 'date', 'time', 'total', 'address', 'specialRequests');
  return facts;
}

/** A booking card's line about its refund: back on the card, on its way, or refused by the card's bank. */
export function refundLine(refund: NonNullable<Booking['refund']>): string {
  const amount = formatDollars(refund.amount);
  switch (refund.status) {
    case 'succeeded':
      return `${amount} refunded to your card.`;
    case 'pending':
      return `A refund of ${amount} is on its way to your card.`;
    default:
      return `The refund of ${amount} did not go through: see the booking's details.`;
  }
}
