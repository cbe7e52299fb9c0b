import type { BookingStatus } from '@spotless/sdk';
import { BOOKING_STATUSES, bookingStatusText } from '@spotless/sdk';

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
  const value = params.get('booking');
  if (value === null || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}
