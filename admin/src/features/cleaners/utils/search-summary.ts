import { filterChips } from './filter-chips';
import { type ListingFilters, SERVICE_TYPE_OPTIONS, SORT_OPTIONS } from './listing-filters';

/**
 * What a phone shows of the search while its card is out of view (decision 036), in words, never
 * raw values: where and which service, then the order and how many more filters the chips hold.
 */
export function searchSummary(filters: ListingFilters): { what: string; how: string } {
  const service = SERVICE_TYPE_OPTIONS.find((option) => option.value === filters.serviceType)?.label;
  const sort = SORT_OPTIONS.find((option) => option.value === filters.sortBy)?.label;
  const more = filterChips(filters).length;
  const how = [sort ?? 'Highest rated'];
  if (more > 0) how.push(`${more} more ${more === 1 ? 'filter' : 'filters'}`);
  return { what: `${filters.location || 'Anywhere'} · ${service ?? 'All services'}`, how: how.join(' · ') };
}
