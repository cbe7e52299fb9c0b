import type { ActionBodyOf, Booking, Review } from '@spotless/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bookingKeys } from '../../../entities/booking';
import { api } from '../../../lib/api';
import { type PhotoDraft, photoFormData } from '../utils/review-form';
import { reviewKeys } from './review-keys';

type ReviewAction = NonNullable<Booking['actions']['review']>;

export interface SubmittedReview {
  review: Review;
  /** Set when the review was saved but its photos were not. */
  photoError: unknown;
}

/** Everything a new review, vote or response changes: lists, figures, the cleaner's rating, the user's activity. */
function invalidateAfterReview(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
  void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
  void queryClient.invalidateQueries({ queryKey: ['cleaners'] });
  void queryClient.invalidateQueries({ queryKey: ['auth', 'activity'] });
}

/**
 * Writes a review through the booking's `review` action, then sends its photos through the new
 * review's own `addPhoto` action (multipart). The review stands even if the photos fail.
 */
export function useSubmitReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...reviewKeys.all, 'submit'],
    mutationFn: async ({
      action,
      body,
      photos = [],
    }: {
      action: ReviewAction;
      body: ActionBodyOf<'createReview'>;
      photos?: readonly PhotoDraft[];
    }): Promise<SubmittedReview> => {
      const review = await api.perform(action, body);
      if (photos.length === 0 || !review.actions.addPhoto) return { review, photoError: null };
      try {
        return { review: await api.upload(review.actions.addPhoto, photoFormData(photos)), photoError: null };
      } catch (photoError) {
        return { review, photoError };
      }
    },
    onSettled: () => invalidateAfterReview(queryClient),
  });
}

type VoteAction = NonNullable<Review['actions']['vote']>;
type RespondAction = NonNullable<Review['actions']['respond']>;
type ReportAction = NonNullable<Review['actions']['report']>;

/** Helpful / not helpful through the review's `vote` action: the same vote again takes it back. */
export function useVoteOnReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...reviewKeys.all, 'vote'],
    mutationFn: ({ action, voteType }: { action: VoteAction; voteType: 'helpful' | 'not_helpful' }) =>
      api.perform(action, { voteType }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}

/** The reviewed cleaner's response, through the review's `respond` action. */
export function useRespondToReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...reviewKeys.all, 'respond'],
    mutationFn: ({ action, response }: { action: RespondAction; response: string }) =>
      api.perform(action, { response }),
    onSettled: () => invalidateAfterReview(queryClient),
  });
}

/** A report to the administrators, through the review's `report` action. */
export function useReportReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...reviewKeys.all, 'report'],
    mutationFn: ({ action, reason, description }: { action: ReportAction; reason: string; description?: string }) =>
      api.perform(action, { reason, description }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
