import { describe, expect, it } from 'vitest';
import { activeFilterLabels, DEFAULT_SEARCH_FILTERS, toSearchQuery } from './search-filters';

describe('toSearchQuery', () => {
  it('sends only the sort and page for the defaults', () => {
    expect(toSearchQuery(DEFAULT_SEARCH_FILTERS, 1)).toEqual({
      sortBy: 'rating',
      sortOrder: 'desc',
      page: 1,
      pageSize: 12,
    });
  });

  it('sends non-empty values, trimmed, and the radius only with a place', () => {
    const q = toSearchQuery(
      { ...DEFAULT_SEARCH_FILTERS, query: ' deep ', location: ' Austin ', radius: 10, minRating: 4, isBonded: true },
      2,
    );
    expect(q).toMatchObject({ query: 'deep', location: 'Austin', radius: 10, minRating: 4, isBonded: 'true', page: 2 });
    expect(toSearchQuery({ ...DEFAULT_SEARCH_FILTERS, radius: 10 }, 1)).not.toHaveProperty('radius');
  });

  it('prefers stored coordinates over the location text', () => {
    const q = toSearchQuery({ ...DEFAULT_SEARCH_FILTERS, location: 'x', latitude: 30, longitude: -97, radius: 5 }, 1);
    expect(q).toMatchObject({ latitude: 30, longitude: -97, radius: 5 });
    expect(q).not.toHaveProperty('location');
  });
});

describe('activeFilterLabels', () => {
  it('is empty for the defaults and lists each filter in force', () => {
    expect(activeFilterLabels(DEFAULT_SEARCH_FILTERS)).toEqual([]);
    expect(
      activeFilterLabels({ ...DEFAULT_SEARCH_FILTERS, location: 'Austin', radius: 10, maxPrice: 60, isVerified: true }),
    ).toEqual(['Location: Austin', 'Within 10 mi', 'Up to $60/hr', 'Verified']);
  });
});
