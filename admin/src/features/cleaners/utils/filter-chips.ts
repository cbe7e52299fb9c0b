import { CREDENTIAL_FLAGS, type CredentialFlag, type ListingFilterKey } from '@spotless/sdk';
import { DEFAULT_FILTERS, type ListingFilters } from './listing-filters';

/** The filters the search bar has its own control for. */
type BarFilter = 'location' | 'serviceType' | 'sortBy';

/**
 * The filters shown as chips: those of a link to the listing that the listing reads and the search
 * bar has no control for (query, state, maxPrice, minRating and the credential flags).
 */
export type ChipFilter = Exclude<Extract<ListingFilterKey, keyof ListingFilters>, BarFilter>;

const FLAG_LABELS: Record<CredentialFlag, string> = {
  isVerified: 'Verified',
  isInsured: 'Insured',
  isBonded: 'Bonded',
};

export interface FilterChip {
  filter: ChipFilter;
  /** The chip's text, e.g. '$40/hr or less'. */
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
  // A maximum price (docs/product/discovery.md): a cleaner at exactly that rate matches, so the chip says so.
  if (filters.maxPrice !== null) chips.push({ filter: 'maxPrice', label: `${dollars(filters.maxPrice)}/hr or less` });
  if (filters.minRating !== null) chips.push({ filter: 'minRating', label: `${filters.minRating}★ and up` });
  for (const flag of CREDENTIAL_FLAGS) {
    if (filters[flag]) chips.push({ filter: flag, label: FLAG_LABELS[flag] });
  }
  return chips;
}

/** The filters with one chip's filter removed; everything else is kept. */
export function withoutFilter(filters: ListingFilters, filter: ChipFilter): ListingFilters {
  return { ...filters, [filter]: DEFAULT_FILTERS[filter] };
}
