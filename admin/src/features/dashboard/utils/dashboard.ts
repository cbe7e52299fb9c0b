import type { BookingPaymentStatus, BookingStatus } from '@spotless/sdk';
import { BOOKING_STATUSES, statusText as statusTitle } from '@spotless/sdk';

export type StatusFilter = 'all' | BookingStatus;

/** The status filter: every booking status of the contract, after "all". */
export const STATUS_FILTERS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All Statuses' },
  ...BOOKING_STATUSES.map((status) => ({ value: status, label: statusTitle(status) })),
];

/** The status text capitalised, underscores as spaces ('In progress'; docs/product/booking-and-payments.md). */
export function statusText(status: string): string {
  const text = status.replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

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

/** How a booking's payment reads on its card. */
export function paymentText(status: BookingPaymentStatus): string {
  switch (status) {
    case 'succeeded':
      return 'Paid';
    case 'unpaid':
      return 'Unpaid';
    case 'failed':
      return 'Payment failed';
    default:
      return statusText(status);
  }
}
