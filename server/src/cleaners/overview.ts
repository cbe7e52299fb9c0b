import { centsToDollars } from '@spotless/sdk/rules';
import type { CleanerOverview } from '@spotless/sdk/schemas';
import type { Data } from '../contract/hypermedia';

/**
 * The cleaner dashboard's figures from their rows (decision 039): a pure function, so each figure's
 * definition is tested on its own.
 */

/**
 * Of the jobs the cleaner accepted and that have ended, the share they completed: completed ÷
 * (completed + accepted jobs the cleaner then cancelled), whole percent; null before any ended.
 * Declining an unpaid request and a customer's cancellation are not counted against them.
 */
export function completionRate(completed: number, droppedAfterAccepting: number): number | null {
  const ended = completed + droppedAfterAccepting;
  return ended === 0 ? null : Math.round((100 * completed) / ended);
}

export function overviewOf(
  cleanerId: number,
  figures: {
    totalBookings: number;
    completedBookings: number;
    cancelledBookings: number;
    upcomingBookings: number;
    cancelledByCleanerAfterAccepting: number;
    earningsCents: number;
    upcomingEarningsCents: number;
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
    upcomingEarnings: centsToDollars(figures.upcomingEarningsCents),
    cancelledByCleanerAfterAccepting: figures.cancelledByCleanerAfterAccepting,
    averageRating: figures.rating === null ? null : Math.round(figures.rating * 100) / 100,
    reviewCount: figures.reviewCount,
    completionRate: completionRate(figures.completedBookings, figures.cancelledByCleanerAfterAccepting),
  };
}
