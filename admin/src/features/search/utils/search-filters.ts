import type { CleanerSearchQuery, ServiceType } from '@spotless/sdk';

export type SearchSort = 'rating' | 'price' | 'distance' | 'experience';
export type SearchOrder = 'asc' | 'desc';

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

/** Spec 01 §5: radius 1–100 (25), minimum rating 0–5 step 0.5 (0), maximum price 10–200 step 5 (100). */
export const RADIUS = { min: 1, max: 100, step: 1, default: 25 } as const;
export const MIN_RATING = { min: 0, max: 5, step: 0.5, default: 0 } as const;
export const MAX_PRICE = { min: 10, max: 200, step: 5, default: 100 } as const;
export const SEARCH_PAGE_SIZE = 12;

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
 * The API query of a filter set: empty values are not sent (spec 01 §5), and neither are values
 * left at their defaults, which filter nothing (the radius only matters with a place).
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
    isVerified: f.isVerified ? 'true' : undefined,
    isInsured: f.isInsured ? 'true' : undefined,
    isBonded: f.isBonded ? 'true' : undefined,
    sortBy: f.sortBy,
    sortOrder: f.sortOrder,
    page,
    pageSize: SEARCH_PAGE_SIZE,
  };
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as CleanerSearchQuery;
}

/** The badges of the filters in force, for the "active filters" row and its count. */
export function activeFilterLabels(f: SearchFilters): string[] {
  const labels: string[] = [];
  if (f.query.trim()) labels.push(`Keyword: ${f.query.trim()}`);
  if (f.serviceType) labels.push(`Service: ${f.serviceType}`);
  if (f.latitude !== null && f.longitude !== null) labels.push('Near your location');
  else if (f.location.trim()) labels.push(`Location: ${f.location.trim()}`);
  if (hasPlace(f) && f.radius !== RADIUS.default) labels.push(`Within ${f.radius} mi`);
  if (f.state.trim()) labels.push(`State: ${f.state.trim()}`);
  if (f.zipCode.trim()) labels.push(`ZIP: ${f.zipCode.trim()}`);
  if (f.minRating > 0) labels.push(`Rating ${f.minRating}+`);
  if (f.maxPrice !== MAX_PRICE.default) labels.push(`Up to $${f.maxPrice}/hr`);
  if (f.isVerified) labels.push('Verified');
  if (f.isInsured) labels.push('Insured');
  if (f.isBonded) labels.push('Bonded');
  return labels;
}
