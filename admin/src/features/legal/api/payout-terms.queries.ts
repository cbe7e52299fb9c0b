import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * How cleaners are paid (decision 085): the platform fee and the payout timing as the server states
 * them from its one split configuration (`GET /api/payout-terms`) — never written into the app. Each
 * page that says it asks here (one cache entry, by its key), so no chunk is shared between them.
 */
export const payoutTermsQuery = queryOptions({
  queryKey: ['payout-terms'] as const,
  queryFn: ({ signal }) => api.call('get', '/api/payout-terms', { signal }),
  staleTime: 10 * 60_000,
});
