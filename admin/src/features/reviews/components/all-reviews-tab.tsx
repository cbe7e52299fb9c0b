import type { Cleaner, PlatformReviewSummary } from '@spotless/sdk';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { topCleanersQuery } from '../../../entities/review/api/reviews.queries';
import { CleanerReviews } from '../../../entities/review/components/review-list';
import { ReviewSummaryPanel } from '../../../entities/review/components/review-summary';
import { PAGE_SIZES } from '../../../entities/review/utils/review-form';
import { useCurrentUser } from '../../../lib/auth';
import { cleanerQuery } from '../../../lib/catalog-queries';
import { Link } from '../../../lib/router';

/**
 * The platform figures, then the latest reviews of one cleaner: the one asked for (`?cleanerId`,
 * where a sent review lands), else a signed-in cleaner's own (so they can answer them), otherwise
 * the best rated cleaner's. The API lists reviews per cleaner only.
 */
export function AllReviewsTab({
  summary,
  failed,
  cleanerId,
}: {
  summary: PlatformReviewSummary | undefined;
  failed: boolean;
  cleanerId: number | null;
}) {
  const { user } = useCurrentUser();
  const ownId = user?.cleanerId ?? null;
  const chosenId = cleanerId ?? ownId;
  const chosen = useQuery({ ...cleanerQuery(chosenId ?? 0), enabled: chosenId !== null });
  const top = useQuery({ ...topCleanersQuery, enabled: chosenId === null });
  const cleaner: Cleaner | undefined = chosenId !== null ? chosen.data : top.data?.items[0];
  const pending = chosenId !== null ? chosen.isPending : top.isPending;
  const heading = !cleaner
    ? 'Latest reviews'
    : cleanerId !== null && cleanerId !== ownId
      ? `Reviews of ${cleaner.user.firstName} ${cleaner.user.lastName}`
      : chosenId !== null
        ? 'Reviews of your work'
        : `Latest reviews of ${cleaner.user.firstName} ${cleaner.user.lastName}, our top rated cleaner`;

  // Where a sent review lands (`?cleanerId`): that cleaner's reviews come first, scrolled to once shown.
  const landed = cleanerId !== null;
  const reviewsRef = useRef<HTMLElement>(null);
  const shown = cleaner !== undefined;
  useEffect(() => {
    if (landed && shown) reviewsRef.current?.scrollIntoView({ block: 'start' });
  }, [landed, shown]);

  const platform = failed ? (
    <p className="alert alert--error">Failed to load the review figures.</p>
  ) : summary ? (
    <section className="card" aria-labelledby="platform-summary-title">
      <h2 id="platform-summary-title" className="card__title">
        All cleaners
      </h2>
      <ReviewSummaryPanel summary={summary} testId="platform-summary" />
    </section>
  ) : null;
  const reviews = (
    <section
      ref={reviewsRef}
      className="card reviews-tab__cleaner"
      aria-labelledby="latest-reviews-title"
      data-testid="cleaner-reviews"
    >
      <h2 id="latest-reviews-title" className="card__title" data-testid="latest-reviews-title">
        {heading}
      </h2>
      {cleaner ? (
        <>
          <CleanerReviews cleaner={cleaner} limit={PAGE_SIZES.allReviews} />
          <Link to={cleaner.links.page.href} className="text-link">
            View {cleaner.id === ownId ? 'your public profile' : `${cleaner.user.firstName}’s profile`}
          </Link>
        </>
      ) : pending ? (
        <p className="loading-text">Loading reviews...</p>
      ) : (
        <p className="empty-state">No cleaners to show reviews for yet.</p>
      )}
    </section>
  );
  return (
    <div className="reviews-tab" data-testid="all-reviews">
      {landed ? reviews : platform}
      {landed ? platform : reviews}
    </div>
  );
}
