import {
  type CleanerSortKey,
  readPositiveDecimal,
  SEARCH_LIMITS,
  SERVICE_TYPES,
  type ServiceType,
  writeFilterParams,
} from '@spotless/sdk';

export type ListingServiceType = ServiceType | 'all';
/** The search's sorts but distance: the listing has no centre to measure from. */
export type ListingSort = Exclude<CleanerSortKey, 'distance'>;

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

const SERVICE_TYPE_LABELS: Record<ServiceType, string> = {
  residential: 'House cleaning',
  commercial: 'Office cleaning',
  deep: 'Deep cleaning',
  moveout: 'Move-in/out cleaning',
};

export const SERVICE_TYPE_OPTIONS: readonly { value: ListingServiceType; label: string }[] = [
  { value: 'all', label: 'All services' },
  ...SERVICE_TYPES.map((value) => ({ value, label: SERVICE_TYPE_LABELS[value] })),
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

const serviceTypes = new Set<string>(SERVICE_TYPE_OPTIONS.map((option) => option.value));
const sorts = new Set<string>(SORT_OPTIONS.map((option) => option.value));

/** Trimmed text within the API's limit (GET /api/cleaners refuses longer); empty otherwise. */
function text(params: URLSearchParams, key: string, maxLength: number): string {
  const value = (params.get(key) ?? '').trim();
  return value.length <= maxLength ? value : '';
}

/**
 * Reads the listing filters from the address bar. Unknown or out-of-range values fall back to the
 * defaults (no filter), and `sort` is accepted for `sortBy` because the mobile menu's Top Rated
 * link (docs/product/discovery.md) uses it, as `city` is for `location` (the search takes either).
 * The maximum price takes any amount the API accepts (up to $1,000), not just the search page's
 * 10–200 slider steps, so a link's "$37/hr or less" keeps its meaning; a minimum rating of 0
 * filters nothing and is dropped; the flags count only when exactly 'true'.
 */
export function readFilters(params: URLSearchParams): ListingFilters {
  const serviceType = params.get('serviceType') ?? '';
  const sortBy = params.get('sortBy') ?? params.get('sort') ?? '';
  return {
    location: text(params, 'location', SEARCH_LIMITS.location) || text(params, 'city', SEARCH_LIMITS.location),
    serviceType: serviceTypes.has(serviceType) ? (serviceType as ListingServiceType) : 'all',
    sortBy: sorts.has(sortBy) ? (sortBy as ListingSort) : 'rating',
    query: text(params, 'query', SEARCH_LIMITS.query),
    state: text(params, 'state', SEARCH_LIMITS.state),
    maxPrice: readPositiveDecimal(params.get('maxPrice'), SEARCH_LIMITS.maxPrice),
    minRating: readPositiveDecimal(params.get('minRating'), SEARCH_LIMITS.minRating),
    isVerified: params.get('isVerified') === 'true',
    isInsured: params.get('isInsured') === 'true',
    isBonded: params.get('isBonded') === 'true',
  };
}

/** The address-bar form of the filters, in the listing's order: only values that differ from the defaults. */
export function writeFilters(filters: ListingFilters): URLSearchParams {
  return writeFilterParams(filters, { defaults: DEFAULT_FILTERS });
}

/** The highest page the API serves (`page` 1 to 10,000: docs/product/discovery.md). */
const LAST_PAGE = 10_000;

/** The page of All Professionals the address bar asks for: a whole number from 1 to 10,000, else 1. */
export function readPage(params: URLSearchParams): number {
  const text = (params.get('page') ?? '').trim();
  const page = /^\d+$/.test(text) ? Number(text) : 1;
  return page >= 1 && page <= LAST_PAGE ? page : 1;
}

/**
 * The listing's whole address-bar state, as the page applies it: the filters (see `writeFilters`)
 * and the page of results when past the first. A refresh or a shared link shows the same page;
 * a new search writes no page, so it starts on page 1.
 */
export function writeListing(filters: ListingFilters, page = 1): URLSearchParams {
  const params = writeFilters(filters);
  if (page > 1) params.set('page', String(page));
  return params;
}
