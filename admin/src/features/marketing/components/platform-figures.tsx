import { formatDollars } from '@spotless/sdk';
import { useQuery } from '@tanstack/react-query';
import { SparkleIcon } from '../../../components/icons';
import { averageText, countText } from '../../../entities/review/utils/review-form';
import { Link } from '../../../lib/router';
import { cleanerStatsQuery, platformSummaryQuery, verifiedCleanerStatsQuery } from '../api/platform-figures.queries';

/*
 * The figures the marketing pages claim (rating, customers, verified cleaners:
 * docs/product/discovery.md), always the server's real ones: the average and review count /reviews
 * shows, and the search's counts of verified cleaners and their cities. While they load, a
 * placeholder stands where a number will be — never a made-up figure.
 */

/** "1 review", "3,832 reviews". */
export function counted(count: number, one: string, many: string): string {
  return `${countText(count)} ${count === 1 ? one : many}`;
}

/** A bar where a figure will be, announced once as loading. */
export function FigurePlaceholder({ className }: { className?: string }) {
  return (
    <span className={`figure-placeholder skeleton ${className ?? ''}`}>
      <span className="visually-hidden">Loading…</span>
    </span>
  );
}

/** The landing hero's card: the platform average over its reviews, the verified cleaners and their cities. */
export function HeroFigures() {
  const summary = useQuery(platformSummaryQuery);
  const verified = useQuery(verifiedCleanerStatsQuery);
  const loading = summary.isPending || verified.isPending;
  return (
    <div className="hero__art-card" data-testid="landing-figures" aria-busy={loading}>
      <SparkleIcon width={48} height={48} />
      <div className="hero__art-rating">
        {summary.data ? (
          summary.data.averageRating === null ? (
            <p className="hero__art-caption">No reviews yet: be the first to rate your clean</p>
          ) : (
            <>
              <p className="hero__art-figure" data-testid="landing-average">
                {averageText(summary.data.averageRating)}
              </p>
              <p className="hero__art-caption" data-testid="landing-rating-caption">
                average rating from {counted(summary.data.totalReviews, 'review', 'reviews')}
              </p>
            </>
          )
        ) : summary.isError ? (
          <p className="hero__art-caption">
            <Link to="/reviews" className="hero__art-link">
              Read what customers say
            </Link>
          </p>
        ) : (
          <>
            <FigurePlaceholder className="figure-placeholder--figure" />
            <FigurePlaceholder className="figure-placeholder--line" />
          </>
        )}
      </div>
      {verified.data ? (
        <p className="hero__art-note" data-testid="landing-cleaners">
          {counted(verified.data.total, 'verified cleaner', 'verified cleaners')} in{' '}
          {counted(verified.data.cities, 'city', 'cities')}
        </p>
      ) : verified.isPending ? (
        <FigurePlaceholder className="figure-placeholder--line" />
      ) : null}
    </div>
  );
}

/** "Cleaners set their own hourly rates, from $20.00 to $75.00." — nothing until the figures are in. */
export function PriceRangeSentence() {
  const stats = useQuery(cleanerStatsQuery);
  const range = stats.data?.priceRange;
  if (!range) return null;
  return (
    <span data-testid="landing-price-range">
      {' '}
      Cleaners set their own hourly rates, from {formatDollars(range.min)} to {formatDollars(range.max)}.
    </span>
  );
}

/** The About page's impact figures (docs/product/discovery.md), each the server's. */
export function ImpactFigures() {
  const summary = useQuery(platformSummaryQuery);
  const verified = useQuery(verifiedCleanerStatsQuery);
  const all = useQuery(cleanerStatsQuery);
  const figure = (query: { data?: unknown; isError: boolean }, value: string | undefined) =>
    value !== undefined ? value : query.isError ? '—' : <FigurePlaceholder className="figure-placeholder--stat" />;
  const impact = [
    {
      id: 'reviews',
      label: 'Customer reviews',
      value: figure(summary, summary.data && countText(summary.data.totalReviews)),
    },
    {
      id: 'cleaners',
      label: 'Verified cleaners',
      value: figure(verified, verified.data && countText(verified.data.total)),
    },
    { id: 'cities', label: 'Cities served', value: figure(all, all.data && countText(all.data.cities)) },
    {
      id: 'rating',
      label: 'Average rating',
      value: figure(summary, summary.data && averageText(summary.data.averageRating)),
    },
  ];
  return (
    <dl className="stat-grid" data-testid="impact-figures">
      {impact.map((item) => (
        <div key={item.id} className="stat" data-testid={`impact-${item.id}`}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
