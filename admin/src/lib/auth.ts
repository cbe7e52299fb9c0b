import type { AuthUser } from '@spotless/sdk';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { api } from './api';

/** The signed-in user as GET /api/auth/user answers it (docs/product/accounts.md), plus roles and cleanerId. */
export type CurrentUser = AuthUser;

/** Whether the browser also holds an administrator session: written by `currentUserQuery`'s read. */
export const adminSessionKey = ['auth', 'admin-session'] as const;

/**
 * No retry, refetched on focus and mount, always stale (docs/product/accounts.md). Read from the
 * session state (`GET /api/auth/session`, decision 046), which answers a visitor 200 with no user —
 * so a signed-out page makes no failing request — and the same user `GET /api/auth/user` would. Any
 * failure still means signed out, so it yields null instead of an error. The same answer says
 * whether an administrator session is open, kept beside it for `useSession`.
 */
export const currentUserQuery = queryOptions({
  queryKey: ['auth', 'user'] as const,
  queryFn: async ({ signal, client }): Promise<CurrentUser | null> => {
    try {
      const state = await api.call('get', '/api/auth/session', { signal });
      client.setQueryData(adminSessionKey, state.admin);
      return state.user;
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

/**
 * Who this browser is signed in as, for the header and the page guard: the user (or null), whether
 * an administrator session is open too, and whether the answer is still being read (`isFetching`:
 * a page asks again as it opens, so a sign-in just made elsewhere counts).
 */
export function useSession() {
  const query = useQuery(currentUserQuery);
  const admin = useQuery({ queryKey: adminSessionKey, queryFn: skipToken }).data === true;
  const user = query.data ?? null;
  return { user, admin, isLoading: query.isPending, isFetching: query.isFetching };
}

export function fullName(user: Pick<CurrentUser, 'firstName' | 'lastName'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ');
}
