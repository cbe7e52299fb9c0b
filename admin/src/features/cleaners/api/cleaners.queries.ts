import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { ListingFilters } from '../utils/listing-filters';

export const LISTING_PAGE_SIZE = 12;

/** A failed listing call shows 'Failed to fetch cleaners' (docs/product/discovery.md). */
export const LISTING_ERROR = 'Failed to fetch cleaners';

/** The API's names for the filters; empty values and unset flags are not sent (docs/product/discovery.md). */
function filterQuery(filters: ListingFilters) {
  return {
    location: filters.location || undefined,
    serviceType: filters.serviceType === 'all' ? undefined : filters.serviceType,
    query: filters.query || undefined,
    state: filters.state || undefined,
    maxPrice: filters.maxPrice ?? undefined,
    minRating: filters.minRating ?? undefined,
    isVerified: filters.isVerified || undefined,
    isInsured: filters.isInsured || undefined,
    isBonded: filters.isBonded || undefined,
  };
}

export function cleanerListingQuery(filters: ListingFilters, page: number) {
  const query = {
    ...filterQuery(filters),
    sortBy: filters.sortBy,
    page,
    pageSize: LISTING_PAGE_SIZE,
  };
  return queryOptions({
    queryKey: ['cleaners', 'listing', query] as const,
    queryFn: async ({ signal }) => {
      try {
        return await api.cleaners.list(query, signal);
      } catch (error) {
        throw new Error(LISTING_ERROR, { cause: error });
      }
    },
    placeholderData: keepPreviousData,
  });
}

/**
 * The featured section: the top 3 by rating among the cleaners the filters match (all but the
 * sort), so a '#1 RATED' pro never sits above chips its price or cover would fail.
 */
export function featuredCleanersQuery(filters: ListingFilters) {
  const query = {
    ...filterQuery(filters),
    sortBy: 'rating' as const,
    page: 1,
    pageSize: 3,
  };
  return queryOptions({
    queryKey: ['cleaners', 'listing', query] as const,
    queryFn: ({ signal }) => api.cleaners.list(query, signal),
  });
}
