import type { ReviewReport } from '@spotless/sdk';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The keys of the reported reviews queue; a decision on one refreshes it. */
export const reviewReportKeys = {
  all: ['admin-review-reports'] as const,
  open: () => [...reviewReportKeys.all, 'open'] as const,
};

/** How many open reports the queue lists at once (newest first). */
export const REPORTS_LIMIT = 50;

/** The open reports of reviews, newest first (`GET /api/admin/review-reports`). */
export const openReviewReportsQuery = queryOptions({
  queryKey: reviewReportKeys.open(),
  queryFn: ({ signal }) =>
    api.call('get', '/api/admin/review-reports', { query: { status: 'open', limit: REPORTS_LIMIT }, signal }),
  staleTime: 0,
});

type ModerationAction = NonNullable<ReviewReport['actions']['hideReview' | 'keepReview']>;

/** Hide (with the reason its author is sent) or keep: the report's own action, its href and method (decision 033). */
export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...reviewReportKeys.all, 'moderate'],
    mutationFn: ({
      action,
      body,
    }: {
      action: ModerationAction;
      body: { status: 'hidden' | 'published'; reason?: string };
    }) => api.perform(action, body),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: reviewReportKeys.all });
      // A hidden review leaves the cleaner's figures and lists.
      void queryClient.invalidateQueries({ queryKey: ['reviews'] });
      void queryClient.invalidateQueries({ queryKey: ['cleaners'] });
    },
  });
}
