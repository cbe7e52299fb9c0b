import type { Booking, FollowableLink } from '@spotless/sdk';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { ModalDialog } from '../../../components/modal-dialog';
import { errorMessage } from '../../../lib/api-errors';
import { toast } from '../../../lib/toast';
import { useSubmitReview } from '../api/reviews.mutations';
import { reviewableBookingQuery } from '../api/reviews.queries';
import { QUICK_COMMENT_COUNTER, quickReviewBody, quickReviewProblem } from '../utils/review-form';
import { StarRatingInput } from './star-rating';
import '../reviews.css';

/** What the Write Review dialog needs of a booking: its id, and the link to the booking itself. */
export interface ReviewableBooking {
  id: number;
  serviceName: string;
  cleanerName: string;
  links: { self: FollowableLink<'getBooking'> };
}

/**
 * The profile page's Write Review dialog (docs/product/accounts.md) with the quick review form: a
 * star rating and a comment. It follows the booking's own link, and sends the review through its
 * `review` action.
 */
export function WriteReviewDialog({ booking, onClose }: { booking: ReviewableBooking | null; onClose: () => void }) {
  return (
    <ModalDialog
      open={booking !== null}
      title="Write Review"
      description={booking ? `${booking.serviceName} with ${booking.cleanerName}` : undefined}
      onClose={onClose}
      testId="write-review"
    >
      {booking ? <QuickReview key={booking.id} booking={booking} onClose={onClose} /> : null}
    </ModalDialog>
  );
}

function QuickReview({ booking, onClose }: { booking: ReviewableBooking; onClose: () => void }) {
  const full = useQuery(reviewableBookingQuery(booking));
  if (full.isPending) return <p className="loading-text">Loading the booking...</p>;
  const action = full.data?.actions.review;
  if (!full.data || !action) {
    return (
      <p className="alert alert--info" data-testid="review-unavailable">
        This booking cannot be reviewed now: it may already have a review.
      </p>
    );
  }
  return <QuickReviewForm booking={full.data} action={action} onSubmitted={onClose} />;
}

/** The quick review form (docs/product/discovery.md): star rating and comment; the 500 counter is shown, not enforced. */
export function QuickReviewForm({
  booking,
  action,
  onSubmitted,
}: {
  booking: { id: number; cleanerId: number };
  action: NonNullable<Booking['actions']['review']>;
  onSubmitted: () => void;
}) {
  const id = useId();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const submitReview = useSubmitReview();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (submitReview.isPending) return;
    const problem = quickReviewProblem({ rating, comment });
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return;
    }
    submitReview.mutate(
      { action, body: quickReviewBody(booking, { rating, comment }) },
      {
        onSuccess: () => {
          toast({ title: 'Review Submitted', description: 'Thank you for sharing your experience!' });
          onSubmitted();
        },
        onError: (error) => {
          toast({
            title: 'Error Submitting Review',
            description: errorMessage(error, 'Failed to submit your review. Please try again.'),
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <form className="form" onSubmit={submit} noValidate aria-busy={submitReview.isPending}>
      <StarRatingInput label="Your rating" value={rating} onChange={setRating} />
      <div className="field">
        <label htmlFor={`${id}-comment`}>Your review</label>
        <textarea
          id={`${id}-comment`}
          rows={4}
          placeholder="Tell others about your experience (at least 10 characters)"
          value={comment}
          aria-describedby={`${id}-counter`}
          onChange={(e) => setComment(e.target.value)}
        />
        <p id={`${id}-counter`} className="field__hint" data-testid="comment-counter">
          {comment.length}/{QUICK_COMMENT_COUNTER} characters
        </p>
      </div>
      <div className="button-row">
        <button type="submit" className="btn btn--primary" disabled={submitReview.isPending}>
          {submitReview.isPending ? 'Submitting...' : 'Submit Review'}
        </button>
        <button type="button" className="btn btn--outline" onClick={onSubmitted}>
          Cancel
        </button>
      </div>
    </form>
  );
}
