import { describe, expect, it } from 'vitest';
import { readFilters, writeFilters } from './listing-filters';

describe('readFilters', () => {
  it('defaults to every service, sorted by rating', () => {
    expect(readFilters(new URLSearchParams())).toEqual({ location: '', serviceType: 'all', sortBy: 'rating' });
  });

  it('reads location, serviceType and sortBy', () => {
    const params = new URLSearchParams('location=%20Austin%20&serviceType=deep&sortBy=price');
    expect(readFilters(params)).toEqual({ location: 'Austin', serviceType: 'deep', sortBy: 'price' });
  });

  it('accepts sort as an alias of sortBy', () => {
    expect(readFilters(new URLSearchParams('sort=experience')).sortBy).toBe('experience');
  });

  it('ignores unknown values', () => {
    const params = new URLSearchParams('serviceType=windows&sortBy=distance');
    expect(readFilters(params)).toEqual({ location: '', serviceType: 'all', sortBy: 'rating' });
  });
});

describe('writeFilters', () => {
  it('omits defaults and empty values', () => {
    expect(writeFilters({ location: ' ', serviceType: 'all', sortBy: 'rating' }).toString()).toBe('');
  });

  it('round-trips chosen filters', () => {
    const filters = { location: 'San Diego', serviceType: 'moveout', sortBy: 'experience' } as const;
    expect(readFilters(writeFilters(filters))).toEqual(filters);
  });
});
