import { type Booking, bookingStatusText, type Cleaner, type PlatformReviewSummary } from '@spotless/sdk';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PageTitle } from '../../../components/page-title';
import { Tabs } from '../../../components/tabs';
import { bookingQuery } from '../../../entities/booking';
import { jobsCompleted } from '../../../entities/cleaner/components/cleaner-identity';
import {
  completedBookingsQuery,
  platformSummaryQuery,
  topCleanersQuery,
} from '../../../entities/review/api/reviews.queries';
import { CleanerReviews } from '../../../entities/review/components/review-list';
import { RatingDistribution } from '../../../entities/review/components/review-summary';
import { Stars } from '../../../entities/review/components/star-rating';
import { averageText, countText, PAGE_SIZES, percentText } from '../../../entities/review/utils/review-form';
import { errorMessage, errorStatus } from '../../../lib/api-errors';
import { useCurrentUser } from '../../../lib/auth';
import { bookingDateTimeLabel } from '../../../lib/booking-time';
import { LOGIN_PATH } from '../../../lib/query-client';
import { Link, useNavigate, useSearchParams } from '../../../lib/router';
import { positiveId, reviewedCleanerPath } from '../utils/reviews-page';
import { AllReviewsTab } from './all-reviews-tab';
import { FullReviewForm } from './full-review-form';
import '../../../entities/review/reviews.css';
import { StatCards } from '../../../components/stat-cards';

const TABS = [
  { id: 'all', label: 'All Reviews' },
  { id: 'analytics', label: 'Analytics' },
  { id: 'top', label: 'Top Cleaners' },
  { id: 'leave', label: 'Leave Review' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/**
 * /reviews (docs/product/discovery.md) — the list view with four tabs, or with ?bookingId the
 * full-screen review form. With ?cleanerId (where a sent review lands) All Reviews shows that
 * cleaner's reviews.
 */
export function ReviewsPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const bookingId = positiveId(params.get('bookingId'));
  const cleanerId = positiveId(params.get('cleanerId'));
  // biome-ignore lint/correctness/useExhaustiveDependencies: each view (the form, the list after a review is sent) opens at its top
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [bookingId]);
  if (bookingId !== null) {
    return (
      <ReviewFormView
        bookingId={bookingId}
        onBack={() => navigate('/reviews')}
        onSubmitted={(reviewed) => navigate(reviewedCleanerPath(reviewed))}
      />
    );
  }
  return <ReviewsHome cleanerId={cleanerId} />;
}

function ReviewsHome({ cleanerId }: { cleanerId: number | null }) {
  const [tab, setTab] = useState<TabId>('all');
  const summary = useQuery(platformSummaryQuery);
  return (
    <section className="container page reviews-page">
      <PageTitle title="Service Reviews & Ratings" />
      <header className="reviews-page__header">
        <div>
          <h1>Service Reviews &amp; Ratings</h1>
          <p className="lead">What customers say about the cleaners they booked on Spotless.</p>
        </div>
        <div className="reviews-page__average" data-testid="platform-average">
          {summary.data ? (
            <>
              <span className="reviews-page__average-figure">{averageText(summary.data.averageRating)}</span>
              {summary.data.averageRating !== null ? <Stars rating={summary.data.averageRating} size={18} /> : null}
              <span className="field__hint">
                Platform average from {countText(summary.data.totalReviews)}{' '}
                {summary.data.totalReviews === 1 ? 'review' : 'reviews'}
              </span>
            </>
          ) : summary.isError ? (
            <span className="field__hint">Platform average unavailable</span>
          ) : (
            <span className="field__hint">Loading platform average...</span>
          )}
        </div>
      </header>

      <Tabs tabs={TABS} selected={tab} onSelect={setTab} label="Reviews">
        {tab === 'all' ? (
          <AllReviewsTab summary={summary.data} failed={summary.isError} cleanerId={cleanerId} />
        ) : tab === 'analytics' ? (
          <AnalyticsTab summary={summary.data} failed={summary.isError} />
        ) : tab === 'top' ? (
          <TopCleanersTab />
        ) : (
          <LeaveReviewTab />
        )}
      </Tabs>
    </section>
  );
}

/** The Analytics tab (docs/product/discovery.md), every figure from the server's platform summary. */
function AnalyticsTab({ summary, failed }: { summary: PlatformReviewSummary | undefined; failed: boolean }) {
  if (failed) return <p className="alert alert--error">Failed to load the review figures.</p>;
  if (!summary) return <p className="loading-text">Loading the review figures...</p>;
  const of = (count: number) => `${countText(count)} of ${countText(summary.totalReviews)} reviews`;
  // Each figure with its basis: one more review always shows, even where rounding hides it in the rate.
  const cards = [
    {
      id: 'average',
      label: 'Average Rating',
      value: averageText(summary.averageRating),
      note: `over ${countText(summary.totalReviews)} reviews`,
    },
    { id: 'total', label: 'Total Reviews', value: countText(summary.totalReviews), note: null },
    {
      id: 'recommendation',
      label: 'Recommendation Rate',
      value: percentText(summary.recommendationRate),
      note: of(summary.recommendedCount),
    },
    {
      id: 'response',
      label: 'Response Rate',
      value: percentText(summary.responseRate),
      note: of(summary.respondedCount),
    },
  ];
  return (
    <div className="reviews-tab" data-testid="review-analytics">
      <StatCards cards={cards.map((card) => ({ ...card, testId: `analytics-${card.id}` }))} />
      <section className="card" aria-labelledby="distribution-title">
        <h2 id="distribution-title" className="card__title">
          Rating Distribution
        </h2>
        <RatingDistribution summary={summary} />
        <p className="field__hint">
          {countText(summary.verifiedReviewsCount)} of {countText(summary.totalReviews)} reviews are verified: written
          by the customer of a completed booking.
        </p>
      </section>
    </div>
  );
}

function TopCleanersTab() {
  const top = useQuery(topCleanersQuery);
  const [open, setOpen] = useState<Cleaner | null>(null);
  if (top.isPending) return <p className="loading-text">Loading top cleaners...</p>;
  if (top.isError) return <p className="alert alert--error">{errorMessage(top.error, 'Failed to load cleaners.')}</p>;
  if (top.data.items.length === 0) return <p className="empty-state">No cleaners yet.</p>;
  return (
    <div className="reviews-tab" data-testid="top-cleaners">
      <ol className="top-cleaners">
        {top.data.items.map((cleaner, index) => {
          const name = `${cleaner.user.firstName} ${cleaner.user.lastName}`;
          return (
            <li key={cleaner.id} className="card top-cleaners__item" data-testid={`top-cleaner-${index + 1}`}>
              <span className="top-cleaners__rank" aria-hidden="true">
                #{index + 1}
              </span>
              <div className="top-cleaners__body">
                <h2 className="top-cleaners__name">
                  <span className="visually-hidden">Number {index + 1}: </span>
                  <Link to={cleaner.links.page.href}>{name}</Link>
                </h2>
                <p className="top-cleaners__bio">{cleaner.bio}</p>
                <p className="top-cleaners__facts">
                  {cleaner.rating === null ? (
                    'New'
                  ) : (
                    <>
                      <Stars rating={cleaner.rating} size={14} /> {cleaner.rating.toFixed(1)} ({cleaner.reviewCount}{' '}
                      {cleaner.reviewCount === 1 ? 'review' : 'reviews'})
                    </>
                  )}{' '}
                  · {jobsCompleted(cleaner.completedJobs)}
                </p>
              </div>
              <button
                type="button"
                className="btn btn--outline btn--sm"
                aria-expanded={open?.id === cleaner.id}
                onClick={() => setOpen(open?.id === cleaner.id ? null : cleaner)}
              >
                View Reviews<span className="visually-hidden"> of {name}</span>
              </button>
            </li>
          );
        })}
      </ol>
      {open ? (
        <section className="card reviews-panel" aria-labelledby="panel-title" data-testid="cleaner-reviews-panel">
          <div className="reviews-panel__head">
            <h2 id="panel-title" className="card__title">
              Reviews of {open.user.firstName} {open.user.lastName}
            </h2>
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => setOpen(null)}>
              Close<span className="visually-hidden"> reviews of {open.user.firstName}</span>
            </button>
          </div>
          <CleanerReviews cleaner={open} limit={PAGE_SIZES.cleanerPanel} />
        </section>
      ) : null}
    </div>
  );
}

function LeaveReviewTab() {
  const { user, isLoading } = useCurrentUser();
  const bookings = useQuery({ ...completedBookingsQuery, enabled: user !== null });
  if (isLoading) return <p className="loading-text">Loading...</p>;
  if (!user) {
    return (
      <div className="empty-state" data-testid="leave-review-login">
        <h2>Log in to leave a review</h2>
        <p>Sign in to review the cleaners of your completed bookings.</p>
        <a className="btn btn--primary" href={`${LOGIN_PATH}?returnUrl=${encodeURIComponent('/reviews')}`}>
          Log In
        </a>
      </div>
    );
  }
  if (bookings.isPending) return <p className="loading-text">Loading your completed bookings...</p>;
  if (bookings.isError) {
    return <p className="alert alert--error">{errorMessage(bookings.error, 'Failed to load your bookings.')}</p>;
  }
  if (bookings.data.items.length === 0) {
    return (
      <div className="empty-state" data-testid="no-completed-bookings">
        <h2>No Completed Bookings</h2>
        <p>Complete a cleaning service to leave a review</p>
      </div>
    );
  }
  return (
    <ul className="booking-cards" data-testid="completed-bookings">
      {bookings.data.items.map((booking) => (
        <CompletedBooking key={booking.id} booking={booking} />
      ))}
    </ul>
  );
}

function CompletedBooking({ booking }: { booking: Booking }) {
  const cleaner = `${booking.cleaner.user.firstName} ${booking.cleaner.user.lastName}`;
  return (
    <li className="card booking-card" data-testid={`completed-booking-${booking.id}`}>
      <div className="booking-card__head">
        <h2 className="booking-card__service">{booking.service.name}</h2>
        <span className="tone-badge tone-badge--green">{bookingStatusText(booking.status)}</span>
      </div>
      <p>
        {cleaner} · {bookingDateTimeLabel(booking)}
      </p>
      <div className="button-row">
        {/* The booking's own review link and action: present only while it may be reviewed. */}
        {booking.actions.review && booking.links.review ? (
          <Link to={booking.links.review.href} className="btn btn--primary btn--sm">
            Leave Review
            <span className="visually-hidden">
              {' '}
              for {booking.service.name} with {cleaner}
            </span>
          </Link>
        ) : booking.hasReview ? (
          <span className="tone-badge tone-badge--grey">Reviewed</span>
        ) : null}
      </div>
    </li>
  );
}

/** The full-screen review form for one booking ('← Back to Reviews': docs/product/discovery.md). */
function ReviewFormView({
  bookingId,
  onBack,
  onSubmitted,
}: {
  bookingId: number;
  onBack: () => void;
  onSubmitted: (booking: Booking) => void;
}) {
  const { user, isLoading } = useCurrentUser();
  const booking = useQuery({ ...bookingQuery(bookingId), enabled: user !== null });
  const action = booking.data?.actions.review;

  let body: React.ReactNode;
  if (isLoading || (user && booking.isPending)) {
    body = <p className="loading-text">Loading the booking...</p>;
  } else if (!user) {
    body = (
      <div className="empty-state" data-testid="leave-review-login">
        <h2>Log in to leave a review</h2>
        <a
          className="btn btn--primary"
          href={`${LOGIN_PATH}?returnUrl=${encodeURIComponent(`/reviews?bookingId=${bookingId}`)}`}
        >
          Log In
        </a>
      </div>
    );
  } else if (booking.isError || !booking.data) {
    const status = errorStatus(booking.error);
    body = (
      <p className="alert alert--error" data-testid="review-booking-error">
        {status === 404 || status === 403
          ? 'We could not find this booking among yours.'
          : errorMessage(booking.error, 'Failed to load the booking.')}
      </p>
    );
  } else if (!action) {
    body = (
      <p className="alert alert--info" data-testid="review-unavailable">
        {booking.data.hasReview
          ? 'You have already reviewed this booking. Thank you!'
          : booking.data.status !== 'completed'
            ? 'You can review this booking once it is completed.'
            : 'This booking cannot be reviewed.'}
      </p>
    );
  } else {
    const reviewed = booking.data;
    body = (
      <FullReviewForm booking={reviewed} action={action} onDone={onBack} onSubmitted={() => onSubmitted(reviewed)} />
    );
  }

  return (
    <section className="container page page--narrow review-form-page">
      <PageTitle title="Leave a Review" />
      <button type="button" className="btn btn--ghost review-form-page__back" onClick={onBack}>
        ← Back to Reviews
      </button>
      <h1>Leave a Review</h1>
      <p className="lead">Your review helps other customers and helps cleaners improve.</p>
      {body}
    </section>
  );
}
