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
/**
 * A booking's refund, as the booking shows it: on its way, back on the card, or refused by the
 * card's bank (a cancellation's refund that did not go through; decision 075).
 */
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
/** An application's statuses (docs/product/cleaners.md); pending and under_review are "open". */
export const APPLICATION_STATUSES = ['pending', 'under_review', 'approved', 'rejected'] as const;

/** A status as people read it: `in_progress` → "In Progress". */
export function statusText(status: string): string {
  return status
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/*
 * The words for statuses, once, for every screen that shows one (the dashboards' badges, the
 * payments page, the administrator's views, the toasts after a change): people read words, never
 * the contract's values (docs/product/booking-and-payments.md, "Statuses in words").
 */

type BookingStatusName = (typeof BOOKING_STATUSES)[number];
type PaymentStatusName = (typeof BOOKING_PAYMENT_STATUSES)[number];

const BOOKING_WORDS: Record<BookingStatusName, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  in_progress: 'In Progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** A booking's status in words: `in_progress` → "In Progress". */
export function bookingStatusText(status: BookingStatusName): string {
  return BOOKING_WORDS[status] ?? statusText(status);
}

const PAYMENT_WORDS: Record<PaymentStatusName, string> = {
  unpaid: 'Unpaid',
  pending: 'Pending',
  processing: 'Processing',
  succeeded: 'Paid',
  failed: 'Payment failed',
  refunded: 'Refunded',
  disputed: 'Disputed',
};

/**
 * Payment states of a booking that was never paid and has nothing on its way: no payment started,
 * or one started and left (an abandoned checkout). A card in flight (`processing`) is still
 * answered by the provider, and a failed card says so.
 */
const NEVER_PAID = new Set<string>(['unpaid', 'pending']);

/**
 * A payment's status in words, as a booking's card and the payments page show it: `succeeded` →
 * "Paid". With the status of its booking: a booking cancelled before it was ever paid has no
 * payment waiting, so its payment reads "Cancelled", never "Pending" or "Unpaid".
 */
export function paymentStatusText(status: PaymentStatusName, bookingStatus?: BookingStatusName): string {
  if (bookingStatus === 'cancelled' && NEVER_PAID.has(status)) return BOOKING_WORDS.cancelled;
  // A checkout started and left on a booking already confirmed is unpaid: "Confirmed · Pending"
  // read as a contradiction beside "Confirmed · Unpaid".
  if (status === 'pending' && bookingStatus !== undefined && bookingStatus !== 'pending') return PAYMENT_WORDS.unpaid;
  return PAYMENT_WORDS[status] ?? statusText(status);
}

const JOB_CHANGE_WORDS: Record<string, string> = {
  accept: 'Booking accepted',
  decline: 'Booking declined',
  start: 'Job started',
  complete: 'Job completed',
};

/**
 * What a cleaner's action on a job did, in words, by the action's name: the toast after Accept,
 * Decline, Start Job or Mark Complete ("Job completed", never "Mark Complete done"); else the
 * status the job now has ("Booking cancelled").
 */
export function jobChangeText(action: string, status: BookingStatusName): string {
  return JOB_CHANGE_WORDS[action] ?? `Booking ${bookingStatusText(status).toLowerCase()}`;
}

const REFUND_WORDS: Record<(typeof REFUND_STATUSES)[number], string> = {
  pending: 'On its way',
  succeeded: 'Refunded',
  failed: 'Did not go through',
};

/** A booking's refund in words: `failed` → "Did not go through". */
export function refundStatusText(status: (typeof REFUND_STATUSES)[number]): string {
  return REFUND_WORDS[status] ?? statusText(status);
}
