import type { Application, ApplicationDocument } from '@spotless/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adminApplicationKeys } from './admin-application-keys';

type StatusAction = NonNullable<Application['actions']['approve' | 'reject' | 'startReview']>;
type DocumentAction = NonNullable<ApplicationDocument['actions']['verify' | 'reject']>;

/** Start Review, Approve or Reject: the application's own action, its href and method (decision 033). */
export function useSetApplicationStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...adminApplicationKeys.all, 'status'],
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
