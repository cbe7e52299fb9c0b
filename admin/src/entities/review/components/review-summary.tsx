import type { PlatformReviewSummary, ReviewSummary } from '@spotless/sdk';
import { averageText, countText, DISTRIBUTION_MIN_REVIEWS, percentText, starLabel } from '../utils/review-form';
import { Stars } from './star-rating';

type AnySummary = PlatformReviewSummary | ReviewSummary;

const CATEGORIES = [
  { key: 'quality', label: 'Quality' },
  { key: 'punctuality', label: 'Punctuality' },
  { key: 'professionalism', label: 'Professionalism' },
  { key: 'communication', label: 'Communication' },
] as const;

/**
 * The figures over a set of reviews (docs/product/discovery.md, the review list and summary):
 * average, total, the distribution (from 5 reviews on), category averages, recommendation and
 * rebooking rates and the verified count — each as the server computed it.
 */
export function ReviewSummaryPanel({ summary, testId }: { summary: AnySummary; testId?: string }) {
  const categories = 'categoryAverages' in summary ? summary.categoryAverages : null;
  const rebooking = 'rebookingRate' in summary ? summary.rebookingRate : null;
  return (
    <div className="review-summary" data-testid={testId ?? 'review-summary'}>
      <div className="review-summary__score">
        <p className="review-summary__average" data-testid="summary-average">
          {averageText(summary.averageRating)}
        </p>
        {summary.averageRating !== null ? <Stars rating={summary.averageRating} size={18} /> : null}
        <p className="review-summary__total">
          {summary.averageRating !== null ? `${starLabel(summary.averageRating)} · ` : ''}
          <span data-testid="summary-total">{countText(summary.totalReviews)}</span>{' '}
          {summary.totalReviews === 1 ? 'review' : 'reviews'}
        </p>
      </div>
      <dl className="review-summary__figures">
        <div>
          <dt>Would recommend</dt>
          <dd data-testid="summary-recommendation">{percentText(summary.recommendationRate)}</dd>
        </div>
        {rebooking !== null ? (
          <div>
            <dt>Would book again</dt>
            <dd data-testid="summary-rebooking">{percentText(rebooking)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Responded to</dt>
          <dd data-testid="summary-response">{percentText(summary.responseRate)}</dd>
        </div>
        <div>
          <dt>Verified reviews</dt>
          <dd data-testid="summary-verified">{countText(summary.verifiedReviewsCount)}</dd>
        </div>
      </dl>
      {categories && CATEGORIES.some((c) => categories[c.key] !== null) ? (
        <dl className="review-summary__categories" aria-label="Category averages">
          {CATEGORIES.map((c) => (
            <div key={c.key}>
              <dt>{c.label}</dt>
              <dd>{categories[c.key] === null ? '—' : categories[c.key]?.toFixed(1)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {summary.totalReviews >= DISTRIBUTION_MIN_REVIEWS ? <RatingDistribution summary={summary} /> : null}
    </div>
  );
}

/** Bars 5 → 1 with each count and its percent of all reviews. */
export function RatingDistribution({ summary }: { summary: AnySummary }) {
  return (
    <ul className="rating-bars" aria-label="Rating distribution" data-testid="rating-distribution">
      {summary.ratingDistribution.map((d) => (
        <li key={d.rating} className="rating-bars__row" data-testid={`distribution-${d.rating}`}>
          <span>
            {d.rating} {d.rating === 1 ? 'star' : 'stars'}
          </span>
          <span className="rating-bars__track" aria-hidden="true">
            <span className="rating-bars__fill" style={{ width: `${d.percent}%` }} />
          </span>
          <span className="rating-bars__figure">
            <span data-testid="distribution-count">{countText(d.count)}</span> (
            <span data-testid="distribution-percent">{percentText(d.percent)}</span>)
          </span>
        </li>
      ))}
    </ul>
  );
}
