import type { AuthUser } from '@spotless/sdk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';

/** The signed-in user as GET /api/auth/user answers it (docs/product/accounts.md), plus roles and cleanerId. */
export type CurrentUser = AuthUser;

/**
 * No retry, refetched on focus and mount, always stale (docs/product/accounts.md). Read from the
 * session state (`GET /api/auth/session`, decision 046), which answers a visitor 200 with no user —
 * so a signed-out page makes no failing request — and the same user `GET /api/auth/user` would. Any
 * failure still means signed out, so it yields null instead of an error.
 */
export const currentUserQuery = queryOptions({
  queryKey: ['auth', 'user'] as const,
  queryFn: async ({ signal }): Promise<CurrentUser | null> => {
    try {
      return (await api.call('get', '/api/auth/session', { signal })).user;
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
