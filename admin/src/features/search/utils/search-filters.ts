import {
  CLEANER_SORTS,
  type CleanerSearchQuery,
  type CleanerSortKey,
  CREDENTIAL_FLAGS,
  DEFAULT_RADIUS_MILES,
  SEARCH_LIMITS,
  SERVICE_TYPES,
  type ServiceType,
  type SORT_ORDERS,
  writeFilterParams,
} from '@spotless/sdk';
import { SERVICE_TYPE_NAMES } from '../../../lib/nav';

export type SearchSort = CleanerSortKey;
export type SearchOrder = (typeof SORT_ORDERS)[number];

export interface SearchFilters {
  query: string;
  serviceType: ServiceType | '';
  location: string;
  /** From the browser's location service; cleared when the location text is edited. */
  latitude: number | null;
  longitude: number | null;
  radius: number;
  state: string;
  zipCode: string;
  minRating: number;
  maxPrice: number;
  isVerified: boolean;
  isInsured: boolean;
  isBonded: boolean;
  sortBy: SearchSort;
  sortOrder: SearchOrder;
}

/**
 * The search filters (docs/product/discovery.md): radius 1–100 (25), minimum rating 0–5 step 0.5 (0),
 * as far as the API goes; maximum price 10–200 step 5 (100), the page's own slider within the API's.
 */
export const RADIUS = {
  min: SEARCH_LIMITS.radius.min,
  max: SEARCH_LIMITS.radius.max,
  step: 1,
  default: DEFAULT_RADIUS_MILES,
} as const;
export const MIN_RATING = { min: 0, max: SEARCH_LIMITS.minRating, step: 0.5, default: 0 } as const;
export const MAX_PRICE = { min: 10, max: 200, step: 5, default: 100 } as const;
export const SEARCH_PAGE_SIZE = 12;

/** The location field's text once the browser's position is used instead. */
export const CURRENT_LOCATION = 'Current location';

export const DEFAULT_SEARCH_FILTERS: SearchFilters = {
  query: '',
  serviceType: '',
  location: '',
  latitude: null,
  longitude: null,
  radius: RADIUS.default,
  state: '',
  zipCode: '',
  minRating: MIN_RATING.default,
  maxPrice: MAX_PRICE.default,
  isVerified: false,
  isInsured: false,
  isBonded: false,
  sortBy: 'rating',
  sortOrder: 'desc',
};

export const SORT_LABELS: Record<SearchSort, string> = {
  rating: 'Rating',
  price: 'Price',
  distance: 'Distance',
  experience: 'Experience',
};

const hasPlace = (f: SearchFilters) => f.location.trim() !== '' || (f.latitude !== null && f.longitude !== null);

/**
 * The API query of a filter set: empty values are not sent (docs/product/discovery.md), and neither
 * are values left at their defaults, which filter nothing (the radius only matters with a place).
 */
export function toSearchQuery(f: SearchFilters, page: number): CleanerSearchQuery {
  const query: Record<string, string | number | undefined> = {
    query: f.query.trim() || undefined,
    serviceType: f.serviceType || undefined,
    location: f.latitude === null ? f.location.trim() || undefined : undefined,
    latitude: f.latitude ?? undefined,
    longitude: f.longitude ?? undefined,
    radius: hasPlace(f) && f.radius !== RADIUS.default ? f.radius : undefined,
    state: f.state.trim() || undefined,
    zipCode: f.zipCode.trim() || undefined,
    minRating: f.minRating > 0 ? f.minRating : undefined,
    maxPrice: f.maxPrice !== MAX_PRICE.default ? f.maxPrice : undefined,
    ...Object.fromEntries(CREDENTIAL_FLAGS.map((flag) => [flag, f[flag] ? 'true' : undefined])),
    sortBy: f.sortBy,
    sortOrder: f.sortOrder,
    page,
    pageSize: SEARCH_PAGE_SIZE,
  };
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as CleanerSearchQuery;
}

/** What one active-filter chip stands for: removing it resets exactly that (a place: its text and coordinates). */
export type SearchChipFilter =
  | 'query'
  | 'serviceType'
  | 'place'
  | 'radius'
  | 'state'
  | 'zipCode'
  | 'minRating'
  | 'maxPrice'
  | (typeof CREDENTIAL_FLAGS)[number];

export interface SearchChip {
  filter: SearchChipFilter;
  /** In words, as a person says it: 'Deep Cleaning', '$60/hr or less', never a raw value. */
  label: string;
}

const FLAG_LABELS = { isVerified: 'Verified', isInsured: 'Insured', isBonded: 'Bonded' } as const;

/** The chips of the filters in force, for the "active filters" row and its count; each can be removed. */
export function activeFilterChips(f: SearchFilters): SearchChip[] {
  const chips: SearchChip[] = [];
  const add = (filter: SearchChipFilter, label: string) => chips.push({ filter, label });
  if (f.query.trim()) add('query', `Keyword: ${f.query.trim()}`);
  if (f.serviceType) add('serviceType', SERVICE_TYPE_NAMES[f.serviceType]);
  if (f.latitude !== null && f.longitude !== null) add('place', 'Near your location');
  else if (f.location.trim()) add('place', `Near ${f.location.trim()}`);
  if (hasPlace(f) && f.radius !== RADIUS.default) add('radius', `Within ${f.radius} miles`);
  if (f.state.trim()) add('state', `State: ${f.state.trim()}`);
  if (f.zipCode.trim()) add('zipCode', `ZIP code ${f.zipCode.trim()}`);
  if (f.minRating > 0) add('minRating', `${f.minRating}★ and up`);
  // A maximum price (docs/product/discovery.md): a cleaner at exactly that rate matches.
  if (f.maxPrice !== MAX_PRICE.default) add('maxPrice', `$${f.maxPrice}/hr or less`);
  for (const flag of CREDENTIAL_FLAGS) if (f[flag]) add(flag, FLAG_LABELS[flag]);
  return chips;
}

/** The filters without one chip's filter (back to its default); everything else is kept. */
export function withoutSearchFilter(f: SearchFilters, filter: SearchChipFilter): SearchFilters {
  if (filter === 'place') {
    const { location, latitude, longitude } = DEFAULT_SEARCH_FILTERS;
    return { ...f, location, latitude, longitude };
  }
  return { ...f, [filter]: DEFAULT_SEARCH_FILTERS[filter] };
}

/** A submitted search as the address bar holds it: the filters and the results page. */
export interface SubmittedSearch {
  filters: SearchFilters;
  page: number;
}

const serviceTypes = new Set<string>(SERVICE_TYPES);
const sorts = new Set<string>(CLEANER_SORTS);

/** A number from the address bar inside a slider's range and on its steps; else the default. */
function rangeParam(value: string | null, range: { min: number; max: number; step: number; default: number }): number {
  const n = value === null || value.trim() === '' ? Number.NaN : Number(value);
  if (!Number.isFinite(n)) return range.default;
  const stepped = range.min + Math.round((n - range.min) / range.step) * range.step;
  return Math.min(range.max, Math.max(range.min, stepped));
}

function coordinate(value: string | null, limit: number): number | null {
  const n = value === null || value.trim() === '' ? Number.NaN : Number(value);
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
}

/** The filters of the Advanced Filters panel (a restored search that uses one opens it). */
const ADVANCED_KEYS = [
  'radius',
  'state',
  'zipCode',
  'minRating',
  'maxPrice',
  ...CREDENTIAL_FLAGS,
  'sortBy',
  'sortOrder',
] as const satisfies readonly (keyof SearchFilters)[];

/** The address bar's filters in the order it writes them, under the API's names. */
const ADDRESS_KEYS = [
  'query',
  'serviceType',
  'latitude',
  'longitude',
  'location',
  ...ADVANCED_KEYS,
] as const satisfies readonly (keyof SearchFilters)[];

/**
 * The address-bar form of a submitted search, so it can be shared, bookmarked and restored with
 * Back: the values that differ from the defaults, under the API's names (the browser's position as
 * coordinates, else the location text), and always the sort, which marks a search as submitted even
 * when every filter is left at its default.
 */
export function writeSearchParams(f: SearchFilters, page = 1): URLSearchParams {
  const located = f.latitude !== null && f.longitude !== null;
  const params = writeFilterParams(
    {
      ...f,
      location: located ? '' : f.location,
      latitude: located ? f.latitude : null,
      longitude: located ? f.longitude : null,
    },
    {
      keys: ADDRESS_KEYS,
      defaults: { radius: RADIUS.default, minRating: MIN_RATING.default, maxPrice: MAX_PRICE.default },
    },
  );
  if (page > 1) params.set('page', String(page));
  return params;
}

const SEARCH_KEYS = [...Object.keys(DEFAULT_SEARCH_FILTERS), 'page'];

/**
 * The search the address bar holds, or null before any (the introduction shows). Values that are
 * malformed or out of range fall back to their defaults, as the form could not have sent them.
 */
export function readSearchParams(params: URLSearchParams): SubmittedSearch | null {
  if (!SEARCH_KEYS.some((key) => params.has(key))) return null;
  const serviceType = params.get('serviceType') ?? '';
  const sortBy = params.get('sortBy') ?? '';
  const latitude = coordinate(params.get('latitude'), 90);
  const longitude = coordinate(params.get('longitude'), 180);
  const located = latitude !== null && longitude !== null;
  const page = Number(params.get('page'));
  return {
    filters: {
      query: params.get('query')?.trim() ?? '',
      serviceType: serviceTypes.has(serviceType) ? (serviceType as ServiceType) : '',
      location: located ? CURRENT_LOCATION : (params.get('location')?.trim() ?? ''),
      latitude: located ? latitude : null,
      longitude: located ? longitude : null,
      radius: rangeParam(params.get('radius'), RADIUS),
      state: params.get('state')?.trim() ?? '',
      zipCode: params.get('zipCode')?.trim() ?? '',
      minRating: rangeParam(params.get('minRating'), MIN_RATING),
      maxPrice: rangeParam(params.get('maxPrice'), MAX_PRICE),
      isVerified: params.get('isVerified') === 'true',
      isInsured: params.get('isInsured') === 'true',
      isBonded: params.get('isBonded') === 'true',
      sortBy: sorts.has(sortBy) ? (sortBy as SearchSort) : DEFAULT_SEARCH_FILTERS.sortBy,
      sortOrder: params.get('sortOrder') === 'asc' ? 'asc' : 'desc',
    },
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
  };
}

/** Whether a filter set uses the Advanced Filters panel (so a restored search opens it). */
export function hasAdvancedFilters(f: SearchFilters): boolean {
  return ADVANCED_KEYS.some((key) => f[key] !== DEFAULT_SEARCH_FILTERS[key]);
}
