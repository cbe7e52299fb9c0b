import type { PartnerPortal, PerformableAction } from '@spotless/sdk';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const portalKeys = {
  all: ['partner-portal'] as const,
  mine: () => [...portalKeys.all, 'mine'] as const,
  portal: (id: number) => [...portalKeys.all, id] as const,
};

export const myPartnersQuery = queryOptions({
  queryKey: portalKeys.mine(),
  queryFn: ({ signal }) => api.call('get', '/api/partner-portal', { signal }),
});

export const portalQuery = (id: number) =>
  queryOptions({
    queryKey: portalKeys.portal(id),
    queryFn: ({ signal }) => api.call('get', '/api/partner-portal/{id}', { path: { id }, signal }),
    staleTime: 0,
  });

export const portalBookingsQuery = (portal: PartnerPortal) =>
  queryOptions({
    queryKey: [...portalKeys.portal(portal.id), 'bookings'],
    queryFn: ({ signal }) => api.follow(portal.links.bookings, undefined, signal),
    staleTime: 0,
  });

export const portalStatementsQuery = (portal: PartnerPortal) =>
  queryOptions({
    queryKey: [...portalKeys.portal(portal.id), 'statements'],
    queryFn: ({ signal }) => api.follow(portal.links.statements, undefined, signal),
    staleTime: 0,
  });

export const portalWebhooksQuery = (portal: PartnerPortal) =>
  queryOptions({
    queryKey: [...portalKeys.portal(portal.id), 'webhooks'],
    queryFn: ({ signal }) => api.follow(portal.links.webhooks, undefined, signal),
    staleTime: 0,
  });

export const portalDeliveriesQuery = (portal: PartnerPortal) =>
  queryOptions({
    queryKey: [...portalKeys.portal(portal.id), 'deliveries'],
    queryFn: ({ signal }) => api.follow(portal.links.deliveries, undefined, signal),
    staleTime: 0,
  });

export const portalPayoutAccountQuery = (portal: PartnerPortal) =>
  queryOptions({
    queryKey: [...portalKeys.portal(portal.id), 'payout-account'],
    queryFn: ({ signal }) => api.follow(portal.links.payoutAccount, undefined, signal),
    staleTime: 0,
  });

/** A statement's lines, for its CSV. */
export function fetchStatement(link: { href: string }) {
  return api.follow(link as never) as Promise<{
    month: string;
    lines: Array<{ at: string; bookingId: number | null; kind: string; amount: string }>;
  }>;
}

/**
 * Any of the portal's own actions (origins, key, people, webhooks, deliveries), then everything of
 * the portal read again — the person's list of partners too, which leaving one changes.
 */
export function usePortalAction(partnerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...portalKeys.portal(partnerId), 'action'],
    mutationFn: ({ action, body }: { action: PerformableAction; body?: Record<string, unknown> }) =>
      api.perform(action as never, body as never),
    onSettled: () =>
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: portalKeys.portal(partnerId) }),
        queryClient.invalidateQueries({ queryKey: portalKeys.mine() }),
      ]),
  });
}

/**
 * Forgets what was read of a portal and of the person's partners: after leaving one, its list must
 * be read afresh before it is shown (a stale list would open the portal just left).
 */
export function useForgetPortal(partnerId: number) {
  const queryClient = useQueryClient();
  return () => {
    queryClient.removeQueries({ queryKey: portalKeys.mine() });
    queryClient.removeQueries({ queryKey: portalKeys.portal(partnerId) });
  };
}

/** What an invitation's link opens: its partner's name (404 when it is not valid). */
export const invitePreviewQuery = (token: string) =>
  queryOptions({
    queryKey: [...portalKeys.all, 'invite', token],
    queryFn: ({ signal }) => api.call('post', '/api/partner-invites/preview', { body: { token }, signal }),
    // Not valid is an answer: asking again, now or on the next mount, changes nothing.
    retry: false,
    retryOnMount: false,
    staleTime: 60_000,
  });

/** Accepts an invitation as the signed-in person. */
export function useAcceptInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.call('post', '/api/partner-invites/accept', { body: { token } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: portalKeys.all }),
  });
}
