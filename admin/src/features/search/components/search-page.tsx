import '../search.css';
import { formatDollars } from '@spotless/sdk';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { CleanerCard } from '../../../components/cleaner-card';
import { AlertIcon, SearchIcon } from '../../../components/icons';
import { PageTitle } from '../../../components/page-title';
import { Pagination } from '../../../components/pagination';
import { useSearchParams } from '../../../lib/router';
import { cleanerSearchQuery, SEARCH_ERROR } from '../api/search.queries';
import {
  DEFAULT_SEARCH_FILTERS,
  readSearchParams,
  SEARCH_PAGE_SIZE,
  type SearchFilters,
  writeSearchParams,
} from '../utils/search-filters';
import { SearchForm } from './search-form';

/**
 * The advanced search page (docs/product/discovery.md). A submitted search lives in the address
 * bar, so it can be shared, bookmarked and restored with Back (as the listing's filters do).
 */
export function SearchPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const submitted = readSearchParams(searchParams);
  const filters = submitted?.filters ?? DEFAULT_SEARCH_FILTERS;

  // The address holds the search as it runs: a value the page cannot use (an unknown sort, a price
  // off the slider's steps) is put right in place, a replace that keeps the scroll.
  const applied = submitted ? writeSearchParams(submitted.filters, submitted.page).toString() : null;
  const current = searchParams.toString();
  useEffect(() => {
    if (applied !== null && applied !== current) {
      setSearchParams(new URLSearchParams(applied), { replace: true, keepScroll: true });
    }
  }, [applied, current, setSearchParams]);

  const search = (next: SearchFilters) => setSearchParams(writeSearchParams(next));
  const changePage = (page: number) => setSearchParams(writeSearchParams(filters, page));
  // Back to the page as it first opened (Clear Filters, Reset); Back returns to the search.
  const clearFilters = () => {
    if (submitted) setSearchParams(new URLSearchParams());
  };

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
        <SearchForm filters={filters} submitted={submitted !== null} onSearch={search} onReset={clearFilters} />

        {submitted ? (
          <SearchResults
            filters={submitted.filters}
            page={submitted.page}
            onPageChange={changePage}
            onClearFilters={clearFilters}
          />
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
