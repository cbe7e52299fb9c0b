import type { Cleaner } from '@spotless/sdk';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** How many reviews the profile lists (spec 02 §9: a cleaner panel shows 5, lists 10). */
export const PROFILE_REVIEW_LIMIT = 10;

/** The cleaner's reviews, by the link their profile gives (a URI template with page and limit). */
export const cleanerReviewsQuery = (cleaner: Pick<Cleaner, 'id' | 'links'>) =>
  queryOptions({
    queryKey: ['reviews', cleaner.id, PROFILE_REVIEW_LIMIT] as const,
    queryFn: ({ signal }) => api.follow(cleaner.links.reviews, { limit: PROFILE_REVIEW_LIMIT }, signal),
  });

export const reviewSummaryQuery = (cleaner: Pick<Cleaner, 'id' | 'links'>) =>
  queryOptions({
    queryKey: ['reviews', cleaner.id, 'summary'] as const,
    queryFn: ({ signal }) => api.follow(cleaner.links.reviewSummary, undefined, signal),
  });
