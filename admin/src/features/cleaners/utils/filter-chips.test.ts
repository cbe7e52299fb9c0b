import { describe, expect, it } from 'vitest';
import { filterChips, withoutFilter } from './filter-chips';
import { DEFAULT_FILTERS, readFilters, writeFilters } from './listing-filters';

const filters = (search: string) => readFilters(new URLSearchParams(search));

describe('filterChips', () => {
  it('shows no chip for the bar’s own filters', () => {
    expect(filterChips(filters('location=Denver&serviceType=deep&sortBy=price'))).toEqual([]);
  });

  it('labels each search filter', () => {
    const chips = filterChips(
      filters('query=pet&state=CO&maxPrice=40&minRating=4.5&isVerified=true&isInsured=true&isBonded=true'),
    );
    expect(chips.map((c) => c.label)).toEqual([
      'Keyword: pet',
      'State: CO',
      '$40/hr or less',
      '4.5★ and up',
      'Verified',
      'Insured',
      'Bonded',
    ]);
    expect(chips.map((c) => c.filter)).toEqual([
      'query',
      'state',
      'maxPrice',
      'minRating',
      'isVerified',
      'isInsured',
      'isBonded',
    ]);
  });

  it('writes cents only when the price has them', () => {
    expect(filterChips(filters('maxPrice=37.5'))[0]?.label).toBe('$37.50/hr or less');
    expect(filterChips(filters('minRating=4'))[0]?.label).toBe('4★ and up');
  });
});

describe('withoutFilter', () => {
  it('removes one filter and keeps the rest, the bar’s included', () => {
    const before = filters('location=Denver&serviceType=deep&maxPrice=40&isInsured=true&sortBy=price');
    const after = withoutFilter(before, 'maxPrice');
    expect(after).toEqual({ ...before, maxPrice: null });
    expect(writeFilters(after).toString()).toBe('location=Denver&serviceType=deep&isInsured=true&sortBy=price');
    expect(withoutFilter(withoutFilter(after, 'isInsured'), 'maxPrice')).toEqual({
      ...DEFAULT_FILTERS,
      location: 'Denver',
      serviceType: 'deep',
      sortBy: 'price',
    });
  });
});
