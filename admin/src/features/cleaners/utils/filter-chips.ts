import { DEFAULT_FILTERS, type ListingFilters } from './listing-filters';

/** The filters shown as chips: the ones the search bar has no control for. */
export type ChipFilter = 'query' | 'state' | 'maxPrice' | 'minRating' | 'isVerified' | 'isInsured' | 'isBonded';

export interface FilterChip {
  filter: ChipFilter;
  /** The chip's text, e.g. 'Under $40/hr'. */
  label: string;
}

/** Whole dollars without cents ('$40'), others with them ('$37.50'). */
function dollars(amount: number): string {
  return Number.isInteger(amount) ? `$${amount}` : `$${amount.toFixed(2)}`;
}

/** The chips of the filters in force, in the order they show. */
export function filterChips(filters: ListingFilters): FilterChip[] {
  const chips: FilterChip[] = [];
  if (filters.query) chips.push({ filter: 'query', label: `Keyword: ${filters.query}` });
  if (filters.state) chips.push({ filter: 'state', label: `State: ${filters.state}` });
  if (filters.maxPrice !== null) chips.push({ filter: 'maxPrice', label: `Under ${dollars(filters.maxPrice)}/hr` });
  if (filters.minRating !== null) chips.push({ filter: 'minRating', label: `${filters.minRating}★ and up` });
  if (filters.isVerified) chips.push({ filter: 'isVerified', label: 'Verified' });
  if (filters.isInsured) chips.push({ filter: 'isInsured', label: 'Insured' });
  if (filters.isBonded) chips.push({ filter: 'isBonded', label: 'Bonded' });
  return chips;
}

/** The filters with one chip's filter removed; everything else is kept. */
export function withoutFilter(filters: ListingFilters, filter: ChipFilter): ListingFilters {
  return { ...filters, [filter]: DEFAULT_FILTERS[filter] };
}
