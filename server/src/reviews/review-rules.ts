/**
 * The rules of reviews, pure: who may review a booking, vote on, answer, report or illustrate a
 * review, and what a vote does. The services refuse by them and the resources list actions by
 * them, so an action is offered exactly when performing it would succeed (decision 033).
 */

import { PHOTO_LIMITS } from '@spotless/sdk/rules';

export const MAX_REVIEW_PHOTOS = PHOTO_LIMITS.maxPhotos;

export type VoteType = 'helpful' | 'not_helpful';

export type ReviewRefusal = 'forbidden' | 'not_completed' | 'already_reviewed';

/**
 * Why this caller may not review this booking now, or null: only its customer, only once it is
 * completed, only once (docs/product/discovery.md).
 */
export function reviewRefusal(
  booking: { status: string; hasReview: boolean },
  isCustomer: boolean,
): ReviewRefusal | null {
  if (!isCustomer) return 'forbidden';
  if (booking.status !== 'completed') return 'not_completed';
  if (booking.hasReview) return 'already_reviewed';
  return null;
}

/**
 * Who may review a booking (docs/product/discovery.md): its customer, once it is completed, once.
 * The booking's `review` link and action and `POST /api/reviews` all use this rule.
 */
export function mayReview(booking: { status: string; hasReview: boolean }, isCustomer: boolean): boolean {
  return reviewRefusal(booking, isCustomer) === null;
}

/** A completed job can be booked again by its customer (the history's "Book Again"). */
export function mayRebook(booking: { status: string }, isCustomer: boolean): boolean {
  return isCustomer && booking.status === 'completed';
}

/** What the review rules need to know about a review. */
export interface ReviewFacts {
  customerId: number | null;
  cleanerId: number;
  hasResponse: boolean;
  photoCount: number;
}

/** Who looks at a review: signed in or not, their own cleaner profile, and what they did to it. */
export interface ReviewViewer {
  userId: number | null;
  /** The viewer's active cleaner profile, if they are a cleaner. */
  ownCleanerId: number | null;
  vote: VoteType | null;
  hasReported: boolean;
}

export const ANONYMOUS_REVIEWER: ReviewViewer = { userId: null, ownCleanerId: null, vote: null, hasReported: false };

export type VoteRefusal = 'sign_in' | 'own_review';

/**
 * Anyone signed in may mark a review helpful or not, except its author and the cleaner it is
 * about: nobody vouches for their own words or their own praise.
 */
export function voteRefusal(review: ReviewFacts, viewer: ReviewViewer): VoteRefusal | null {
  if (viewer.userId === null) return 'sign_in';
  if (review.customerId === viewer.userId || viewer.ownCleanerId === review.cleanerId) return 'own_review';
  return null;
}

export type RespondRefusal = 'sign_in' | 'forbidden' | 'already_responded';

/** Only the reviewed cleaner answers, once. */
export function respondRefusal(review: ReviewFacts, viewer: ReviewViewer): RespondRefusal | null {
  if (viewer.userId === null) return 'sign_in';
  if (viewer.ownCleanerId !== review.cleanerId) return 'forbidden';
  if (review.hasResponse) return 'already_responded';
  return null;
}

export type ReportRefusal = 'sign_in' | 'own_review' | 'already_reported';

/** Anyone signed in but the author reports a review, once each. */
export function reportRefusal(review: ReviewFacts, viewer: ReviewViewer): ReportRefusal | null {
  if (viewer.userId === null) return 'sign_in';
  if (review.customerId === viewer.userId) return 'own_review';
  if (viewer.hasReported) return 'already_reported';
  return null;
}

export type PhotoRefusal = 'sign_in' | 'forbidden' | 'too_many';

/** The author adds photos while the review has fewer than five; `adding` is how many come now. */
export function photoRefusal(review: ReviewFacts, viewer: ReviewViewer, adding = 1): PhotoRefusal | null {
  if (viewer.userId === null) return 'sign_in';
  if (review.customerId !== viewer.userId) return 'forbidden';
  if (review.photoCount + adding > MAX_REVIEW_PHOTOS) return 'too_many';
  return null;
}

export type ReviewCapability = 'vote' | 'respond' | 'report' | 'addPhoto';

export function reviewCapabilities(review: ReviewFacts, viewer: ReviewViewer): ReadonlySet<ReviewCapability> {
  const allowed = new Set<ReviewCapability>();
  if (voteRefusal(review, viewer) === null) allowed.add('vote');
  if (respondRefusal(review, viewer) === null) allowed.add('respond');
  if (reportRefusal(review, viewer) === null) allowed.add('report');
  if (photoRefusal(review, viewer) === null) allowed.add('addPhoto');
  return allowed;
}

/**
 * The vote toggle: voting what you already voted takes the vote back, voting the other way
 * changes it. `helpfulDelta` is what the review's `helpfulVotes` changes by.
 */
export function toggleVote(
  current: VoteType | null,
  requested: VoteType,
): { next: VoteType | null; helpfulDelta: -1 | 0 | 1 } {
  const next = current === requested ? null : requested;
  const helpful = (vote: VoteType | null) => (vote === 'helpful' ? 1 : 0);
  return { next, helpfulDelta: (helpful(next) - helpful(current)) as -1 | 0 | 1 };
}

/**
 * A percentage as the summaries give it: one decimal, 0 of nothing. Whole percents would hide one
 * new review once there are more than a few dozen; pages round further as they show it.
 */
export function percentOf(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((1000 * part) / whole) / 10;
}
