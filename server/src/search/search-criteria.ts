import { lookupCity, stateCodeOf } from '@spotless/sdk/cities';
import { DEFAULT_RADIUS_MILES } from '@spotless/sdk/rules';
import type { Cleaner, CleanerSearchQuery, ServiceType } from '@spotless/sdk/schemas';
import type { z } from 'zod';
import type { Data } from '../contract/hypermedia';
import type { Point } from '../lib/geo';
import { toFtsQuery } from './fts-query';

/**
 * What a search asks for and what it answers, shared by both ways of answering: in SQL
 * (search.queries.ts) and from the facts this server keeps (search-facts.queries.ts, decision 060).
 */

export type SearchInput = z.output<typeof CleanerSearchQuery>;

export type SearchSort = 'rating' | 'price' | 'distance' | 'experience' | 'relevance';
export type SearchDirection = 'asc' | 'desc';

const DEFAULT_DIRECTION: Record<SearchSort, SearchDirection> = {
  rating: 'desc',
  price: 'asc',
  distance: 'asc',
  experience: 'desc',
  relevance: 'desc',
};

/** What a search asks for, read once from its input: both ways of answering start from it. */
export interface SearchCriteria {
  center: Point | undefined;
  radius: number;
  /** A `city` the city table does not know, lower-case: matched by name. */
  cityName?: string;
  /** A `location` the city table does not know: a city prefix, a state or a ZIP prefix. */
  place?: string;
  state?: string;
  zipCode?: string;
  serviceType?: ServiceType;
  minRating?: number;
  maxRateCents?: number;
  isVerified?: boolean;
  isInsured?: boolean;
  isBonded?: boolean;
  /** The FTS5 query for the words typed. */
  fts?: string;
  sort: SearchSort;
  direction: SearchDirection;
  limit: number;
  offset: number;
}

export function criteriaOf(input: SearchInput, ftsQuery?: string): SearchCriteria {
  let center: Point | undefined =
    input.latitude !== undefined && input.longitude !== undefined
      ? { latitude: input.latitude, longitude: input.longitude }
      : undefined;
  let cityName: string | undefined;
  let place: string | undefined;
  for (const text of [input.location, input.city]) {
    const trimmed = text?.trim();
    if (!trimmed) continue;
    const city = lookupCity(trimmed);
    if (city) {
      center ??= city;
      continue;
    }
    if (text === input.city) cityName = trimmed.toLowerCase();
    else place = trimmed;
  }
  // "Texas" or "tx" typed where a place goes: the state, as the state filter reads it.
  const placeState = place !== undefined ? stateCodeOf(place) : undefined;
  if (placeState) place = undefined;
  const fts = ftsQuery ?? (input.query ? toFtsQuery(input.query) : undefined);
  let sort: SearchSort = input.sortBy ?? (fts ? 'relevance' : 'rating');
  if (sort === 'distance' && !center) sort = 'rating';
  return {
    center,
    radius: input.radius ?? DEFAULT_RADIUS_MILES,
    ...(cityName !== undefined ? { cityName } : {}),
    ...(place !== undefined ? { place } : {}),
    ...(input.state ? { state: input.state.toUpperCase() } : placeState ? { state: placeState } : {}),
    ...(input.zipCode ? { zipCode: input.zipCode } : {}),
    ...(input.serviceType && input.serviceType !== 'all' ? { serviceType: input.serviceType as ServiceType } : {}),
    ...(input.minRating !== undefined && input.minRating > 0 ? { minRating: input.minRating } : {}),
    ...(input.maxPrice !== undefined ? { maxRateCents: Math.round(input.maxPrice * 100) } : {}),
    ...(input.isVerified !== undefined ? { isVerified: input.isVerified } : {}),
    ...(input.isInsured !== undefined ? { isInsured: input.isInsured } : {}),
    ...(input.isBonded !== undefined ? { isBonded: input.isBonded } : {}),
    ...(fts ? { fts } : {}),
    sort,
    direction: input.sortOrder ?? DEFAULT_DIRECTION[sort],
    limit: input.pageSize,
    offset: (input.page - 1) * input.pageSize,
  };
}

/** The figures a search answers, however they were computed. */
export interface SearchFigures {
  total: number;
  averageRating: number | null;
  minRateCents: number | null;
  maxRateCents: number | null;
  cities: number;
  items: Data<Cleaner>[];
}
