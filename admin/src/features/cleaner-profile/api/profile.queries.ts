import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** How many reviews the profile lists (spec 02 §9: a cleaner panel shows 5, lists 10). */
export const PROFILE_REVIEW_LIMIT = 10;

export const cleanerReviewsQuery = (id: number) =>
  queryOptions({
    queryKey: ['reviews', id, PROFILE_REVIEW_LIMIT] as const,
    queryFn: ({ signal }) => api.reviews.forCleaner(id, { limit: PROFILE_REVIEW_LIMIT }, signal),
  });

export const reviewSummaryQuery = (id: number) =>
  queryOptions({
    queryKey: ['reviews', id, 'summary'] as const,
    queryFn: ({ signal }) => api.reviews.summary(id, signal),
  });
