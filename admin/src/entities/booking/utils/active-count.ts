import type { BookingStats } from '@spotless/sdk';

/**
 * The customer's active bookings — neither completed nor cancelled, as the dashboard's Active
 * Bookings tab lists them — from their figures: the number on the drawer's My Bookings badge.
 */
export function activeBookingCount(stats: Pick<BookingStats, 'total' | 'completed' | 'cancelled'>): number {
  return Math.max(0, stats.total - stats.completed - stats.cancelled);
}
