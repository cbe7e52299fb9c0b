import type { DamageReport, Payout } from '@spotless/sdk';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const payoutKeys = {
  all: ['payouts'] as const,
  admin: () => [...payoutKeys.all, 'admin'] as const,
  reconciliation: () => [...payoutKeys.all, 'reconciliation'] as const,
  damage: () => [...payoutKeys.all, 'damage'] as const,
  commissions: () => [...payoutKeys.all, 'commissions'] as const,
};

/** The local test-mode provider's onboarding page: a bank account for the account its link names. */
export function useCompleteTestOnboarding() {
  return useMutation({
    mutationKey: [...payoutKeys.all, 'test-onboarding'],
    mutationFn: (body: { account: string; token: string; routingNumber: string; accountNumber: string }) =>
      api.call('post', '/api/payouts/test-onboarding', { body }),
  });
}

export const payoutsQuery = queryOptions({
  queryKey: payoutKeys.admin(),
  queryFn: ({ signal }) => api.call('get', '/api/admin/payouts', { signal }),
  staleTime: 0,
});
export const reconciliationQuery = queryOptions({
  queryKey: payoutKeys.reconciliation(),
  queryFn: ({ signal }) => api.call('get', '/api/admin/reconciliation', { signal }),
  staleTime: 0,
});
export const damageQuery = queryOptions({
  queryKey: payoutKeys.damage(),
  queryFn: ({ signal }) => api.call('get', '/api/admin/damage-reports', { signal }),
  staleTime: 0,
});
export const commissionsQuery = queryOptions({
  queryKey: payoutKeys.commissions(),
  queryFn: ({ signal }) => api.call('get', '/api/admin/partner-commissions', { signal }),
  staleTime: 0,
});

/** An administrator asks again for a failed transfer (its own `retry` action). */
export function useRetryPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: NonNullable<Payout['actions']['retry']>) => api.perform(action),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: payoutKeys.all }),
  });
}

/** Resolves an open damage report through its `resolve` action. */
export function useResolveDamageReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      report,
      body,
    }: {
      report: DamageReport;
      body: { outcome: string; reason: string; amount?: string };
    }) => {
      const action = report.actions.resolve;
      if (!action) throw new Error('already resolved');
      return api.perform(action, body as never);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: payoutKeys.all }),
  });
}
