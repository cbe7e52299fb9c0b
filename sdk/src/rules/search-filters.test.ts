import { describe, expect, it } from 'vitest';
import { CleanerSearchQuery } from '../schemas/cleaners';
import { ServiceType } from '../schemas/common';
import {
  CLEANER_SORTS,
  CREDENTIAL_FLAGS,
  DEFAULT_RADIUS_MILES,
  LISTING_FILTER_KEYS,
  listingHref,
  readPositiveDecimal,
  SEARCH_LIMITS,
  SERVICE_TYPES,
  writeFilterParams,
} from './search-filters';

describe('writeFilterParams', () => {
  it('writes the listing’s filters in their order, whatever order they come in', () => {
    const params = writeFilterParams({
      sortBy: 'price',
      isBonded: true,
      maxPrice: 40,
      serviceType: 'deep',
      state: 'CO',
      location: 'Denver',
      query: 'pet',
      minRating: 4.5,
      page: 2,
    });
    expect(params.toString()).toBe(
      'query=pet&location=Denver&state=CO&serviceType=deep&minRating=4.5&maxPrice=40&isBonded=true&sortBy=price',
    );
  });

  it('leaves out what filters nothing: undefined, null, blank text, false and every service', () => {
    expect(
      writeFilterParams({
        query: '  ',
        location: '',
        city: null,
        state: undefined,
        serviceType: 'all',
        isVerified: false,
        isInsured: false,
        isBonded: false,
      }).toString(),
    ).toBe('');
  });

  it('trims text and keeps a 0 that is a value', () => {
    expect(
      writeFilterParams({ location: ' Austin ', latitude: 0 }, { keys: ['location', 'latitude'] }).toString(),
    ).toBe('location=Austin&latitude=0');
  });

  it('leaves out the defaults a caller names, and only those', () => {
    const defaults = { sortBy: 'rating', minRating: 0 };
    expect(writeFilterParams({ sortBy: 'rating', minRating: 0, maxPrice: 100 }, { defaults }).toString()).toBe(
      'maxPrice=100',
    );
    expect(writeFilterParams({ sortBy: 'rating' }).toString()).toBe('sortBy=rating');
  });
});

describe('listingHref', () => {
  it('links the listing with its own filters only, in their order, leaving out those that filter nothing', () => {
    expect(
      listingHref({
        redirect: 'https://evil.example',
        sortBy: 'rating',
        isInsured: true,
        isBonded: false,
        maxPrice: 40,
        serviceType: 'all',
        location: 'Denver',
        query: '',
        page: 2,
      }),
    ).toBe('/cleaners?location=Denver&maxPrice=40&isInsured=true&sortBy=rating');
    expect(listingHref({ serviceType: 'all', city: null })).toBe('/cleaners');
  });
});

describe('readPositiveDecimal', () => {
  it('takes a plain decimal over 0 and up to the maximum', () => {
    expect(readPositiveDecimal('37.5', SEARCH_LIMITS.maxPrice)).toBe(37.5);
    expect(readPositiveDecimal(' 40 ', SEARCH_LIMITS.maxPrice)).toBe(40);
    expect(readPositiveDecimal(String(SEARCH_LIMITS.maxPrice), SEARCH_LIMITS.maxPrice)).toBe(SEARCH_LIMITS.maxPrice);
  });

  it('reads anything else as no filter', () => {
    for (const bad of [
      null,
      undefined,
      '',
      ' ',
      '0',
      '-5',
      '1e2',
      'abc',
      '40$',
      String(SEARCH_LIMITS.maxPrice + 0.5),
    ]) {
      expect(readPositiveDecimal(bad, SEARCH_LIMITS.maxPrice), String(bad)).toBeNull();
    }
  });
});

describe('the API’s schema keeps the same filters', () => {
  const accepts = (query: Record<string, string>) => CleanerSearchQuery.safeParse(query).success;

  it('refuses text one character over each limit and accepts it at the limit', () => {
    const lengths = {
      query: SEARCH_LIMITS.query,
      location: SEARCH_LIMITS.location,
      city: SEARCH_LIMITS.location,
      state: SEARCH_LIMITS.state,
    };
    for (const [key, limit] of Object.entries(lengths)) {
      expect(accepts({ [key]: 'a'.repeat(limit) }), key).toBe(true);
      expect(accepts({ [key]: 'a'.repeat(limit + 1) }), key).toBe(false);
    }
  });

  it('takes the same numbers as the readers', () => {
    expect(accepts({ maxPrice: String(SEARCH_LIMITS.maxPrice) })).toBe(true);
    expect(accepts({ maxPrice: String(SEARCH_LIMITS.maxPrice + 0.01) })).toBe(false);
    expect(accepts({ maxPrice: '0' })).toBe(false);
    expect(accepts({ minRating: String(SEARCH_LIMITS.minRating) })).toBe(true);
    expect(accepts({ minRating: String(SEARCH_LIMITS.minRating + 0.5) })).toBe(false);
    expect(accepts({ latitude: '30', longitude: '-97', radius: String(SEARCH_LIMITS.radius.max) })).toBe(true);
    expect(accepts({ latitude: '30', longitude: '-97', radius: String(SEARCH_LIMITS.radius.max + 1) })).toBe(false);
    expect(accepts({ latitude: '30', longitude: '-97', radius: String(SEARCH_LIMITS.radius.min - 1) })).toBe(false);
    const radius = DEFAULT_RADIUS_MILES;
    expect(radius >= SEARCH_LIMITS.radius.min && radius <= SEARCH_LIMITS.radius.max).toBe(true);
  });

  it('names the same service types, sorts and flags, and a link carries only parameters it knows', () => {
    expect(ServiceType.options).toEqual([...SERVICE_TYPES]);
    for (const sort of CLEANER_SORTS) expect(accepts({ sortBy: sort }), sort).toBe(true);
    expect(accepts({ sortBy: 'name' })).toBe(false);
    for (const flag of CREDENTIAL_FLAGS) {
      expect(CleanerSearchQuery.parse({ [flag]: 'true' })).toMatchObject({ [flag]: true });
    }
    const known = Object.keys(CleanerSearchQuery.shape);
    for (const key of LISTING_FILTER_KEYS) expect(known, key).toContain(key);
  });
});
