import type { CleanerEarnings } from '@spotless/sdk';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { cleanerKeys } from './cleaner-keys';

/** The signed-in cleaner's earnings in four states, per job, and when they are paid (decision 080). */
export const earningsQuery = queryOptions({
  queryKey: [...cleanerKeys.all, 'earnings'] as const,
  queryFn: ({ signal }) => api.call('get', '/api/cleaners/profile/earnings', { signal }),
  staleTime: 0,
});

/** Starts (or continues) connecting the payout account: answers where to enter the details. */
export function useConnectPayoutAccount() {
  return useMutation({
    mutationKey: [...cleanerKeys.all, 'connect-payouts'],
    mutationFn: (action: NonNullable<CleanerEarnings['account']['actions']['connect']>) =>
      api.perform(action) as Promise<{ onboardingUrl: string }>,
  });
}

/** The signed-in cleaner's payout history: each transfer, newest first (decision 086). */
export const cleanerPayoutsQuery = queryOptions({
  queryKey: [...cleanerKeys.all, 'payouts'] as const,
  queryFn: ({ signal }) => api.call('get', '/api/cleaners/profile/payouts', { signal }),
  staleTime: 0,
});
