import { useQuery } from '@tanstack/react-query';
import { CleanerCard } from '../../../components/cleaner-card';
import { Link } from '../../../lib/router';
import { featuredCleanersQuery } from '../api/cleaners.queries';
import type { ListingFilters } from '../utils/listing-filters';

/** Top 3 by rating, labelled #1 RATED…#3 RATED, and a button to book the highest rated. */
export function FeaturedPros({ filters }: { filters: ListingFilters }) {
  const query = useQuery(featuredCleanersQuery(filters));
  const top = query.data?.items ?? [];
  return (
    <section id="featured-pros" className="container section" aria-labelledby="featured-title">
      <h2 id="featured-title" className="section__title">
        Featured Pros
      </h2>
      {top.length > 0 ? (
        <>
          <ol className="cleaner-grid featured-grid">
            {top.map((cleaner, index) => (
              <li key={cleaner.id} className="featured-grid__item" data-testid="featured-cleaner">
                <p className="featured-grid__rank">#{index + 1} RATED</p>
                <CleanerCard cleaner={cleaner} testId="featured-card" />
              </li>
            ))}
          </ol>
          <div className="button-row button-row--center">
            <Link to={`/cleaner/${top[0]!.id}`} className="btn btn--primary btn--lg" data-testid="book-top-rated">
              Book Top Rated Cleaner
            </Link>
          </div>
        </>
      ) : null}
    </section>
  );
}
