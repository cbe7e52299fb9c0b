import { describe, expect, it } from 'vitest';
import { reviewKeys } from './review-keys';

describe('reviewKeys', () => {
  it('nests every key under one root, so one invalidation reaches them all', () => {
    for (const key of [
      reviewKeys.platformSummary(),
      reviewKeys.cleanerList(3, 5),
      reviewKeys.cleanerSummary(3),
      reviewKeys.topCleaners(3),
      reviewKeys.completedBookings(5),
    ]) {
      expect(key[0]).toBe(reviewKeys.all[0]);
    }
  });

  it('keeps a cleaner’s list and summary under that cleaner', () => {
    expect(reviewKeys.cleanerList(3, 5).slice(0, 3)).toEqual([...reviewKeys.cleaner(3)]);
    expect(reviewKeys.cleanerSummary(3).slice(0, 3)).toEqual([...reviewKeys.cleaner(3)]);
    expect(reviewKeys.cleanerList(3, 5)).not.toEqual(reviewKeys.cleanerList(3, 10));
  });
});
