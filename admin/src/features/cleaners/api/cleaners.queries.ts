import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { ListingFilters } from '../utils/listing-filters';

export const LISTING_PAGE_SIZE = 12;

/** Spec 01 §8: a failed listing call shows 'Failed to fetch cleaners'. */
export const LISTING_ERROR = 'Failed to fetch cleaners';

export function cleanerListingQuery(filters: ListingFilters, page: number) {
  const query = {
    location: filters.location || undefined,
    serviceType: filters.serviceType === 'all' ? undefined : filters.serviceType,
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

/** The featured section: the top 3 by rating for the current location and service type. */
export function featuredCleanersQuery(filters: ListingFilters) {
  const query = {
    location: filters.location || undefined,
    serviceType: filters.serviceType === 'all' ? undefined : filters.serviceType,
    sortBy: 'rating' as const,
    page: 1,
    pageSize: 3,
  };
  return queryOptions({
    queryKey: ['cleaners', 'listing', query] as const,
    queryFn: ({ signal }) => api.cleaners.list(query, signal),
  });
}
