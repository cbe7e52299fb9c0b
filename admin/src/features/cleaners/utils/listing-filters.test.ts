import { SEARCH_LIMITS } from '@spotless/sdk';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTERS,
  type ListingFilters,
  readFilters,
  readPage,
  writeFilters,
  writeListing,
} from './listing-filters';

const read = (search: string) => readFilters(new URLSearchParams(search));

describe('readFilters', () => {
  it('defaults to every service, sorted by rating, with no search filter', () => {
    expect(read('')).toEqual({
      location: '',
      serviceType: 'all',
      sortBy: 'rating',
      query: '',
      state: '',
      maxPrice: null,
      minRating: null,
      isVerified: false,
      isInsured: false,
      isBonded: false,
    });
  });

  it('reads location, serviceType and sortBy', () => {
    expect(read('location=%20Austin%20&serviceType=deep&sortBy=price')).toEqual({
      ...DEFAULT_FILTERS,
      location: 'Austin',
      serviceType: 'deep',
      sortBy: 'price',
    });
  });

  it('accepts sort as an alias of sortBy', () => {
    expect(read('sort=experience').sortBy).toBe('experience');
  });

  it('accepts city as an alias of location (the search takes either); location wins', () => {
    expect(read('city=Denver').location).toBe('Denver');
    expect(read('city=Denver&location=Austin').location).toBe('Austin');
  });

  it('ignores unknown values', () => {
    expect(read('serviceType=windows&sortBy=distance')).toEqual(DEFAULT_FILTERS);
  });

  it('reads the search filters an assistant link carries', () => {
    expect(
      read('location=Denver&serviceType=deep&maxPrice=40&isInsured=true&minRating=4.5&query=%20pet%20&state=CO'),
    ).toEqual({
      ...DEFAULT_FILTERS,
      location: 'Denver',
      serviceType: 'deep',
      query: 'pet',
      state: 'CO',
      maxPrice: 40,
      minRating: 4.5,
      isInsured: true,
    });
    expect(read('isVerified=true&isBonded=true')).toMatchObject({ isVerified: true, isBonded: true });
  });

  it('takes any price the API accepts: above 0, up to 1000', () => {
    expect(read('maxPrice=37.5').maxPrice).toBe(37.5);
    expect(read('maxPrice=1000').maxPrice).toBe(1000);
    expect(read('maxPrice=5').maxPrice).toBe(5);
    for (const bad of ['0', '-5', '1000.5', '1e2', 'abc', '', '40$', ' ']) {
      expect(read(`maxPrice=${encodeURIComponent(bad)}`).maxPrice, bad).toBeNull();
    }
  });

  it('takes a minimum rating above 0 up to 5, and drops 0 (it filters nothing)', () => {
    expect(read('minRating=5').minRating).toBe(5);
    expect(read('minRating=3.5').minRating).toBe(3.5);
    for (const bad of ['0', '5.5', '-1', 'four', '']) {
      expect(read(`minRating=${encodeURIComponent(bad)}`).minRating, bad).toBeNull();
    }
  });

  it("counts a flag only when it is exactly 'true'", () => {
    for (const value of ['1', 'yes', 'TRUE', 'false', '']) {
      expect(read(`isInsured=${value}&isVerified=${value}&isBonded=${value}`), value).toMatchObject({
        isInsured: false,
        isVerified: false,
        isBonded: false,
      });
    }
  });

  it('ignores text longer than the API takes', () => {
    expect(read(`query=${'a'.repeat(201)}`).query).toBe('');
    expect(read(`query=${'a'.repeat(200)}`).query).toHaveLength(200);
    expect(read(`state=${'b'.repeat(51)}`).state).toBe('');
  });

  it('drops exactly what the API would refuse, by the SDK’s limits', () => {
    expect(read(`query=${'a'.repeat(SEARCH_LIMITS.query + 1)}`).query).toBe('');
    expect(read(`state=${'b'.repeat(SEARCH_LIMITS.state)}`).state).toHaveLength(SEARCH_LIMITS.state);
    expect(read(`maxPrice=${SEARCH_LIMITS.maxPrice}`).maxPrice).toBe(SEARCH_LIMITS.maxPrice);
    expect(read(`maxPrice=${SEARCH_LIMITS.maxPrice + 1}`).maxPrice).toBeNull();
    expect(read(`minRating=${SEARCH_LIMITS.minRating + 0.5}`).minRating).toBeNull();
  });
});

describe('writeFilters', () => {
  it('omits defaults and empty values', () => {
    expect(writeFilters({ ...DEFAULT_FILTERS, location: ' ', query: '  ', state: ' ' }).toString()).toBe('');
  });

  it('round-trips chosen filters', () => {
    const filters: ListingFilters = {
      ...DEFAULT_FILTERS,
      location: 'San Diego',
      serviceType: 'moveout',
      sortBy: 'experience',
    };
    expect(readFilters(writeFilters(filters))).toEqual(filters);
  });

  it('round-trips the search filters, so a change of location, service or sort keeps them', () => {
    const link = read('location=Denver&serviceType=deep&maxPrice=40&isInsured=true&minRating=4.5&query=pet&state=CO');
    const changed = { ...link, location: 'Austin', sortBy: 'price' as const };
    expect(writeFilters(changed).toString()).toBe(
      'query=pet&location=Austin&state=CO&serviceType=deep&minRating=4.5&maxPrice=40&isInsured=true&sortBy=price',
    );
    expect(readFilters(writeFilters(changed))).toEqual(changed);
  });

  it('writes the flags as true and leaves false ones out', () => {
    expect(writeFilters({ ...DEFAULT_FILTERS, isVerified: true, isBonded: true }).toString()).toBe(
      'isVerified=true&isBonded=true',
    );
  });
});

describe('the listing address', () => {
  const canonical = (search: string) => {
    const params = new URLSearchParams(search);
    return writeListing(readFilters(params), readPage(params)).toString();
  };

  it('keeps the page of results, past the first', () => {
    expect(readPage(new URLSearchParams('page=3'))).toBe(3);
    expect(canonical('location=Denver&page=3')).toBe('location=Denver&page=3');
    expect(canonical('page=1')).toBe('');
  });

  it('reads a page that is no page the API serves as the first', () => {
    for (const bad of ['0', '-2', '2.5', 'abc', '', '10001', '1e3']) {
      expect(readPage(new URLSearchParams(`page=${encodeURIComponent(bad)}`)), bad).toBe(1);
    }
    expect(readPage(new URLSearchParams('page=10000'))).toBe(10_000);
  });

  it('is what the page applies: values it ignores are not kept', () => {
    expect(canonical('maxPrice=abc')).toBe('');
    expect(canonical('minRating=9&sortBy=cheapest&serviceType=windows')).toBe('');
    expect(canonical('rating=9&utm_source=mail')).toBe('');
    expect(canonical('sort=price')).toBe('sortBy=price');
    expect(canonical('sort=rating')).toBe('');
    expect(canonical('city=Denver&maxPrice=40&page=2')).toBe('location=Denver&maxPrice=40&page=2');
  });

  it('leaves an address that holds only what is applied as it is', () => {
    for (const search of ['', 'location=Denver&serviceType=deep&sortBy=price&page=2', 'query=pet&maxPrice=37.5']) {
      expect(canonical(search), search).toBe(search);
    }
  });
});
