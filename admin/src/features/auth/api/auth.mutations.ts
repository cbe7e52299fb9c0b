import type { AuthUser, LoginInput, RegisterInput } from '@spotless/sdk';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/**
 * Who this browser is signed in as: a user, an administrator session, both or nobody (the session
 * state answers everyone 200). Any failure reads as unknown (null), never as an error page.
 */
export const sessionStateQuery = queryOptions({
  queryKey: ['auth', 'session'] as const,
  queryFn: async ({ signal }) => {
    try {
      const { user, admin } = await api.call('get', '/api/auth/session', { signal });
      return { user, admin };
    } catch {
      return null;
    }
  },
  staleTime: 0,
});

export const useSessionState = () => useQuery(sessionStateQuery);

/**
 * Opens a guest booking's e-mailed link the person agreed to: the browser is now signed in as the
 * booking's account, instead of whoever it was, so every cached answer is dropped and the shown
 * ones are read again before the caller moves on.
 */
export function useConfirmGuestLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'guest-link'],
    mutationFn: (token: string) => api.call('post', '/api/guest-link', { body: { token } }),
    // The asking page's own preview stays as it was read: the page moves on from it.
    onSuccess: () => queryClient.resetQueries({ predicate: (query) => query.queryKey[1] !== 'guest-link-preview' }),
  });
}

/**
 * What a guest booking's link would open, read before the page asks (decision 049): the booking,
 * the masked address, whether its account is the one signed in, and `actions.open` while the link
 * can still be opened. A POST that uses nothing, so the token stays out of every address.
 */
export const guestLinkPreviewQuery = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'guest-link-preview', token] as const,
    queryFn: ({ signal }) => api.call('post', '/api/guest-link/preview', { body: { token }, signal }),
    enabled: token !== '',
    staleTime: 0,
    gcTime: 0,
    retry: false,
    retryOnMount: false,
  });

export const useGuestLinkPreview = (token: string) => useQuery(guestLinkPreviewQuery(token));

/** Asks for a new link to the guest bookings made with an address; the answer never says whether any were. */
export function useResendGuestLink() {
  return useMutation({
    mutationKey: ['auth', 'guest-link-resend'],
    mutationFn: (email: string) => api.call('post', '/api/guest-link/resend', { body: { email } }),
  });
}
