import type { Partner, PartnerList } from '@spotless/sdk';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { PartnerBody } from '../utils/partner-form';

export const partnerKeys = { all: ['admin', 'partners'] as const };

/** Every partner with its figures (administrators). */
export const partnersQuery = () =>
  queryOptions({
    queryKey: partnerKeys.all,
    queryFn: ({ signal }) => api.call('get', '/api/admin/partners', { signal }),
    staleTime: 0,
  });

type PartnerAction =
  | PartnerList['actions']['create']
  | Partner['actions']['update']
  | NonNullable<Partner['actions']['deactivate' | 'activate']>;

/** Create, save, deactivate or activate: the list's or the partner's own action (decision 033). */
export function usePartnerAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...partnerKeys.all, 'action'],
    mutationFn: ({ action, body }: { action: PartnerAction; body: Partial<PartnerBody> | { isActive: boolean } }) =>
      api.perform(action as never, body as never) as Promise<Partner>,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: partnerKeys.all }),
  });
}

/**
 * A partner's `invite` action: an e-mailed invitation to its portal (decision 081). The list is
 * read again after, for the partner's count of pending invitations.
 */
export function useInvitePartnerPerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...partnerKeys.all, 'invite'],
    mutationFn: ({ action, email }: { action: Partner['actions']['invite']; email: string }) =>
      api.perform(action as never, { email } as never),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: partnerKeys.all }),
  });
}
