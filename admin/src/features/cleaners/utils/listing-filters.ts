import type { ServiceType } from '@spotless/sdk';

export type ListingServiceType = ServiceType | 'all';
export type ListingSort = 'rating' | 'price' | 'experience';

export interface ListingFilters {
  location: string;
  serviceType: ListingServiceType;
  sortBy: ListingSort;
}

export const SERVICE_TYPE_OPTIONS: readonly { value: ListingServiceType; label: string }[] = [
  { value: 'all', label: 'All services' },
  { value: 'residential', label: 'House cleaning' },
  { value: 'commercial', label: 'Office cleaning' },
  { value: 'deep', label: 'Deep cleaning' },
  { value: 'moveout', label: 'Move-in/out cleaning' },
];

/** Spec 01 §2.4: rating (best first, the default), price (cheapest first), experience (most jobs first). */
export const SORT_OPTIONS: readonly { value: ListingSort; label: string }[] = [
  { value: 'rating', label: 'Highest rated' },
  { value: 'price', label: 'Lowest price' },
  { value: 'experience', label: 'Most experienced' },
];

export const DEFAULT_FILTERS: ListingFilters = { location: '', serviceType: 'all', sortBy: 'rating' };

const serviceTypes = new Set<string>(SERVICE_TYPE_OPTIONS.map((option) => option.value));
const sorts = new Set<string>(SORT_OPTIONS.map((option) => option.value));

/**
 * Reads the listing filters from the address bar. Unknown values fall back to the defaults, and
 * `sort` is accepted for `sortBy` because the mobile menu's Top Rated link (spec 01 §2.1) uses it.
 */
export function readFilters(params: URLSearchParams): ListingFilters {
  const serviceType = params.get('serviceType') ?? '';
  const sortBy = params.get('sortBy') ?? params.get('sort') ?? '';
  return {
    location: (params.get('location') ?? '').trim(),
    serviceType: serviceTypes.has(serviceType) ? (serviceType as ListingServiceType) : 'all',
    sortBy: sorts.has(sortBy) ? (sortBy as ListingSort) : 'rating',
  };
}

/** The address-bar form of the filters: only values that differ from the defaults. */
export function writeFilters(filters: ListingFilters): URLSearchParams {
  const params = new URLSearchParams();
  const location = filters.location.trim();
  if (location) params.set('location', location);
  if (filters.serviceType !== 'all') params.set('serviceType', filters.serviceType);
  if (filters.sortBy !== 'rating') params.set('sortBy', filters.sortBy);
  return params;
}
