/**
 * The cleaner search's filters once (docs/product/discovery.md): their names, the values they take
 * and their limits. `GET /api/cleaners` validates by these, the hosted listing and advanced search
 * read and write their address bars by them, and the assistant's links to the listing are written
 * with them — so a limit or a new service type reaches every one by itself.
 */

/** The services a cleaner offers and a search filters by (`serviceType`; `all` for any). */
export const SERVICE_TYPES = ['residential', 'commercial', 'deep', 'moveout'] as const;

/** The search's sorts (`sortBy`); `sortOrder` reverses them. */
export const CLEANER_SORTS = ['rating', 'price', 'distance', 'experience'] as const;
export type CleanerSortKey = (typeof CLEANER_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;

/** The search's limits: the API refuses a value beyond one, so the pages drop it. */
export const SEARCH_LIMITS = {
  /** Characters of the keyword text (`query`). */
  query: 200,
  /** Characters of a `location` or `city`. */
  location: 100,
  /** Characters of a `state`. */
  state: 50,
  /** The highest `maxPrice`, in dollars an hour; a maximum price is also over 0. */
  maxPrice: 1000,
  /** The highest `minRating`; the lowest, 0, filters nothing. */
  minRating: 5,
  /** Miles around a centre (`radius`). */
  radius: { min: 1, max: 100 },
} as const;

/** The radius when none is given, in miles. */
export const DEFAULT_RADIUS_MILES = 25;

/** The credential flags: each filters only when true. */
export const CREDENTIAL_FLAGS = ['isVerified', 'isInsured', 'isBonded'] as const;
export type CredentialFlag = (typeof CREDENTIAL_FLAGS)[number];

/** The filters a link to the listing (`/cleaners?…`) may carry, in the order it writes them. */
export const LISTING_FILTER_KEYS = [
  'query',
  'location',
  'city',
  'state',
  'serviceType',
  'minRating',
  'maxPrice',
  ...CREDENTIAL_FLAGS,
  'sortBy',
] as const;
export type ListingFilterKey = (typeof LISTING_FILTER_KEYS)[number];

/** A value that filters nothing, so a link leaves it out. */
function filtersNothing(key: string, value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === '' ||
    value === false ||
    (key === 'serviceType' && value === 'all')
  );
}

/**
 * The address-bar form of a filter set: each of `keys` in order (the listing's by default), text
 * trimmed, a true flag as `true`, and nothing for a value that filters nothing (undefined, null,
 * empty text, false, the service type `all`) or that equals its entry in `defaults`.
 */
export function writeFilterParams(
  filters: object,
  { keys = LISTING_FILTER_KEYS, defaults = {} }: { keys?: readonly string[]; defaults?: object } = {},
): URLSearchParams {
  const values = filters as Readonly<Record<string, unknown>>;
  const unfiltered = defaults as Readonly<Record<string, unknown>>;
  const params = new URLSearchParams();
  for (const key of keys) {
    const raw = values[key];
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (filtersNothing(key, value) || value === unfiltered[key]) continue;
    params.set(key, String(value));
  }
  return params;
}

/**
 * The hosted listing showing a search's filters: `/cleaners?location=Denver&serviceType=deep`, the
 * listing's filters in their order, leaving out those that filter nothing (the assistant's links
 * to the listing, and the search widget's "See all on Spotless").
 */
export function listingHref(filters: object): string {
  const query = writeFilterParams(filters, { keys: LISTING_FILTER_KEYS }).toString();
  return query ? `/cleaners?${query}` : '/cleaners';
}

/** A plain decimal as the API reads `maxPrice`: digits, an optional fraction, no sign or exponent. */
export const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

/** A plain decimal in (0, max] from the address bar; null for anything else ('', '1e2', '-5', '0', 'abc'). */
export function readPositiveDecimal(value: string | null | undefined, max: number): number | null {
  const trimmed = value?.trim() ?? '';
  if (!PLAIN_DECIMAL.test(trimmed)) return null;
  const n = Number(trimmed);
  return n > 0 && n <= max ? n : null;
}
