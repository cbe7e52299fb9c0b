import type { AuthUser } from '@spotless/sdk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';

/** The signed-in user as GET /api/auth/user answers it (spec 02 §3, plus roles and cleanerId). */
export type CurrentUser = AuthUser;

/**
 * Spec 01 §7: no retry, refetched on focus and mount, always stale. Any failure (401 when signed
 * out, or the endpoint missing) means signed out, so it yields null instead of an error.
 */
export const currentUserQuery = queryOptions({
  queryKey: ['auth', 'user'] as const,
  queryFn: async ({ signal }): Promise<CurrentUser | null> => {
    try {
      const user = await api.auth.user(signal);
      return user && typeof user === 'object' ? user : null;
    } catch {
      return null;
    }
  },
  retry: false,
  refetchOnWindowFocus: true,
  refetchOnMount: true,
  staleTime: 0,
});

export function useCurrentUser() {
  const query = useQuery(currentUserQuery);
  const user = query.data ?? null;
  return { user, isSignedIn: user !== null, isLoading: query.isPending };
}

export function fullName(user: Pick<CurrentUser, 'firstName' | 'lastName'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ');
}
