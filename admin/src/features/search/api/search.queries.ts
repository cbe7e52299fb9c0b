import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { type SearchFilters, toSearchQuery } from '../utils/search-filters';

/** A failed search shows this with Try Again (docs/product/discovery.md). */
export const SEARCH_ERROR = 'Failed to load cleaners';

export function cleanerSearchQuery(filters: SearchFilters, page: number) {
  const query = toSearchQuery(filters, page);
  return queryOptions({
    queryKey: ['cleaners', 'search', query] as const,
    queryFn: ({ signal }) => api.cleaners.search(query, signal),
    retry: false,
    placeholderData: keepPreviousData,
  });
}
