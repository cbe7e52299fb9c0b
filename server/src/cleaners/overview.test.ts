import { describe, expect, it } from 'vitest';
import { completionRate, overviewOf } from './overview';

describe('the cleaner overview figures', () => {
  it('completion rate: completed over accepted jobs that ended, whole percent, null before any ended', () => {
    expect(completionRate(0, 0)).toBeNull();
    expect(completionRate(3, 1)).toBe(75);
    expect(completionRate(2, 1)).toBe(67);
    expect(completionRate(0, 4)).toBe(0);
    expect(completionRate(5, 0)).toBe(100);
  });

  it('shows money in dollars and the rating to two decimals', () => {
    const overview = overviewOf(7, {
      totalBookings: 6,
      completedBookings: 3,
      cancelledBookings: 1,
      upcomingBookings: 2,
      cancelledByCleanerAfterAccepting: 1,
      earningsCents: 23_450,
      upcomingEarningsCents: 6_000,
      rating: 14 / 3,
      reviewCount: 3,
    });
    expect(overview).toEqual({
      cleanerId: 7,
      totalBookings: 6,
      completedBookings: 3,
      cancelledBookings: 1,
      upcomingBookings: 2,
      totalEarnings: '234.50',
      upcomingEarnings: '60.00',
      cancelledByCleanerAfterAccepting: 1,
      averageRating: 4.67,
      reviewCount: 3,
      completionRate: 75,
    });
    expect(
      overviewOf(7, { ...overview, earningsCents: 0, upcomingEarningsCents: 0, rating: null }).averageRating,
    ).toBeNull();
  });
});
