import type { BookingPaymentStatus, BookingStatus } from '@spotless/sdk';
import { BOOKING_STATUSES, statusText as statusTitle } from '@spotless/sdk';

/** What the dashboard reads of a booking (spec 02 §3, customer view). */
export interface DashboardBooking {
  status: BookingStatus;
  cleaner: { user: { firstName: string; lastName: string } };
  service: { name: string };
}

export type StatusFilter = 'all' | BookingStatus;

/** The status filter: every booking status of the contract, after "all". */
export const STATUS_FILTERS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All Statuses' },
  ...BOOKING_STATUSES.map((status) => ({ value: status, label: statusTitle(status) })),
];

/** Spec 02 §4: completed and cancelled bookings are history; everything else is active. */
export function isHistory(status: BookingStatus): boolean {
  return status === 'completed' || status === 'cancelled';
}

/** Spec 02 §2: the search matches the cleaner's first or last name or the service name, ignoring case. */
export function matchesSearch(booking: DashboardBooking, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  const { firstName, lastName } = booking.cleaner.user;
  return [firstName, lastName, booking.service.name].some((text) => text.toLowerCase().includes(needle));
}

/** The Active Bookings tab: bookings that are neither completed nor cancelled, then the status filter and search. */
export function activeBookings<T extends DashboardBooking>(
  bookings: readonly T[],
  filter: StatusFilter,
  search: string,
): T[] {
  return bookings.filter(
    (b) => !isHistory(b.status) && (filter === 'all' || b.status === filter) && matchesSearch(b, search),
  );
}

/** The Booking History tab: completed or cancelled bookings. */
export function historyBookings<T extends DashboardBooking>(bookings: readonly T[]): T[] {
  return bookings.filter((b) => isHistory(b.status));
}

/** Spec 02 §4: the status text capitalised, underscores as spaces ('In progress'). */
export function statusText(status: string): string {
  const text = status.replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Spec 02 §4's badge colours: green confirmed/completed, yellow pending, blue in progress, red cancelled, grey otherwise. */
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
