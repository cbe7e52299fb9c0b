import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/*
 * The public figures the marketing pages quote, as the server computes them on each call: the
 * platform's review average and count (`GET /api/reviews/summary`, the same figures /reviews shows)
 * and the search's `stats` (`GET /api/cleaners`) over every listed cleaner or over the verified
 * ones — one result per page is enough, the stats cover every match.
 */

export { platformSummaryQuery } from '../../../entities/review/api/reviews.queries';

/** Stats over every listed cleaner: how many, in how many cities, the hourly price range. */
export const cleanerStatsQuery = queryOptions({
  queryKey: ['cleaners', 'stats', 'all'] as const,
  queryFn: async ({ signal }) => (await api.cleaners.search({ pageSize: 1 }, signal)).stats,
});

/** The same over the verified cleaners only. */
export const verifiedCleanerStatsQuery = queryOptions({
  queryKey: ['cleaners', 'stats', 'verified'] as const,
  queryFn: async ({ signal }) => (await api.cleaners.search({ isVerified: true, pageSize: 1 }, signal)).stats,
});
