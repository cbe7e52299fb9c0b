import type { ProfileUpdateInput } from '@spotless/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { currentUserQuery } from '../../../lib/auth';

export function useAccountActivity(enabled: boolean) {
  return useQuery({
    queryKey: ['auth', 'activity'],
    queryFn: ({ signal }) => api.auth.activity(signal),
    enabled,
    staleTime: 0,
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'profile'],
    mutationFn: (input: ProfileUpdateInput) => api.auth.updateProfile(input),
    onSuccess: (user) => queryClient.setQueryData(currentUserQuery.queryKey, user),
  });
}
