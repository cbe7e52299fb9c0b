import type { Application, ApplicationDocument } from '@spotless/sdk';
import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adminApplicationKeys } from './admin-application-keys';

type StatusAction = NonNullable<Application['actions']['approve' | 'reject' | 'startReview']>;
type DocumentAction = NonNullable<ApplicationDocument['actions']['verify' | 'reject']>;

/** The key of every status change, so a list can tell which application's decision is being sent. */
export const applicationStatusKey = [...adminApplicationKeys.all, 'status'] as const;

/** The href of the status action being sent now, if any (its row's buttons wait for it). */
export function usePendingStatusHref(): string | undefined {
  return useMutationState({
    filters: { mutationKey: applicationStatusKey, status: 'pending' },
    select: (mutation) => (mutation.state.variables as { action: { href: string } } | undefined)?.action.href,
  })[0];
}

/** Start Review, Approve or Reject: the application's own action, its href and method (decision 033). */
export function useSetApplicationStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: applicationStatusKey,
    mutationFn: ({
      action,
      body,
    }: {
      action: StatusAction;
      body: { status: Application['status']; adminNotes?: string };
    }) => api.perform(action, body),
    onSuccess: (application) => {
      // The answer is the application in its new state, with its documents and new actions.
      queryClient.setQueryData(adminApplicationKeys.detail(application.id), application);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminApplicationKeys.lists() }),
  });
}

/** Verify, or reject with a reason: the document's own action. */
export function useReviewDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...adminApplicationKeys.all, 'document'],
    mutationFn: ({
      action,
      body,
    }: {
      action: DocumentAction;
      body: { status: 'verified' } | { status: 'rejected'; rejectionReason: string };
    }) => api.perform(action, body),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminApplicationKeys.details() }),
  });
}
