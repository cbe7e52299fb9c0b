import { describe, expect, it } from 'vitest';
import {
  activeFilterChips,
  DEFAULT_SEARCH_FILTERS,
  hasAdvancedFilters,
  readSearchParams,
  type SearchFilters,
  toSearchQuery,
  withoutSearchFilter,
  writeSearchParams,
} from './search-filters';

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

describe('activeFilterChips', () => {
  const labels = (f: SearchFilters) => activeFilterChips(f).map((chip) => chip.label);

  it('is empty for the defaults and lists each filter in force', () => {
    expect(activeFilterChips(DEFAULT_SEARCH_FILTERS)).toEqual([]);
    expect(
      labels({ ...DEFAULT_SEARCH_FILTERS, location: 'Austin', radius: 10, maxPrice: 60, isVerified: true }),
    ).toEqual(['Near Austin', 'Within 10 miles', '$60/hr or less', 'Verified']);
  });

  it('says each filter in words, never as its raw value', () => {
    expect(
      labels({ ...DEFAULT_SEARCH_FILTERS, serviceType: 'deep', zipCode: '787', minRating: 4.5, isBonded: true }),
    ).toEqual(['Deep Cleaning', 'ZIP code 787', '4.5★ and up', 'Bonded']);
    expect(labels({ ...DEFAULT_SEARCH_FILTERS, serviceType: 'moveout' })).toEqual(['Move-in/Out Cleaning']);
    expect(labels({ ...DEFAULT_SEARCH_FILTERS, latitude: 30.2, longitude: -97.7, location: 'x' })).toEqual([
      'Near your location',
    ]);
  });

  it('removes one chip’s filter and keeps the others; a place takes its coordinates with it', () => {
    const f: SearchFilters = {
      ...DEFAULT_SEARCH_FILTERS,
      serviceType: 'deep',
      latitude: 30.2,
      longitude: -97.7,
      location: 'Current location',
      radius: 10,
      maxPrice: 60,
    };
    expect(withoutSearchFilter(f, 'serviceType')).toEqual({ ...f, serviceType: '' });
    expect(withoutSearchFilter(f, 'maxPrice')).toEqual({ ...f, maxPrice: 100 });
    const placeless = withoutSearchFilter(f, 'place');
    expect(placeless).toMatchObject({ location: '', latitude: null, longitude: null, serviceType: 'deep' });
    // Without a place the radius filters nothing, so its chip goes too.
    expect(labels(placeless)).toEqual(['Deep Cleaning', '$60/hr or less']);
  });
});

describe('the address-bar form of a search', () => {
  const everything: SearchFilters = {
    query: 'deep',
    serviceType: 'moveout',
    location: 'Austin',
    latitude: null,
    longitude: null,
    radius: 30,
    state: 'TX',
    zipCode: '78701',
    minRating: 4.5,
    maxPrice: 60,
    isVerified: true,
    isInsured: true,
    isBonded: true,
    sortBy: 'price',
    sortOrder: 'asc',
  };

  it('is nothing before a search, and the sort alone for a search with the defaults', () => {
    expect(readSearchParams(new URLSearchParams())).toBeNull();
    expect(readSearchParams(new URLSearchParams('utm_source=mail'))).toBeNull();
    const params = writeSearchParams(DEFAULT_SEARCH_FILTERS);
    expect(params.toString()).toBe('sortBy=rating&sortOrder=desc');
    expect(readSearchParams(params)).toEqual({ filters: DEFAULT_SEARCH_FILTERS, page: 1 });
  });

  it('round-trips every filter and the page, under the API’s names', () => {
    const params = writeSearchParams(everything, 3);
    expect(params.toString()).toBe(
      'query=deep&serviceType=moveout&location=Austin&radius=30&state=TX&zipCode=78701&minRating=4.5&maxPrice=60' +
        '&isVerified=true&isInsured=true&isBonded=true&sortBy=price&sortOrder=asc&page=3',
    );
    expect(readSearchParams(new URLSearchParams(params.toString()))).toEqual({ filters: everything, page: 3 });
  });

  it('keeps the browser’s position as coordinates', () => {
    const located = { ...DEFAULT_SEARCH_FILTERS, location: 'Current location', latitude: 30.27, longitude: -97.74 };
    const params = writeSearchParams(located);
    expect(params.get('location')).toBeNull();
    expect(readSearchParams(params)?.filters).toEqual(located);
  });

  it('falls back to the defaults for values the form could not have sent', () => {
    const read = readSearchParams(
      new URLSearchParams(
        'serviceType=pool&radius=500&minRating=4.3&maxPrice=abc&sortBy=name&sortOrder=up&isBonded=yes&latitude=95&longitude=1&page=-2',
      ),
    );
    expect(read).toEqual({
      filters: { ...DEFAULT_SEARCH_FILTERS, radius: 100, minRating: 4.5 },
      page: 1,
    });
  });

  it('says when the Advanced Filters panel holds a value', () => {
    expect(hasAdvancedFilters(DEFAULT_SEARCH_FILTERS)).toBe(false);
    expect(hasAdvancedFilters({ ...DEFAULT_SEARCH_FILTERS, query: 'x', location: 'Austin' })).toBe(false);
    expect(hasAdvancedFilters({ ...DEFAULT_SEARCH_FILTERS, minRating: 4 })).toBe(true);
  });
});
