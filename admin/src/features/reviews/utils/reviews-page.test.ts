import { describe, expect, it } from 'vitest';
import { positiveId, reviewedCleanerPath } from './reviews-page';

describe('the reviews page’s address', () => {
  it('reads a positive whole id, nothing else', () => {
    expect(positiveId('42')).toBe(42);
    expect(positiveId(null)).toBeNull();
    expect(positiveId('0')).toBeNull();
    expect(positiveId('-3')).toBeNull();
    expect(positiveId('4.5')).toBeNull();
    expect(positiveId('1e3')).toBeNull();
  });

  it('a sent review lands on the reviews of the cleaner it is about', () => {
    expect(reviewedCleanerPath({ cleanerId: 7 })).toBe('/reviews?cleanerId=7');
  });
});
