import { describe, expect, it } from 'vitest';
import {
  ANONYMOUS_REVIEWER,
  MAX_REVIEW_PHOTOS,
  mayReview,
  percentOf,
  photoRefusal,
  type ReviewFacts,
  type ReviewViewer,
  reportRefusal,
  respondRefusal,
  reviewCapabilities,
  reviewRefusal,
  toggleVote,
  voteRefusal,
} from './review-rules';

const AUTHOR = 10;
const CLEANER_USER = 20;
const CLEANER_ID = 7;
const OTHER = 30;

const review = (over: Partial<ReviewFacts> = {}): ReviewFacts => ({
  customerId: AUTHOR,
  cleanerId: CLEANER_ID,
  hasResponse: false,
  photoCount: 0,
  ...over,
});
const viewer = (userId: number | null, over: Partial<ReviewViewer> = {}): ReviewViewer => ({
  ...ANONYMOUS_REVIEWER,
  userId,
  ownCleanerId: userId === CLEANER_USER ? CLEANER_ID : null,
  ...over,
});

describe('reviewing a booking', () => {
  it('is for its customer, once it is completed, once', () => {
    const completed = { status: 'completed', hasReview: false };
    expect(reviewRefusal(completed, true)).toBeNull();
    expect(reviewRefusal(completed, false)).toBe('forbidden');
    expect(reviewRefusal({ status: 'completed', hasReview: true }, true)).toBe('already_reviewed');
    for (const status of ['pending', 'confirmed', 'in_progress', 'cancelled']) {
      expect(reviewRefusal({ status, hasReview: false }, true), status).toBe('not_completed');
      expect(mayReview({ status, hasReview: false }, true), status).toBe(false);
    }
    expect(mayReview(completed, true)).toBe(true);
  });
});

describe('what a viewer may do to a review', () => {
  it('vote: signed in, not the author, not the reviewed cleaner', () => {
    expect(voteRefusal(review(), viewer(null))).toBe('sign_in');
    expect(voteRefusal(review(), viewer(AUTHOR))).toBe('own_review');
    expect(voteRefusal(review(), viewer(CLEANER_USER))).toBe('own_review');
    expect(voteRefusal(review(), viewer(OTHER))).toBeNull();
    // A cleaner votes on reviews of other cleaners.
    expect(voteRefusal(review({ cleanerId: 99 }), viewer(CLEANER_USER))).toBeNull();
  });

  it('respond: only the reviewed cleaner, only while unanswered', () => {
    expect(respondRefusal(review(), viewer(null))).toBe('sign_in');
    expect(respondRefusal(review(), viewer(AUTHOR))).toBe('forbidden');
    expect(respondRefusal(review(), viewer(OTHER))).toBe('forbidden');
    expect(respondRefusal(review({ cleanerId: 99 }), viewer(CLEANER_USER))).toBe('forbidden');
    expect(respondRefusal(review(), viewer(CLEANER_USER))).toBeNull();
    expect(respondRefusal(review({ hasResponse: true }), viewer(CLEANER_USER))).toBe('already_responded');
  });

  it('report: signed in, not the author, not twice', () => {
    expect(reportRefusal(review(), viewer(null))).toBe('sign_in');
    expect(reportRefusal(review(), viewer(AUTHOR))).toBe('own_review');
    expect(reportRefusal(review(), viewer(OTHER))).toBeNull();
    expect(reportRefusal(review(), viewer(CLEANER_USER))).toBeNull();
    expect(reportRefusal(review(), viewer(OTHER, { hasReported: true }))).toBe('already_reported');
  });

  it('addPhoto: the author, while fewer than five photos, counting those coming now', () => {
    expect(photoRefusal(review(), viewer(null))).toBe('sign_in');
    expect(photoRefusal(review(), viewer(OTHER))).toBe('forbidden');
    expect(photoRefusal(review(), viewer(CLEANER_USER))).toBe('forbidden');
    expect(photoRefusal(review(), viewer(AUTHOR))).toBeNull();
    expect(photoRefusal(review({ photoCount: MAX_REVIEW_PHOTOS - 1 }), viewer(AUTHOR))).toBeNull();
    expect(photoRefusal(review({ photoCount: MAX_REVIEW_PHOTOS }), viewer(AUTHOR))).toBe('too_many');
    expect(photoRefusal(review({ photoCount: 3 }), viewer(AUTHOR), 2)).toBeNull();
    expect(photoRefusal(review({ photoCount: 3 }), viewer(AUTHOR), 3)).toBe('too_many');
  });

  it('lists exactly the capabilities the single rules allow, for every viewer', () => {
    const cases: Array<[ReviewViewer, ReviewFacts, string[]]> = [
      [viewer(null), review(), []],
      [viewer(AUTHOR), review(), ['addPhoto']],
      [viewer(AUTHOR), review({ photoCount: 5 }), []],
      [viewer(OTHER), review(), ['vote', 'report']],
      [viewer(OTHER, { hasReported: true, vote: 'helpful' }), review(), ['vote']],
      [viewer(CLEANER_USER), review(), ['respond', 'report']],
      [viewer(CLEANER_USER), review({ hasResponse: true }), ['report']],
    ];
    for (const [who, facts, expected] of cases) {
      expect([...reviewCapabilities(facts, who)].sort(), JSON.stringify({ who, facts })).toEqual(expected.sort());
    }
  });
});

describe('the vote toggle', () => {
  it('adds, takes back and switches, moving helpfulVotes by what changed', () => {
    expect(toggleVote(null, 'helpful')).toEqual({ next: 'helpful', helpfulDelta: 1 });
    expect(toggleVote(null, 'not_helpful')).toEqual({ next: 'not_helpful', helpfulDelta: 0 });
    expect(toggleVote('helpful', 'helpful')).toEqual({ next: null, helpfulDelta: -1 });
    expect(toggleVote('not_helpful', 'not_helpful')).toEqual({ next: null, helpfulDelta: 0 });
    expect(toggleVote('helpful', 'not_helpful')).toEqual({ next: 'not_helpful', helpfulDelta: -1 });
    expect(toggleVote('not_helpful', 'helpful')).toEqual({ next: 'helpful', helpfulDelta: 1 });
  });
});

describe('percentages', () => {
  it('have one decimal, and are 0 of nothing', () => {
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(2, 3)).toBe(66.7);
    expect(percentOf(1, 8)).toBe(12.5);
    expect(percentOf(5, 5)).toBe(100);
    // One more review among 60 still shows.
    expect(percentOf(12, 61)).not.toBe(percentOf(12, 60));
  });
});
