import type { AuthUser, LoginInput, RegisterInput } from '@spotless/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { currentUserQuery } from '../../../lib/auth';

export function useAuthProviders() {
  return useQuery({ queryKey: ['auth', 'providers'], queryFn: ({ signal }) => api.auth.providers(signal) });
}

/** Signs in or up; the answer is the user, put straight into the current-user cache. */
export function useSignIn(mode: 'login' | 'register') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', mode],
    mutationFn: (input: LoginInput | RegisterInput): Promise<AuthUser> =>
      mode === 'login' ? api.auth.login(input) : api.auth.register(input as RegisterInput),
    onSuccess: (user) => queryClient.setQueryData(currentUserQuery.queryKey, user),
  });
}
