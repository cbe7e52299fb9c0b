/**
 * The statuses of the contract, once: the schemas' enums are built from these lists, and clients
 * build their filters and badges from them, so a new status reaches every list by itself.
 */

/** A booking's life (docs/product/booking-and-payments.md). */
export const BOOKING_STATUSES = ['pending', 'confirmed', 'in_progress', 'completed', 'cancelled'] as const;
/**
 * Completed and cancelled bookings are history (docs/product/booking-and-payments.md); every other
 * status is active (still to happen or under way).
 */
export function isPastBooking(status: string): boolean {
  return status === 'completed' || status === 'cancelled';
}

/** What a customer reads on a booking its cleaner withdrew from, its e-mail and its refund (decision 071). */
export const CLEANER_WITHDREW = 'Your cleaner withdrew';

/** A booking's payment as the booking shows it (`unpaid` until a payment is started). */
export const BOOKING_PAYMENT_STATUSES = [
  'unpaid',
  'pending',
  'processing',
  'succeeded',
  'failed',
  'refunded',
  'disputed',
] as const;
/** A payment's statuses (docs/product/booking-and-payments.md). */
export const PAYMENT_STATUSES = ['pending', 'processing', 'succeeded', 'failed', 'refunded', 'disputed'] as const;
/** An application's statuses (docs/product/cleaners.md); pending and under_review are "open". */
export const APPLICATION_STATUSES = ['pending', 'under_review', 'approved', 'rejected'] as const;

/** A status as people read it: `in_progress` → "In Progress". */
export function statusText(status: string): string {
  return status
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
