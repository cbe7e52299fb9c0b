import type { Review, ReviewPage, ReviewSummary } from '@spotless/sdk/schemas';
import { type Data, linkTo, type Operations, pageLink, pageLinksTo } from '../lib/hypermedia';

export function renderReview(ops: Operations, review: Data<Review>): Review {
  return {
    ...review,
    links: {
      self: linkTo(ops, 'getReview', { cleanerId: review.cleanerId, reviewId: review.id }),
      cleaner: linkTo(ops, 'getCleaner', { id: review.cleanerId }),
      page: pageLink(`/cleaner/${review.cleanerId}`),
    },
    actions: {},
  };
}

export function renderReviewPage(
  ops: Operations,
  cleanerId: number,
  page: { items: Data<Review>[]; total: number; page: number; pageSize: number },
): ReviewPage {
  return {
    ...page,
    items: page.items.map((review) => renderReview(ops, review)),
    links: {
      ...pageLinksTo(ops, 'listCleanerReviews', { cleanerId }, { limit: page.pageSize }, page),
      summary: linkTo(ops, 'getReviewSummary', { cleanerId }),
    },
  };
}

export function renderReviewSummary(ops: Operations, cleanerId: number, summary: Data<ReviewSummary>): ReviewSummary {
  return {
    ...summary,
    links: {
      self: linkTo(ops, 'getReviewSummary', { cleanerId }),
      reviews: linkTo(ops, 'listCleanerReviews', { cleanerId }),
      cleaner: linkTo(ops, 'getCleaner', { id: cleanerId }),
    },
  };
}
