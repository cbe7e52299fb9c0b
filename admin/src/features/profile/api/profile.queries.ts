import type { AuthUser, ProfileUpdateInput } from '@spotless/sdk';
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

/** Deletes every conversation with the assistant, through the user's own action. */
export function useDeleteChatHistory() {
  return useMutation({
    mutationKey: ['chat', 'history', 'delete'],
    mutationFn: (action: NonNullable<AuthUser['actions']['deleteChatHistory']>) => api.perform(action),
  });
}
