import type { OnboardingUpdateInput } from '@spotless/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { currentUserQuery } from '../../../lib/auth';

/** POST /api/onboarding/update; on success the current user is refreshed (docs/product/accounts.md). */
export function useSaveOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['onboarding', 'update'],
    mutationFn: (input: OnboardingUpdateInput) => api.auth.updateOnboarding(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
  });
}
