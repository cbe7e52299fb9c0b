import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { type ListingFilters, readFilters, writeFilters } from '../utils/listing-filters';
import { CleanerResults } from './cleaner-results';
import { ListingSearchBar } from './listing-search-bar';

/** Spec 01 §2.4, first version: hero, search bar synced with the address bar, paginated grid. */
export function CleanerListingPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readFilters(searchParams);
  const filterKey = writeFilters(filters).toString();

  const search = (next: ListingFilters) => setSearchParams(writeFilters(next));
  const clear = () => setSearchParams(new URLSearchParams());

  return (
    <>
      <PageTitle title="Find Cleaners" />
      <section className="hero hero--listing">
        <div className="container hero__inner">
          <p className="eyebrow">Vetted · Insured · Bonded</p>
          <h1 className="hero__title">Find trusted cleaning professionals near you</h1>
          <p className="hero__lead">
            Compare background-checked cleaners by rating, price and experience, then book the one that fits your home
            in minutes.
          </p>
          <ul className="hero__stats" aria-label="Why customers choose Spotless">
            <li>
              <strong>500+</strong> verified cleaners
            </li>
            <li>
              <strong>4.8</strong> average rating
            </li>
            <li>
              <strong>24h</strong> response
            </li>
          </ul>
        </div>
      </section>
      <div className="container search-bar-wrap">
        <ListingSearchBar key={filterKey} filters={filters} onSearch={search} onClear={clear} />
      </div>
      <CleanerResults key={filterKey} filters={filters} onClearFilters={clear} />
    </>
  );
}
