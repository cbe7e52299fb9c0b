import type { ServiceType } from '@spotless/sdk';

export type ListingServiceType = ServiceType | 'all';
export type ListingSort = 'rating' | 'price' | 'experience';

export interface ListingFilters {
  location: string;
  serviceType: ListingServiceType;
  sortBy: ListingSort;
  /*
   * The search filters a link may add (the assistant writes `/cleaners?maxPrice=40&isInsured=true`):
   * the bar has no control for them, so they show as removable chips.
   */
  /** Keyword matched against names, bio, services and areas; empty for none. */
  query: string;
  /** A state, as the API matches it (e.g. 'CO'); empty for none. */
  state: string;
  /** Highest hourly rate in dollars; null for none. */
  maxPrice: number | null;
  /** Lowest rating, above 0 and at most 5; null for none. */
  minRating: number | null;
  isVerified: boolean;
  isInsured: boolean;
  isBonded: boolean;
}

export const SERVICE_TYPE_OPTIONS: readonly { value: ListingServiceType; label: string }[] = [
  { value: 'all', label: 'All services' },
  { value: 'residential', label: 'House cleaning' },
  { value: 'commercial', label: 'Office cleaning' },
  { value: 'deep', label: 'Deep cleaning' },
  { value: 'moveout', label: 'Move-in/out cleaning' },
];

/** Rating (best first, the default), price (cheapest first), experience (most jobs first): docs/product/discovery.md. */
export const SORT_OPTIONS: readonly { value: ListingSort; label: string }[] = [
  { value: 'rating', label: 'Highest rated' },
  { value: 'price', label: 'Lowest price' },
  { value: 'experience', label: 'Most experienced' },
];

export const DEFAULT_FILTERS: ListingFilters = {
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
};

/** The API's limits (GET /api/cleaners): longer text or a larger price is refused there. */
const MAX_QUERY_LENGTH = 200;
const MAX_STATE_LENGTH = 50;
const MAX_PRICE_LIMIT = 1000;

const serviceTypes = new Set<string>(SERVICE_TYPE_OPTIONS.map((option) => option.value));
const sorts = new Set<string>(SORT_OPTIONS.map((option) => option.value));

function text(params: URLSearchParams, key: string, maxLength: number): string {
  const value = (params.get(key) ?? '').trim();
  return value.length <= maxLength ? value : '';
}

/** A plain decimal in (0, max]; null for anything else ('', '1e2', '-5', '0', 'abc'). */
function positiveNumber(value: string | null, max: number): number | null {
  const trimmed = value?.trim() ?? '';
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n > 0 && n <= max ? n : null;
}

/**
 * Reads the listing filters from the address bar. Unknown or out-of-range values fall back to the
 * defaults (no filter), and `sort` is accepted for `sortBy` because the mobile menu's Top Rated
 * link (docs/product/discovery.md) uses it. The maximum price takes any amount the API accepts (up
 * to $1,000), not just the search page's 10–200 slider steps, so a link's "under $37" keeps its
 * meaning; a minimum rating of 0 filters nothing and is dropped; the flags count only when exactly
 * 'true'.
 */
export function readFilters(params: URLSearchParams): ListingFilters {
  const serviceType = params.get('serviceType') ?? '';
  const sortBy = params.get('sortBy') ?? params.get('sort') ?? '';
  return {
    location: (params.get('location') ?? '').trim(),
    serviceType: serviceTypes.has(serviceType) ? (serviceType as ListingServiceType) : 'all',
    sortBy: sorts.has(sortBy) ? (sortBy as ListingSort) : 'rating',
    query: text(params, 'query', MAX_QUERY_LENGTH),
    state: text(params, 'state', MAX_STATE_LENGTH),
    maxPrice: positiveNumber(params.get('maxPrice'), MAX_PRICE_LIMIT),
    minRating: positiveNumber(params.get('minRating'), 5),
    isVerified: params.get('isVerified') === 'true',
    isInsured: params.get('isInsured') === 'true',
    isBonded: params.get('isBonded') === 'true',
  };
}

/** The address-bar form of the filters: only values that differ from the defaults. */
export function writeFilters(filters: ListingFilters): URLSearchParams {
  const params = new URLSearchParams();
  const query = filters.query.trim();
  const location = filters.location.trim();
  const state = filters.state.trim();
  if (query) params.set('query', query);
  if (location) params.set('location', location);
  if (state) params.set('state', state);
  if (filters.serviceType !== 'all') params.set('serviceType', filters.serviceType);
  if (filters.minRating !== null) params.set('minRating', String(filters.minRating));
  if (filters.maxPrice !== null) params.set('maxPrice', String(filters.maxPrice));
  for (const key of ['isVerified', 'isInsured', 'isBonded'] as const) {
    if (filters[key]) params.set(key, 'true');
  }
  if (filters.sortBy !== 'rating') params.set('sortBy', filters.sortBy);
  return params;
}
