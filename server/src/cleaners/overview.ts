import { centsToDollars } from '@spotless/sdk/rules';
import type { CleanerOverview } from '@spotless/sdk/schemas';
import type { Data } from '../lib/hypermedia';

/**
 * The cleaner dashboard's figures from their rows (decision 039): a pure function, so each figure's
 * definition is tested on its own.
 */

/** Completed ÷ ended (completed + cancelled) bookings, whole percent; null before any booking ended. */
export function completionRate(completed: number, cancelled: number): number | null {
  const ended = completed + cancelled;
  return ended === 0 ? null : Math.round((100 * completed) / ended);
}

export function overviewOf(
  cleanerId: number,
  figures: {
    totalBookings: number;
    completedBookings: number;
    cancelledBookings: number;
    upcomingBookings: number;
    earningsCents: number;
    rating: number | null;
    reviewCount: number;
  },
): Data<CleanerOverview> {
  return {
    cleanerId,
    totalBookings: figures.totalBookings,
    completedBookings: figures.completedBookings,
    cancelledBookings: figures.cancelledBookings,
    upcomingBookings: figures.upcomingBookings,
    totalEarnings: centsToDollars(figures.earningsCents),
    averageRating: figures.rating === null ? null : Math.round(figures.rating * 100) / 100,
    reviewCount: figures.reviewCount,
    completionRate: completionRate(figures.completedBookings, figures.cancelledBookings),
  };
}
