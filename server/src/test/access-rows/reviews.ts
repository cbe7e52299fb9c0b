import { type Row, usersOnly } from './row';

/** Writing, voting on, responding to and reporting reviews: rows of the access matrix. */
export const REVIEW_ROWS: Record<string, Row> = {
  // ── Reviews: the booking's customer writes; others vote and report; the reviewed cleaner responds ──
  createReview: {
    request: async (f) => ({
      path: '/api/reviews',
      body: { bookingId: await f.reviews.newCompletedBooking(), rating: 5, comment: 'Careful and quick work.' },
    }),
    expect: { visitor: 401, customerA: 201, customerB: 404, cleaner: 403, otherCleaner: 404, admin: 401 },
  },
  voteOnReview: {
    request: (f) => ({ path: `/api/reviews/${f.reviews.reviewId}/vote`, body: { voteType: 'helpful' } }),
    expect: { ...usersOnly(403), customerB: 200, otherCleaner: 200 },
  },
  respondToReview: {
    request: async (f) => ({
      path: `/api/reviews/${await f.reviews.newReview()}/response`,
      body: { response: 'Thanks!' },
    }),
    expect: { ...usersOnly(403), cleaner: 201 },
  },
  reportReview: {
    request: async (f) => ({ path: `/api/reviews/${await f.reviews.newReview()}/report`, body: { reason: 'Spam' } }),
    expect: { ...usersOnly(201), customerA: 403 },
  },
  addReviewPhotos: {
    // A JSON body: the author gets past the ownership check to the 415; nobody else's body is read.
    request: (f) => ({ path: `/api/reviews/${f.reviews.reviewId}/photos`, body: { photos: [] } }),
    expect: { ...usersOnly(403), customerA: 415 },
  },
};
