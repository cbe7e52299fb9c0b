import '../search.css';
import type { ServiceType } from '@spotless/sdk';
import { formatDollars } from '@spotless/sdk';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useCallback, useId, useState } from 'react';
import { CleanerCard } from '../../../components/cleaner-card';
import { AlertIcon, ChevronIcon, MapPinIcon, SearchIcon } from '../../../components/icons';
import { PageTitle } from '../../../components/page-title';
import { Pagination } from '../../../components/pagination';
import { cleanerSearchQuery, SEARCH_ERROR } from '../api/search.queries';
import {
  activeFilterLabels,
  DEFAULT_SEARCH_FILTERS,
  MAX_PRICE,
  MIN_RATING,
  RADIUS,
  SEARCH_PAGE_SIZE,
  type SearchFilters,
  type SearchOrder,
  type SearchSort,
  SORT_LABELS,
} from '../utils/search-filters';
import { useCurrentLocation } from './use-current-location';

const SERVICE_OPTIONS: { value: ServiceType | ''; label: string }[] = [
  { value: '', label: 'All services' },
  { value: 'residential', label: 'House cleaning' },
  { value: 'commercial', label: 'Office cleaning' },
  { value: 'deep', label: 'Deep cleaning' },
  { value: 'moveout', label: 'Move-in/out cleaning' },
];

/** Spec 01 §2.5: the advanced search page. */
export function SearchPage() {
  const id = useId();
  const [draft, setDraft] = useState<SearchFilters>(DEFAULT_SEARCH_FILTERS);
  const [submitted, setSubmitted] = useState<SearchFilters | null>(null);
  const [page, setPage] = useState(1);
  const [advancedOpen, setAdvancedOpen] = useState(false);

  const onLocated = useCallback(
    (coords: { latitude: number; longitude: number }) =>
      setDraft((d) => ({ ...d, ...coords, location: 'Current location' })),
    [],
  );
  const location = useCurrentLocation(onLocated);

  const set = <K extends keyof SearchFilters>(key: K, value: SearchFilters[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(draft);
    setPage(1);
  };
  const reset = () => setDraft(DEFAULT_SEARCH_FILTERS);
  const clearFilters = () => {
    setDraft(DEFAULT_SEARCH_FILTERS);
    setSubmitted(null);
    setPage(1);
  };

  const badges = activeFilterLabels(draft);

  return (
    <>
      <PageTitle title="Advanced Search" />
      <section className="page-hero">
        <div className="container">
          <h1>Advanced Search</h1>
          <p className="lead">Search cleaners by keyword, distance, rating and price.</p>
        </div>
      </section>
      <div className="container section">
        <search aria-label="Search cleaners">
          <form className="card search-form" onSubmit={submit}>
            <div className="search-form__row">
              <div className="field">
                <label htmlFor={`${id}-query`}>Keyword</label>
                <input
                  id={`${id}-query`}
                  type="search"
                  placeholder="Name, service, area…"
                  value={draft.query}
                  onChange={(e) => set('query', e.target.value)}
                />
              </div>
              <div className="field">
                <label htmlFor={`${id}-service`}>Service type</label>
                <select
                  id={`${id}-service`}
                  value={draft.serviceType}
                  onChange={(e) => set('serviceType', e.target.value as ServiceType | '')}
                >
                  {SERVICE_OPTIONS.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor={`${id}-location`}>Location</label>
                <input
                  id={`${id}-location`}
                  type="text"
                  placeholder="City, state or ZIP code"
                  value={draft.location}
                  onChange={(e) =>
                    setDraft((d) => ({ ...d, location: e.target.value, latitude: null, longitude: null }))
                  }
                />
              </div>
              {location.hidden ? null : (
                <div className="search-form__locate">
                  <button
                    type="button"
                    className="btn btn--outline"
                    onClick={location.locate}
                    disabled={location.locating}
                  >
                    <MapPinIcon width={18} height={18} aria-hidden="true" />
                    Use current location
                  </button>
                </div>
              )}
            </div>

            <button
              type="button"
              className="btn btn--ghost search-form__toggle"
              aria-expanded={advancedOpen}
              aria-controls={`${id}-advanced`}
              onClick={() => setAdvancedOpen((open) => !open)}
            >
              <ChevronIcon width={16} height={16} aria-hidden="true" />
              Advanced Filters
            </button>
            <div id={`${id}-advanced`} className="search-form__advanced" hidden={!advancedOpen}>
              <div className="field">
                <label htmlFor={`${id}-radius`}>Radius: {draft.radius} miles</label>
                <input
                  id={`${id}-radius`}
                  type="range"
                  min={RADIUS.min}
                  max={RADIUS.max}
                  step={RADIUS.step}
                  value={draft.radius}
                  onChange={(e) => set('radius', Number(e.target.value))}
                />
              </div>
              <div className="field">
                <label htmlFor={`${id}-state`}>State</label>
                <input
                  id={`${id}-state`}
                  type="text"
                  placeholder="e.g. TX"
                  value={draft.state}
                  onChange={(e) => set('state', e.target.value)}
                />
              </div>
              <div className="field">
                <label htmlFor={`${id}-zip`}>ZIP code</label>
                <input
                  id={`${id}-zip`}
                  type="text"
                  inputMode="numeric"
                  placeholder="e.g. 78701"
                  value={draft.zipCode}
                  onChange={(e) => set('zipCode', e.target.value)}
                />
              </div>
              <div className="field">
                <label htmlFor={`${id}-rating`}>Minimum rating: {draft.minRating}</label>
                <input
                  id={`${id}-rating`}
                  type="range"
                  min={MIN_RATING.min}
                  max={MIN_RATING.max}
                  step={MIN_RATING.step}
                  value={draft.minRating}
                  onChange={(e) => set('minRating', Number(e.target.value))}
                />
              </div>
              <div className="field">
                <label htmlFor={`${id}-price`}>Maximum price: ${draft.maxPrice}/hr</label>
                <input
                  id={`${id}-price`}
                  type="range"
                  min={MAX_PRICE.min}
                  max={MAX_PRICE.max}
                  step={MAX_PRICE.step}
                  value={draft.maxPrice}
                  onChange={(e) => set('maxPrice', Number(e.target.value))}
                />
              </div>
              <fieldset className="search-form__checks">
                <legend>Credentials</legend>
                {(['isVerified', 'isInsured', 'isBonded'] as const).map((key) => (
                  <label key={key} className="check">
                    <input type="checkbox" checked={draft[key]} onChange={(e) => set(key, e.target.checked)} />
                    {key === 'isVerified' ? 'Verified' : key === 'isInsured' ? 'Insured' : 'Bonded'}
                  </label>
                ))}
              </fieldset>
              <div className="field">
                <label htmlFor={`${id}-sort`}>Sort by</label>
                <select
                  id={`${id}-sort`}
                  value={draft.sortBy}
                  onChange={(e) => set('sortBy', e.target.value as SearchSort)}
                >
                  {(Object.keys(SORT_LABELS) as SearchSort[]).map((key) => (
                    <option key={key} value={key}>
                      {SORT_LABELS[key]}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor={`${id}-order`}>Order</label>
                <select
                  id={`${id}-order`}
                  value={draft.sortOrder}
                  onChange={(e) => set('sortOrder', e.target.value as SearchOrder)}
                >
                  <option value="desc">Descending</option>
                  <option value="asc">Ascending</option>
                </select>
              </div>
            </div>

            {badges.length > 0 ? (
              <div className="active-filters" data-testid="active-filters">
                <span className="active-filters__count">Active filters ({badges.length})</span>
                <ul className="tag-list">
                  {badges.map((label) => (
                    <li key={label} className="tag">
                      {label}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}

            <div className="button-row">
              <button type="button" className="btn btn--outline" onClick={reset}>
                Reset
              </button>
              <button type="submit" className="btn btn--primary">
                <SearchIcon width={18} height={18} aria-hidden="true" />
                Search
              </button>
            </div>
          </form>
        </search>

        {submitted ? (
          <SearchResults filters={submitted} page={page} onPageChange={setPage} onClearFilters={clearFilters} />
        ) : (
          <div className="search-intro card" data-testid="search-intro">
            <h2>Find the right cleaner</h2>
            <p>
              Search by keyword, service type or location, or use your current location. Open Advanced Filters to set a
              radius, a minimum rating, a maximum price and required credentials.
            </p>
          </div>
        )}
      </div>
    </>
  );
}

interface SearchResultsProps {
  filters: SearchFilters;
  page: number;
  onPageChange: (page: number) => void;
  onClearFilters: () => void;
}

function SearchResults({ filters, page, onPageChange, onClearFilters }: SearchResultsProps) {
  const query = useQuery(cleanerSearchQuery(filters, page));
  let body: ReactNode;
  if (query.isPending) {
    body = (
      <ul className="cleaner-grid" aria-busy="true" aria-label="Loading results">
        {Array.from({ length: 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          <li key={i} className="skeleton-card" data-testid="skeleton-card" />
        ))}
      </ul>
    );
  } else if (query.isError) {
    body = (
      <div className="empty-state" role="alert">
        <AlertIcon className="empty-state__icon" width={40} height={40} />
        <h3>{SEARCH_ERROR}</h3>
        <button type="button" className="btn btn--primary" onClick={() => query.refetch()}>
          Try Again
        </button>
      </div>
    );
  } else if (query.data.items.length === 0) {
    body = (
      <div className="empty-state" data-testid="empty-state">
        <SearchIcon className="empty-state__icon" width={40} height={40} />
        <h3>No cleaners found matching your criteria</h3>
        <button type="button" className="btn btn--primary" onClick={onClearFilters}>
          Clear Filters
        </button>
      </div>
    );
  } else {
    const { stats } = query.data;
    body = (
      <>
        <ul className="stats-grid" aria-label="Result summary">
          <li className="stat-card" data-testid="stat-total">
            <strong>{stats.total}</strong> cleaners found
          </li>
          <li className="stat-card" data-testid="stat-rating">
            <strong>{stats.averageRating === null ? '—' : stats.averageRating.toFixed(1)}</strong> average rating
          </li>
          <li className="stat-card" data-testid="stat-price">
            <strong>
              {stats.priceRange
                ? `${formatDollars(stats.priceRange.min)} - ${formatDollars(stats.priceRange.max)}`
                : '—'}
            </strong>{' '}
            price range per hour
          </li>
          <li className="stat-card" data-testid="stat-cities">
            <strong>{stats.cities}</strong> {stats.cities === 1 ? 'city' : 'cities'}
          </li>
        </ul>
        <ul className="cleaner-grid" aria-busy={query.isPlaceholderData} data-testid="search-results">
          {query.data.items.map((cleaner) => (
            <li key={cleaner.id}>
              <CleanerCard cleaner={cleaner} showServices />
            </li>
          ))}
        </ul>
        <Pagination
          page={query.data.page}
          pageSize={query.data.pageSize || SEARCH_PAGE_SIZE}
          total={query.data.total}
          onPageChange={onPageChange}
        />
      </>
    );
  }
  return (
    <section className="section" aria-labelledby="search-results-title">
      <h2 id="search-results-title" className="section__title">
        Search Results
      </h2>
      <div aria-live="polite">{body}</div>
    </section>
  );
}
