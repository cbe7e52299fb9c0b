import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { CleanerCard } from '../../../components/cleaner-card';
import { SearchIcon } from '../../../components/icons';
import { Pagination } from '../../../components/pagination';
import { pageRange, totalPages } from '../../../lib/pagination';
import { cleanerListingQuery, LISTING_ERROR, LISTING_PAGE_SIZE } from '../api/cleaners.queries';
import type { ListingFilters } from '../utils/listing-filters';
import { scrollToResults } from '../utils/scroll-to-results';

interface CleanerResultsProps {
  filters: ListingFilters;
  /** The page of results the address bar holds (1 when it holds none). */
  page: number;
  /** Shows another page of results (in the address bar); `replace` for one instead of a page that is not there. */
  onPageChange: (page: number, replace?: boolean) => void;
  onClearFilters: () => void;
}

/** The paginated grid of all professionals, on the page the address bar names. */
export function CleanerResults({ filters, page, onPageChange, onClearFilters }: CleanerResultsProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const query = useQuery(cleanerListingQuery(filters, page));
  const data = query.data;
  // A page past the last (an old link, fewer matches since): the last page instead, in place.
  const lastPage = data && !query.isPlaceholderData ? totalPages(data.total, data.pageSize || LISTING_PAGE_SIZE) : 0;
  useEffect(() => {
    if (lastPage > 0 && page > lastPage) onPageChange(lastPage, true);
  }, [lastPage, page, onPageChange]);

  const changePage = (next: number) => {
    onPageChange(next);
    scrollToResults(headingRef.current);
  };

  let body: ReactNode;
  if (query.isPending || (lastPage > 0 && page > lastPage)) {
    body = (
      <p className="loading-text" data-testid="listing-loading">
        <span className="spinner" aria-hidden="true" />
        Finding perfect cleaners for you...
      </p>
    );
  } else if (query.isError || !data || data.items.length === 0) {
    body = (
      <>
        {query.isError ? (
          <p className="alert alert--error" role="alert">
            {LISTING_ERROR}
          </p>
        ) : null}
        <div className="empty-state" data-testid="empty-state">
          <SearchIcon className="empty-state__icon" width={40} height={40} />
          <h3>No cleaners found</h3>
          <p>Try another location or service type, or clear your filters to see every professional.</p>
          <button type="button" className="btn btn--primary" onClick={onClearFilters}>
            Clear All Filters
          </button>
        </div>
      </>
    );
  } else {
    const { from, to } = pageRange(data.page, data.pageSize, data.total);
    body = (
      <>
        <p className="results-summary" data-testid="results-summary">
          {`Showing ${from} - ${to} of ${data.total} professionals`}
        </p>
        <ul
          className="cleaner-grid"
          aria-busy={query.isPlaceholderData}
          data-stale={query.isPlaceholderData || undefined}
        >
          {data.items.map((cleaner) => (
            <li key={cleaner.id}>
              <CleanerCard cleaner={cleaner} />
            </li>
          ))}
        </ul>
        <Pagination
          page={data.page}
          pageSize={data.pageSize || LISTING_PAGE_SIZE}
          total={data.total}
          onPageChange={changePage}
        />
      </>
    );
  }

  return (
    <section className="container section" aria-labelledby="all-professionals">
      <h2 id="all-professionals" className="section__title" ref={headingRef}>
        All Professionals
      </h2>
      <div aria-live="polite">{body}</div>
    </section>
  );
}
