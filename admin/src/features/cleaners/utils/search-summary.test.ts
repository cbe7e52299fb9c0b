import { describe, expect, it } from 'vitest';
import { readFilters } from './listing-filters';
import { searchSummary } from './search-summary';

const summary = (search: string) => searchSummary(readFilters(new URLSearchParams(search)));

describe('searchSummary', () => {
  it('says what the search is in words when nothing is chosen', () => {
    expect(summary('')).toEqual({ what: 'Anywhere · All services', how: 'Highest rated' });
  });

  it('names the place, the service and the order chosen', () => {
    expect(summary('location=Denver&serviceType=deep&sortBy=price')).toEqual({
      what: 'Denver · Deep cleaning',
      how: 'Lowest price',
    });
  });

  it('counts the filters the chips hold', () => {
    expect(summary('maxPrice=40').how).toBe('Highest rated · 1 more filter');
    expect(summary('maxPrice=40&isInsured=true&query=pet').how).toBe('Highest rated · 3 more filters');
  });
});
