import { formatLongDate, MESSAGES, type Review } from '@spotless/sdk';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { ModalDialog } from '../../../components/modal-dialog';
import { errorMessage } from '../../../lib/api-errors';
import { toast } from '../../../lib/toast';
import { useReportReview, useRespondToReview, useVoteOnReview } from '../api/reviews.mutations';
import { cleanerReviewsQuery, cleanerSummaryQuery, type ReviewedCleaner } from '../api/reviews.queries';
import { reviewerName, starLabel } from '../utils/review-form';
import { ReviewPhotos } from './review-photos';
import { ReviewSummaryPanel } from './review-summary';
import { Stars } from './star-rating';
import '../reviews.css';

/**
 * A cleaner's reviews with their summary: the shared list of the reviews page (All Reviews, the
 * Top Cleaners panel) and the cleaner's profile. Every button is one of the review's actions.
 */
export function CleanerReviews({
  cleaner,
  limit,
  headingLevel = 3,
}: {
  cleaner: ReviewedCleaner;
  limit: number;
  headingLevel?: 2 | 3;
}) {
  const reviews = useQuery(cleanerReviewsQuery(cleaner, limit));
  const total = reviews.data?.total ?? 0;
  const summary = useQuery({ ...cleanerSummaryQuery(cleaner), enabled: total > 0 });
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  if (reviews.isPending) {
    return (
      <p className="loading-text" role="status">
        <span className="spinner" aria-hidden="true" />
        Loading reviews...
      </p>
    );
  }
  if (reviews.isError) {
    return <p className="alert alert--error">{errorMessage(reviews.error, 'Failed to load reviews.')}</p>;
  }
  if (total === 0) {
    return (
      <div className="empty-state" data-testid="reviews-empty">
        <Heading>No reviews available yet</Heading>
        <p>Be the first to book and review this cleaner!</p>
      </div>
    );
  }
  return (
    <div className="cleaner-reviews">
      {summary.data ? <ReviewSummaryPanel summary={summary.data} /> : null}
      <ReviewList reviews={reviews.data.items} />
      {total > reviews.data.items.length ? (
        <p className="field__hint">
          Showing the {reviews.data.items.length} most recent of {total} reviews.
        </p>
      ) : null}
    </div>
  );
}

export function ReviewList({ reviews }: { reviews: readonly Review[] }) {
  return (
    <ul className="review-list">
      {reviews.map((review) => (
        <ReviewItem key={review.id} review={review} />
      ))}
    </ul>
  );
}

export function ReviewItem({ review }: { review: Review }) {
  const name = reviewerName(review.customer);
  const id = useId();
  const [reporting, setReporting] = useState(false);
  return (
    <li className="review-item" data-testid="review" aria-labelledby={`${id}-head`}>
      <div className="review-item__head" id={`${id}-head`}>
        <Stars rating={review.overallRating} />
        <span className="review-item__rating">
          {review.overallRating}/5 {starLabel(review.overallRating)}
        </span>
        {review.isVerified ? (
          <span className="tone-badge tone-badge--green" data-testid="verified-badge">
            Verified
          </span>
        ) : null}
      </div>
      {review.title ? <p className="review-item__title">{review.title}</p> : null}
      <p className="review-item__meta">
        <strong data-testid="reviewer-name">{name}</strong>
        {review.service ? ` · ${review.service.name}` : ''} ·{' '}
        <time dateTime={review.createdAt}>{formatLongDate(review.createdAt)}</time>
      </p>
      <p className="review-item__comment">{review.comment}</p>
      {review.pros || review.cons ? (
        <dl className="review-item__pros-cons">
          {review.pros ? (
            <div>
              <dt>Pros</dt>
              <dd>{review.pros}</dd>
            </div>
          ) : null}
          {review.cons ? (
            <div>
              <dt>Cons</dt>
              <dd>{review.cons}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {review.serviceAreas.length > 0 ? (
        <ul className="tag-list" aria-label="Areas cleaned">
          {review.serviceAreas.map((area) => (
            <li key={area} className="tag">
              {area}
            </li>
          ))}
        </ul>
      ) : null}
      {review.timeSpent ? <p className="field__hint">Time spent: {review.timeSpent}</p> : null}
      <ReviewPhotos photos={review.photos} reviewer={name} />
      {review.response ? (
        <div className="review-response" data-testid="review-response">
          <p className="review-response__label">
            Response from the cleaner ·{' '}
            <time dateTime={review.response.createdAt}>{formatLongDate(review.response.createdAt)}</time>
          </p>
          <p>{review.response.response}</p>
        </div>
      ) : null}
      <div className="review-item__footer">
        <VoteButtons review={review} />
        {review.actions.report ? (
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => setReporting(true)}>
            Report<span className="visually-hidden"> {name}’s review</span>
          </button>
        ) : null}
      </div>
      {review.actions.respond ? <RespondForm review={review} /> : null}
      <ReportDialog review={review} open={reporting} onClose={() => setReporting(false)} />
    </li>
  );
}

/** Helpful / not helpful, through the review's `vote` action; the same vote again takes it back (docs/product/discovery.md). */
function VoteButtons({ review }: { review: Review }) {
  const vote = useVoteOnReview();
  const action = review.actions.vote;
  const current = review.userVote?.voteType ?? null;
  const count = (
    <span className="review-item__helpful" data-testid="helpful-count">
      {review.helpfulVotes} {review.helpfulVotes === 1 ? 'person' : 'people'} found this helpful
    </span>
  );
  if (!action) return count;
  const send = (voteType: 'helpful' | 'not_helpful') =>
    vote.mutate(
      { action, voteType },
      {
        onError: (error) => {
          toast({
            title: 'Error',
            description: errorMessage(error, 'Failed to record your vote.'),
            variant: 'destructive',
          });
        },
      },
    );
  return (
    <span className="review-item__votes">
      {count}
      <button
        type="button"
        className={current === 'helpful' ? 'btn btn--outline btn--sm is-on' : 'btn btn--outline btn--sm'}
        aria-pressed={current === 'helpful'}
        disabled={vote.isPending}
        onClick={() => send('helpful')}
      >
        Helpful
      </button>
      <button
        type="button"
        className={current === 'not_helpful' ? 'btn btn--outline btn--sm is-on' : 'btn btn--outline btn--sm'}
        aria-pressed={current === 'not_helpful'}
        disabled={vote.isPending}
        onClick={() => send('not_helpful')}
      >
        Not helpful
      </button>
    </span>
  );
}

/** The reviewed cleaner's one response (never blank: docs/product/discovery.md). */
function RespondForm({ review }: { review: Review }) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const respond = useRespondToReview();
  const action = review.actions.respond;
  const maxLength = action?.fields.find((f) => f.name === 'response')?.maxLength ?? 2000;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!action || respond.isPending) return;
    if (text.trim() === '') {
      setError(MESSAGES.review.responseBlank);
      return;
    }
    setError(null);
    respond.mutate(
      { action, response: text.trim() },
      {
        onSuccess: () => {
          toast({ title: 'Response Submitted', description: 'Your response is now shown under the review.' });
          setText('');
        },
        onError: (failure) => {
          toast({
            title: 'Error',
            description: errorMessage(failure, 'Failed to submit your response. Please try again.'),
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <form className="form review-respond" onSubmit={submit} noValidate aria-busy={respond.isPending}>
      <div className="field">
        <label htmlFor={`${id}-response`}>Your response</label>
        <textarea
          id={`${id}-response`}
          rows={3}
          maxLength={maxLength}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setText(e.target.value)}
          placeholder="Thank the customer or answer their points..."
        />
        {error ? (
          <p id={`${id}-error`} className="field__error">
            {error}
          </p>
        ) : null}
      </div>
      <div className="button-row">
        <button type="submit" className="btn btn--primary btn--sm" disabled={respond.isPending}>
          {respond.isPending ? 'Submitting...' : 'Submit Response'}
        </button>
      </div>
    </form>
  );
}

const REPORT_REASONS = [
  'Inappropriate or offensive',
  'Spam or fake review',
  'Not about this service',
  'Contains personal information',
  'Other',
] as const;

/** Report a review (reason and description) through its `report` action. */
function ReportDialog({ review, open, onClose }: { review: Review; open: boolean; onClose: () => void }) {
  return (
    <ModalDialog
      open={open && Boolean(review.actions.report)}
      title="Report Review"
      description="Tell our team what is wrong with this review."
      onClose={onClose}
      testId="report-review"
    >
      {open ? <ReportForm review={review} onClose={onClose} /> : null}
    </ModalDialog>
  );
}

function ReportForm({ review, onClose }: { review: Review; onClose: () => void }) {
  const id = useId();
  const [reason, setReason] = useState<string>(REPORT_REASONS[0]);
  const [description, setDescription] = useState('');
  const report = useReportReview();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const action = review.actions.report;
    if (!action || report.isPending) return;
    report.mutate(
      { action, reason, description: description.trim() || undefined },
      {
        onSuccess: () => {
          toast({ title: 'Review Reported', description: 'Thank you. Our team will look at this review.' });
          onClose();
        },
        onError: (error) => {
          toast({
            title: 'Error',
            description: errorMessage(error, 'Failed to report the review. Please try again.'),
            variant: 'destructive',
          });
        },
      },
    );
  };
  return (
    <form className="form" onSubmit={submit} aria-busy={report.isPending}>
      <div className="field">
        <label htmlFor={`${id}-reason`}>Reason</label>
        <select id={`${id}-reason`} value={reason} onChange={(e) => setReason(e.target.value)}>
          {REPORT_REASONS.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`}>Description (optional)</label>
        <textarea
          id={`${id}-description`}
          rows={3}
          maxLength={2000}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </div>
      <div className="button-row">
        <button type="submit" className="btn btn--danger" disabled={report.isPending}>
          Submit Report
        </button>
        <button type="button" className="btn btn--outline" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
