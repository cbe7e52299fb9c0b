import type { Application, ApplicationDocument, PerformableAction } from '@spotless/sdk';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const applicationKeys = {
  all: ['applications'] as const,
  mine: () => [...applicationKeys.all, 'mine'] as const,
  documents: (applicationId: number) => [...applicationKeys.all, 'documents', applicationId] as const,
};

/** The signed-in user's applications, newest first, and whether they may apply (`actions.apply`). */
export const myApplicationsQuery = queryOptions({
  queryKey: applicationKeys.mine(),
  queryFn: ({ signal }) => api.call('get', '/api/applications', { signal }),
  staleTime: 0,
});

/** An application's documents, by following its `documents` link. */
export const documentsQuery = (application: Application) =>
  queryOptions({
    queryKey: applicationKeys.documents(application.id),
    queryFn: ({ signal }) => api.follow(application.links.documents, {}, signal),
    staleTime: 0,
  });

export function useSubmitApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...applicationKeys.all, 'submit'],
    mutationFn: ({ action, body }: { action: PerformableAction<'submitApplication'>; body: Record<string, unknown> }) =>
      api.request<Application>(action.method.toUpperCase(), action.href, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
  });
}

/** Uploads one document as multipart through the application's own upload action. */
export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...applicationKeys.all, 'upload'],
    mutationFn: ({ action, form }: { action: PerformableAction; form: FormData }) =>
      api.upload(action, form) as Promise<ApplicationDocument>,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
  });
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...applicationKeys.all, 'delete-document'],
    mutationFn: (action: PerformableAction) => api.request(action.method.toUpperCase(), action.href),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
  });
}
